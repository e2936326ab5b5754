import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, type ReactNode } from 'react';
import { TitledDialog } from './TitledDialog.tsx';
import type { DialogState } from './useDialogState.ts';

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

export interface DeleteDialogProps<Item> {
  /** Which entry the question is open for (useDialogState). */
  state: DialogState<Item>;
  /** e.g. 'Download löschen?' */
  title: string;
  /** The question naming the entry, e.g. Soll „Satzung.pdf“ wirklich gelöscht werden? */
  describe: (item: Item) => ReactNode;
  busy: boolean;
  onDelete: (item: Item) => void;
}

/** The Ja/Nein question before an entry of a list is deleted. */
export function DeleteDialog<Item>({ state, title, describe, busy, onDelete }: DeleteDialogProps<Item>) {
  const { item } = state;
  return (
    <ConfirmDialog
      open={state.open}
      title={title}
      text={item !== null && describe(item)}
      busy={busy}
      onCancel={state.close}
      onConfirm={() => {
        if (item !== null) onDelete(item);
      }}
    />
  );
}
