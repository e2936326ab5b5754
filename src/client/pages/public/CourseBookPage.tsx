import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  CHECK_IN_PROBLEM_QUERY,
  CHECK_IN_PROBLEMS,
  COURSE_BOOK_LIMITS,
  COURSE_BOOK_PATH,
  PAYMENT_LABELS,
  retentionText,
  type CheckInProblem,
  type CourseBookCategory,
} from '../../../shared/courseBook.ts';
import { formatEuro } from '../../../shared/courseFacts.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { visuallyHidden } from '../../components/visuallyHidden.ts';
import { PUBLIC_STALE_MS } from '../../publicContent.ts';
import { trpc } from '../../trpc.ts';
import { checkRowSx, fieldSx, labelSx, primaryButtonSx } from './coursebook/formStyles.ts';

/** Rows shown at once; the others wait behind 'Weitere Personen', so the form stays short for the usual small group. */
const FIRST_ROWS = 3;

function ShooterFields({ number, categories }: { number: number; categories: readonly CourseBookCategory[] }) {
  return (
    <Box component="fieldset" sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1.5, mt: 2, minWidth: 0 }}>
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 500 }}>
        Person {number}
      </Typography>
      <Box component="label" sx={labelSx} htmlFor={`name${number}`}>
        Vor- und Nachname
      </Box>
      <Box component="input" sx={fieldSx} id={`name${number}`} name={`name${number}`} maxLength={COURSE_BOOK_LIMITS.name} autoComplete={number === 1 ? 'name' : 'off'} required={number === 1} />
      <Box component="label" sx={labelSx} htmlFor={`kategorie${number}`}>
        Kategorie
      </Box>
      <Box component="select" sx={fieldSx} id={`kategorie${number}`} name={`kategorie${number}`} defaultValue="0">
        {categories.map((category) => (
          <option key={category.index} value={category.index}>
            {category.label} – {formatEuro(category.priceCents / 100)}
          </option>
        ))}
      </Box>
      <Box component="label" sx={labelSx} htmlFor={`nummer${number}`}>
        Schützennummer (nur Mitglieder mit Jahreskarte)
      </Box>
      <Box component="input" sx={fieldSx} id={`nummer${number}`} name={`nummer${number}`} inputMode="numeric" pattern="[0-9]{8}" maxLength={8} autoComplete="off" />
    </Box>
  );
}

/**
 * The course book at the entrance (issue 30.2): the poster's QR code leads here. A plain
 * form that posts to the server (no JavaScript needed): up to ten shooters with their
 * category from the day-ticket table, a phone number for emergencies, the course's rules
 * each shown and accepted, the children's rule, the payment way. The answer is the ticket.
 */
export function CourseBookPage() {
  const form = trpc.courseBook.form.useQuery(undefined, { staleTime: PUBLIC_STALE_MS }).data;
  const [search] = useSearchParams();
  const problemKey = search.get(CHECK_IN_PROBLEM_QUERY);
  const problem = problemKey !== null && Object.hasOwn(CHECK_IN_PROBLEMS, problemKey) ? CHECK_IN_PROBLEMS[problemKey as CheckInProblem] : undefined;
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageTitle>Parcoursbuch</PageTitle>
      <PageHead description="Eintragen am 3D-Bogenparcours: Gruppe, Kategorie, Notfallnummer und Regeln – das Ticket kommt sofort." />
      <Typography sx={{ mb: 2 }}>
        Tragt eure Gruppe vor dem ersten Schuss hier ein. Danach bekommt ihr euer Ticket mit Preis und Ticketcode; beim Gehen meldet ihr
        euch dort mit „Parcours verlassen“ ab.
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      {!form ? (
        <Skeleton variant="rectangular" height={400} />
      ) : (
        <Box component="form" method="post" action={COURSE_BOOK_PATH} noValidate={false}>
          {Array.from({ length: FIRST_ROWS }, (_, index) => (
            <ShooterFields key={index} number={index + 1} categories={form.categories} />
          ))}
          <Box component="details" sx={{ mt: 2, '& summary': { cursor: 'pointer', minHeight: '48px', display: 'flex', alignItems: 'center', fontWeight: 500 } }}>
            <summary>Weitere Personen (bis zu {COURSE_BOOK_LIMITS.shooters})</summary>
            {Array.from({ length: COURSE_BOOK_LIMITS.shooters - FIRST_ROWS }, (_, index) => (
              <ShooterFields key={index} number={index + FIRST_ROWS + 1} categories={form.categories} />
            ))}
          </Box>

          <Box component="label" sx={{ ...labelSx, mt: 3 }} htmlFor="telefon">
            Telefonnummer für Notfälle
          </Box>
          <Box component="input" sx={fieldSx} id="telefon" name="telefon" type="tel" autoComplete="tel" maxLength={COURSE_BOOK_LIMITS.phone} required />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Unter dieser Nummer erreicht euch der Verein, wenn ihr bei Einbruch der Dunkelheit noch auf dem Parcours seid.
          </Typography>

          <Typography component="h2" variant="h6" sx={{ mt: 3 }} id="regeln-titel">
            Regeln des Parcours
          </Typography>
          <Box component="ol" aria-labelledby="regeln-titel" sx={{ pl: 3 }}>
            {form.rules.map((rule) => (
              <li key={rule}>
                <Typography sx={{ mb: 1 }}>{rule}</Typography>
              </li>
            ))}
          </Box>
          <Box component="label" sx={checkRowSx}>
            <input type="checkbox" name="regeln" value="ja" required />
            <span>Wir haben die Regeln gelesen und halten sie ein.</span>
          </Box>
          <Box component="label" sx={checkRowSx}>
            <input type="checkbox" name="kinder" value="ja" />
            <span>Kinder und Jugendliche unserer Gruppe schießen nur in Begleitung und unter Aufsicht eines Erwachsenen der Gruppe.</span>
          </Box>

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <Typography component="legend" variant="h6">
              Bezahlen
            </Typography>
            <Box component="label" sx={checkRowSx}>
              <input type="radio" name="zahlung" value="cash" defaultChecked />
              <span>{PAYMENT_LABELS.cash}: Umschlag mit dem Ticketcode in die Kasse am Eingang</span>
            </Box>
            {form.transferOffered && (
              <Box component="label" sx={checkRowSx}>
                <input type="radio" name="zahlung" value="transfer" />
                <span>{PAYMENT_LABELS.transfer}: mit der Banking-App den Code auf dem Ticket scannen</span>
              </Box>
            )}
          </Box>

          {/* Left empty by people; a program that fills every field is recognised by it. */}
          <Box sx={visuallyHidden} aria-hidden="true">
            <label>
              Homepage
              <input name="homepage" tabIndex={-1} autoComplete="off" />
            </label>
          </Box>

          <Button type="submit" variant="contained" sx={primaryButtonSx}>
            Eintragen und Ticket erhalten
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Namen, Schützennummern und Telefonnummern löschen wir nach {retentionText(form.retentionMonths)} automatisch. Mehr dazu in der{' '}
            <Link component={RouterLink} to="/datenschutz">
              Datenschutzerklärung
            </Link>
            .
          </Typography>
        </Box>
      )}
    </Box>
  );
}
