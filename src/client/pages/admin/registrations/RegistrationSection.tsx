import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import type { AppointmentView } from '../../../../shared/schemas/calendar.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { trpc } from '../../../trpc.ts';
import { registrationsPath } from './participants.ts';
import { RegistrationSettingsDialog } from './RegistrationSettingsDialog.tsx';

export interface RegistrationSectionProps {
  open: boolean;
  appointment: AppointmentView;
  /** calendar_update in the appointment's section. */
  canUpdate: boolean;
  busy: boolean;
}

/**
 * The part 'Anmeldung' of the appointment dialog (issue 29.1): whether the appointment takes
 * sign-ups, how full it is, the way to the organiser's list, and the settings, which open in
 * a dialog of their own with its own guard over unsaved changes. Sign-ups need a public,
 * saved appointment; an occurrence of a series takes them as one appointment.
 */
export function RegistrationSection({ open, appointment, canUpdate, busy }: RegistrationSectionProps) {
  const utils = trpc.useUtils();
  const publicAppointment = appointment.visibility && !appointment.cancelled;
  const settings = trpc.registrations.settings.useQuery({ appointmentId: appointment.id }, { enabled: open, meta: { errorPrefix: 'Fehler beim Abrufen der Anmeldung' } });
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const remove = trpc.registrations.remove.useMutation({
    meta: { errorPrefix: 'Fehler beim Schließen der Anmeldung' },
    onSettled: () => {
      setClosing(false);
      void utils.registrations.invalidate();
    },
  });
  const current = settings.data?.data ?? null;

  return (
    <Box component="section" aria-label="Anmeldung" sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3">
        Anmeldung
      </Typography>
      {current ? (
        <>
          <Typography variant="body2">
            {current.counts.taken} von {current.places} Plätzen vergeben{current.counts.waiting > 0 ? `, ${current.counts.waiting} auf der Warteliste` : ''}; Anmeldeschluss{' '}
            {formatGermanDateTime(current.closesAt ?? appointment.datetime_begin)} Uhr{current.audience === 'members' ? '; nur Mitglieder' : ''}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button variant="outlined" size="small" component={RouterLink} to={registrationsPath(appointment.id)}>
              Anmeldungen ({current.counts.taken}/{current.places})
            </Button>
            <Button size="small" disabled={!canUpdate || busy} onClick={() => setEditing(true)}>
              Anmeldung bearbeiten
            </Button>
            <Button size="small" color="error" disabled={!canUpdate || busy} onClick={() => setClosing(true)}>
              Anmeldung schließen
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {publicAppointment ? 'Für diesen Termin ist keine Anmeldung geöffnet.' : 'Anmeldungen sind nur für öffentliche Termine möglich.'}
          </Typography>
          {publicAppointment && settings.isSuccess && (
            <Button size="small" variant="outlined" sx={{ mt: 1 }} disabled={!canUpdate || busy} onClick={() => setEditing(true)}>
              Anmeldung öffnen
            </Button>
          )}
        </>
      )}
      <RegistrationSettingsDialog open={editing} appointmentId={appointment.id} begin={appointment.datetime_begin} settings={current} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={closing}
        title="Anmeldung schließen?"
        text={`Soll die Anmeldung zu „${appointment.name}“ geschlossen werden? Alle Anmeldungen und ihre Daten werden gelöscht.`}
        busy={remove.isPending}
        onCancel={() => setClosing(false)}
        onConfirm={() => remove.mutate({ appointmentId: appointment.id })}
      />
    </Box>
  );
}
