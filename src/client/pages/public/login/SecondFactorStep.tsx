import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { landingPathFor } from '../../../auth.ts';
import { TextInput } from '../../../components/TextInput.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

/** Like the login's schema: zod comes with the first keystroke, not with the page. */
const loadLoginCodeInput = async () => (await import('../../../../shared/schemas/secondFactor.ts')).loginCodeInput;

export interface SecondFactorStepProps {
  /** The reference the password step answered. */
  ticket: string;
  /** Back to shooter number and password (e.g. after the reference expired). */
  onRestart: () => void;
}

/**
 * The login's second step for a member with a second factor (README „Zweiter Faktor und
 * App-Passwörter“): the code of the authenticator app, or one of the recovery codes.
 */
export function SecondFactorStep({ ticket, onRestart }: SecondFactorStepProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useSchemaForm(loadLoginCodeInput, () => ({ code: '' }), (values) => ({ ...values, ticket }));
  const confirm = trpc.auth.loginCode.useMutation({
    meta: { errorPrefix: 'Fehler beim Einloggen' },
    onSuccess: ({ data: user }) => {
      utils.auth.session.setData(undefined, user);
      void navigate(landingPathFor(user), { replace: true });
    },
    onError: form.showServerErrors,
  });
  const submit = form.onSubmit((input) => confirm.mutate(input));
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Zweiter Faktor">
      <Typography variant="body2">
        Dein Konto ist mit einem zweiten Faktor geschützt. Gib den 6-stelligen Code aus deiner Authenticator-App ein oder einen deiner
        Wiederherstellungscodes.
      </Typography>
      <TextInput
        label="Code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        required
        {...textFieldProps(form, 'code')}
      />
      <Button type="submit" variant="contained" size="large" loading={confirm.isPending}>
        Bestätigen
      </Button>
      <Button onClick={onRestart} disabled={confirm.isPending}>
        Zurück zur Anmeldung
      </Button>
    </Stack>
  );
}
