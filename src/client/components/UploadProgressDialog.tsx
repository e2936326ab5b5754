import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TitledDialog } from './TitledDialog.tsx';

export interface UploadProgressDialogProps {
  open: boolean;
  title: string;
  percent: number;
  onCancel: () => void;
}

/** STAND-IN until the filesui branch is merged (see src/client/upload.ts): the upload's percent and a cancel button. */
export function UploadProgressDialog({ open, title, percent, onCancel }: UploadProgressDialogProps) {
  return (
    <TitledDialog open={open} title={title} busy onClose={onCancel} fullWidth maxWidth="xs">
      <DialogContent>
        <LinearProgress variant="determinate" value={percent} aria-label="Fortschritt" />
        <Typography sx={{ mt: 1 }} aria-live="polite">
          {percent} %
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Abbrechen</Button>
      </DialogActions>
    </TitledDialog>
  );
}
