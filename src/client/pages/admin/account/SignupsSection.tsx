import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatAppointmentTime } from '../../../../shared/appointmentGlance.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { trpc, type RouterOutputs } from '../../../trpc.ts';

type MySignup = RouterOutputs['registrations']['mySignups']['data'][number];

function statusText(signup: MySignup): string {
  if (signup.status === 'waiting') return `Warteliste, Platz ${signup.waitingPosition ?? 1}`;
  return signup.places === 1 ? 'Platz' : `${signup.places} Plätze`;
}

/**
 * 'Meine Anmeldungen' (issue 29.6, docs/verwaltung.md „Meine Daten“): the sign-ups the member
 * made while logged in, with place or waiting-list position, each cancelled here as by the
 * personal link of the confirmation mail (asks first; the data are deleted at once).
 */
export function SignupsSection() {
  const utils = trpc.useUtils();
  const signups = trpc.registrations.mySignups.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Anmeldungen' } });
  const [asking, setAsking] = useState<MySignup | null>(null);
  const cancel = trpc.registrations.cancelMySignup.useMutation({
    meta: { errorPrefix: 'Fehler beim Stornieren' },
    onSuccess: () => {
      setAsking(null);
      void utils.registrations.mySignups.invalidate();
    },
  });
  const list = signups.data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-signups-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 800 }}>
      <Typography id="account-signups-heading" variant="h6" component="h2" gutterBottom>
        Meine Anmeldungen
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2">
          Du bist zu keinem Termin angemeldet. Anmelden kannst du dich bei den{' '}
          <Link component={RouterLink} to="/termine">
            Terminen
          </Link>
          , die „Anmelden“ zeigen.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((signup) => (
            <Box component="li" key={signup.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 1, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
              <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>{signup.appointment.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${formatAppointmentTime(signup.appointment.datetime_begin, signup.appointment.datetime_end)} · ${statusText(signup)}`}
                </Typography>
              </Box>
              <Button color="error" onClick={() => setAsking(signup)} aria-label={`Anmeldung zu ${signup.appointment.name} stornieren`}>
                Stornieren
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Anmeldung stornieren?"
        text={`Möchtest du deine Anmeldung zu „${asking?.appointment.name ?? ''}“ wirklich stornieren? Deine Angaben werden sofort gelöscht; dein Platz geht an die Warteliste.`}
        onConfirm={() => asking && cancel.mutate({ id: asking.id })}
        onCancel={() => setAsking(null)}
        busy={cancel.isPending}
      />
    </Paper>
  );
}
