import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useActionData, useParams } from 'react-router';
import { formatAppointmentTime } from '../../../shared/appointmentGlance.ts';
import { REGISTRATION_LIMITS } from '../../../shared/schemas/registrations.ts';
import { firstMessages, formFromParticipant, participantFromForm, type SignupFormAnswer } from '../../../shared/signupForm.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { fieldErrorsOf } from '../../errors.ts';
import { useHydrated } from '../../render/serverRender.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { SignupFields } from './signup/SignupFields.tsx';
import { formTexts, SignupOutcome } from './signup/SignupOutcome.tsx';

type SignupInfo = RouterOutputs['registrations']['publicInfo'];

/** What a page shows of the appointment: when, where, and the organiser's note. */
export function AppointmentFacts({ appointment, note }: { appointment: SignupInfo['appointment']; note?: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="p">
        {formatAppointmentTime(appointment.datetime_begin, appointment.datetime_end)}
      </Typography>
      {appointment.location !== '' && <Typography>Ort: {appointment.location}</Typography>}
      {note !== undefined && note !== '' && (
        <Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="signup-note">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** A hidden field people never fill; programs that fill it are answered as usual, and nothing is stored. */
function Honeypot() {
  return (
    <Box aria-hidden sx={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}>
      <label>
        Website (bitte frei lassen)
        <input type="text" name="homepage" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </Box>
  );
}

function SignupForm({ info, answer }: { info: SignupInfo; answer: Extract<SignupFormAnswer, { kind: 'refused' }> | undefined }) {
  const hydrated = useHydrated();
  // A member's own data, once the page runs in the browser (the server renders for nobody).
  const session = trpc.auth.session.useQuery(undefined, { enabled: hydrated, staleTime: 60_000 });
  const member = session.data ?? null;
  const utils = trpc.useUtils();
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {});
  const [message, setMessage] = useState(answer?.message);
  const [done, setDone] = useState<Extract<SignupFormAnswer, { kind: 'signedUp' }> | undefined>();
  const signup = trpc.registrations.signup.useMutation({
    meta: { errorPrefix: 'Fehler bei der Anmeldung' },
    onSuccess: (result) => {
      setDone({ kind: 'signedUp', message: result.message, status: result.data.status, waitingPosition: result.data.waitingPosition });
      // The free places above and on /termine changed.
      void utils.registrations.publicInfo.invalidate();
      void utils.calendar.publicList.invalidate();
    },
    onError: (error) => {
      setErrors(firstMessages(fieldErrorsOf(error)));
      setMessage(error.message);
    },
  });
  if (done) return <SignupOutcome answer={done} />;
  const refusal = message !== undefined && (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {message}
    </Alert>
  );
  if (info.audience === 'members' && !member) {
    return (
      <>
        {refusal}
      <Alert severity="info" sx={{ mb: 2 }}>
        Für diesen Termin können sich nur Mitglieder anmelden. Bitte{' '}
        <Link component={RouterLink} to="/login">
          melde dich zuerst an
        </Link>
        ; danach findest du hier das Formular mit deinen Daten.
      </Alert>
      </>
    );
  }
  if (info.state.state === 'notYet' || info.state.state === 'closed') return refusal || null;
  const values = answer?.values ?? (member ? formFromParticipant({ prename: member.prename, lastname: member.lastname, email: member.email, phone: member.phone }) : {});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formTexts(event.currentTarget);
    signup.mutate({ ...participantFromForm(form, info.fields), appointmentId: info.appointment.id, homepage: form.homepage ?? '' });
  };
  return (
    <Box
      component="form"
      method="post"
      action={`/anmeldung/${info.appointment.id}`}
      noValidate
      onSubmit={submit}
      // The member's data arrive after the first render: the fields start anew with them.
      key={member ? `member-${member.id}` : 'visitor'}
      sx={{ maxWidth: 560, position: 'relative' }}
      aria-label="Anmeldung"
    >
      {refusal}
      <SignupFields
        fields={info.fields}
        placesPerSignup={info.placesPerSignup}
        guardianConsent={info.guardianConsent}
        appointmentDate={info.appointment.datetime_begin.slice(0, 10)}
        values={values}
        errors={errors}
        hydrated={hydrated}
        disabled={signup.isPending}
      />
      <Honeypot />
      <Typography variant="body2" sx={{ mt: 2 }}>
        Deine Angaben werden {REGISTRATION_LIMITS.keptDays} Tage nach dem Termin gelöscht, stornierst du vorher, sofort. Mehr dazu in der{' '}
        <Link component={RouterLink} to="/datenschutz">
          Datenschutzerklärung
        </Link>
        .
      </Typography>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={signup.isPending}>
        {info.state.state === 'waitingList' ? 'Auf die Warteliste' : 'Anmelden'}
      </Button>
    </Box>
  );
}

function SignupContent({ appointmentId }: { appointmentId: number }) {
  const answer = useActionData<SignupFormAnswer | null>() ?? undefined;
  const { data: info, error } = trpc.registrations.publicInfo.useQuery({ appointmentId }, { meta: { errorPrefix: 'Fehler beim Abrufen der Anmeldung', notFoundIsPage: true } });
  // Gone, or never taking sign-ups: as the server answers such an address.
  if (error) return <NotFoundPage />;
  if (!info) return null;
  return (
    <>
      <PageTitle>{`Anmeldung: ${info.appointment.name}`}</PageTitle>
      <PageHead description={`Anmeldung zu ${info.appointment.name} am ${formatAppointmentTime(info.appointment.datetime_begin, info.appointment.datetime_end)}: ${info.stateText}.`} />
      <AppointmentFacts appointment={info.appointment} note={info.note} />
      <Typography sx={{ mb: 2, fontWeight: 500 }} data-testid="signup-state">
        {info.stateText}
      </Typography>
      {answer?.kind === 'signedUp' ? <SignupOutcome answer={answer} /> : <SignupForm info={info} answer={answer?.kind === 'refused' ? answer : undefined} />}
    </>
  );
}

/**
 * The public sign-up of an appointment (issue 29.2): the appointment, the organiser's note,
 * the free places and the form the settings ask for. Rendered on the server; without
 * JavaScript the form posts to the server, which renders the answer; with it, the page
 * sends the same values through tRPC. Members-only sign-ups ask a visitor to log in.
 */
export function SignupPage() {
  const { appointmentId } = useParams();
  const id = appointmentId !== undefined && /^[1-9]\d{0,14}$/.test(appointmentId) ? Number(appointmentId) : undefined;
  if (id === undefined) return <NotFoundPage />;
  return <SignupContent appointmentId={id} />;
}
