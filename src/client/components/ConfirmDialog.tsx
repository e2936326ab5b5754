import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, type ReactNode } from 'react';
import { TitledDialog } from './TitledDialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** e.g. 'Eintrag löschen?' */
  title: string;
  /** What is at stake, e.g. the name of the appointment. */
  text: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs, both buttons wait for it. */
  busy?: boolean;
}

/** The Ja/Nein question before anything is deleted (SPEC §4). */
export function ConfirmDialog({ open, title, text, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const textId = useId();
  return (
    <TitledDialog open={open} title={title} busy={busy} onClose={onCancel} aria-describedby={textId}>
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
    </TitledDialog>
  );
}
