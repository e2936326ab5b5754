import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import type { FocusEvent } from 'react';
import { API_DATE_FORMAT, DATE_FORMAT } from '../../../../shared/constants.ts';
import { formatDateWithWeekday } from '../../../../shared/appointmentGlance.ts';
import { formatGermanDate } from '../../../../shared/dates.ts';
import { hostCreateInput, specialHostLabel } from '../../../../shared/schemas/hosts.ts';
import { useUnsavedChanges } from '../../../components/unsavedChanges.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc, type RouterOutputs } from '../../../trpc.ts';
import { optionFor, type PersonOption } from './personOptions.ts';

export type HostEntry = RouterOutputs['hosts']['list'][number];

/** What the roster says of a day whose evening was cancelled (the special value -3's label). */
const CANCELLED_LABEL = specialHostLabel(-3);

interface HostFormValues {
  date: Dayjs | null;
  supervisor: number | null;
  host: number | null;
}

/** What the shared schema checks: a half-typed date is sent as text that is no date, so its message shows. */
function toInput(values: HostFormValues) {
  const date = values.date === null ? '' : values.date.isValid() ? values.date.format(API_DATE_FORMAT) : 'ungültig';
  return { date, supervisor: values.supervisor, host: values.host };
}

export interface HostRowProps {
  /** null: the empty row for a new entry. */
  entry: HostEntry | null;
  supervisorOptions: readonly PersonOption[];
  hostOptions: readonly PersonOption[];
  /** Whether the row may be saved (hosts_create for the new row, hosts_update for the others). */
  canSave: boolean;
  canDelete: boolean;
  onDelete: (entry: HostEntry) => void;
  /** The new row was saved: the page starts a fresh one. */
  onCreated?: () => void;
  /** An entry's row was saved on leaving it: the page offers 'Rückgängig' back to `previous`. */
  onUpdated?: (previous: HostEntry, message: string) => void;
  /** The day's evening was cancelled in the calendar. */
  cancelled?: boolean;
  /** Slots whose member offers the duty for swapping on Meine Daten (README „Meine Dienste“). */
  offered?: { supervisor: boolean; host: boolean };
}

const OFFERED_NOTE = 'Zum Tausch angeboten';

interface PersonFieldProps {
  label: string;
  value: number | null;
  options: readonly PersonOption[];
  everyone: readonly PersonOption[];
  readOnly: boolean;
  error: string | undefined;
  /** Shown under the field while there is no error, e.g. that the duty is offered for swapping. */
  note?: string | undefined;
  onChange: (value: number | null) => void;
}

function PersonField({ label, value, options, everyone, readOnly, error, note, onChange }: PersonFieldProps) {
  const selected = optionFor(value, options, everyone);
  // A stored value outside the choices must still be an option, or the field shows nothing.
  const withSelected = selected === null || options.some((option) => option.value === selected.value) ? options : [...options, selected];
  return (
    <Autocomplete
      options={withSelected}
      value={selected}
      onChange={(_event, option) => onChange(option?.value ?? null)}
      groupBy={(option) => (option.special ? 'Sonderwerte' : 'Mitglieder')}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.value}
      isOptionEqualToValue={(option, chosen) => option.value === chosen.value}
      readOnly={readOnly}
      autoHighlight
      noOptionsText="Keine Treffer"
      openText="Auswahl öffnen"
      closeText="Auswahl schließen"
      clearText="Leeren"
      renderInput={(params) => <TextField {...params} label={label} required={!readOnly} error={error !== undefined} helperText={error ?? note} />}
    />
  );
}

/**
 * One roster entry (SPEC §2): date, supervisor and host with save and delete, or the
 * empty row that creates an entry. Without the permission the row is read-only.
 */
export function HostRow({ entry, supervisorOptions, hostOptions, canSave, canDelete, onDelete, onCreated, onUpdated, cancelled = false, offered }: HostRowProps) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(
    hostCreateInput,
    (): HostFormValues => ({
      date: entry ? dayjs(entry.date, API_DATE_FORMAT) : null,
      supervisor: entry?.supervisor ?? null,
      host: entry?.host ?? null,
    }),
    toInput,
  );
  useUnsavedChanges(form.changed);

  const saved = () => {
    void utils.hosts.list.invalidate();
    // A slot that changed hands loses its swap offer.
    void utils.duties.offeredSlots.invalidate();
  };
  const create = trpc.hosts.create.useMutation(
    form.mutationOptions('Fehler beim Erstellen des Eintrags', () => {
      saved();
      onCreated?.();
    }),
  );
  const update = trpc.hosts.update.useMutation({
    ...form.mutationOptions('Fehler beim Bearbeiten des Eintrags', (response: { message: string }) => {
      if (entry) onUpdated?.(entry, response.message);
      saved();
    }),
    // The page's snackbar says it, with 'Rückgängig'.
    meta: { errorPrefix: 'Fehler beim Bearbeiten des Eintrags', successMessage: false },
  });
  const busy = create.isPending || update.isPending;
  const readOnly = !canSave;

  const submit = form.onSubmit((input) => (entry ? update.mutate({ id: entry.id, ...input }) : create.mutate(input)), { disabled: readOnly || busy });

  /**
   * An entry's row saves itself when the focus leaves it changed (issue 28.5): no save button
   * per row. A picker's calendar or a list of choices opens outside the row without leaving
   * it; a wrong row shows its messages and is not saved.
   */
  const saveOnLeaving = (event: FocusEvent<HTMLFormElement>) => {
    if (!entry || readOnly || busy || !form.changed) return;
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (next instanceof Element && next.closest('.MuiPopper-root, .MuiPickerPopper-root, .MuiDialog-root, .MuiAutocomplete-popper')) return;
    submit({ preventDefault: () => undefined });
  };

  const dateError = form.errorOf('date');
  const weekday = form.values.date?.isValid() ? formatDateWithWeekday(form.values.date.format(API_DATE_FORMAT)).slice(0, 3) : undefined;
  const name = entry ? `Eintrag vom ${formatGermanDate(entry.date)}` : 'Neuer Eintrag';
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label={name}
      noValidate
      onSubmit={submit}
      onBlur={saveOnLeaving}
      sx={{
        p: 2,
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(180px, 1fr) 2fr 2fr auto' },
      }}
    >
      {cancelled && entry && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {CANCELLED_LABEL}:{' '}
          <Link component={RouterLink} to={`/admin/kalender/${entry.date.slice(0, 4)}/${entry.date.slice(5, 7)}`}>
            Termine im Kalender
          </Link>
        </Alert>
      )}
      <DatePicker
        label="Datum"
        format={DATE_FORMAT}
        value={form.values.date}
        onChange={(value) => form.setField('date', value)}
        readOnly={readOnly}
        slotProps={{
          textField: {
            required: !readOnly,
            error: dateError !== undefined,
            helperText: dateError,
            // The weekday before the date, `Di, 01.12.2026` (issue 28.5): the roster is planned by evenings.
            slotProps: { input: { startAdornment: weekday && <InputAdornment position="start" data-testid="weekday">{weekday}</InputAdornment> } },
          },
        }}
      />
      <PersonField
        label="Standaufsicht"
        value={form.values.supervisor}
        options={supervisorOptions}
        everyone={hostOptions}
        readOnly={readOnly}
        error={form.errorOf('supervisor')}
        note={offered?.supervisor ? OFFERED_NOTE : undefined}
        onChange={(value) => form.setField('supervisor', value)}
      />
      <PersonField
        label="Bewirtung"
        value={form.values.host}
        options={hostOptions}
        everyone={hostOptions}
        readOnly={readOnly}
        error={form.errorOf('host')}
        note={offered?.host ? OFFERED_NOTE : undefined}
        onChange={(value) => form.setField('host', value)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'nowrap', pt: 1, minWidth: 96 }}>
        {/* SPEC §6: without the permission the buttons are there, disabled. */}
        {/* An entry saves itself on leaving the row; the new row is added explicitly. */}
        {!entry && (
          <Tooltip title="Eintrag anlegen">
            <span>
              <IconButton type="submit" aria-label="Eintrag anlegen" color="primary" disabled={busy || !canSave}>
                <AddIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {entry && (
          <Tooltip title="Löschen">
            <span>
              <IconButton aria-label="Löschen" onClick={() => onDelete(entry)} disabled={busy || !canDelete}>
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Box>
    </Paper>
  );
}
