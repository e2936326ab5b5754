import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatGermanDateTime } from '../../../../shared/dates.ts';
import { FIELD_LABELS, type RegistrationSettings } from '../../../../shared/schemas/registrations.ts';
import { hasPermission, useSignedInUser } from '../../../auth.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { trpc } from '../../../trpc.ts';
import { calendarMonthPath } from '../screens.ts';
import { MailDialog } from './MailDialog.tsx';
import { ParticipantDialog } from './ParticipantDialog.tsx';
import { answerText, birthdateText, fullName, printListPath, sortedRows, type ParticipantRow, type RegistrationList, type SortKey } from './participants.ts';
import { downloadText } from '../../../download.ts';

function columnsOf(settings: RegistrationSettings, actions: (row: ParticipantRow) => React.ReactNode, checkboxes: (row: ParticipantRow, what: 'paid' | 'present') => React.ReactNode): DataTableColumn<ParticipantRow>[] {
  const columns: DataTableColumn<ParticipantRow>[] = [
    { id: 'nr', header: 'Nr.', render: (row) => row.waitingPosition ?? row.position },
    { id: 'name', header: 'Name', render: fullName, searchText: fullName },
    { id: 'email', header: 'E-Mail', render: (row) => row.email, searchText: (row) => row.email },
  ];
  if (settings.fields.phone !== 'off') columns.push({ id: 'phone', header: FIELD_LABELS.phone, render: (row) => row.phone, searchText: (row) => row.phone });
  if (settings.fields.birthdate !== 'off') columns.push({ id: 'birthdate', header: FIELD_LABELS.birthdate, render: (row) => birthdateText(row.birthdate), searchText: (row) => birthdateText(row.birthdate) });
  if (settings.fields.club !== 'off') columns.push({ id: 'club', header: FIELD_LABELS.club, render: (row) => row.club, searchText: (row) => row.club });
  for (const field of settings.fields.custom) {
    columns.push({ id: `answer-${field.key}`, header: field.label, render: (row) => answerText(field, row.answers), searchText: (row) => answerText(field, row.answers) });
  }
  if (settings.guardianConsent) columns.push({ id: 'guardian', header: 'Erziehungsberechtigt', render: (row) => row.guardianName, searchText: (row) => row.guardianName });
  columns.push(
    { id: 'places', header: 'Plätze', render: (row) => row.places },
    { id: 'paid', header: 'bezahlt', render: (row) => checkboxes(row, 'paid'), align: 'center' },
    { id: 'present', header: 'anwesend', render: (row) => checkboxes(row, 'present'), align: 'center' },
    { id: 'actions', header: 'Aktionen', render: actions, align: 'right' },
  );
  return columns;
}

/**
 * The organiser's list of one appointment (issue 29.4): the participants and the waiting
 * list with every field, counts per choice, and what the organiser does with them. Reading
 * needs calendar_view, every change calendar_update; the server logs each change.
 */
export function RegistrationsPage() {
  const appointmentId = Number(useParams().appointmentId);
  const user = useSignedInUser();
  const canUpdate = hasPermission(user, 'calendar_update');
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const list = trpc.registrations.list.useQuery({ appointmentId }, { meta: { errorPrefix: 'Fehler beim Abrufen der Anmeldungen' }, enabled: Number.isInteger(appointmentId) });
  const [sortKey, setSortKey] = useState<SortKey>('position');
  const editing = useDialogState<ParticipantRow>();
  const cancelling = useDialogState<ParticipantRow>();
  const [mailOpen, setMailOpen] = useState(false);
  const refresh = () => void utils.registrations.list.invalidate({ appointmentId });
  const update = trpc.registrations.update.useMutation({ meta: { errorPrefix: 'Fehler beim Speichern der Anmeldung' }, onSettled: refresh });
  const closeCancel = cancelling.close;
  const cancel = trpc.registrations.cancel.useMutation({
    meta: { errorPrefix: 'Fehler beim Stornieren' },
    onSettled: () => {
      closeCancel();
      refresh();
    },
  });
  const [exporting, setExporting] = useState(false);
  const exportList = async (layout: 'general' | 'ianseo') => {
    setExporting(true);
    try {
      const file = await utils.registrations.export.fetch({ appointmentId, layout });
      downloadText(file.filename, file.content, file.contentType);
      snackbar.showSuccess(layout === 'ianseo' ? 'ianseo-Liste heruntergeladen' : 'Anmeldeliste heruntergeladen');
    } catch (error) {
      snackbar.showError('Fehler beim Exportieren', error);
    } finally {
      setExporting(false);
    }
  };

  const data: RegistrationList | undefined = list.data?.data;
  if (!data) {
    return (
      <Typography component="h1" variant="h5">
        {list.isError ? 'Die Anmeldungen konnten nicht geladen werden.' : 'Anmeldungen werden geladen …'}
      </Typography>
    );
  }
  const { appointment, settings, counts, participants, choiceCounts } = data;
  const busy = update.isPending || cancel.isPending;
  const checkboxes = (row: ParticipantRow, what: 'paid' | 'present') => (
    <Checkbox
      checked={row[what]}
      disabled={!canUpdate || busy}
      slotProps={{ input: { 'aria-label': `${fullName(row)} ${what === 'paid' ? 'bezahlt' : 'anwesend'}` } }}
      onChange={(event) => update.mutate({ appointmentId, id: row.id, [what]: event.target.checked })}
    />
  );
  const actions = (row: ParticipantRow) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button size="small" disabled={!canUpdate || busy} onClick={() => editing.show(row)} aria-label={`${fullName(row)} bearbeiten`}>
        Bearbeiten
      </Button>
      <Button
        size="small"
        disabled={!canUpdate || busy}
        onClick={() => update.mutate({ appointmentId, id: row.id, status: row.status === 'place' ? 'waiting' : 'place' })}
        aria-label={row.status === 'place' ? `${fullName(row)} auf die Warteliste` : `${fullName(row)} auf die Teilnehmerliste`}
      >
        {row.status === 'place' ? 'Auf die Warteliste' : 'Auf die Teilnehmerliste'}
      </Button>
      <Button size="small" color="error" disabled={!canUpdate || busy} onClick={() => cancelling.show(row)} aria-label={`${fullName(row)} stornieren`}>
        Stornieren
      </Button>
    </Stack>
  );
  const columns = columnsOf(settings, actions, checkboxes);
  const placed = sortedRows(participants.filter((row) => row.status === 'place'), sortKey);
  const waiting = sortedRows(participants.filter((row) => row.status === 'waiting'), sortKey);
  const cancelled = participants.filter((row) => row.status === 'cancelled');
  const month = calendarMonthPath(Number(appointment.datetime_begin.slice(0, 4)), Number(appointment.datetime_begin.slice(5, 7)));
  // About what the columns need side by side (the actions' three buttons the most); below it each row becomes a block.
  const stackBelow = 300 + columns.length * 70;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to={month} startIcon={<ArrowBackIcon />} size="small">
          Zum Kalender
        </Button>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          Anmeldungen: {appointment.name}
        </Typography>
        <Typography color="text.secondary">
          {formatGermanDateTime(appointment.datetime_begin)} Uhr, {appointment.location}
        </Typography>
        <Typography sx={{ mt: 1 }} aria-label="Belegung">
          {counts.taken} von {settings.places} Plätzen vergeben · Warteliste: {counts.waiting} · storniert: {cancelled.length}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={!canUpdate} onClick={() => editing.show(null)}>
          Teilnehmer eintragen
        </Button>
        <Button variant="outlined" disabled={!canUpdate} onClick={() => setMailOpen(true)}>
          Mail schreiben
        </Button>
        <Button variant="outlined" loading={exporting} onClick={() => void exportList('general')}>
          CSV exportieren
        </Button>
        <Button variant="outlined" loading={exporting} onClick={() => void exportList('ianseo')}>
          ianseo-CSV exportieren
        </Button>
        <Button variant="outlined" component={RouterLink} to={printListPath(appointmentId)}>
          Druckliste
        </Button>
      </Stack>
      {choiceCounts.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Zahlen je Auswahl">
          {choiceCounts.map((field) => (
            <Box key={field.key} sx={{ mb: 1 }}>
              <Typography variant="subtitle2" component="h2">
                {field.label}
              </Typography>
              <Typography variant="body2">
                {field.counts.map((count) => `${count.option}: ${count.places}${count.waiting > 0 ? ` (+${count.waiting} Warteliste)` : ''}`).join(' · ')}
              </Typography>
            </Box>
          ))}
        </Paper>
      )}
      <TextField
        select
        label="Sortieren nach"
        value={sortKey}
        onChange={(event) => setSortKey(event.target.value as SortKey)}
        size="small"
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value="position">Eingang</MenuItem>
        <MenuItem value="name">Name</MenuItem>
        {settings.fields.club !== 'off' && <MenuItem value="club">Verein</MenuItem>}
        {settings.fields.custom
          .filter((field) => field.type !== 'text')
          .map((field) => (
            <MenuItem key={field.key} value={`answer:${field.key}`}>
              {field.label}
            </MenuItem>
          ))}
      </TextField>
      <Box component="section" aria-label="Teilnehmer">
        <Typography component="h2" variant="h6">
          Teilnehmer ({placed.length})
        </Typography>
        <DataTable rows={placed} columns={columns} rowKey={(row) => row.id} label="Teilnehmer" stackBelow={stackBelow} initialPageSize={50} />
      </Box>
      <Box component="section" aria-label="Warteliste">
        <Typography component="h2" variant="h6">
          Warteliste ({waiting.length})
        </Typography>
        <DataTable rows={waiting} columns={columns} rowKey={(row) => row.id} label="Warteliste" stackBelow={stackBelow} initialPageSize={50} />
      </Box>
      {cancelled.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Storniert: {cancelled.map((row) => `Anmeldung ${row.position} am ${row.cancelledAt ? formatGermanDateTime(row.cancelledAt) : '–'}`).join(', ')}
        </Typography>
      )}
      <ParticipantDialog open={editing.open} appointmentId={appointmentId} settings={settings} participant={editing.item ?? null} onClose={editing.close} />
      <MailDialog open={mailOpen} appointmentId={appointmentId} onClose={() => setMailOpen(false)} />
      <ConfirmDialog
        open={cancelling.open}
        title="Anmeldung stornieren?"
        text={cancelling.item ? `Soll die Anmeldung von ${cancelling.item.prename} ${cancelling.item.lastname} wirklich storniert werden? Sie bekommt eine Mail; ein Platz geht an die Warteliste.` : ''}
        busy={cancel.isPending}
        onCancel={closeCancel}
        onConfirm={() => {
          if (cancelling.item) cancel.mutate({ appointmentId, id: cancelling.item.id });
        }}
      />
    </Box>
  );
}
