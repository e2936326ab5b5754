import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { RANGE_FACTS_LABELS, type RangeFacts } from '../../../../shared/rangeFacts.ts';
import { rangeFactsInput } from '../../../../shared/schemas/rangeFacts.ts';
import { SaveButton } from '../../../components/EditorCard.tsx';
import { textFieldProps, useRecordForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import { GunRangeDescription } from '../../public/GunTimesPage.tsx';
import { PanelStatus, ReadOnlyNote } from './PanelStatus.tsx';

/** The form's text of each fact: numbers as typed, an empty minimum age for none. */
interface RangeFactsValues {
  lanes: string;
  minimumAge: string;
}

const valuesOf = (facts: RangeFacts): RangeFactsValues => ({ lanes: String(facts.lanes), minimumAge: facts.minimumAge === null ? '' : String(facts.minimumAge) });

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
  // The shared form hook: messages, the server's refusals, and unsaved changes held (issue 28.2).
  const form = useRecordForm(rangeFactsInput, facts, valuesOf);
  const save = trpc.club.updateRangeFacts.useMutation(
    form.mutationOptions('Fehler beim Speichern der Angaben zum Luftdruckstand', ({ data }: { data: RangeFacts }) => {
      form.reset(valuesOf(data));
      void utils.club.rangeFacts.invalidate();
      void utils.club.range.invalidate();
    }),
  );
  const readOnly = !canUpdate || save.isPending;
  const submit = form.onSubmit((input) => save.mutate(input), { disabled: readOnly });
  // While a field is wrong the preview shows the saved version.
  const checked = useMemo(() => rangeFactsInput.safeParse(form.values), [form.values]);
  const preview = checked.success ? checked.data : facts;

  const field = (fact: keyof RangeFactsValues, label: string, hint?: string) => {
    const props = textFieldProps(form, fact);
    return (
      <TextField
        label={label}
        {...props}
        helperText={props.helperText ?? hint}
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
        onSubmit={submit}
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
