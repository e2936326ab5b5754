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
import { useMemo, type ReactNode } from 'react';
import { formatAddress, hasAddress, routePlannerUrl, type ClubProfile } from '../../../shared/clubProfile.ts';
import { describeOpeningRule, formatEuro, formatWhole, type CourseFacts, type OpeningRule, type PriceRow } from '../../../shared/courseFacts.ts';
import { formatOpeningDay, openingHours, type OpeningDay } from '../../../shared/openingHours.ts';
import { InfoText, SectionAlert } from '../../components/InfoText.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { useClubProfile, useCourseFacts } from '../../publicContent.ts';
import { useNow } from '../../render/renderedAt.tsx';
import { useSiteOrigin } from '../../render/serverRender.ts';
import { archeryCourse } from '../../structuredData.ts';

const OPENING_DAYS = 7;

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

/** The days of the next week for the course (SPEC §9), for the device's or the server's now. */
function useOpeningDays(profile: ClubProfile | undefined, rule: OpeningRule | undefined): OpeningDay[] {
  // Rendered for the server's day first (the page comes rendered), then for the visitor's clock.
  const now = useNow();
  // The day, not the render: the list only changes when the date does.
  const today = now.toDateString();
  return useMemo(
    () => (profile && rule ? openingHours(now, OPENING_DAYS, profile.course, rule) : []),
    // `today` is not read inside, but a new day is the reason to compute again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [profile, rule, today],
  );
}

/** Sun-based hours of the next 7 days (SPEC §9), computed here in the visitor's browser. */
function OpeningHours({ days }: { days: readonly OpeningDay[] | undefined }) {
  if (!days) return <Skeleton variant="rectangular" height={160} aria-hidden />;
  return (
    <Box component="ul" aria-label="Öffnungszeiten der nächsten 7 Tage" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {days.map((day) => (
        <Typography component="li" key={day.date} sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatOpeningDay(day)}
        </Typography>
      ))}
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
export function ArchParcoursContent({ facts, profile, days }: { facts: CourseFacts; profile: ClubProfile | undefined; days: readonly OpeningDay[] | undefined }) {
  return (
    <>
      <Typography sx={{ mb: 4, maxWidth: 800 }}>{parcoursIntro(facts)}</Typography>
      <Section id="parcours-hours" title="Öffnungszeiten">
        {/* The club's own words on the hours, the rule from the data, the days it gives, then closures. */}
        <InfoText identifier="archparcours_openings" />
        <Typography sx={{ mb: 2, maxWidth: 800 }}>{describeOpeningRule(facts.opening)}</Typography>
        <OpeningHours days={days} />
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

/** The course's opening days for given facts (the page's and the preview's). */
export function useCourseOpeningDays(profile: ClubProfile | undefined, facts: CourseFacts | undefined): OpeningDay[] | undefined {
  const days = useOpeningDays(profile, facts?.opening);
  return profile && facts ? days : undefined;
}

/** Arch parcours (SPEC §2, §9): rules, prices, sun-based opening hours, tournaments, usage and directions, all from the club's data. */
export function ArchParcoursPage() {
  const profile = useClubProfile().data;
  const facts = useCourseFacts().data;
  const origin = useSiteOrigin();
  const days = useCourseOpeningDays(profile, facts);
  const description = facts ? `${parcoursIntro(facts)} Öffnungszeiten nach Sonnenauf- und -untergang, Preise, Regeln und Anfahrt.` : undefined;
  return (
    <>
      <PageTitle>3D-Bogenparcours</PageTitle>
      <SectionAlert identifier="archparcours" />
      <PageHead
        description={description}
        structuredData={origin && profile && facts && days && description ? [archeryCourse(profile, facts, days, origin, description)] : undefined}
      />
      {facts ? <ArchParcoursContent facts={facts} profile={profile} days={days} /> : <Skeleton variant="rectangular" height={320} aria-hidden />}
    </>
  );
}
