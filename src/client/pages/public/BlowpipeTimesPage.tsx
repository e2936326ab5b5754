import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatEuro, type PriceRow } from '../../../shared/courseFacts.ts';
import { useCourseFacts } from '../../publicContent.ts';
import { SectionTimes } from './SectionTimes.tsx';

/** The section the course's price table names for blowpipe day tickets. */
const BLOWPIPE_PRICE_SECTION = 'blasrohr';

/** `8,00 € (alle)`, `8,00 € (Erwachsene), 5,00 € (Kinder)`: the blowpipe's day tickets from the course's price table. */
function blowpipePrices(rows: readonly PriceRow[]): string {
  return rows
    .filter((row) => row.section.trim().toLowerCase() === BLOWPIPE_PRICE_SECTION)
    .map((row) => `${formatEuro(row.price)} (${row.persons})`)
    .join(', ');
}

/** Blowpipe times (SPEC §2): description, the weekly shooting times with the times text under them and the section's notice. */
export function BlowpipeTimesPage() {
  // The price is the course's data (panel 'Bogenparcours: Fakten und Preise'), never written here.
  const dayPrices = useCourseFacts().data?.dayPrices;
  const prices = dayPrices ? blowpipePrices(dayPrices) : '';
  return (
    <SectionTimes
      title="Schießzeiten Blasrohr"
      section="blowpipe"
      alert="blowpipe"
      description={
        <>
          <Typography sx={{ mb: 2 }}>
            Blasrohrschießen verbindet Konzentration, Atemtechnik und Treffsicherheit und eignet sich für alle
            Altersgruppen. Geschossen wird mit Pfeilen auf Scheiben auf festgelegte Entfernungen. Wer es ausprobieren
            möchte, ist zu den Trainingszeiten willkommen und bekommt dort eine Einweisung.
          </Typography>
          {prices !== '' && (
            <Typography sx={{ mb: 2 }}>
              Am{' '}
              <Link component={RouterLink} to="/bogenparcours">
                Bogenparcours
              </Link>
              {` kostet die Tageskarte für das Blasrohr ${prices}.`}
            </Typography>
          )}
        </>
      }
    />
  );
}
