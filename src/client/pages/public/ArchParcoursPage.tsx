import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatAddress, hasAddress, routePlannerUrl, type ClubProfile } from '../../../shared/clubProfile.ts';
import { describeOpeningRule, formatEuro, formatWhole, type CourseFacts, type PriceRow } from '../../../shared/courseFacts.ts';
import { closureDays, formatCourseDay, type CourseDay, type PublicCourseState } from '../../../shared/courseState.ts';
import { CourseStateNotice } from './parcours/CourseNotice.tsx';
import { useCourseOpeningDays } from './parcours/courseDays.ts';
import { InfoText, SectionAlert } from '../../components/InfoText.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { useClubProfile, useCourseFacts, useCourseState } from '../../publicContent.ts';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { archeryCourse } from '../../structuredData.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One price list: the caption names it, each row is headed by who pays; the section column only where a row names one. */
function PriceTable({ id, caption, rows }: { id: string; caption: string; rows: readonly PriceRow[] }) {
  const grouped = rows.some((row) => row.section.trim() !== '');
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Short words and prices that stay whole: the columns then fit a 360 px phone side by side. */}
      <Table size="small" aria-labelledby={id} sx={{ '& th, & td': { overflowWrap: 'normal', hyphens: 'manual', px: { xs: 1, sm: 2 } } }}>
        <caption id={id} style={{ captionSide: 'top' }}>
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {grouped && (
              <TableCell component="th" scope="col">
                Sparte
              </TableCell>
            )}
            <TableCell component="th" scope="col">
              Personen
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Preis
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            // Two rows may read alike while a member is still typing them (the preview).
            <TableRow key={index}>
              {grouped && <TableCell>{row.section}</TableCell>}
              <TableCell component="th" scope="row">
                {row.persons}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatEuro(row.price)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PriceTables({ facts }: { facts: CourseFacts }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <PriceTable id="parcours-day-prices" caption="Tageskarten" rows={facts.dayPrices} />
      {facts.annualPrices.length > 0 && (
        <PriceTable id="parcours-annual-prices" caption={facts.annualNote.trim() ? `Jahreskarten (${facts.annualNote.trim()})` : 'Jahreskarten'} rows={facts.annualPrices} />
      )}
    </Box>
  );
}

/**
 * Sun-based hours of the next 7 days (SPEC §9), computed here in the visitor's browser, with
 * the course's closures applied (issue 30.1): a closed day says 'geschlossen' and why.
 */
function OpeningHours({ days }: { days: readonly CourseDay[] | undefined }) {
  if (!days) return <Skeleton variant="rectangular" height={160} aria-hidden />;
  return (
    <Box component="ul" aria-label="Öffnungszeiten der nächsten 7 Tage" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {days.map((day) => (
        <Typography component="li" key={day.date} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: day.closedBecause ? 500 : undefined }}>
          {formatCourseDay(day)}
        </Typography>
      ))}
    </Box>
  );
}

/** The closures announced beyond today (planned ones, tournaments), so visitors can plan ahead. */
function AnnouncedClosures({ state, today }: { state: PublicCourseState; today: string }) {
  const ahead = state.closures.filter((closure) => closure.to >= today);
  if (ahead.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id="parcours-closures" component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        Angekündigte Schließungen
      </Typography>
      <Box component="ul" aria-labelledby="parcours-closures" sx={{ m: 0, pl: 3 }}>
        {ahead.map((closure) => (
          <Typography component="li" key={`${closure.from}-${closure.to}-${closure.text}`}>
            {`Geschlossen ${closureDays(closure)}: ${closure.text}`}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function Directions({ profile, facts }: { profile: ClubProfile | undefined; facts: CourseFacts }) {
  if (!profile) return <Skeleton variant="text" width="40%" aria-hidden />;
  const parking = profile.course.parking;
  return (
    <>
      {hasAddress(parking) && (
        <Typography sx={{ mb: 1 }}>
          Parkplatz: <Box component="span" sx={{ fontWeight: 500 }}>{formatAddress(parking)}</Box>
        </Typography>
      )}
      {facts.walkMeters > 0 && <Typography sx={{ mb: 1 }}>{`Vom Parkplatz sind es ${formatWhole(facts.walkMeters)} m Fußweg bis zum Parcours.`}</Typography>}
      <Link href={routePlannerUrl(profile)} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        Route planen mit OpenStreetMap
        <OpenInNewIcon fontSize="small" aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          (öffnet in einem neuen Tab)
        </Box>
      </Link>
    </>
  );
}

/** The page's opening words, from the facts (also its description for search engines). */
export function parcoursIntro(facts: CourseFacts): string {
  const age = facts.minimumAge === null ? '' : ` Mindestalter: ${facts.minimumAge} Jahre.`;
  return `Unser 3D-Bogenparcours führt mit ${formatWhole(facts.targets)} Tierzielen durch Wald und Wiese. Er steht Mitgliedern und Gästen offen; Gäste lösen vor dem Start eine Tageskarte.${age}`;
}

/**
 * The page below its title, for the given facts: the course page shows the stored ones,
 * the dashboard's panel 'Bogenparcours: Fakten und Preise' the ones being edited, so the
 * preview is this very component (DESIGN §10).
 */
export function ArchParcoursContent({
  facts,
  profile,
  days,
  state,
}: {
  facts: CourseFacts;
  profile: ClubProfile | undefined;
  days: readonly CourseDay[] | undefined;
  /** The course's state (closures); the dashboard's preview has none. */
  state?: PublicCourseState | undefined;
}) {
  return (
    <>
      <Typography sx={{ mb: 4, maxWidth: 800 }}>{parcoursIntro(facts)}</Typography>
      <Section id="parcours-hours" title="Öffnungszeiten">
        {/* The club's own words on the hours, the rule from the data, the days it gives, then closures. */}
        <InfoText identifier="archparcours_openings" />
        <Typography sx={{ mb: 2, maxWidth: 800 }}>{describeOpeningRule(facts.opening)}</Typography>
        <OpeningHours days={days} />
        {state && days?.[0] && <AnnouncedClosures state={state} today={days[0].date} />}
        <InfoText identifier="archparcours_closings" />
      </Section>
      <Section id="parcours-prices" title="Preise">
        <PriceTables facts={facts} />
      </Section>
      <Section id="parcours-rules" title="Regeln">
        <Box component="ol" sx={{ m: 0, pl: 3, maxWidth: 800 }}>
          {facts.rules.map((rule, index) => (
            <Typography component="li" key={index} sx={{ mb: 0.5 }}>
              {rule}
            </Typography>
          ))}
        </Box>
      </Section>
      <Section id="parcours-usage" title="Nutzung">
        <InfoText identifier="archparcours_usage" />
      </Section>
      <Section id="parcours-tourneys" title="Turniere">
        <InfoText identifier="archparcours_tourneys" />
      </Section>
      <Section id="parcours-directions" title="Anfahrt">
        <Directions profile={profile} facts={facts} />
      </Section>
    </>
  );
}

/** Arch parcours (SPEC §2, §9): rules, prices, sun-based opening hours, tournaments, usage and directions, all from the club's data. */
export function ArchParcoursPage() {
  const profile = useClubProfile().data;
  const facts = useCourseFacts().data;
  const state = useCourseState().data;
  const origin = useSiteOrigin();
  const days = useCourseOpeningDays(profile, facts, state);
  const description = facts ? `${parcoursIntro(facts)} Öffnungszeiten nach Sonnenauf- und -untergang, Preise, Regeln und Anfahrt.` : undefined;
  return (
    <>
      <PageTitle>3D-Bogenparcours</PageTitle>
      {/* The state first: it says what the opening hours below say (issue 30.1). */}
      {days?.[0] && <CourseStateNotice state={state} today={days[0].date} />}
      <SectionAlert identifier="archparcours" />
      <PageHead
        description={description}
        structuredData={origin && profile && facts && days && state && description ? [archeryCourse(profile, facts, days, origin, description, state)] : undefined}
      />
      {facts ? <ArchParcoursContent facts={facts} profile={profile} days={days} state={state} /> : <Skeleton variant="rectangular" height={320} aria-hidden />}
    </>
  );
}

// The dashboard's preview computes the days as the page does.
export { useCourseOpeningDays };
