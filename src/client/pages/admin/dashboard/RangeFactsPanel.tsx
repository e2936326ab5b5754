import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { RANGE_FACTS_LABELS, type RangeFacts } from '../../../../shared/rangeFacts.ts';
import { rangeFactsInput } from '../../../../shared/schemas/rangeFacts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { fieldErrorsOf } from '../../../errors.ts';
import { trpc } from '../../../trpc.ts';
import { GunRangeDescription } from '../../public/GunTimesPage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The form's text of each fact: numbers as typed, an empty minimum age for none. */
interface Draft {
  lanes: string;
  minimumAge: string;
}

const draftOf = (facts: RangeFacts): Draft => ({ lanes: String(facts.lanes), minimumAge: facts.minimumAge === null ? '' : String(facts.minimumAge) });

/** The first message per field. */
function messagesOf(draft: Draft): Record<string, string> {
  const result = rangeFactsInput.safeParse(draft);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

/**
 * Panel 'Luftdruckstand: Fakten' (issue 26.1): the range's number of lanes and minimum age
 * (dashboard_update), with the description of /zeiten-lg-lp as preview. Read-only for
 * members with dashboard_view alone.
 */
export function RangeFactsPanel({ canUpdate }: { canUpdate: boolean }) {
  const facts = trpc.club.rangeFacts.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Angaben zum Luftdruckstand' } });
  if (!facts.data) return <PanelStatus query={facts} />;
  return <RangeFactsForm facts={facts.data} canUpdate={canUpdate} />;
}

function RangeFactsForm({ facts, canUpdate }: { facts: RangeFacts; canUpdate: boolean }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(() => draftOf(facts));
  const [dirty, setDirty] = useState(false);
  // Leaving the page with unsaved changes asks first (issue 28.2).
  useUnsavedChanges(dirty);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // A fresher answer of the server replaces the form as long as nobody has started editing.
  const [shownFacts, setShownFacts] = useState(facts);
  if (facts !== shownFacts) {
    setShownFacts(facts);
    if (!dirty) setDraft(draftOf(facts));
  }

  const save = trpc.club.updateRangeFacts.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Angaben zum Luftdruckstand' },
    onSuccess: ({ data }) => {
      setDraft(draftOf(data));
      setDirty(false);
      setAttempted(false);
      void utils.club.rangeFacts.invalidate();
      void utils.club.range.invalidate();
    },
    onError: (error) => setServerErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([path, list]) => [path, list[0] ?? '']))),
  });
  const readOnly = !canUpdate || save.isPending;
  const checked = useMemo(() => rangeFactsInput.safeParse(draft), [draft]);
  const clientErrors = attempted ? messagesOf(draft) : {};
  // While a field is wrong the preview shows the saved version.
  const preview = checked.success ? checked.data : facts;

  const field = (fact: keyof Draft, label: string, helperText?: string) => {
    const error = clientErrors[fact] ?? serverErrors[fact];
    return (
      <TextField
        label={label}
        value={draft[fact]}
        onChange={(event) => {
          const value = event.target.value;
          setDraft((previous) => ({ ...previous, [fact]: value }));
          setDirty(true);
          setServerErrors(({ [fact]: _dropped, ...rest }) => rest);
        }}
        error={error !== undefined}
        helperText={error ?? helperText}
        required={fact === 'lanes'}
        autoComplete="off"
        fullWidth
        slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'numeric' } }}
      />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box
        component="form"
        noValidate
        aria-label="Luftdruckstand: Fakten"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        onSubmit={(event) => {
          event.preventDefault();
          if (readOnly) return;
          setAttempted(true);
          setServerErrors({});
          const result = rangeFactsInput.safeParse(draft);
          if (result.success) save.mutate(result.data);
        }}
      >
        {!canUpdate && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ReadOnlyNote />
          </Box>
        )}
        {field('lanes', RANGE_FACTS_LABELS.lanes)}
        {field('minimumAge', `${RANGE_FACTS_LABELS.minimumAge} (Jahre)`, 'leer: keines')}
        {canUpdate && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <SaveButton saving={save.isPending} spacing={0} />
          </Box>
        )}
      </Box>
      <Paper variant="outlined" component="section" aria-label="Vorschau der Seite Schießzeiten LG/LP" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="subtitle1" component="p" sx={{ mb: 2 }}>
          Vorschau: so beschreibt die Seite „Schießzeiten Luftgewehr/Luftpistole“ den Stand{checked.success ? '' : ' (der gespeicherte Stand, bis alle Angaben gültig sind)'}.
        </Typography>
        <GunRangeDescription facts={preview} />
      </Paper>
    </Box>
  );
}
