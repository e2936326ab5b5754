import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { passwordResetForm, type PasswordResetFormValues } from '../../../shared/schemas/passwordReset.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { textFieldProps, useSchemaForm } from '../../components/useSchemaForm.ts';
import { fieldErrorsOf, messageOf } from '../../errors.ts';
import { trpc } from '../../trpc.ts';

/** SPEC §8 style prefix of a refused new password. */
export const PASSWORD_RESET_ERROR_PREFIX = 'Fehler beim Zurücksetzen des Passworts';

/** The token of the link: in the fragment (`#token=…`), which the browser never sends to a server. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

type LinkState = { kind: 'checking' } | { kind: 'usable'; uid: string } | { kind: 'refused'; message: string };

/** Why the server refused the link (expired, used, unknown), or undefined when it refused something else. */
function linkRefusal(error: unknown): string | undefined {
  return fieldErrorsOf(error).token?.[0];
}

/**
 * The page a password reset link opens (issue 18): asks the server whether the link still
 * works (a POST, so the token is in no address), then the new password twice under the rule
 * of SPEC §5. Afterwards the member logs in with it; an expired or used link says so.
 */
export function PasswordResetPage() {
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const form = useSchemaForm(passwordResetForm, (): PasswordResetFormValues => ({ password: '', password_repeat: '' }));

  useEffect(() => {
    let current = true;
    // The plain client: the page shows the answer itself, a snackbar would say it twice.
    utils.client.auth.checkPasswordReset.mutate({ token }).then(
      ({ data }) => current && setLink({ kind: 'usable', uid: data.uid }),
      (error: unknown) => current && setLink({ kind: 'refused', message: linkRefusal(error) ?? messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, utils]);

  const reset = trpc.auth.resetPassword.useMutation({
    meta: { errorPrefix: PASSWORD_RESET_ERROR_PREFIX },
    // The snackbar shows the server's message; the link's address leaves the history.
    onSuccess: () => void navigate('/login', { replace: true }),
    onError: (error) => {
      const refusal = linkRefusal(error);
      if (refusal) setLink({ kind: 'refused', message: refusal });
      else form.showServerErrors(error);
    },
  });

  const field = (name: keyof PasswordResetFormValues) => ({ name, required: true, autoComplete: 'new-password', ...textFieldProps(form, name) });

  const submit = form.onSubmit((input) => reset.mutate({ token, password: input.password }), { disabled: reset.isPending });

  return (
    <Paper component="section" variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <PageTitle>Passwort zurücksetzen</PageTitle>
      {link.kind === 'checking' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Link wird geprüft" />
          <Typography>Der Link wird geprüft …</Typography>
        </Stack>
      )}
      {link.kind === 'refused' && (
        <Stack spacing={2}>
          <Alert severity="error">{link.message}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" sx={{ alignSelf: 'flex-start' }}>
            Zur Anmeldung
          </Button>
        </Stack>
      )}
      {link.kind === 'usable' && (
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <Typography>
            Lege ein neues Passwort für die Schützennummer {link.uid} fest: mindestens 8 Zeichen, darunter mindestens ein Buchstabe
            und eine Ziffer. Danach wirst du auf allen Geräten abgemeldet und meldest dich mit dem neuen Passwort an.
          </Typography>
          {/* For password managers: which account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={link.uid} readOnly hidden />
          <PasswordInput label="Neues Passwort" autoFocus {...field('password')} />
          <PasswordInput label="Neues Passwort wiederholen" {...field('password_repeat')} />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
            Passwort speichern
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
