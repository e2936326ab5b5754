import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TitledDialog } from './TitledDialog.tsx';

export interface UploadProgressDialogProps {
  open: boolean;
  /** e.g. 'Satzung.pdf wird hochgeladen' */
  title: string;
  /** 0 to 100. */
  percent: number;
  onCancel: () => void;
}

/** The progress of one upload in percent (SPEC §4), with 'Abbrechen'. */
export function UploadProgressDialog({ open, title, percent, onCancel }: UploadProgressDialogProps) {
  const shown = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    // Escape or a click beside it must not hide a running upload; 'Abbrechen' says what happens.
    <TitledDialog open={open} title={title} busy onClose={onCancel} fullWidth maxWidth="xs">
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress variant="determinate" value={shown} aria-label="Fortschritt" sx={{ flexGrow: 1, height: 8, borderRadius: 1 }} />
          <Typography sx={{ minWidth: '3.5em', textAlign: 'right' }} aria-live="polite">
            {shown} %
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Abbrechen</Button>
      </DialogActions>
    </TitledDialog>
  );
}
