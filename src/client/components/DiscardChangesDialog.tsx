import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { TitledDialog } from './TitledDialog.tsx';

export interface DiscardChangesDialogProps {
  open: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
}

/** The question before typed input is thrown away (issue 28.2): 'Verwerfen' or 'Weiter bearbeiten'. */
export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  const textId = useId();
  return (
    <TitledDialog open={open} title="Änderungen verwerfen?" busy={false} onClose={onKeepEditing} aria-describedby={textId}>
      <DialogContent>
        <DialogContentText id={textId}>Was hier eingegeben wurde, ist noch nicht gespeichert und geht verloren.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard} color="error">
          Verwerfen
        </Button>
        {/* Keeping what was typed is the safe answer, and the one Enter gives. */}
        <Button onClick={onKeepEditing} variant="contained" autoFocus>
          Weiter bearbeiten
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
