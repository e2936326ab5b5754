import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEvent, ReactNode } from 'react';
import { TitledDialog } from './TitledDialog.tsx';
import { useCloseGuard } from './unsavedChanges.tsx';

export interface FormDialogProps {
  open: boolean;
  /** e.g. 'Gruppe anlegen' */
  title: ReactNode;
  /** While the form is being saved: the dialog stays open, 'Abbrechen' waits and 'Speichern' shows it loading. */
  busy: boolean;
  onClose: () => void;
  /**
   * Whether the fields hold something not yet saved (the form's `changed`): then Esc, a click
   * beside the dialog, 'Abbrechen' and leaving the page ask 'Änderungen verwerfen?' first.
   */
  unsaved: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  /** The submit button's text; 'Speichern' unless the dialog sends rather than saves. */
  submitLabel?: string;
}

/** The create/edit dialog of the back office: the fields, then 'Abbrechen' and 'Speichern' */
export function FormDialog({ open, title, busy, onClose, unsaved, onSubmit, children, submitLabel = 'Speichern' }: FormDialogProps) {
  const requestClose = useCloseGuard(open, unsaved, onClose);
  // On a phone the whole screen, so that every field fits without scrolling sideways.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <TitledDialog open={open} title={title} busy={busy} onClose={requestClose} fullWidth maxWidth="sm" fullScreen={phone}>
      {/* display: contents keeps the dialog's own layout (scrolling content, fixed actions). */}
      <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </TitledDialog>
  );
}
