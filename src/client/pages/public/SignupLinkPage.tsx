import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useActionData, useParams } from 'react-router';
import { REGISTRATION_LIMITS } from '../../../shared/schemas/registrations.ts';
import { firstMessages, formFromParticipant, participantFromForm, type SignupFormAnswer } from '../../../shared/signupForm.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { fieldErrorsOf } from '../../errors.ts';
import { useHydrated } from '../../render/serverRender.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { SignupFields } from './signup/SignupFields.tsx';
import { formTexts, SignupOutcome } from './signup/SignupOutcome.tsx';
import { AppointmentFacts } from './SignupPage.tsx';

type Mine = RouterOutputs['registrations']['mine'];

const CANCEL_QUESTION = 'Möchtest du deine Anmeldung wirklich stornieren? Deine Angaben werden sofort gelöscht; dein Platz geht an die Warteliste.';

function statusLine(registration: Mine['registration']): string {
  if (registration.status === 'place') return registration.places === 1 ? 'Du hast einen Platz.' : `Du hast ${registration.places} Plätze.`;
  if (registration.status === 'waiting') return `Du stehst auf Platz ${registration.waitingPosition ?? 1} der Warteliste.`;
  return 'Diese Anmeldung wurde vom Verein storniert.';
}

/** Without JavaScript the cancel button first asks on a page of its own, then this form cancels. */
function CancelQuestion({ action }: { action: string }) {
  return (
    <Box component="form" method="post" action={action} sx={{ mb: 3 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {CANCEL_QUESTION}
      </Alert>
      <input type="hidden" name="aktion" value="stornieren" />
      <input type="hidden" name="bestaetigt" value="ja" />
      <Button type="submit" variant="contained" color="error" sx={{ mr: 1, mb: 1 }}>
        Ja, stornieren
      </Button>
      <Button href={action} variant="outlined" sx={{ mb: 1 }}>
        Nein, zurück
      </Button>
    </Box>
  );
}

function LinkContent({ token, appointmentId, answer }: { token: string; appointmentId: number; answer: SignupFormAnswer | undefined }) {
  const hydrated = useHydrated();
  const action = `/anmeldung/${appointmentId}/${token}`;
  const mine = trpc.registrations.mine.useQuery({ token }, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Anmeldung', notFoundIsPage: true } });
  const utils = trpc.useUtils();
  const [errors, setErrors] = useState<Record<string, string>>(answer?.kind === 'refused' ? answer.errors : {});
  const [message, setMessage] = useState(answer?.kind === 'refused' ? answer.message : undefined);
  const [asking, setAsking] = useState(false);
  const [cancelled, setCancelled] = useState<string | undefined>();
  const change = trpc.registrations.changeMine.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern' },
    onSuccess: () => {
      setErrors({});
      setMessage(undefined);
      void utils.registrations.mine.invalidate({ token });
    },
    onError: (error) => {
      setErrors(firstMessages(fieldErrorsOf(error)));
      setMessage(error.message);
    },
  });
  const cancel = trpc.registrations.cancelMine.useMutation({
    meta: { errorPrefix: 'Fehler beim Stornieren' },
    onSuccess: (result) => {
      setAsking(false);
      setCancelled(result.message);
    },
  });
  // A wrong link, or one whose sign-up is gone: as the server answers it.
  if (mine.error) return <NotFoundPage />;
  if (!mine.data) return null;
  const { appointment, registration, fields } = mine.data;
  if (appointment.id !== appointmentId) return <NotFoundPage />;
  const cancelledNow = cancelled ?? (answer?.kind === 'cancelled' ? answer.message : undefined);
  const title = <PageTitle>{`Deine Anmeldung: ${appointment.name}`}</PageTitle>;
  if (cancelledNow !== undefined) {
    return (
      <>
        {title}
        <SignupOutcome answer={{ kind: 'cancelled', message: cancelledNow }} />
      </>
    );
  }
  const values = answer?.kind === 'refused' ? answer.values : formFromParticipant(registration);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formTexts(event.currentTarget);
    change.mutate({ ...participantFromForm(form, fields), token });
  };
  const open = registration.status !== 'cancelled';
  return (
    <>
      {title}
      <AppointmentFacts appointment={appointment} />
      <Typography sx={{ mb: 2, fontWeight: 500 }} data-testid="signup-status">
        {statusLine(registration)}
      </Typography>
      {answer?.kind === 'changed' && <Alert severity="success" role="status" sx={{ mb: 2 }}>{answer.message}</Alert>}
      {answer?.kind === 'confirmCancel' && <CancelQuestion action={action} />}
      {open && (
        <>
          <Box component="form" method="post" action={action} noValidate onSubmit={submit} sx={{ maxWidth: 560, mb: 3 }} aria-label="Deine Angaben" key={registration.prename + registration.email}>
            <Typography variant="h5" component="h2" gutterBottom>
              Deine Angaben ändern
            </Typography>
            {message !== undefined && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {message}
              </Alert>
            )}
            <input type="hidden" name="aktion" value="aendern" />
            <SignupFields
              fields={fields}
              placesPerSignup={mine.data.placesPerSignup}
              guardianConsent={mine.data.guardianConsent}
              appointmentDate={appointment.datetime_begin.slice(0, 10)}
              values={values}
              errors={errors}
              hydrated={hydrated}
              disabled={change.isPending}
            />
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={change.isPending}>
              Änderungen speichern
            </Button>
          </Box>
          <Box
            component="form"
            method="post"
            action={action}
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              setAsking(true);
            }}
          >
            <Typography variant="h5" component="h2" gutterBottom>
              Anmeldung stornieren
            </Typography>
            <Typography sx={{ mb: 2 }}>
              Kannst du nicht kommen? Storniere bitte, damit dein Platz weitergegeben werden kann. Deine Angaben werden dann sofort gelöscht; sonst {REGISTRATION_LIMITS.keptDays} Tage nach dem Termin.
            </Typography>
            <input type="hidden" name="aktion" value="stornieren" />
            <Button type="submit" variant="outlined" color="error">
              Anmeldung stornieren
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog open={asking} title="Anmeldung stornieren?" text={CANCEL_QUESTION} onConfirm={() => cancel.mutate({ token })} onCancel={() => setAsking(false)} busy={cancel.isPending} />
    </>
  );
}

/**
 * The personal link of a sign-up (issue 29.2, the confirmation mail's link): the sign-up as
 * given, its place or waiting-list position, its fields to change and the cancellation,
 * which asks first and deletes the data. Rendered on the server for its one reader (never
 * kept, not indexed, no Referer); a wrong link is the not-found page.
 */
export function SignupLinkPage() {
  const { appointmentId, token } = useParams();
  const answer = useActionData<SignupFormAnswer | null>() ?? undefined;
  const id = appointmentId !== undefined && /^[1-9]\d{0,14}$/.test(appointmentId) ? Number(appointmentId) : undefined;
  if (id === undefined || token === undefined) return <NotFoundPage />;
  return (
    <>
      <PageHead noindex />
      {answer?.kind === 'cancelled' ? (
        // The data are gone: nothing left to read by the link.
        <>
          <PageTitle>Anmeldung storniert</PageTitle>
          <SignupOutcome answer={answer} />
        </>
      ) : (
        <LinkContent token={token} appointmentId={id} answer={answer} />
      )}
    </>
  );
}
