import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** The 'Speichern' button at the end of a form, with its waiting state while the save runs. */
export function SaveButton({ saving, spacing = 1 }: { saving: boolean; spacing?: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: spacing }}>
      <Button type="submit" variant="contained" loading={saving}>
        Speichern
      </Button>
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
  children: ReactNode;
}

/** One record of a dashboard panel, edited and saved on its own. */
export function EditorCard({ title, label = title, onSubmit, canSave, saving, children }: EditorCardProps) {
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
      {canSave && <SaveButton saving={saving} />}
    </Paper>
  );
}
