import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** The 'Speichern' button at the end of a form, with its waiting state while the save runs. */
export function SaveButton({ saving, spacing = 1, denial }: { saving: boolean; spacing?: number; denial?: string | undefined }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: spacing }}>
      {denial === undefined ? (
        <Button type="submit" variant="contained" loading={saving}>
          Speichern
        </Button>
      ) : (
        // Rights per section (issue 28.1): another section's record, shown with the reason. A
        // disabled button fires no events; the span lets the tooltip still explain it.
        <Tooltip title={denial}>
          <span>
            <Button type="submit" variant="contained" disabled>
              Speichern
            </Button>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

export interface EditorCardProps {
  /** The heading, e.g. the text's label. */
  title: string;
  /** The form's accessible name when it differs from the heading, e.g. 'Hinweis LG/LP'. */
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Without the permission the fields are read-only and there is nothing to save. */
  canSave: boolean;
  saving: boolean;
  /** The member holds the permission but not for this record's section: why saving is disabled (`sectionDenial`). */
  denial?: string | undefined;
  children: ReactNode;
}

/** One record of a dashboard panel, edited and saved on its own. */
export function EditorCard({ title, label = title, onSubmit, canSave, saving, denial, children }: EditorCardProps) {
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
      {(canSave || denial !== undefined) && <SaveButton saving={saving} denial={denial} />}
    </Paper>
  );
}
