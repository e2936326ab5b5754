import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { passwordResetRequestInput, type PasswordResetRequestInput } from '../../../../shared/schemas/passwordReset.ts';
import { TitledDialog } from '../../../components/TitledDialog.tsx';
import { useCloseGuard } from '../../../components/unsavedChanges.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

/** SPEC §8 style prefix of a refused request (e.g. 429). */
export const PASSWORD_RESET_REQUEST_ERROR_PREFIX = 'Fehler beim Anfordern des Links';

export interface PasswordResetRequestDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Passwort vergessen?' on the login screen: shooter number or e-mail address, then the
 * server's one answer, which stays in the dialog to be read (it is the same for every
 * input, so it says what happens in each case). The parent remounts it for every opening.
 */
export function PasswordResetRequestDialog({ open, onClose }: PasswordResetRequestDialogProps) {
  const form = useSchemaForm(passwordResetRequestInput, (): PasswordResetRequestInput => ({ login: '' }));
  const request = trpc.auth.requestPasswordReset.useMutation({
    // The answer is shown in the dialog, not in a snackbar that vanishes after 5 s.
    meta: { errorPrefix: PASSWORD_RESET_REQUEST_ERROR_PREFIX, successMessage: false },
    onError: form.showServerErrors,
  });
  const answer = request.data?.message;
  // Once answered, nothing typed is left to lose.
  const requestClose = useCloseGuard(open, answer === undefined && form.changed, onClose);
  const submit = form.onSubmit((input) => request.mutate(input), { disabled: request.isPending });

  return (
    <TitledDialog open={open} title="Passwort vergessen?" busy={request.isPending} onClose={requestClose} fullWidth maxWidth="sm">
      {answer === undefined ? (
        <form noValidate onSubmit={submit} style={{ display: 'contents' }}>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Gib deine Schützennummer oder die E-Mail-Adresse ein, die beim Verein für dich hinterlegt ist. Du bekommst dann eine
              Mail mit einem Link, über den du ein neues Passwort festlegst.
            </DialogContentText>
            <TextField
              label="Schützennummer oder E-Mail-Adresse"
              name="login"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              disabled={request.isPending}
              {...textFieldProps(form, 'login')}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={request.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" variant="contained" loading={request.isPending}>
              Link anfordern
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent>
            <Alert severity="success">{answer}</Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Schließen
            </Button>
          </DialogActions>
        </>
      )}
    </TitledDialog>
  );
}
