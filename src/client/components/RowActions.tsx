import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export const PROTECTED_ENTRY_TEXT = 'Geschützter Eintrag: kann weder bearbeitet noch gelöscht werden';

export interface RowActionsProps {
  /** Group 1 and user 1 (SPEC §4): no buttons at all, only a lock saying why. */
  protectedEntry?: boolean;
  /** Without the permission the button stays visible but disabled (SPEC §6). */
  /** Rows that cannot be edited (an uploaded file) leave out onEdit and get only the delete button. */
  canEdit?: boolean;
  canDelete: boolean;
  onEdit?: () => void;
  onDelete: () => void;
}

/** The edit and delete buttons at the end of a table row in the back office. */
export function RowActions({ protectedEntry = false, canEdit = false, canDelete, onEdit, onDelete }: RowActionsProps) {
  if (protectedEntry) {
    return (
      <Tooltip title={PROTECTED_ENTRY_TEXT}>
        <LockIcon color="disabled" titleAccess={PROTECTED_ENTRY_TEXT} sx={{ m: 1, verticalAlign: 'middle' }} />
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
      {/* A disabled button fires no events; the span lets the tooltip still explain it. */}
      {onEdit && (
        <Tooltip title="Bearbeiten">
          <span>
            <IconButton aria-label="Bearbeiten" onClick={onEdit} disabled={!canEdit}>
              <EditIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title="Löschen">
        <span>
          <IconButton aria-label="Löschen" onClick={onDelete} disabled={!canDelete}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
