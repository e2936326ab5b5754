import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface TitledDialogProps extends Omit<DialogProps, 'title' | 'onClose' | 'aria-labelledby'> {
  title: ReactNode;
  /** While an action runs, Escape and a click beside the dialog do not close it. */
  busy: boolean;
  onClose: () => void;
}

/** A dialog named by its title, which stays open while its action runs; the frame of ConfirmDialog and FormDialog. */
export function TitledDialog({ title, busy, onClose, children, ...dialogProps }: TitledDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      {...dialogProps}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
