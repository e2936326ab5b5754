import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { loginInput, type LoginInput } from '../../../shared/schemas/auth.ts';
import { landingPathFor } from '../../auth.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { fieldErrorsOf } from '../../errors.ts';
import { trpc } from '../../trpc.ts';

type LoginField = keyof LoginInput;
type LoginErrors = Partial<Record<LoginField, string>>;

/** The first message per field of the shared schema, the same the server would answer (SPEC §5). */
function validate(values: LoginInput): LoginErrors {
  const result = loginInput.safeParse(values);
  if (result.success) return {};
  const { fieldErrors } = z.flattenError(result.error);
  return { username: fieldErrors.username?.[0], password: fieldErrors.password?.[0] };
}

/** Login and logout (SPEC §2, §4): shooter number and password, then into the back office. */
export function LoginPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  // Messages appear after the first attempt and then follow every keystroke.
  const [attempted, setAttempted] = useState(false);

  const login = trpc.auth.login.useMutation({
    meta: { errorPrefix: 'Fehler beim Einloggen' },
    onSuccess: ({ data: user }) => {
      utils.auth.session.setData(undefined, user);
      void navigate(landingPathFor(user), { replace: true });
    },
  });

  const clientErrors = attempted ? validate(values) : {};
  const serverErrors = fieldErrorsOf(login.error);
  const errorOf = (field: LoginField) => clientErrors[field] ?? serverErrors[field]?.[0];

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const parsed = loginInput.safeParse(values);
    if (parsed.success) login.mutate(parsed.data);
  };

  const usernameError = errorOf('username');
  const passwordError = errorOf('password');
  return (
    <Paper component="section" variant="outlined" sx={{ maxWidth: 420, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <PageTitle>Login</PageTitle>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Schützennummer"
          name="username"
          value={values.username}
          onChange={change('username')}
          error={usernameError !== undefined}
          helperText={usernameError}
          autoComplete="username"
          autoFocus
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Passwort"
          name="password"
          type="password"
          value={values.password}
          onChange={change('password')}
          error={passwordError !== undefined}
          helperText={passwordError}
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </Paper>
  );
}
