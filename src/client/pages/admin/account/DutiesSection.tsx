import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { describeAppointment, formatDutyDate, NO_APPOINTMENT_TEXT } from '../../../../shared/duties.ts';
import { DUTY_ROLE_LABELS, type DutyRole } from '../../../../shared/schemas/duties.ts';
import { trpc } from '../../../trpc.ts';
import { DutyFeed, DutyPart, DutyReminder } from './DutySettings.tsx';

interface DutyDay {
  date: string;
  role: DutyRole;
  appointments: ReadonlyArray<{ name: string; begin: string; end: string }>;
}

/** `Bewirtung am Dienstag, 24.11.2026`: how a duty is named, on screen and to screen readers. */
function dutyName(duty: DutyDay): string {
  return `${DUTY_ROLE_LABELS[duty.role]} am ${formatDutyDate(duty.date)}`;
}

/**
 * One duty as a row of a list: what and when, the day's appointments, and its button. On a
 * phone the button moves below the text instead of squeezing it.
 */
function DutyRow({ duty, extra, action }: { duty: DutyDay; extra?: ReactNode; action: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 500 }}>{dutyName(duty)}</Typography>
        {duty.appointments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {NO_APPOINTMENT_TEXT}
          </Typography>
        ) : (
          duty.appointments.map((appointment, index) => (
            <Typography key={index} variant="body2" color="text.secondary">
              {describeAppointment(appointment)}
            </Typography>
          ))
        )}
        {extra}
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Box>
  );
}

function DutyList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Box>
  );
}

/** The member's duties from today on, each offered for swapping or withdrawn with one button. */
function OwnDuties() {
  const utils = trpc.useUtils();
  const duties = trpc.duties.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen deiner Dienste' } });
  // Offers show on the roster page and to other members too.
  const refresh = () => void utils.duties.invalidate();
  const offer = trpc.duties.offer.useMutation({ meta: { errorPrefix: 'Fehler beim Anbieten des Dienstes' }, onSettled: refresh });
  const withdraw = trpc.duties.withdraw.useMutation({ meta: { errorPrefix: 'Fehler beim Zurückziehen des Angebots' }, onSettled: refresh });
  const busy = offer.isPending || withdraw.isPending;

  if (duties.isPending) return <LinearProgress aria-label="Deine Dienste werden geladen" />;
  if (!duties.data || duties.data.length === 0) {
    return <Typography variant="body2">Ab heute stehst du mit keinem Dienst im Dienstplan.</Typography>;
  }
  return (
    <DutyList label="Meine Dienste">
      {duties.data.map((duty) => {
        const slot = { entry_id: duty.entry_id, role: duty.role };
        return (
          <DutyRow
            key={`${duty.entry_id}:${duty.role}`}
            duty={duty}
            extra={duty.offered && <Chip label="Zum Tausch angeboten" color="primary" variant="outlined" size="small" sx={{ mt: 0.5 }} />}
            action={
              duty.offered ? (
                <Button variant="outlined" disabled={busy} onClick={() => withdraw.mutate(slot)} aria-label={`Angebot zurückziehen: ${dutyName(duty)}`}>
                  Angebot zurückziehen
                </Button>
              ) : (
                <Button variant="outlined" disabled={busy} onClick={() => offer.mutate(slot)} aria-label={`Zum Tausch anbieten: ${dutyName(duty)}`}>
                  Zum Tausch anbieten
                </Button>
              )
            }
          />
        );
      })}
    </DutyList>
  );
}

/** Duties other members offer that this member may take (Standaufsicht only within Standaufsichtsberechtigte). */
function OpenOffers() {
  const utils = trpc.useUtils();
  const offers = trpc.duties.offers.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Tauschangebote' } });
  const take = trpc.duties.take.useMutation({
    meta: { errorPrefix: 'Fehler beim Übernehmen des Dienstes' },
    // Taken or gone meanwhile: either way both lists and the roster are worth asking again.
    onSettled: () => {
      void utils.duties.invalidate();
      void utils.hosts.list.invalidate();
    },
  });

  if (offers.isPending) return <LinearProgress aria-label="Tauschangebote werden geladen" />;
  if (!offers.data || offers.data.length === 0) {
    return <Typography variant="body2">Derzeit bietet niemand einen Dienst an, den du übernehmen kannst.</Typography>;
  }
  return (
    <DutyList label="Zum Tausch angeboten">
      {offers.data.map((offer) => (
        <DutyRow
          key={offer.id}
          duty={offer}
          extra={
            <Typography variant="body2" color="text.secondary">
              Angeboten von {offer.offered_by}
            </Typography>
          }
          action={
            <Button variant="contained" disabled={take.isPending} onClick={() => take.mutate({ id: offer.id })} aria-label={`Übernehmen: ${dutyName(offer)}`}>
              Übernehmen
            </Button>
          }
        />
      ))}
    </DutyList>
  );
}

/**
 * 'Meine Dienste' on Meine Daten (README „Meine Dienste“): the member's duties as
 * Standaufsicht or Bewirtung from the roster, swaps with other members, a private calendar
 * feed and reminder mails. Every member has it; no permission is needed.
 */
export function DutiesSection() {
  return (
    <Box component="section" aria-labelledby="account-duties-heading" sx={{ mt: 3, maxWidth: 800 }}>
      <Typography id="account-duties-heading" variant="h6" component="h2">
        Meine Dienste
      </Typography>
      <DutyPart id="account-duties-own" title="Standaufsicht und Bewirtung">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Deine Dienste laut Dienstplan, ab heute. Kannst du an einem Tag nicht, biete den Dienst zum Tausch an: Wer ihn übernimmt, steht danach
          im Dienstplan.
        </Typography>
        <OwnDuties />
      </DutyPart>
      <DutyPart id="account-duties-offers" title="Zum Tausch angeboten">
        <OpenOffers />
      </DutyPart>
      <DutyFeed />
      <DutyReminder />
    </Box>
  );
}
