import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { SHOOTING_TIME_IDENTIFIER } from '../../../../shared/content.ts';
import { timetableCreateInput } from '../../../../shared/schemas/timetable.ts';
import {
  describeTimetableEntry,
  formatTimeSpan,
  publicTimetableOf,
  sectionLabel,
  TIMETABLE_SECTIONS,
  WEEKDAYS,
  weekdayName,
  type TimetableEntry,
  type TimetableSection,
} from '../../../../shared/timetable.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { useSectionDenial } from '../../../auth.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { publicPagePath, TIMETABLE_PAGES } from '../../../publicPages.ts';
import { trpc } from '../../../trpc.ts';
import { SectionTimetable } from '../../public/SectionTimetable.tsx';
import { InfoTextEditor } from './InfoTextsPanel.tsx';
import { PanelEntries, ReadOnlyNote } from './PanelStatus.tsx';

const FETCH_ERROR_PREFIX = 'Fehler beim Abrufen der Schießzeiten';

/** The form holds the times as the pickers do; the schema gets `HH:mm`. */
interface TimetableValues {
  weekday: number | '';
  from: Dayjs | null;
  to: Dayjs | null;
  what: string;
  note: string;
  active: boolean;
}

/** `HH:mm`, or what the schema refuses with the field's message: nothing, or a half-typed time. */
function timeText(value: Dayjs | null): string {
  if (value === null) return '';
  return value.isValid() ? value.format('HH:mm') : 'ungültig';
}

/** A stored `HH:mm` as the picker's value (today's date, which the picker does not show). */
function timeValue(text: string): Dayjs {
  const [hours, minutes] = text.split(':').map(Number);
  return dayjs().startOf('day').hour(hours ?? 0).minute(minutes ?? 0);
}

function valuesOf(entry: TimetableEntry | null): TimetableValues {
  if (!entry) return { weekday: '', from: null, to: null, what: '', note: '', active: true };
  return { weekday: entry.weekday, from: timeValue(entry.from), to: timeValue(entry.to), what: entry.what, note: entry.note, active: entry.active };
}

interface TimetableDialogProps {
  section: TimetableSection;
  /** The row being changed; null: a new one. */
  entry: TimetableEntry | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Schießzeit hinzufügen' or 'Schießzeit bearbeiten': weekday, beginning, end, offer, note, active. */
function TimetableDialog({ section, entry, open, onClose, onSaved }: TimetableDialogProps) {
  const toInput = (values: TimetableValues) => ({
    section,
    weekday: values.weekday === '' ? undefined : values.weekday,
    from: timeText(values.from),
    to: timeText(values.to),
    what: values.what,
    note: values.note,
    active: values.active,
  });
  const form = useSchemaForm(timetableCreateInput, () => valuesOf(entry), toInput);
  const options = form.mutationOptions(entry ? 'Fehler beim Speichern der Schießzeit' : 'Fehler beim Anlegen der Schießzeit', () => {
    onSaved();
    onClose();
  });
  const create = trpc.timetables.create.useMutation(options);
  const update = trpc.timetables.update.useMutation(options);
  const busy = create.isPending || update.isPending;
  const submit = form.onSubmit(({ section: _section, ...fields }) => (entry ? update.mutate({ id: entry.id, ...fields }) : create.mutate({ section, ...fields })), {
    disabled: busy,
  });
  const fieldError = (field: keyof TimetableValues) => {
    const message = form.errorOf(field);
    return { error: message !== undefined, helperText: message };
  };
  return (
    <FormDialog open={open} title={entry ? 'Schießzeit bearbeiten' : 'Schießzeit hinzufügen'} busy={busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          select
          label="Wochentag"
          value={form.values.weekday}
          onChange={(event) => form.setField('weekday', Number(event.target.value))}
          {...fieldError('weekday')}
          required
          fullWidth
          disabled={busy}
        >
          {WEEKDAYS.map((weekday) => (
            <MenuItem key={weekday.day} value={weekday.day}>
              {weekday.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TimePicker
            label="Beginn"
            value={form.values.from}
            onChange={(value) => form.setField('from', value)}
            format="HH:mm"
            ampm={false}
            disabled={busy}
            slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('from') } }}
          />
          <TimePicker
            label="Ende"
            value={form.values.to}
            onChange={(value) => form.setField('to', value)}
            format="HH:mm"
            ampm={false}
            disabled={busy}
            slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('to') } }}
          />
        </Box>
        <TextField
          label="Angebot"
          required
          {...textFieldProps(form, 'what')}
          helperText={form.errorOf('what') ?? 'Was stattfindet, z. B. Training, Jugendtraining oder Freies Schießen'}
          disabled={busy}
          fullWidth
        />
        <TextField
          label="Anmerkung"
          {...textFieldProps(form, 'note')}
          helperText={form.errorOf('note') ?? 'Optional, z. B. „ab 12 Jahren“ oder „nur mit Voranmeldung“'}
          multiline
          minRows={2}
          disabled={busy}
          fullWidth
        />
        <Box>
          <FormControlLabel
            control={<Switch checked={form.values.active} onChange={(event) => form.setField('active', event.target.checked)} disabled={busy} />}
            label="Aktiv"
          />
          <Typography variant="body2" color="text.secondary">
            Ausgeschaltet ist die Zeit pausiert, z. B. in den Sommerferien: Sie bleibt hier gespeichert, erscheint aber nicht auf der Seite.
          </Typography>
        </Box>
      </Box>
    </FormDialog>
  );
}

interface SectionTimetableEditorProps {
  section: TimetableSection;
  /** Every row of every section, in order (one request for all tabs); undefined while it loads. */
  entries: readonly TimetableEntry[] | undefined;
  loading: boolean;
  canUpdate: boolean;
}

/**
 * One section's timetable in the back office: its rows with their place, day, time, offer
 * and whether they are active; add, change, pause, move and delete need dashboard_update.
 */
function SectionTimetableEditor({ section, entries, loading, canUpdate: permitted }: SectionTimetableEditorProps) {
  const utils = trpc.useUtils();
  // Rights per section (issue 28.1): another section's table is read-only, the button says why.
  const denial = useSectionDenial('dashboard_update', section);
  const canUpdate = permitted && denial === undefined;
  const rows = useMemo(() => (entries ?? []).filter((entry) => entry.section === section), [entries, section]);
  const changed = () => {
    void utils.timetables.list.invalidate();
    // What visitors see follows at once.
    void utils.timetables.publicList.invalidate();
  };
  const editing = useDialogState<TimetableEntry>();
  const deletion = useDialogState<TimetableEntry>();
  const remove = trpc.timetables.delete.useMutation({ meta: { errorPrefix: 'Fehler beim Löschen der Schießzeit' }, onSuccess: changed, onSettled: deletion.close });
  const toggle = trpc.timetables.update.useMutation({
    meta: { errorPrefix: 'Fehler beim Speichern der Schießzeit' },
    onSuccess: ({ data }) => {
      // The switch stays where the member put it instead of jumping back until the list is fetched again.
      utils.timetables.list.setData(undefined, (old) => old?.map((entry) => (entry.id === data.id ? data : entry)));
      changed();
    },
  });
  const reorder = trpc.timetables.reorder.useMutation({ meta: { errorPrefix: 'Fehler beim Speichern der Reihenfolge' }, onSettled: changed });
  const busy = toggle.isPending || reorder.isPending;

  const columns = useMemo<DataTableColumn<TimetableEntry>[]>(() => {
    const move = (entry: TimetableEntry, step: -1 | 1) => {
      const ids = rows.map((row) => row.id);
      const from = ids.indexOf(entry.id);
      const to = from + step;
      if (from === -1 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      reorder.mutate({ section, ids });
    };
    const moveButton = (entry: TimetableEntry, step: -1 | 1) => {
      const position = rows.indexOf(entry);
      const label = step === -1 ? 'Nach oben' : 'Nach unten';
      const disabled = !canUpdate || busy || (step === -1 ? position <= 0 : position >= rows.length - 1);
      return (
        <Tooltip title={label}>
          <span>
            <IconButton aria-label={label} onClick={() => move(entry, step)} disabled={disabled}>
              {step === -1 ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
            </IconButton>
          </span>
        </Tooltip>
      );
    };
    return [
      { id: 'weekday', header: 'Tag', searchText: (entry) => weekdayName(entry.weekday), render: (entry) => weekdayName(entry.weekday) },
      { id: 'time', header: 'Uhrzeit', render: (entry) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatTimeSpan(entry.from, entry.to)}</Box> },
      {
        id: 'what',
        header: 'Angebot',
        searchText: (entry) => `${entry.what} ${entry.note}`,
        render: (entry) => (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            {entry.what}
            {entry.note !== '' && (
              <Typography variant="body2" color="text.secondary">
                {entry.note}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        id: 'active',
        header: 'Status',
        render: (entry) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  // While its save runs, the switch shows what the member chose.
                  checked={toggle.isPending && toggle.variables.id === entry.id ? (toggle.variables.active ?? entry.active) : entry.active}
                  disabled={!canUpdate || busy}
                  onChange={(event) => toggle.mutate({ ...entry, active: event.target.checked })}
                />
              }
              label="Aktiv"
              sx={{ mr: 0 }}
            />
            {!entry.active && <Chip size="small" label="pausiert" />}
          </Box>
        ),
      },
      {
        id: 'actions',
        header: 'Aktionen',
        align: 'right',
        render: (entry) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {moveButton(entry, -1)}
            {moveButton(entry, 1)}
            <RowActions canEdit={canUpdate} canDelete={canUpdate} onEdit={() => editing.show(entry)} onDelete={() => deletion.show(entry)} />
          </Box>
        ),
      },
    ];
  }, [rows, canUpdate, busy, section, reorder, toggle, editing, deletion]);

  return (
    <>
      {entries !== undefined && rows.length === 0 && (
        <Alert severity="info" role="note">
          Für {sectionLabel(section)} sind noch keine Schießzeiten eingetragen; die Seite sagt das ihren Besuchern. Mit „Schießzeit hinzufügen“ legst du je
          Wochentag und Uhrzeit eine Zeile an: Tag, Beginn, Ende und was stattfindet, z. B. Training, Jugendtraining oder Freies Schießen, auf Wunsch mit
          einer Anmerkung. Zeiten, die eine Weile nicht stattfinden, etwa in den Sommerferien, pausierst du, statt sie zu löschen.
        </Alert>
      )}
      <DataTable
        label={`Schießzeiten ${sectionLabel(section)}`}
        rows={rows}
        columns={columns}
        rowKey={(entry) => entry.id}
        loading={loading}
        initialPageSize={-1}
        toolbar={
          <Tooltip title={denial ?? ''}>
            <span>
              <Button variant="contained" startIcon={<AddIcon />} disabled={!canUpdate} onClick={() => editing.show(null)}>
                Schießzeit hinzufügen
              </Button>
            </span>
          </Tooltip>
        }
      />
      <TimetableDialog key={editing.key} section={section} entry={editing.item} open={editing.open} onClose={editing.close} onSaved={changed} />
      <DeleteDialog
        state={deletion}
        title="Schießzeit löschen?"
        describe={(item) => <>Soll „{describeTimetableEntry(item)}“ wirklich gelöscht werden?</>}
        busy={remove.isPending}
        onDelete={(item) => remove.mutate({ id: item.id })}
      />
    </>
  );
}

/** What visitors will see, drawn by the public page's own component from the saved rows and text. */
function TimetablePreview({ section, entries, note }: { section: TimetableSection; entries: readonly TimetableEntry[]; note: string }) {
  const headingId = useId();
  const path = publicPagePath(TIMETABLE_PAGES[section]);
  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: { xs: 1, sm: 2 }, bgcolor: 'grey.50', minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        Vorschau: Trainingszeiten {sectionLabel(section)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        So steht es auf der Seite{' '}
        <Link href={path} target="_blank" rel="noopener">
          {path}
        </Link>
        ; pausierte Zeiten erscheinen dort nicht.
      </Typography>
      <SectionTimetable timetable={publicTimetableOf(entries.filter((entry) => entry.section === section))} note={note} labelledBy={headingId} />
    </Paper>
  );
}

/**
 * Panel 'Schießzeiten' (SPEC §2, issue 26 point 2): per section a tab with its weekly
 * timetable, its times text, shown under the table, and a preview of the page drawn by the
 * public component itself. Members with dashboard_view alone see everything read-only.
 */
export function ShootingTimesPanel({ canUpdate }: { canUpdate: boolean }) {
  const [active, setActive] = useState<TimetableSection>('gun');
  const idBase = useId();
  const timetables = trpc.timetables.list.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });
  const info = trpc.content.info.useQuery(undefined, { meta: { errorPrefix: FETCH_ERROR_PREFIX } });
  const identifier = SHOOTING_TIME_IDENTIFIER[active];
  const note = info.data?.find((entry) => entry.identifier === identifier)?.text ?? '';
  return (
    <Box>
      <Tabs value={active} onChange={(_event, value: TimetableSection) => setActive(value)} aria-label="Sparten" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {TIMETABLE_SECTIONS.map((section) => (
          <Tab key={section} value={section} label={sectionLabel(section)} id={`${idBase}-tab-${section}`} aria-controls={`${idBase}-panel-${section}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" key={active} id={`${idBase}-panel-${active}`} aria-labelledby={`${idBase}-tab-${active}`} sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        {!canUpdate && <ReadOnlyNote />}
        <SectionTimetableEditor section={active} entries={timetables.data} loading={timetables.isFetching} canUpdate={canUpdate} />
        <PanelEntries query={info} identifiers={[identifier]} readOnlyNote={false}>
          {(entry) => <InfoTextEditor entry={entry} title="Text unter der Tabelle" canUpdate={canUpdate} />}
        </PanelEntries>
        {timetables.data && <TimetablePreview section={active} entries={timetables.data} note={note} />}
      </Box>
    </Box>
  );
}
