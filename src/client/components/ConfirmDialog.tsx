import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** e.g. 'Eintrag löschen?' */
  title: string;
  /** What is at stake, e.g. the name of the appointment. */
  text: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  /** While the confirmed action runs, both buttons wait for it. */
  busy?: boolean;
}

/** The Ja/Nein question before anything is deleted (SPEC §4). */
export function ConfirmDialog({ open, title, text, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Nein
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="error" autoFocus>
          Ja
        </Button>
      </DialogActions>
    </Dialog>
  );
}
