import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { entryWhen, firstOf, formatAppointmentTime, type GlanceEntry } from '../../../../shared/appointmentGlance.ts';
import type { PublicAppointment } from '../../../../shared/schemas/calendar.ts';
import { RichText } from '../../../components/RichText.tsx';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { NewsBackLinks } from '../news/NewsBackLinks.tsx';

export const NO_DESCRIPTION = 'Keine Beschreibung vorhanden';

/** A disclosure's line: a fingertip high (48 px), the whole width, the browser's own triangle. */
const summaryStyle = {
  cursor: 'pointer',
  color: 'primary.main',
  fontWeight: 500,
  py: 1.5,
  lineHeight: '24px',
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
} as const;

/** Description and attachments: in the page's HTML, behind <details> so that a phone's page stays short. */
function Details({ appointment }: { appointment: PublicAppointment }) {
  const empty = appointment.description.trim() === '';
  return (
    <Box component="details" className="appointment-details">
      <Box component="summary" sx={summaryStyle}>
        Details<Box component="span" sx={visuallyHidden}>{` zu ${appointment.name}`}</Box>
      </Box>
      <Box sx={{ pb: 1 }}>
        <Typography className="appointment-description" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {empty ? NO_DESCRIPTION : <RichText text={appointment.description} />}
        </Typography>
        {appointment.attachments.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
              Anhänge
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {appointment.attachments.map((attachment) => (
                <Box component="li" key={attachment.id} sx={{ overflowWrap: 'anywhere' }}>
                  <Link href={attachment.url} target="_blank" rel="noopener">
                    {attachment.filename}
                  </Link>
                </Box>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

/** Every upcoming date of a series, behind <details>: the rhythm line names the next three. */
function AllDates({ entry }: { entry: Extract<GlanceEntry, { kind: 'series' }> }) {
  const first = firstOf(entry);
  return (
    <Box component="details" className="appointment-dates">
      <Box component="summary" sx={summaryStyle}>
        {`Alle ${entry.occurrences.length} Termine`}<Box component="span" sx={visuallyHidden}>{` von ${first.name}`}</Box>
      </Box>
      <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }}>
        {entry.occurrences.map((occurrence) => (
          <li key={occurrence.id}>
            {formatAppointmentTime(occurrence.datetime_begin, occurrence.datetime_end)}
            {occurrence.signup && (
              <>
                {' – '}
                <SignupLink appointment={occurrence} />
              </>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** 'Anmelden' to the appointment's sign-up page, with its state ('noch 12 Plätze frei'); issue 29.2. */
function SignupLink({ appointment }: { appointment: PublicAppointment }) {
  const signup = appointment.signup;
  if (!signup) return null;
  const open = signup.state === 'open' || signup.state === 'waitingList';
  return (
    <span className="appointment-signup">
      <Link component={RouterLink} to={`/anmeldung/${appointment.id}`} sx={{ fontWeight: 500 }}>
        {open ? 'Anmelden' : 'Anmeldung'}
        <Box component="span" sx={visuallyHidden}>{` zu ${appointment.name}`}</Box>
      </Link>
      {`: ${signup.stateText}`}
    </span>
  );
}

/**
 * A tap anywhere on the entry's title, time or place opens (or closes) its details, as the
 * table's rows did; links, the disclosures themselves and what they show keep their own
 * clicks. Without JavaScript the line 'Details' does it.
 */
function toggleDetails(event: MouseEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (target.closest('a, summary, details')) return;
  const details = event.currentTarget.querySelector<HTMLDetailsElement>('details.appointment-details');
  if (details) details.open = !details.open;
}

/**
 * One entry of /termine (issue 26, point 5): the title, when (an appointment's date and
 * times, or a series' rhythm with its next dates and all of them behind a disclosure), where
 * and the section, then the details. All of it is in the server's HTML.
 */
export function AppointmentEntry({ entry }: { entry: GlanceEntry }) {
  const appointment = firstOf(entry);
  return (
    <Paper component="li" variant="outlined" className="appointment" data-kind={entry.kind} onClick={toggleDetails} sx={{ px: 2, pt: 1.5, cursor: 'pointer', overflowWrap: 'anywhere' }}>
      <Typography variant="h6" component="h3" className="appointment-title" sx={{ fontSize: '1.125rem' }}>
        {appointment.name}
      </Typography>
      <NewsBackLinks kind="appointments" id={appointment.id} />
      <Typography className="appointment-when">
        {entryWhen(entry)}
      </Typography>
      <Typography color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <span className="appointment-location">{`Ort: ${appointment.location}`}</span>
        {/* An appointment of a group that is no section names none, not even an empty 'Sparte:'. */}
        {appointment.section !== '' && <span className="appointment-section">{`Sparte: ${appointment.section}`}</span>}
      </Typography>
      {appointment.signup && (
        <Typography sx={{ mt: 0.5 }}>
          <SignupLink appointment={appointment} />
        </Typography>
      )}
      {entry.kind === 'series' && entry.occurrences.length > 1 && <AllDates entry={entry} />}
      <Details appointment={appointment} />
    </Paper>
  );
}
