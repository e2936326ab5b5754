import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { SignupFormAnswer } from '../../../../shared/signupForm.ts';

/** The answer to a sign-up, a change or a cancellation: the server's German sentence, and the way back. */
export function SignupOutcome({ answer }: { answer: Exclude<SignupFormAnswer, { kind: 'refused' } | { kind: 'confirmCancel' }> }) {
  return (
    <>
      <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="signup-outcome">
        {answer.message}
      </Alert>
      <Button component={RouterLink} to="/termine" variant="outlined">
        Zu den Terminen
      </Button>
    </>
  );
}

/** The texts of a form in the page, as the server reads the same form posted without JavaScript. */
export function formTexts(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, typeof value === 'string' ? value : '']));
}
