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
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import type { PublicAppointment } from '../../../shared/schemas/calendar.ts';
import { SECTION_QUERY, sectionPagePath, type PublicSection } from '../../../shared/sectionGroups.ts';
import { SectionAlert } from '../../components/InfoText.tsx';
import { onDemand } from '../../components/onDemand.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { useClubProfile, usePublicAppointments, usePublicSections } from '../../publicContent.ts';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { appointmentEvent } from '../../structuredData.ts';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { NewsBackLinks } from './news/NewsBackLinks.tsx';

export const NO_APPOINTMENTS = 'Es sind keine ausstehenden Termine vorhanden.';
export const NO_DESCRIPTION = 'Keine Beschreibung vorhanden';

/** What the list says when the chosen section has no upcoming appointment. */
export function noSectionAppointments(section: PublicSection): string {
  return `Für die Sparte ${section.name} sind keine ausstehenden Termine vorhanden.`;
}

/** The menu (popover, modal) is not needed until it is opened. */
const subscribeMenu = onDemand(async () => (await import('./appointments/SubscribeMenu.tsx')).SubscribeMenu);

/** The feed of all public appointments, or of the chosen section (its own address). */
function SubscribeButton({ section }: { section: PublicSection | undefined }) {
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
          <subscribeMenu.Component id={menuId} anchor={anchor} section={section} onClose={() => setAnchor(null)} />
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
      // An appointment of a group that is no section has none to show, not even the label.
      '& .appointment-section:empty': { display: 'none' },
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
        <TableCell className="appointment-title">
          {appointment.name}
          <NewsBackLinks kind="appointments" id={appointment.id} />
        </TableCell>
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

/** What /termine says of itself: the next appointments (of the section) in words, and each as an Event for search engines. */
function AppointmentsHead({ appointments, section }: { appointments: readonly PublicAppointment[]; section: PublicSection | undefined }) {
  const profile = useClubProfile().data;
  const origin = useSiteOrigin();
  const next = appointments.slice(0, 3).map((appointment) => `${appointment.name} am ${formatGermanDateTime(appointment.datetime_begin)}`);
  const empty = section ? noSectionAppointments(section) : NO_APPOINTMENTS;
  const intro = section ? `Die nächsten Termine der Sparte ${section.name}` : 'Die nächsten Termine';
  return (
    <PageHead
      description={next.length > 0 ? `${intro}: ${next.join(', ')}.` : empty}
      structuredData={
        origin && profile
          ? appointments.slice(0, STRUCTURED_EVENTS).flatMap((appointment) => appointmentEvent(appointment, profile, origin) ?? [])
          : undefined
      }
    />
  );
}

/**
 * One plain link per section and one to all of them: they work before the app has started
 * and without JavaScript, and each is the section's canonical address.
 */
function SectionLinks({ sections, current }: { sections: readonly PublicSection[]; current: PublicSection | undefined }) {
  if (sections.length === 0) return null;
  const link = (to: string, label: string, active: boolean) => (
    // Names as the club writes them ('LG/LP', 'Bogen'), not in the buttons' capitals.
    <Button key={to} component={RouterLink} to={to} variant={active ? 'contained' : 'outlined'} aria-current={active ? 'page' : undefined} sx={{ textTransform: 'none' }}>
      {label}
    </Button>
  );
  return (
    <Box component="nav" aria-label="Sparten" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {link('/termine', 'Alle Sparten', current === undefined)}
      {sections.map((section) => link(sectionPagePath(section.slug), section.name, section.slug === current?.slug))}
    </Box>
  );
}

/**
 * Appointments (SPEC §2): the notice, the upcoming public appointments, and the feed to
 * subscribe to. `?sparte=<slug>` shows one section's appointments and offers its own feed
 * (issue 26); the route's loader has sent every other spelling to the slug, and a slug no
 * section has is not found.
 */
export function AppointmentsPage() {
  const [search] = useSearchParams();
  const slug = search.get(SECTION_QUERY) ?? undefined;
  const sections = usePublicSections();
  const section = slug === undefined ? undefined : sections.data?.find((candidate) => candidate.slug === slug);
  // A section's list is asked for once the section is known: an unknown one would only fail.
  const appointments = usePublicAppointments(slug === undefined ? undefined : slug, slug === undefined || section !== undefined);
  if (slug !== undefined && sections.isSuccess && !section) return <NotFoundPage />;
  const rows = appointments.data ?? [];
  return (
    <>
      <PageTitle>{section ? `Termine der Sparte ${section.name}` : 'Termine'}</PageTitle>
      <AppointmentsHead appointments={rows} section={section} />
      <SectionAlert identifier="appointments" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <SectionLinks sections={sections.data ?? []} current={section} />
        <Box sx={{ ml: 'auto' }}>
          <SubscribeButton section={section} />
        </Box>
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
                  {section ? noSectionAppointments(section) : NO_APPOINTMENTS}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
