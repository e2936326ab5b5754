import EventIcon from '@mui/icons-material/Event';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Fragment, Suspense, useId, useState } from 'react';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import type { PublicAppointment } from '../../../shared/schemas/calendar.ts';
import { SectionAlert } from '../../components/InfoText.tsx';
import { onDemand } from '../../components/onDemand.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { useClubProfile, usePublicAppointments } from '../../publicContent.ts';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { appointmentEvent } from '../../structuredData.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';

export const NO_APPOINTMENTS = 'Es sind keine ausstehenden Termine vorhanden.';
export const NO_DESCRIPTION = 'Keine Beschreibung vorhanden';

/** The menu (popover, modal) is not needed until it is opened. */
const subscribeMenu = onDemand(async () => (await import('./appointments/SubscribeMenu.tsx')).SubscribeMenu);

function SubscribeButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays true after the first opening, so that the menu can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EventIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={subscribeMenu.preload}
        onFocus={subscribeMenu.preload}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        Kalender abonnieren
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <subscribeMenu.Component id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Below md the six columns do not fit a phone: each appointment becomes an entry of its
 * own, title and button first, then begin – end, then place and section. It is the same
 * markup as the wide table, only styled differently, so the page renders the same at any
 * width (server HTML included) and a screen reader still meets a table with its headers.
 */
function entriesOnNarrowScreens(theme: Theme) {
  return {
    [theme.breakpoints.down('md')]: {
      '&, & > tbody': { display: 'block' },
      '& > thead': visuallyHidden,
      '& .appointment': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, px: 2, py: 1 },
      '& .appointment > td': { display: 'block', border: 0, p: 0 },
      // Title and the 48 px button fill the first line (8 px gap between), so the times start the next.
      '& .appointment-title': { flex: '1 1 calc(100% - 56px)', fontWeight: 'bold' },
      '& .appointment-more': { order: 1, flex: 'none' },
      '& .appointment-begin, & .appointment-end': { order: 2 },
      // The visible labels of the hidden headers; `/ ""` keeps screen readers from reading them twice.
      '& .appointment-end::before': { content: '"– " / ""' },
      '& .appointment-location, & .appointment-section': { order: 3, flexBasis: '100%', color: 'text.secondary' },
      '& .appointment-location::before': { content: '"Ort: " / ""' },
      '& .appointment-section::before': { content: '"Sparte: " / ""' },
      '& .appointment-details, & .appointment-details > td': { display: 'block' },
    },
  };
}

function AppointmentRow({ appointment }: { appointment: PublicAppointment }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Fragment>
      {/* The whole entry opens the description: the button's click lands here as well, so a
          tap anywhere on it counts; keyboards and screen readers use the button. */}
      <TableRow className="appointment" hover onClick={() => setOpen((value) => !value)} sx={{ cursor: 'pointer', '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell className="appointment-title">{appointment.name}</TableCell>
        <TableCell className="appointment-begin" sx={{ whiteSpace: 'nowrap' }}>
          {formatGermanDateTime(appointment.datetime_begin)}
        </TableCell>
        <TableCell className="appointment-end" sx={{ whiteSpace: 'nowrap' }}>
          {formatGermanDateTime(appointment.datetime_end)}
        </TableCell>
        <TableCell className="appointment-location">{appointment.location}</TableCell>
        <TableCell className="appointment-section">{appointment.section}</TableCell>
        <TableCell className="appointment-more" align="right">
          <IconButton
            aria-label={open ? `Details zu ${appointment.name} ausblenden` : `Details zu ${appointment.name} anzeigen`}
            aria-expanded={open}
            aria-controls={detailsId}
            // 48 px, a fingertip's size.
            sx={{ p: 1.5 }}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow className="appointment-details">
        <TableCell colSpan={6} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit id={detailsId}>
            <Box sx={{ py: 2 }}>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{appointment.description.trim() === '' ? NO_DESCRIPTION : appointment.description}</Typography>
              {appointment.attachments.length > 0 && (
                <>
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                    Anhänge
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {appointment.attachments.map((attachment) => (
                      <li key={attachment.id}>
                        <Link href={attachment.url} target="_blank" rel="noopener">
                          {attachment.filename}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** Search engines get the next appointments as events; more would only weigh on the page. */
const STRUCTURED_EVENTS = 50;

/** What /termine says of itself: the next appointments in words, and each as an Event for search engines. */
function AppointmentsHead({ appointments }: { appointments: readonly PublicAppointment[] }) {
  const profile = useClubProfile().data;
  const origin = useSiteOrigin();
  const next = appointments.slice(0, 3).map((appointment) => `${appointment.name} am ${formatGermanDateTime(appointment.datetime_begin)}`);
  return (
    <PageHead
      description={next.length > 0 ? `Die nächsten Termine: ${next.join(', ')}.` : NO_APPOINTMENTS}
      structuredData={
        origin && profile
          ? appointments.slice(0, STRUCTURED_EVENTS).flatMap((appointment) => appointmentEvent(appointment, profile, origin) ?? [])
          : undefined
      }
    />
  );
}

/** Appointments (SPEC §2): the notice, the upcoming public appointments, and the feed to subscribe to. */
export function AppointmentsPage() {
  const appointments = usePublicAppointments();
  const rows = appointments.data ?? [];
  return (
    <>
      <PageTitle>Termine</PageTitle>
      <AppointmentsHead appointments={rows} />
      <SectionAlert identifier="appointments" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <SubscribeButton />
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Termine" sx={entriesOnNarrowScreens}>
          <TableHead>
            <TableRow>
              <TableCell>Titel</TableCell>
              <TableCell>Beginn</TableCell>
              <TableCell>Ende</TableCell>
              <TableCell>Ort</TableCell>
              <TableCell>Sparte</TableCell>
              <TableCell align="right">Mehr</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((appointment) => (
              <AppointmentRow key={appointment.id} appointment={appointment} />
            ))}
            {appointments.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  {NO_APPOINTMENTS}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
