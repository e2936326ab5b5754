import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../../../shared/constants.ts';
import { formatGermanDate } from '../../../../shared/dates.ts';
import { seriesRosterInput } from '../../../../shared/schemas/hosts.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

interface SeriesRosterValues {
  series_id: number | '';
  from: Dayjs | null;
  until: Dayjs | null;
}

function apiDate(value: Dayjs | null): string {
  if (value === null) return '';
  return value.isValid() ? value.format('YYYY-MM-DD') : 'ungültig';
}

const toInput = (values: SeriesRosterValues) => ({ series_id: values.series_id === '' ? undefined : values.series_id, from: apiDate(values.from), until: apiDate(values.until) });

/** `Training LG/LP – jeden Dienstag, 18:30–21:00, 01.12.2026 bis 01.06.2027`: the series by title, rhythm, time and its coming range, once (issue 28.5). */
export function seriesChoiceLabel(choice: { name: string; description: string; next_date: string; last_date: string }): string {
  const range = choice.next_date === choice.last_date ? `am ${formatGermanDate(choice.next_date)}` : `${formatGermanDate(choice.next_date)} bis ${formatGermanDate(choice.last_date)}`;
  return `${choice.name} – ${choice.description}, ${range}`;
}

export interface SeriesRosterDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Dienste für Serie anlegen' (issue 19): one open row per evening of a series in a range,
 * to be filled in; dates that have a row keep it. The range starts as the series' coming
 * evenings. Mounted per opening (keyed by the page), so it starts empty each time.
 */
export function SeriesRosterDialog({ open, onClose }: SeriesRosterDialogProps) {
  const utils = trpc.useUtils();
  const choices = trpc.hosts.seriesChoices.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Terminserien' }, enabled: open });
  const form = useSchemaForm(seriesRosterInput, { series_id: '', from: dayjs().startOf('day'), until: null }, toInput);
  const fill = trpc.hosts.fillFromSeries.useMutation(
    form.mutationOptions('Fehler beim Anlegen der Dienste', () => {
      void utils.hosts.list.invalidate();
      onClose();
    }),
  );
  const submit = form.onSubmit((input) => fill.mutate(input));
  const fieldError = (field: keyof SeriesRosterValues) => {
    const message = form.errorOf(field);
    return { error: message !== undefined, helperText: message };
  };
  const series = choices.data ?? [];
  return (
    <FormDialog open={open} title="Dienste für Serie anlegen" busy={fill.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Dienste anlegen">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Für jeden Termin der Serie im Zeitraum entsteht ein Eintrag mit „ungeklärt“ zum Ausfüllen. Tage, für die es schon einen Eintrag gibt, bleiben, wie sie sind.
      </Typography>
      <TextField
        select
        label="Terminserie"
        value={choices.data ? form.values.series_id : ''}
        onChange={(event) => {
          const chosen = series.find((entry) => entry.id === Number(event.target.value));
          form.setField('series_id', Number(event.target.value));
          if (chosen) {
            form.setField('from', dayjs(chosen.next_date));
            form.setField('until', dayjs(chosen.last_date));
          }
        }}
        {...fieldError('series_id')}
        required
        fullWidth
        margin="dense"
      >
        {series.length === 0 && (
          <MenuItem value="" disabled>
            Keine Terminserie mit kommenden Terminen
          </MenuItem>
        )}
        {series.map((entry) => (
          <MenuItem key={entry.id} value={entry.id}>
            {seriesChoiceLabel(entry)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
        <DatePicker label="Von" value={form.values.from} onChange={(value) => form.setField('from', value)} format={DATE_FORMAT} slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('from') } }} />
        <DatePicker label="Bis" value={form.values.until} onChange={(value) => form.setField('until', value)} format={DATE_FORMAT} slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('until') } }} />
      </Box>
    </FormDialog>
  );
}
