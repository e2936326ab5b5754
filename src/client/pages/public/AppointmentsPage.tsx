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

function AppointmentRow({ appointment }: { appointment: PublicAppointment }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Fragment>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell>{appointment.name}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatGermanDateTime(appointment.datetime_begin)}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatGermanDateTime(appointment.datetime_end)}</TableCell>
        <TableCell>{appointment.location}</TableCell>
        <TableCell>{appointment.section}</TableCell>
        <TableCell align="right">
          <IconButton
            aria-label={open ? `Details zu ${appointment.name} ausblenden` : `Details zu ${appointment.name} anzeigen`}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
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
        <Table aria-label="Termine">
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
