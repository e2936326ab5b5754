import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginInput } from '../../../shared/schemas/auth.ts';
import { landingPathFor } from '../../auth.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { onDemand } from '../../components/onDemand.ts';
import { useDialogState } from '../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../components/useSchemaForm.ts';
import { trpc } from '../../trpc.ts';

/** 'Passwort vergessen?' (issue 18): its dialog loads when it is first wanted. */
const passwordResetDialog = onDemand(async () => (await import('./login/PasswordResetRequestDialog.tsx')).PasswordResetRequestDialog);
/** Only members with a second factor need the code step. */
const SecondFactorStep = lazy(async () => ({ default: (await import('./login/SecondFactorStep.tsx')).SecondFactorStep }));

/** zod comes with the first keystroke or the first attempt to log in, not with the page. */
const loadLoginInput = async () => (await import('../../../shared/schemas/auth.ts')).loginInput;

/** Login and logout (SPEC §2, §4): shooter number and password, then into the back office. */
export function LoginPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // The shared schema gives the four messages of SPEC §5, the same the server answers.
  const form = useSchemaForm(loadLoginInput, (): LoginInput => ({ username: '', password: '' }));
  /** Set when the password was right and the member's second factor asks for a code. */
  const [ticket, setTicket] = useState<string | null>(null);

  const login = trpc.auth.login.useMutation({
    meta: { errorPrefix: 'Fehler beim Einloggen' },
    onSuccess: (answer) => {
      if ('ticket' in answer) {
        setTicket(answer.ticket);
        return;
      }
      utils.auth.session.setData(undefined, answer.data);
      void navigate(landingPathFor(answer.data), { replace: true });
    },
    onError: form.showServerErrors,
  });

  const field = (name: keyof LoginInput) => ({ name, required: true, ...textFieldProps(form, name) });

  const submit = form.onSubmit((input) => login.mutate(input));
  const resetDialog = useDialogState<null>();
  // Stays true after the first opening, so that the dialog can play its closing transition.
  const [resetWanted, setResetWanted] = useState(false);

  // The code step of a member with a second factor replaces the form (README „Zweiter Faktor und App-Passwörter“).
  if (ticket !== null) {
    const restart = () => {
      setTicket(null);
      form.setField('password', '');
    };
    return (
      <Paper component="section" variant="outlined" sx={{ maxWidth: 420, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <PageTitle>Login</PageTitle>
        <Suspense>
          <SecondFactorStep ticket={ticket} onRestart={restart} />
        </Suspense>
      </Paper>
    );
  }

  return (
    <Paper component="section" variant="outlined" sx={{ maxWidth: 420, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <PageTitle>Login</PageTitle>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextInput label="Schützennummer" autoComplete="username" autoFocus inputMode="numeric" {...field('username')} />
        <PasswordInput label="Passwort" autoComplete="current-password" capsLockNote {...field('password')} />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          Login
        </Button>
      </Stack>
      <Button
        sx={{ mt: 1 }}
        onPointerEnter={passwordResetDialog.preload}
        onFocus={passwordResetDialog.preload}
        onClick={() => {
          setResetWanted(true);
          resetDialog.show(null);
        }}
      >
        Passwort vergessen?
      </Button>
      {resetWanted && (
        <Suspense fallback={null}>
          <passwordResetDialog.Component key={resetDialog.key} open={resetDialog.open} onClose={resetDialog.close} />
        </Suspense>
      )}
    </Paper>
  );
}
