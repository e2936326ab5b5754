import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { PasswordInput, type PasswordInputProps } from '../../../components/PasswordInput.tsx';
import { TitledDialog } from '../../../components/TitledDialog.tsx';

/** 'Aktuelles Passwort', with which members confirm a change of how they log in; spread `textFieldProps(form, 'current_password')` into it. */
export function CurrentPasswordField(props: Pick<PasswordInputProps, 'value' | 'onChange' | 'error' | 'helperText' | 'autoFocus'>) {
  return <PasswordInput label="Aktuelles Passwort" name="current_password" autoComplete="current-password" required fullWidth margin="dense" {...props} />;
}

export interface ShownOnceDialogProps {
  open: boolean;
  title: string;
  maxWidth: 'xs' | 'sm';
  onClose: () => void;
  children: ReactNode;
}

/** What the server shows only once (recovery codes, a new app password), closed with 'Fertig'. */
export function ShownOnceDialog({ open, title, maxWidth, onClose, children }: ShownOnceDialogProps) {
  return (
    <TitledDialog open={open} title={title} busy={false} onClose={onClose} maxWidth={maxWidth} fullWidth>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Fertig
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
