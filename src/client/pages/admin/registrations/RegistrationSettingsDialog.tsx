import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { DATETIME_FORMAT, LIMITS } from '../../../../shared/constants.ts';
import {
  FIELD_LABELS,
  REGISTRATION_LIMITS,
  registrationSettingsSchema,
  type Audience,
  type CustomFieldType,
  type FieldMode,
  type RegistrationSettings,
} from '../../../../shared/schemas/registrations.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

interface CustomFieldValues {
  key?: string;
  label: string;
  type: CustomFieldType;
  /** One option per line, as typed. */
  options: string;
  required: boolean;
}

export interface SettingsValues {
  places: string;
  placesPerSignup: string;
  opensAt: Dayjs | null;
  closesAt: Dayjs | null;
  audience: Audience;
  note: string;
  guardianConsent: boolean;
  phone: FieldMode;
  birthdate: FieldMode;
  club: FieldMode;
  custom: CustomFieldValues[];
}

const API_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const parseApi = (value: string | null) => (value === null ? null : dayjs(value.replace(' ', 'T')));
const toApi = (value: Dayjs | null) => (value === null ? null : value.isValid() ? value.format(API_FORMAT) : 'ungültig');

/** The settings as the form holds them; a new sign-up closes at the appointment's start. */
export function settingsValues(settings: RegistrationSettings | null, begin: string): SettingsValues {
  return {
    places: settings ? String(settings.places) : '',
    placesPerSignup: String(settings?.placesPerSignup ?? 1),
    opensAt: parseApi(settings?.opensAt ?? null),
    closesAt: parseApi(settings ? (settings.closesAt ?? begin) : begin),
    audience: settings?.audience ?? 'everyone',
    note: settings?.note ?? '',
    guardianConsent: settings?.guardianConsent ?? false,
    phone: settings?.fields.phone ?? 'off',
    birthdate: settings?.fields.birthdate ?? 'off',
    club: settings?.fields.club ?? 'off',
    custom: (settings?.fields.custom ?? []).map((field) => ({ key: field.key, label: field.label, type: field.type, options: field.options.join('\n'), required: field.required })),
  };
}

export function settingsInput(values: SettingsValues) {
  return {
    places: values.places,
    placesPerSignup: values.placesPerSignup,
    opensAt: toApi(values.opensAt),
    closesAt: toApi(values.closesAt),
    audience: values.audience,
    note: values.note,
    guardianConsent: values.guardianConsent,
    fields: {
      phone: values.phone,
      birthdate: values.birthdate,
      club: values.club,
      custom: values.custom.map((field) => ({
        ...(field.key ? { key: field.key } : {}),
        label: field.label,
        type: field.type,
        options: field.type === 'choice' ? field.options.split('\n').map((option) => option.trim()).filter(Boolean) : [],
        required: field.required,
      })),
    },
  };
}

const MODE_LABELS: Record<FieldMode, string> = { off: 'nicht abfragen', optional: 'freiwillig', required: 'Pflichtfeld' };
const TYPE_LABELS: Record<CustomFieldType, string> = { choice: 'Auswahl', text: 'Kurzer Text', yesno: 'Ja/Nein' };

export interface RegistrationSettingsDialogProps {
  open: boolean;
  appointmentId: number;
  /** The appointment's begin (`YYYY-MM-DD HH:mm:ss`): where sign-up closes unless set otherwise. */
  begin: string;
  /** null: sign-ups are opened now. */
  settings: RegistrationSettings | null;
  onClose: () => void;
}

/**
 * The appointment's sign-up (issue 29.1): places, the period, who, places per sign-up, the
 * fields and the organiser's own, the note and the guardian's consent. Fewer places than
 * are taken are saved only after the question how many would move to the waiting list.
 */
export function RegistrationSettingsDialog({ open, appointmentId, begin, settings, onClose }: RegistrationSettingsDialogProps) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const form = useSchemaForm(registrationSettingsSchema, () => settingsValues(settings, begin), settingsInput);
  const { reset } = form;
  useEffect(() => {
    if (open) reset(settingsValues(settings, begin));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  /** The server's question: so many would move to the waiting list; the values wait for 'Ja'. */
  const [question, setQuestion] = useState<{ text: string; input: ReturnType<typeof registrationSettingsSchema.parse> } | null>(null);
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(() => setQuestion(null), LIMITS.dialogResetMs);
    return () => clearTimeout(timer);
  }, [open]);
  const saveOptions = form.mutationOptions<{ message: string; data: { saved: boolean } }>('Fehler beim Speichern der Anmeldung', (answer) => {
    if (!answer.data.saved) return;
    setQuestion(null);
    void utils.registrations.invalidate();
    onClose();
  });
  const configure = trpc.registrations.configure.useMutation({
    ...saveOptions,
    // The server's question is no success: it is asked in a dialog; the snackbar waits for the save.
    meta: { ...saveOptions.meta, successMessage: false },
    onSuccess: (answer, variables) => {
      if (!answer.data.saved) {
        setQuestion({ text: answer.message, input: variables.settings as ReturnType<typeof registrationSettingsSchema.parse> });
        return;
      }
      snackbar.showSuccess(answer.message);
      saveOptions.onSuccess(answer);
    },
  });
  const submit = form.onSubmit((input) => configure.mutate({ appointmentId, settings: input }));
  const error = (field: string) => form.errorOf(field as keyof SettingsValues);
  const custom = form.values.custom;
  const setCustom = (index: number, change: Partial<CustomFieldValues>) =>
    form.setField(
      'custom',
      custom.map((field, at) => (at === index ? { ...field, ...change } : field)),
    );

  return (
    <>
      <FormDialog open={open} title={settings ? 'Anmeldung bearbeiten' : 'Anmeldung öffnen'} busy={configure.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
          <TextField label="Plätze" type="number" {...textFieldProps(form, 'places')} required fullWidth slotProps={{ htmlInput: { min: 1 } }} autoFocus />
          <TextField label="Plätze pro Anmeldung" type="number" {...textFieldProps(form, 'placesPerSignup')} fullWidth slotProps={{ htmlInput: { min: 1, max: REGISTRATION_LIMITS.placesPerSignup } }} />
          <DateTimePicker
            label="Anmeldung ab"
            value={form.values.opensAt}
            onChange={(value) => form.setField('opensAt', value)}
            format={DATETIME_FORMAT}
            ampm={false}
            slotProps={{ textField: { fullWidth: true, error: error('opensAt') !== undefined, helperText: error('opensAt') ?? 'leer: ab sofort' }, field: { clearable: true } }}
          />
          <DateTimePicker
            label="Anmeldeschluss"
            value={form.values.closesAt}
            onChange={(value) => form.setField('closesAt', value)}
            format={DATETIME_FORMAT}
            ampm={false}
            slotProps={{ textField: { fullWidth: true, error: error('closesAt') !== undefined, helperText: error('closesAt') ?? 'leer: bis zum Beginn des Termins' }, field: { clearable: true } }}
          />
        </Box>
        <TextField select label="Wer darf sich anmelden?" value={form.values.audience} onChange={(event) => form.setField('audience', event.target.value as Audience)} fullWidth margin="normal">
          <MenuItem value="everyone">Alle</MenuItem>
          <MenuItem value="members">Nur angemeldete Mitglieder</MenuItem>
        </TextField>
        <Typography variant="subtitle1" component="h3">
          Abgefragte Angaben
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Name und E-Mail werden immer abgefragt.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, my: 1 }}>
          {(['phone', 'birthdate', 'club'] as const).map((name) => (
            <TextField
              key={name}
              select
              label={FIELD_LABELS[name]}
              value={form.values[name]}
              onChange={(event) => form.setField(name, event.target.value as FieldMode)}
              error={error(`fields.${name}`) !== undefined}
              helperText={error(`fields.${name}`)}
              fullWidth
            >
              {Object.entries(MODE_LABELS).map(([mode, text]) => (
                <MenuItem key={mode} value={mode}>
                  {text}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
        {custom.map((field, index) => (
          <Paper key={field.key ?? `neu-${index}`} variant="outlined" sx={{ p: 1.5, my: 1 }} component="fieldset" aria-label={`Eigenes Feld ${index + 1}`}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label="Bezeichnung"
                value={field.label}
                onChange={(event) => setCustom(index, { label: event.target.value })}
                error={error(`fields.custom.${index}.label`) !== undefined}
                helperText={error(`fields.custom.${index}.label`)}
                required
                fullWidth
                size="small"
              />
              <IconButton aria-label={`Eigenes Feld ${index + 1} entfernen`} onClick={() => form.setField('custom', custom.filter((_, at) => at !== index))}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
              <TextField select label="Art" value={field.type} onChange={(event) => setCustom(index, { type: event.target.value as CustomFieldType })} size="small" sx={{ minWidth: 150 }}>
                {Object.entries(TYPE_LABELS).map(([type, text]) => (
                  <MenuItem key={type} value={type}>
                    {text}
                  </MenuItem>
                ))}
              </TextField>
              <FormControlLabel control={<Checkbox checked={field.required} onChange={(event) => setCustom(index, { required: event.target.checked })} />} label="Pflichtfeld" />
            </Box>
            {field.type === 'choice' && (
              <TextField
                label="Möglichkeiten (eine pro Zeile)"
                value={field.options}
                onChange={(event) => setCustom(index, { options: event.target.value })}
                error={error(`fields.custom.${index}.options`) !== undefined}
                helperText={error(`fields.custom.${index}.options`)}
                multiline
                minRows={3}
                fullWidth
                size="small"
                sx={{ mt: 1 }}
              />
            )}
          </Paper>
        ))}
        {error('fields.custom') && <FormHelperText error>{error('fields.custom')}</FormHelperText>}
        <Button
          disabled={custom.length >= REGISTRATION_LIMITS.customFields}
          onClick={() => form.setField('custom', [...custom, { label: '', type: 'choice', options: '', required: false }])}
        >
          Eigenes Feld hinzufügen
        </Button>
        <TextField label="Hinweis über dem Formular" {...textFieldProps(form, 'note')} fullWidth multiline minRows={2} margin="normal" />
        <FormControlLabel
          control={<Switch checked={form.values.guardianConsent} onChange={(event) => form.setField('guardianConsent', event.target.checked)} />}
          label="Minderjährige brauchen die Einwilligung der Erziehungsberechtigten"
        />
        {error('guardianConsent') && <FormHelperText error>{error('guardianConsent')}</FormHelperText>}
      </FormDialog>
      <ConfirmDialog
        open={question !== null}
        title="Weniger Plätze?"
        text={question?.text ?? ''}
        busy={configure.isPending}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          if (question) configure.mutate({ appointmentId, settings: question.input, confirm: true });
        }}
      />
    </>
  );
}
