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
import { useMemo, useState, type ReactNode } from 'react';
import { COURSE_FACTS_LABELS, priceText, type CourseFacts, type PriceRow } from '../../../../shared/courseFacts.ts';
import { courseFactsInput } from '../../../../shared/schemas/courseFacts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { fieldErrorsOf } from '../../../errors.ts';
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

/** The first message per place in the form, by its whole path (`dayPrices.0.price`), so it shows under that very field. */
function messagesOf(draft: Draft): Record<string, string> {
  const result = courseFactsInput.safeParse(draft);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
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
  const [draft, setDraft] = useState(() => draftOf(facts));
  const [dirty, setDirty] = useState(false);
  // Leaving the page with unsaved changes asks first (issue 28.2).
  useUnsavedChanges(dirty);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // A fresher answer of the server replaces the form as long as nobody has started editing
  // (state adjusted while rendering, not in an effect).
  const [shownFacts, setShownFacts] = useState(facts);
  if (facts !== shownFacts) {
    setShownFacts(facts);
    if (!dirty) setDraft(draftOf(facts));
  }

  const save = trpc.club.updateCourseFacts.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Angaben zum Bogenparcours' },
    onSuccess: ({ data }) => {
      setDraft(draftOf(data));
      setDirty(false);
      setAttempted(false);
      void utils.club.courseFacts.invalidate();
      // What visitors see follows at once.
      void utils.club.course.invalidate();
    },
    onError: (error) => setServerErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([path, list]) => [path, list[0] ?? '']))),
  });
  const readOnly = !canUpdate || save.isPending;

  const checked = useMemo(() => courseFactsInput.safeParse(draft), [draft]);
  const clientErrors = attempted ? messagesOf(draft) : {};
  const errorAt = (path: string): string | undefined => clientErrors[path] ?? serverErrors[path];

  // While a field is wrong the preview shows the saved version, never half a price.
  const preview = checked.success ? checked.data : facts;
  const profile = useClubProfile().data;
  const days = useCourseOpeningDays(profile, preview);

  const change = (update: (previous: Draft) => Draft, path: string) => {
    setDraft(update);
    setDirty(true);
    setServerErrors((previous) => {
      if (previous[path] === undefined) return previous;
      const { [path]: _dropped, ...rest } = previous;
      return rest;
    });
  };

  const text = (label: string, path: string, value: string, set: (value: string) => void, options: { required?: boolean; multiline?: boolean; helperText?: string; inputMode?: 'numeric' | 'decimal' } = {}) => {
    const error = errorAt(path);
    return (
      <TextField
        label={label}
        value={value}
        onChange={(event) => set(event.target.value)}
        error={error !== undefined}
        helperText={error ?? options.helperText}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        autoComplete="off"
        fullWidth
        slotProps={{ input: { readOnly }, htmlInput: { inputMode: options.inputMode } }}
      />
    );
  };

  const setTop = <Field extends 'targets' | 'walkMeters' | 'minimumAge' | 'annualNote'>(field: Field) => (value: string) =>
    change((previous) => ({ ...previous, [field]: value }), field);
  const setOpening = (field: keyof Draft['opening']) => (value: string) =>
    change((previous) => ({ ...previous, opening: { ...previous.opening, [field]: value } }), `opening.${field}`);
  const setPrice = (list: PriceList, index: number, field: keyof PriceDraft) => (value: string) =>
    change((previous) => ({ ...previous, [list]: previous[list].map((row, at) => (at === index ? { ...row, [field]: value } : row)) }), `${list}.${index}.${field}`);
  const setRule = (index: number) => (value: string) => change((previous) => ({ ...previous, rules: previous.rules.map((rule, at) => (at === index ? value : rule)) }), `rules.${index}`);

  const priceRows = (list: PriceList, ticket: string) => (
    <>
      {draft[list].map((row, index) => (
        <Box key={index} role="group" aria-label={`${ticket} ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr 2fr auto' }, alignItems: 'start' }}>
          {text('Sparte', `${list}.${index}.section`, row.section, setPrice(list, index, 'section'), { helperText: 'leer: keine Spalte' })}
          {text('Personen', `${list}.${index}.persons`, row.persons, setPrice(list, index, 'persons'), { required: true })}
          {text('Preis in €', `${list}.${index}.price`, row.price, setPrice(list, index, 'price'), { required: true, inputMode: 'decimal', helperText: 'z. B. 12,50' })}
          {canUpdate && (
            <RowButtons
              what={`${ticket} ${index + 1}`}
              index={index}
              count={draft[list].length}
              disabled={readOnly}
              onMove={(to) => change((previous) => ({ ...previous, [list]: move(previous[list], index, to) }), list)}
              onRemove={() => change((previous) => ({ ...previous, [list]: previous[list].filter((_row, at) => at !== index) }), list)}
            />
          )}
        </Box>
      ))}
      {errorAt(list) && (
        <Typography color="error" variant="body2" role="alert">
          {errorAt(list)}
        </Typography>
      )}
      {canUpdate && (
        <Box>
          <Button startIcon={<AddIcon />} disabled={readOnly} onClick={() => change((previous) => ({ ...previous, [list]: [...previous[list], { section: '', persons: '', price: '' }] }), list)}>
            Zeile hinzufügen ({ticket})
          </Button>
        </Box>
      )}
    </>
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="form"
        noValidate
        aria-label="Bogenparcours: Fakten und Preise"
        sx={{ display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (readOnly) return;
          setAttempted(true);
          setServerErrors({});
          const result = courseFactsInput.safeParse(draft);
          if (result.success) save.mutate(result.data);
        }}
      >
        {!canUpdate && <ReadOnlyNote />}
        <Section title="Zahlen zum Parcours">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            {text(COURSE_FACTS_LABELS.targets, 'targets', draft.targets, setTop('targets'), { required: true, inputMode: 'numeric' })}
            {text(`${COURSE_FACTS_LABELS.walkMeters} (m)`, 'walkMeters', draft.walkMeters, setTop('walkMeters'), { required: true, inputMode: 'numeric', helperText: '0: nicht angeben' })}
            {text(`${COURSE_FACTS_LABELS.minimumAge} (Jahre)`, 'minimumAge', draft.minimumAge, setTop('minimumAge'), { inputMode: 'numeric', helperText: 'leer: keines' })}
          </Box>
        </Section>
        <Section title="Tageskarten" hint="Die Sparte (z. B. Bogen, Blasrohr) erscheint als eigene Spalte, sobald eine Zeile eine nennt.">
          {priceRows('dayPrices', 'Tageskarte')}
        </Section>
        <Section title="Jahreskarten" hint="Ohne Zeilen zeigt die Seite keine Jahreskarten.">
          {text(COURSE_FACTS_LABELS.annualNote, 'annualNote', draft.annualNote, setTop('annualNote'), { helperText: 'erscheint in Klammern hinter „Jahreskarten“' })}
          {priceRows('annualPrices', 'Jahreskarte')}
        </Section>
        <Section title="Regeln" hint="In der Reihenfolge, in der die Seite sie nummeriert.">
          {draft.rules.map((rule, index) => (
            <Box key={index} role="group" aria-label={`Regel ${index + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
              {text(`Regel ${index + 1}`, `rules.${index}`, rule, setRule(index), { required: true, multiline: true })}
              {canUpdate && (
                <RowButtons
                  what={`Regel ${index + 1}`}
                  index={index}
                  count={draft.rules.length}
                  disabled={readOnly}
                  onMove={(to) => change((previous) => ({ ...previous, rules: move(previous.rules, index, to) }), 'rules')}
                  onRemove={() => change((previous) => ({ ...previous, rules: previous.rules.filter((_rule, at) => at !== index) }), 'rules')}
                />
              )}
            </Box>
          ))}
          {errorAt('rules') && (
            <Typography color="error" variant="body2" role="alert">
              {errorAt('rules')}
            </Typography>
          )}
          {canUpdate && (
            <Box>
              <Button startIcon={<AddIcon />} disabled={readOnly} onClick={() => change((previous) => ({ ...previous, rules: [...previous.rules, ''] }), 'rules')}>
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
            {text('Früheste Öffnung', 'opening.earliestOpen', draft.opening.earliestOpen, setOpening('earliestOpen'), { required: true, helperText: 'z. B. 08:00' })}
            {text('Spätester Schluss', 'opening.latestClose', draft.opening.latestClose, setOpening('latestClose'), { required: true, helperText: 'z. B. 19:00' })}
            {text('Minuten nach Sonnenaufgang', 'opening.minutesAfterSunrise', draft.opening.minutesAfterSunrise, setOpening('minutesAfterSunrise'), { required: true, inputMode: 'numeric' })}
            {text('Minuten vor Sonnenuntergang', 'opening.minutesBeforeSunset', draft.opening.minutesBeforeSunset, setOpening('minutesBeforeSunset'), { required: true, inputMode: 'numeric' })}
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
