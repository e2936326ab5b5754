import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { COURSE_FACTS_LABELS, priceText, type CourseFacts, type PriceRow } from '../../../../shared/courseFacts.ts';
import { courseFactsInput } from '../../../../shared/schemas/courseFacts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { textFieldPropsAt, useRecordForm, type TextPath } from '../../../components/useSchemaForm.ts';
import { useClubProfile } from '../../../publicContent.ts';
import { trpc } from '../../../trpc.ts';
import { ArchParcoursContent, useCourseOpeningDays } from '../../public/ArchParcoursPage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The form holds numbers as the member types them (`12,50`); the shared schema reads them. */
interface PriceDraft {
  section: string;
  persons: string;
  price: string;
}
interface Draft {
  targets: string;
  walkMeters: string;
  minimumAge: string;
  dayPrices: PriceDraft[];
  annualPrices: PriceDraft[];
  annualNote: string;
  rules: string[];
  opening: { earliestOpen: string; latestClose: string; minutesAfterSunrise: string; minutesBeforeSunset: string };
}
type PriceList = 'dayPrices' | 'annualPrices';

const priceDraft = (row: PriceRow): PriceDraft => ({ section: row.section, persons: row.persons, price: priceText(row.price) });

function draftOf(facts: CourseFacts): Draft {
  return {
    targets: String(facts.targets),
    walkMeters: String(facts.walkMeters),
    minimumAge: facts.minimumAge === null ? '' : String(facts.minimumAge),
    dayPrices: facts.dayPrices.map(priceDraft),
    annualPrices: facts.annualPrices.map(priceDraft),
    annualNote: facts.annualNote,
    rules: [...facts.rules],
    opening: {
      earliestOpen: facts.opening.earliestOpen,
      latestClose: facts.opening.latestClose,
      minutesAfterSunrise: String(facts.opening.minutesAfterSunrise),
      minutesBeforeSunset: String(facts.opening.minutesBeforeSunset),
    },
  };
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="legend" sx={{ px: 0.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** Up, down and remove for one row of a list the page shows in this order. */
function RowButtons({ what, index, count, disabled, onMove, onRemove }: { what: string; index: number; count: number; disabled: boolean; onMove: (to: number) => void; onRemove: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton aria-label={`${what} nach oben`} disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton aria-label={`${what} nach unten`} disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDownwardIcon />
      </IconButton>
      <IconButton aria-label={`${what} entfernen`} disabled={disabled} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/**
 * Panel 'Bogenparcours: Fakten und Preise' (issue 26.1): the course's numbers, its price
 * tables, its rules and the rule of its opening hours, saved together (dashboard_update),
 * with a preview that is the course page's own component fed with what is being typed.
 * Read-only for members with dashboard_view alone.
 */
export function CourseFactsPanel({ canUpdate }: { canUpdate: boolean }) {
  const facts = trpc.club.courseFacts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Angaben zum Bogenparcours' } });
  if (!facts.data) return <PanelStatus query={facts} />;
  return <CourseFactsForm facts={facts.data} canUpdate={canUpdate} />;
}

function CourseFactsForm({ facts, canUpdate }: { facts: CourseFacts; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  // The shared form hook: messages under the very field of a price row or rule, the server's
  // refusals, a fresher answer while nobody edits, and unsaved changes held (issue 28.2).
  const form = useRecordForm(courseFactsInput, facts, draftOf);
  const draft = form.values;
  const save = trpc.club.updateCourseFacts.useMutation(
    form.mutationOptions('Fehler beim Speichern der Angaben zum Bogenparcours', ({ data }: { data: CourseFacts }) => {
      form.reset(draftOf(data));
      void utils.club.courseFacts.invalidate();
      // What visitors see follows at once.
      void utils.club.course.invalidate();
    }),
  );
  const readOnly = !canUpdate || save.isPending;
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: readOnly });

  // While a field is wrong the preview shows the saved version, never half a price.
  const checked = useMemo(() => courseFactsInput.safeParse(draft), [draft]);
  const preview = checked.success ? checked.data : facts;
  const profile = useClubProfile().data;
  const days = useCourseOpeningDays(profile, preview);

  const text = (label: string, path: TextPath<Draft>, options: { required?: boolean; multiline?: boolean; helperText?: string; inputMode?: 'numeric' | 'decimal' } = {}) => {
    const props = textFieldPropsAt(form, path);
    return (
      <TextField
        label={label}
        {...props}
        helperText={props.helperText ?? options.helperText}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        autoComplete="off"
        fullWidth
        slotProps={{ input: { readOnly }, htmlInput: { inputMode: options.inputMode } }}
      />
    );
  };

  /** A message about a list as a whole, e.g. too many rows, below its rows. */
  const listMessage = (list: PriceList | 'rules') =>
    form.errorAt(list) && (
      <Typography color="error" variant="body2" role="alert">
        {form.errorAt(list)}
      </Typography>
    );

  const priceRows = (list: PriceList, ticket: string) => (
    <>
      {draft[list].map((_row, index) => (
        <Box key={index} role="group" aria-label={`${ticket} ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr 2fr auto' }, alignItems: 'start' }}>
          {text('Sparte', `${list}.${index}.section`, { helperText: 'leer: keine Spalte' })}
          {text('Personen', `${list}.${index}.persons`, { required: true })}
          {text('Preis in €', `${list}.${index}.price`, { required: true, inputMode: 'decimal', helperText: 'z. B. 12,50' })}
          {canUpdate && (
            <RowButtons
              what={`${ticket} ${index + 1}`}
              index={index}
              count={draft[list].length}
              disabled={readOnly}
              onMove={(to) => form.setField(list, move(draft[list], index, to))}
              onRemove={() => form.setField(list, draft[list].filter((_row, at) => at !== index))}
            />
          )}
        </Box>
      ))}
      {listMessage(list)}
      {canUpdate && (
        <Box>
          <Button startIcon={<AddIcon />} disabled={readOnly} onClick={() => form.setField(list, [...draft[list], { section: '', persons: '', price: '' }])}>
            Zeile hinzufügen ({ticket})
          </Button>
        </Box>
      )}
    </>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate aria-label="Bogenparcours: Fakten und Preise" sx={{ display: 'grid', gap: 2 }} onSubmit={submit}>
        {!canUpdate && <ReadOnlyNote />}
        <Section title="Zahlen zum Parcours">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            {text(COURSE_FACTS_LABELS.targets, 'targets', { required: true, inputMode: 'numeric' })}
            {text(`${COURSE_FACTS_LABELS.walkMeters} (m)`, 'walkMeters', { required: true, inputMode: 'numeric', helperText: '0: nicht angeben' })}
            {text(`${COURSE_FACTS_LABELS.minimumAge} (Jahre)`, 'minimumAge', { inputMode: 'numeric', helperText: 'leer: keines' })}
          </Box>
        </Section>
        <Section title="Tageskarten" hint="Die Sparte (z. B. Bogen, Blasrohr) erscheint als eigene Spalte, sobald eine Zeile eine nennt.">
          {priceRows('dayPrices', 'Tageskarte')}
        </Section>
        <Section title="Jahreskarten" hint="Ohne Zeilen zeigt die Seite keine Jahreskarten.">
          {text(COURSE_FACTS_LABELS.annualNote, 'annualNote', { helperText: 'erscheint in Klammern hinter „Jahreskarten“' })}
          {priceRows('annualPrices', 'Jahreskarte')}
        </Section>
        <Section title="Regeln" hint="In der Reihenfolge, in der die Seite sie nummeriert.">
          {draft.rules.map((_rule, index) => (
            <Box key={index} role="group" aria-label={`Regel ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
              {text(`Regel ${index + 1}`, `rules.${index}`, { required: true, multiline: true })}
              {canUpdate && (
                <RowButtons
                  what={`Regel ${index + 1}`}
                  index={index}
                  count={draft.rules.length}
                  disabled={readOnly}
                  onMove={(to) => form.setField('rules', move(draft.rules, index, to))}
                  onRemove={() => form.setField('rules', draft.rules.filter((_rule, at) => at !== index))}
                />
              )}
            </Box>
          ))}
          {listMessage('rules')}
          {canUpdate && (
            <Box>
              <Button startIcon={<AddIcon />} disabled={readOnly} onClick={() => form.setField('rules', [...draft.rules, ''])}>
                Regel hinzufügen
              </Button>
            </Box>
          )}
        </Section>
        <Section
          title={COURSE_FACTS_LABELS.opening}
          hint="Öffnung: Sonnenaufgang, auf die Viertelstunde aufgerundet, plus die Minuten, aber nicht vor der frühesten Öffnung. Schluss: Sonnenuntergang, auf die Viertelstunde abgerundet, minus die Minuten, aber nicht nach dem spätesten Schluss."
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            {text('Früheste Öffnung', 'opening.earliestOpen', { required: true, helperText: 'z. B. 08:00' })}
            {text('Spätester Schluss', 'opening.latestClose', { required: true, helperText: 'z. B. 19:00' })}
            {text('Minuten nach Sonnenaufgang', 'opening.minutesAfterSunrise', { required: true, inputMode: 'numeric' })}
            {text('Minuten vor Sonnenuntergang', 'opening.minutesBeforeSunset', { required: true, inputMode: 'numeric' })}
          </Box>
        </Section>
        {canUpdate && <SaveButton saving={save.isPending} spacing={0} />}
      </Box>
      <Paper variant="outlined" component="section" aria-label="Vorschau der Seite Bogenparcours" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          Vorschau: so zeigt die Seite „3D-Bogenparcours“ diese Angaben{checked.success ? '' : ' (der gespeicherte Stand, bis alle Angaben gültig sind)'}.
        </Typography>
        <ArchParcoursContent facts={preview} profile={profile} days={days} />
      </Paper>
    </Box>
  );
}
