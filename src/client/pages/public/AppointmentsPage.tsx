import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { byMonth, entryInWords, glanceEntries, monthHeading, NEXT_DATES } from '../../../shared/appointmentGlance.ts';
import type { PublicAppointment } from '../../../shared/schemas/calendar.ts';
import { SECTION_QUERY, sectionPagePath, type PublicSection } from '../../../shared/sectionGroups.ts';
import { SectionAlert } from '../../components/InfoText.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { useClubProfile, usePublicAppointments, usePublicSections } from '../../publicContent.ts';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { appointmentEvent } from '../../structuredData.ts';
import { AppointmentEntry } from './appointments/AppointmentEntry.tsx';
import { SubscribeLinks } from './appointments/SubscribeLinks.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export { NO_DESCRIPTION } from './appointments/AppointmentEntry.tsx';
export const NO_APPOINTMENTS = 'Es sind keine ausstehenden Termine vorhanden.';

/** What the list says when the chosen section has no upcoming appointment. */
export function noSectionAppointments(section: PublicSection): string {
  return `Für die Sparte ${section.name} sind keine ausstehenden Termine vorhanden.`;
}

/**
 * The upcoming appointments by month (issue 26, point 5), each month a heading and a list of
 * entries: an appointment, or a series as one entry with its rhythm.
 */
function AppointmentMonths({ appointments }: { appointments: readonly PublicAppointment[] }) {
  return byMonth(glanceEntries(appointments)).map(({ month, entries }) => (
    <Box component="section" key={month} aria-labelledby={`termine-${month}`} sx={{ mb: 3 }}>
      <Typography id={`termine-${month}`} variant="h5" component="h2" gutterBottom>
        {monthHeading(month)}
      </Typography>
      <Box component="ul" className="appointments" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {entries.map((entry) => (
          <AppointmentEntry key={entry.key} entry={entry} />
        ))}
      </Box>
    </Box>
  ));
}

/** Search engines get the next appointments as events; more would only weigh on the page. */
const STRUCTURED_EVENTS = 50;

/**
 * The appointments given as events: of a series the dates its line names, so that a weekly
 * training does not crowd every other appointment out of the first fifty.
 */
function structuredAppointments(appointments: readonly PublicAppointment[]): PublicAppointment[] {
  return glanceEntries(appointments)
    .flatMap((entry) => (entry.kind === 'single' ? [entry.appointment] : entry.occurrences.slice(0, NEXT_DATES)))
    .sort((a, b) => a.datetime_begin.localeCompare(b.datetime_begin))
    .slice(0, STRUCTURED_EVENTS);
}

/** What /termine says of itself: the next appointments (of the section) in words, and each as an Event for search engines. */
function AppointmentsHead({ appointments, section }: { appointments: readonly PublicAppointment[]; section: PublicSection | undefined }) {
  const profile = useClubProfile().data;
  const origin = useSiteOrigin();
  const next = glanceEntries(appointments).slice(0, 3).map(entryInWords);
  const empty = section ? noSectionAppointments(section) : NO_APPOINTMENTS;
  const intro = section ? `Die nächsten Termine der Sparte ${section.name}` : 'Die nächsten Termine';
  return (
    <PageHead
      description={next.length > 0 ? `${intro}: ${next.join(', ')}.` : empty}
      structuredData={
        origin && profile
          ? structuredAppointments(appointments).flatMap((appointment) => appointmentEvent(appointment, profile, origin) ?? [])
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
 * Appointments (SPEC §2): the notice, the feed to subscribe to, and the upcoming public
 * appointments by month, a series as one entry (issue 26, point 5). `?sparte=<slug>` shows one section's appointments and offers its own feed
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
      <Box sx={{ mb: 2 }}>
        <SectionLinks sections={sections.data ?? []} current={section} />
      </Box>
      <SubscribeLinks section={section} />
      <AppointmentMonths appointments={rows} />
      {appointments.isSuccess && rows.length === 0 && <Typography sx={{ my: 2 }}>{section ? noSectionAppointments(section) : NO_APPOINTMENTS}</Typography>}
    </>
  );
}
