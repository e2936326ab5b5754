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
import { formatOpeningDay, openingHours } from '../../../shared/openingHours.ts';
import { InfoText, SectionAlert } from '../../components/InfoText.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { useClubProfile } from '../../publicContent.ts';
import { useNow } from '../../render/renderedAt.tsx';

const OPENING_DAYS = 7;

const RULES: readonly string[] = [
  'Vor dem ersten Schuss wird die Tages- oder Jahreskarte gelöst; die Nutzung erfolgt auf eigene Gefahr.',
  'Kinder und Jugendliche schießen nur in Begleitung und unter Aufsicht eines Erwachsenen.',
  'Geschossen wird nur von den markierten Abschusspflöcken auf die aufgestellten 3D-Ziele und nur, wenn sich niemand im Schussbereich aufhält.',
  'Erlaubt sind Feld- und Scheibenspitzen; Jagdspitzen und Armbrüste sind nicht zugelassen.',
  'Die Wege und die Reihenfolge der Ziele werden eingehalten; Pfeile werden nur gesucht, wenn die nachfolgende Gruppe gewarnt ist.',
  'Wald und Wiese bleiben sauber: Abfall und abgebrochene Pfeile werden wieder mitgenommen, Hunde sind an der Leine zu führen.',
];

interface Price {
  who: string;
  price: string;
}

const DAY_PRICES: readonly { group: string; prices: readonly Price[] }[] = [
  {
    group: 'Bogen',
    prices: [
      { who: 'Erwachsene', price: '12,00 €' },
      { who: 'Jugendliche (13–17 Jahre)', price: '8,00 €' },
      { who: 'Kinder (unter 13 Jahren)', price: '5,00 €' },
    ],
  },
  { group: 'Blasrohr', prices: [{ who: 'alle', price: '8,00 €' }] },
];

const ANNUAL_PRICES: readonly Price[] = [
  { who: 'Erwachsene', price: '150,00 €' },
  { who: 'Jugendliche (13–17 Jahre)', price: '90,00 €' },
  { who: 'Kinder (unter 13 Jahren)', price: '60,00 €' },
];

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

interface PriceRow extends Price {
  /** The section (Bogen, Blasrohr), in a column of its own where the table has one. */
  group?: string;
}

/** One price list: the caption names it, each row is headed by who pays. */
function PriceTable({ id, caption, rows }: { id: string; caption: string; rows: readonly PriceRow[] }) {
  const grouped = rows.some((row) => row.group !== undefined);
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
          {rows.map((row) => (
            <TableRow key={`${row.group ?? ''} ${row.who}`}>
              {grouped && <TableCell>{row.group}</TableCell>}
              <TableCell component="th" scope="row">
                {row.who}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.price}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PriceTables() {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <PriceTable id="parcours-day-prices" caption="Tageskarten" rows={DAY_PRICES.flatMap(({ group, prices }) => prices.map((price) => ({ group, ...price })))} />
      <PriceTable id="parcours-annual-prices" caption="Jahreskarten (nur für Mitglieder, gültig vom 1. Januar bis 31. Dezember)" rows={ANNUAL_PRICES} />
    </Box>
  );
}

/** Sun-based hours of the next 7 days (SPEC §9), computed here in the visitor's browser. */
function OpeningHours({ profile }: { profile: ClubProfile | undefined }) {
  // Rendered for the server's day first (the page comes rendered), then for the visitor's clock.
  const now = useNow();
  // The day, not the render: the list only changes when the date does.
  const today = now.toDateString();
  const days = useMemo(
    () => (profile ? openingHours(now, OPENING_DAYS, profile.course) : []),
    // `today` is not read inside, but a new day is the reason to compute again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [profile, today],
  );
  if (!profile) return <Skeleton variant="rectangular" height={160} aria-hidden />;
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

function Directions({ profile }: { profile: ClubProfile | undefined }) {
  if (!profile) return <Skeleton variant="text" width="40%" aria-hidden />;
  const parking = profile.course.parking;
  return (
    <>
      {hasAddress(parking) && (
        <Typography sx={{ mb: 1 }}>
          Parkplatz: <Box component="span" sx={{ fontWeight: 500 }}>{formatAddress(parking)}</Box>
        </Typography>
      )}
      <Typography sx={{ mb: 1 }}>Vom Parkplatz sind es 600 m Fußweg bis zum Parcours.</Typography>
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

const PARCOURS_INTRO =
  'Unser 3D-Bogenparcours führt mit 28 Tierzielen durch Wald und Wiese. Er steht Mitgliedern und Gästen offen; Gäste lösen vor dem Start eine Tageskarte.';

/** Arch parcours (SPEC §2, §9): rules, prices, sun-based opening hours, tournaments, usage and directions. */
export function ArchParcoursPage() {
  const profile = useClubProfile().data;
  return (
    <>
      <PageTitle>3D-Bogenparcours</PageTitle>
      <SectionAlert identifier="archparcours" />
      <PageHead description={`${PARCOURS_INTRO} Öffnungszeiten nach Sonnenauf- und -untergang, Preise, Regeln und Anfahrt.`} />
      <Typography sx={{ mb: 4, maxWidth: 800 }}>{PARCOURS_INTRO}</Typography>
      <Section id="parcours-hours" title="Öffnungszeiten">
        {/* The club's own words on the rules of the hours, then the days they give, then closures. */}
        <InfoText identifier="archparcours_openings" />
        <OpeningHours profile={profile} />
        <InfoText identifier="archparcours_closings" />
      </Section>
      <Section id="parcours-prices" title="Preise">
        <PriceTables />
      </Section>
      <Section id="parcours-rules" title="Regeln">
        <Box component="ol" sx={{ m: 0, pl: 3, maxWidth: 800 }}>
          {RULES.map((rule) => (
            <Typography component="li" key={rule} sx={{ mb: 0.5 }}>
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
        <Directions profile={profile} />
      </Section>
    </>
  );
}
