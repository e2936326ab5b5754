import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { APPOINTMENT_STATUSES, DATETIME_FORMAT, LIMITS } from '../../../../shared/constants.ts';
import Alert from '@mui/material/Alert';
import { recurrenceKey } from '../../../../shared/recurrence.ts';
import { APPOINTMENT_MESSAGES, appointmentCreateInput, type AppointmentCreateInput, type AppointmentView, type AttachmentView, type SeriesScope } from '../../../../shared/schemas/calendar.ts';
import { DeleteDialog } from '../../../components/ConfirmDialog.tsx';
import { FileDropZone } from '../../../components/FileDropZone.tsx';
import { TitledDialog } from '../../../components/TitledDialog.tsx';
import { useCloseGuard } from '../../../components/unsavedChanges.tsx';
import { useDialogState } from '../../../components/useDialogState.ts';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { useUpload } from '../../../components/useUpload.ts';
import { trpc } from '../../../trpc.ts';
import { useSectionDenial } from '../../../auth.ts';
import { SECTION_GROUP_NAMES } from '../../../../shared/sectionGroups.ts';
import { sectionOfGroup } from '../../../../shared/sectionRights.ts';
import { endAfterBeginMoved, newAppointmentEnd } from './newAppointment.ts';
import { followBegin, RecurrenceFields, recurrenceFormValue, recurrenceOf, type RecurrenceFormValue } from './RecurrenceFields.tsx';
import { RegistrationSection } from '../registrations/RegistrationSection.tsx';
import { SeriesScopeDialog } from './SeriesScopeDialog.tsx';
import { STATUS_STYLES } from './status.ts';

interface AppointmentFormValues {
  name: string;
  begin: Dayjs | null;
  end: Dayjs | null;
  location: string;
  visibility: boolean;
  description: string;
  notes: string;
  assignment: number | '';
  status: 0 | 1 | 2;
  attachments: AttachmentView[];
  notify: boolean;
  recurrence: RecurrenceFormValue;
}

const API_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An empty field is '', a half-typed one stays visibly wrong so the format message shows. */
function apiDateTime(value: Dayjs | null): string {
  if (value === null) return '';
  return value.isValid() ? value.format(API_FORMAT) : 'ungültig';
}

function toInput(values: AppointmentFormValues) {
  return {
    name: values.name,
    datetime_begin: apiDateTime(values.begin),
    datetime_end: apiDateTime(values.end),
    location: values.location,
    visibility: values.visibility,
    description: values.description,
    notes: values.notes,
    assignment: values.assignment === '' ? undefined : values.assignment,
    status: values.status,
    attachments: values.attachments.map((attachment) => attachment.id),
    notify: values.notify,
    recurrence: recurrenceOf(values.recurrence, values.begin),
  };
}

function initialValues(appointment: AppointmentView | null, day: Dayjs | null): AppointmentFormValues {
  if (appointment) {
    const begin = dayjs(appointment.datetime_begin.replace(' ', 'T'));
    return {
      name: appointment.name,
      begin,
      end: dayjs(appointment.datetime_end.replace(' ', 'T')),
      location: appointment.location,
      visibility: appointment.visibility,
      description: appointment.description,
      notes: appointment.notes,
      assignment: appointment.assignment,
      status: appointment.status,
      attachments: appointment.attachments,
      notify: false,
      recurrence: recurrenceFormValue(appointment.series?.recurrence ?? null, begin),
    };
  }
  return {
    name: '',
    begin: day,
    end: day && newAppointmentEnd(day),
    location: '',
    visibility: false,
    description: '',
    notes: '',
    assignment: '',
    status: 0,
    attachments: [],
    notify: false,
    recurrence: recurrenceFormValue(null, day),
  };
}

export interface AppointmentDialogProps {
  open: boolean;
  /** null: a new appointment. */
  appointment: AppointmentView | null;
  /** Where a new appointment starts (the day clicked), or null. */
  day: Dayjs | null;
  canUpdate: boolean;
  canDelete: boolean;
  /** SPEC §6: the groups are loaded and chosen only with groups_view. */
  canViewGroups: boolean;
  onClose: () => void;
}

/**
 * View, create, edit or delete an appointment (SPEC §2, §4): an existing one opens read-only
 * with an edit toggle (toggled back, the dialog shows the saved appointment again), a new one
 * opens editable; closing resets the form after 300 ms.
 */
export function AppointmentDialog({ open, appointment, day, canUpdate: mayUpdate, canDelete: mayDelete, canViewGroups, onClose }: AppointmentDialogProps) {
  const utils = trpc.useUtils();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const form = useSchemaForm(appointmentCreateInput, () => initialValues(appointment, day), toInput);
  const [editing, setEditing] = useState(appointment === null);
  const requestClose = useCloseGuard(open, editing && form.changed, onClose);
  const deletion = useDialogState<AppointmentView>();
  const closeDeletion = deletion.close;
  /** A save of an occurrence waits here for 'Nur diesen Termin', 'Diesen und alle folgenden' or 'Alle Termine der Serie'. */
  const scopeQuestion = useDialogState<AppointmentCreateInput>();
  const closeScopeQuestion = scopeQuestion.close;
  const groups = trpc.groups.list.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der verfügbaren Gruppen' }, enabled: open && canViewGroups });
  // Rights per section (issue 28.1): an appointment counts for its group's section (a section
  // group's, else Verein). Without the groups list the name of a seeded section group decides.
  const assigned = appointment && groups.data?.find((group) => group.id === appointment.assignment);
  const section = appointment
    ? sectionOfGroup(assigned ?? { name: appointment.section, public_section: (SECTION_GROUP_NAMES as readonly string[]).includes(appointment.section) })
    : 'club';
  const updateDenial = useSectionDenial('calendar_update', section);
  const deleteDenial = useSectionDenial('calendar_delete', section);
  const canUpdate = mayUpdate && (appointment === null || updateDenial === undefined);
  const canDelete = mayDelete && deleteDenial === undefined;

  // The parent hands a new appointment (or none) on each opening; the form follows it.
  const shown = useRef<{ appointment: AppointmentView | null; day: Dayjs | null } | null>(null);
  const { reset } = form;
  /** The last begin and end that were both valid: a begin typed digit by digit passes through others, the length stays. */
  const lastSpan = useRef<{ begin: Dayjs | null; end: Dayjs | null }>({ begin: null, end: null });
  const rememberSpan = (begin: Dayjs | null, end: Dayjs | null) => {
    if (begin?.isValid() && end?.isValid()) lastSpan.current = { begin, end };
  };
  useEffect(() => {
    if (!open) {
      // SPEC §4 and §9: the form is reset once the closing animation is over.
      const timer = setTimeout(() => {
        shown.current = null;
        reset(initialValues(null, null));
        setEditing(false);
        closeDeletion();
        closeScopeQuestion();
      }, LIMITS.dialogResetMs);
      return () => clearTimeout(timer);
    }
    if (shown.current?.appointment !== appointment || shown.current?.day !== day) {
      shown.current = { appointment, day };
      const values = initialValues(appointment, day);
      lastSpan.current = { begin: values.begin, end: values.end };
      reset(values);
      setEditing(appointment === null);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, appointment, day]);

  const saved = () => {
    void utils.calendar.month.invalidate();
    onClose();
  };
  const create = trpc.calendar.create.useMutation(form.mutationOptions('Fehler beim Erstellen des Termins', saved));
  const update = trpc.calendar.update.useMutation(form.mutationOptions('Fehler beim Bearbeiten des Termins', saved));
  const remove = trpc.calendar.delete.useMutation({
    meta: { errorPrefix: 'Fehler beim Löschen des Termins' },
    onSuccess: () => {
      closeDeletion();
      saved();
    },
    onError: closeDeletion,
  });
  const restore = trpc.calendar.restore.useMutation({ meta: { errorPrefix: 'Fehler beim Zurücknehmen der Absage' }, onSuccess: saved });
  const busy = create.isPending || update.isPending || remove.isPending || restore.isPending;
  const series = appointment?.series ?? null;
  const cancelled = appointment?.cancelled ?? false;

  const attachments = form.values.attachments;
  const upload = useUpload<{ message?: string; data?: AttachmentView[] }>({ errorPrefix: 'Fehler beim Hochladen der Anhänge' });
  const chooseFiles = async (files: File[]) => {
    const data = new FormData();
    for (const file of files) data.append('attachments[]', file);
    const outcome = await upload.start('/api/calendar/upload', data, 'Anhänge werden hochgeladen');
    // The progress dialog is modal: nothing changes the list while the files travel.
    if (outcome.ok) form.setField('attachments', [...attachments, ...(outcome.data.data ?? [])]);
  };

  // Viewing, the form only shows the appointment: there is nothing to check or send.
  const submit = form.onSubmit(
    (input) => {
      if (!appointment) create.mutate(input);
      else if (series) scopeQuestion.show(input);
      else update.mutate({ id: appointment.id, ...input });
    },
    { disabled: !editing },
  );
  const saveFor = (scope: SeriesScope) => {
    const input = scopeQuestion.item;
    closeScopeQuestion();
    if (appointment && input) update.mutate({ id: appointment.id, ...input, scope });
  };
  const ruleChanged = series !== null && recurrenceKey(recurrenceOf(form.values.recurrence, form.values.begin)) !== recurrenceKey(series.recurrence);

  const readOnly = !editing || busy;
  const title = appointment === null ? 'Termin anlegen' : editing ? 'Termin bearbeiten' : 'Termin ansehen';
  // The schema names the fields as the API does; the dates are 'begin'/'end' in the form.
  const fieldError = (field: string) => {
    const message = form.errorOf(field as keyof AppointmentFormValues);
    return { error: message !== undefined, helperText: message };
  };

  return (
    <>
      <TitledDialog open={open} title={title} busy={busy} onClose={requestClose} fullWidth maxWidth="sm" fullScreen={phone}>
        <form noValidate onSubmit={submit} style={{ display: 'contents' }}>
          <DialogContent>
            {cancelled && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                Dieser Termin der Serie entfällt.
              </Alert>
            )}
            {series && !cancelled && appointment?.detached && (
              <Alert severity="info" sx={{ mb: 1 }}>
                Dieser Termin der Serie wurde einzeln geändert; Änderungen aller Termine der Serie lassen ihn, wie er ist.
              </Alert>
            )}
            <TextField
              label="Titel"
              {...textFieldProps(form, 'name')}
              slotProps={{ input: { readOnly } }}
              required
              fullWidth
              autoFocus={editing}
              margin="dense"
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, my: 1 }}>
              <DateTimePicker
                label="Beginn"
                value={form.values.begin}
                onChange={(value) => {
                  form.setField('begin', value);
                  form.setField('recurrence', followBegin(form.values.recurrence, value));
                  // The end moves with the begin and the appointment keeps its length (issue 28.5).
                  if (value?.isValid()) {
                    const end = endAfterBeginMoved(lastSpan.current.begin, lastSpan.current.end, value);
                    form.setField('end', end);
                    rememberSpan(value, end);
                  }
                }}
                format={DATETIME_FORMAT}
                ampm={false}
                readOnly={readOnly}
                slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('datetime_begin') } }}
              />
              <DateTimePicker
                label="Ende"
                value={form.values.end}
                onChange={(value) => {
                  form.setField('end', value);
                  rememberSpan(form.values.begin, value);
                }}
                format={DATETIME_FORMAT}
                ampm={false}
                readOnly={readOnly}
                slotProps={{ textField: { required: true, fullWidth: true, ...fieldError('datetime_end') } }}
              />
            </Box>
            <RecurrenceFields
              value={form.values.recurrence}
              begin={form.values.begin}
              onChange={(value) => form.setField('recurrence', value)}
              readOnly={readOnly}
              error={form.errorOf('recurrence')}
            />
            <TextField
              label="Ort"
              {...textFieldProps(form, 'location')}
              slotProps={{ input: { readOnly } }}
              required
              fullWidth
              margin="dense"
            />
            {canViewGroups ? (
              <>
                <TextField
                  select
                  label="Gruppe"
                  value={groups.data ? form.values.assignment : ''}
                  onChange={(event) => form.setField('assignment', Number(event.target.value))}
                  {...fieldError('assignment')}
                  slotProps={{ input: { readOnly } }}
                  required
                  fullWidth
                  margin="dense"
                >
                  {(groups.data ?? []).map((group) => (
                    <MenuItem key={group.id} value={group.id}>
                      {group.name}
                    </MenuItem>
                  ))}
                </TextField>
                {!groups.data && appointment && <FormHelperText>Zugeordnet: {appointment.section}</FormHelperText>}
              </>
            ) : (
              <TextField
                label="Gruppe"
                value={appointment?.section ?? ''}
                error={form.errorOf('assignment') !== undefined}
                helperText={form.errorOf('assignment') ?? (editing ? APPOINTMENT_MESSAGES.groupsNeedPermission : undefined)}
                slotProps={{ input: { readOnly: true } }}
                required
                fullWidth
                margin="dense"
              />
            )}
            <TextField
              select
              label="Status"
              value={form.values.status}
              onChange={(event) => form.setField('status', Number(event.target.value) as 0 | 1 | 2)}
              {...fieldError('status')}
              slotProps={{ input: { readOnly } }}
              required
              fullWidth
              margin="dense"
            >
              {APPOINTMENT_STATUSES.map((status) => (
                <MenuItem key={status.value} value={status.value}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', mr: 1, bgcolor: STATUS_STYLES[status.value]?.background }}
                  />
                  {status.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Beschreibung (öffentlich)"
              {...textFieldProps(form, 'description')}
              slotProps={{ input: { readOnly } }}
              fullWidth
              multiline
              minRows={2}
              margin="dense"
            />
            <TextField
              label="Notizen (intern)"
              {...textFieldProps(form, 'notes')}
              slotProps={{ input: { readOnly } }}
              fullWidth
              multiline
              minRows={2}
              margin="dense"
            />
            <FormControlLabel
              control={<Switch checked={form.values.visibility} onChange={(event) => form.setField('visibility', event.target.checked)} disabled={readOnly} />}
              label="Öffentlich auf der Terminseite"
            />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
              Anhänge
            </Typography>
            {attachments.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Keine Anhänge
              </Typography>
            ) : (
              <List dense disablePadding aria-label="Anhänge">
                {attachments.map((attachment) => (
                  <ListItem
                    key={attachment.id}
                    disableGutters
                    secondaryAction={
                      editing ? (
                        <IconButton
                          edge="end"
                          aria-label={`Anhang ${attachment.filename} entfernen`}
                          disabled={busy}
                          onClick={() => form.setField('attachments', attachments.filter((entry) => entry.id !== attachment.id))}
                        >
                          <DeleteIcon />
                        </IconButton>
                      ) : undefined
                    }
                  >
                    <ListItemText
                      primary={
                        <Link href={attachment.url} target="_blank" rel="noopener">
                          {attachment.filename}
                        </Link>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {form.errorOf('attachments') && <FormHelperText error>{form.errorOf('attachments')}</FormHelperText>}
            {appointment && <RegistrationSection open={open} appointment={appointment} canUpdate={canUpdate} busy={busy} />}
            {editing && (
              <>
                <Box sx={{ mt: 1 }}>
                  <FileDropZone
                    multiple
                    onFiles={(files) => void chooseFiles(files)}
                    disabled={busy || upload.busy}
                    buttonLabel="Anhänge auswählen"
                    label="Anhänge hochladen"
                  />
                </Box>
                <Box>
                  <FormControlLabel
                    control={<Checkbox checked={form.values.notify} onChange={(event) => form.setField('notify', event.target.checked)} disabled={busy} />}
                    label="Gruppe per E-Mail benachrichtigen"
                  />
                </Box>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {appointment && (
              <Tooltip title={deleteDenial ?? ''}>
                <span style={{ marginRight: 'auto' }}>
                  <Button color="error" onClick={() => deletion.show(appointment)} disabled={!canDelete || busy}>
                    Löschen
                  </Button>
                </span>
              </Tooltip>
            )}
            {appointment && cancelled && (
              <Button onClick={() => restore.mutate({ id: appointment.id })} disabled={!canUpdate || busy}>
                Absage zurücknehmen
              </Button>
            )}
            {appointment && !cancelled && (
              <Tooltip title={updateDenial ?? ''}>
              <span>
              <ToggleButton
                value="edit"
                size="small"
                color="primary"
                selected={editing}
                disabled={!canUpdate || busy}
                onChange={() => {
                  // Back to reading: what was typed is dropped, the saved appointment shows again.
                  if (editing) {
                    const values = initialValues(appointment, day);
                    lastSpan.current = { begin: values.begin, end: values.end };
                    reset(values);
                  }
                  setEditing(!editing);
                }}
                sx={{ border: 0, px: 2, fontWeight: 500 }}
              >
                Bearbeiten
              </ToggleButton>
              </span>
              </Tooltip>
            )}
            <Button onClick={requestClose} disabled={busy}>
              {editing ? 'Abbrechen' : 'Schließen'}
            </Button>
            {editing && (
              <Button type="submit" variant="contained" loading={busy}>
                Speichern
              </Button>
            )}
          </DialogActions>
        </form>
      </TitledDialog>
      {upload.dialog}
      {series ? (
        <SeriesScopeDialog
          key={deletion.key}
          open={deletion.open}
          action="delete"
          name={appointment?.name ?? ''}
          busy={remove.isPending}
          onCancel={closeDeletion}
          onChoose={(scope) => {
            if (deletion.item) remove.mutate({ id: deletion.item.id, scope });
          }}
        />
      ) : (
        <DeleteDialog
          state={deletion}
          title="Termin löschen?"
          describe={(item) => `Soll der Termin „${item.name}“ wirklich gelöscht werden?`}
          busy={remove.isPending}
          onDelete={(item) => remove.mutate({ id: item.id })}
        />
      )}
      <SeriesScopeDialog
        key={scopeQuestion.key}
        open={scopeQuestion.open}
        action="save"
        name={form.values.name}
        ruleChanged={ruleChanged}
        mayDelete={canDelete}
        busy={update.isPending}
        onCancel={closeScopeQuestion}
        onChoose={saveFor}
      />
    </>
  );
}
