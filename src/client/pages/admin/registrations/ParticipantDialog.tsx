import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { LIMITS } from '../../../../shared/constants.ts';
import { FIELD_LABELS, participantSchema, type RegistrationSettings } from '../../../../shared/schemas/registrations.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';
import type { ParticipantRow } from './participants.ts';

interface ParticipantValues {
  prename: string;
  lastname: string;
  email: string;
  phone: string;
  /** `YYYY-MM-DD` as the date field gives it, or ''. */
  birthdate: string;
  club: string;
  places: string;
  answers: Record<string, string | boolean>;
  guardianName: string;
  guardianConsent: boolean;
  /** Only when adding: a place if one is free, or the waiting list. */
  status: 'place' | 'waiting';
}

function valuesOf(row: ParticipantRow | null): ParticipantValues {
  return {
    prename: row?.prename ?? '',
    lastname: row?.lastname ?? '',
    email: row?.email ?? '',
    phone: row?.phone ?? '',
    birthdate: row?.birthdate ?? '',
    club: row?.club ?? '',
    places: String(row?.places ?? 1),
    answers: row?.answers ?? {},
    guardianName: row?.guardianName ?? '',
    guardianConsent: row ? row.guardianConsentAt !== null : false,
    status: row?.status === 'waiting' ? 'waiting' : 'place',
  };
}

function toInput(values: ParticipantValues) {
  // Empty answers are left out: an optional field not answered, not an answer ''.
  const answers = Object.fromEntries(Object.entries(values.answers).filter(([, answer]) => answer !== ''));
  const { status: _status, ...participant } = values;
  return { ...participant, answers };
}

export interface ParticipantDialogProps {
  open: boolean;
  appointmentId: number;
  settings: RegistrationSettings;
  /** null: a participant added by hand (a phone call). */
  participant: ParticipantRow | null;
  onClose: () => void;
}

/** Adds a participant by hand or changes one; the fields follow the appointment's settings. */
export function ParticipantDialog({ open, appointmentId, settings, participant, onClose }: ParticipantDialogProps) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(participantSchema, () => valuesOf(participant), toInput);
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(participant));
    else {
      const timer = setTimeout(() => reset(valuesOf(null)), LIMITS.dialogResetMs);
      return () => clearTimeout(timer);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, participant]);
  const saved = () => {
    void utils.registrations.list.invalidate({ appointmentId });
    onClose();
  };
  const add = trpc.registrations.add.useMutation(form.mutationOptions('Fehler beim Eintragen', saved));
  const update = trpc.registrations.update.useMutation(form.mutationOptions('Fehler beim Speichern der Anmeldung', saved));
  const busy = add.isPending || update.isPending;
  const submit = form.onSubmit((input, values) => {
    if (participant) update.mutate({ ...input, appointmentId, id: participant.id });
    else add.mutate({ ...input, appointmentId, status: values.status });
  });
  const setAnswer = (key: string, answer: string | boolean) => form.setField('answers', { ...form.values.answers, [key]: answer });
  const answerError = (key: string) => form.errorOf(`answers.${key}` as keyof ParticipantValues);
  const optional = (name: 'phone' | 'birthdate' | 'club') => settings.fields[name] !== 'off';

  return (
    <FormDialog open={open} title={participant ? 'Anmeldung bearbeiten' : 'Teilnehmer eintragen'} busy={busy} onClose={onClose} unsaved={form.changed} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Vorname" {...textFieldProps(form, 'prename')} required fullWidth margin="dense" autoFocus />
        <TextField label="Nachname" {...textFieldProps(form, 'lastname')} required fullWidth margin="dense" />
      </Box>
      <TextField label="E-Mail" type="email" {...textFieldProps(form, 'email')} required fullWidth margin="dense" />
      {optional('phone') && <TextField label={FIELD_LABELS.phone} {...textFieldProps(form, 'phone')} required={settings.fields.phone === 'required'} fullWidth margin="dense" />}
      {optional('birthdate') && (
        <TextField
          label={FIELD_LABELS.birthdate}
          type="date"
          {...textFieldProps(form, 'birthdate')}
          required={settings.fields.birthdate === 'required'}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {optional('club') && <TextField label={FIELD_LABELS.club} {...textFieldProps(form, 'club')} required={settings.fields.club === 'required'} fullWidth margin="dense" />}
      {settings.fields.custom.map((field) => {
        const answer = form.values.answers[field.key];
        const error = answerError(field.key);
        if (field.type === 'yesno') {
          return (
            <TextField
              key={field.key}
              select
              label={field.label}
              value={answer === undefined || answer === '' ? '' : answer ? 'ja' : 'nein'}
              onChange={(event) => setAnswer(field.key, event.target.value === '' ? '' : event.target.value === 'ja')}
              error={error !== undefined}
              helperText={error}
              required={field.required}
              fullWidth
              margin="dense"
            >
              <MenuItem value="">–</MenuItem>
              <MenuItem value="ja">Ja</MenuItem>
              <MenuItem value="nein">Nein</MenuItem>
            </TextField>
          );
        }
        return (
          <TextField
            key={field.key}
            select={field.type === 'choice'}
            label={field.label}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => setAnswer(field.key, event.target.value)}
            error={error !== undefined}
            helperText={error}
            required={field.required}
            fullWidth
            margin="dense"
          >
            {field.type === 'choice' && [
              <MenuItem key="" value="">
                –
              </MenuItem>,
              ...field.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      })}
      <TextField
        label="Plätze"
        type="number"
        {...textFieldProps(form, 'places')}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { min: 1, max: 20 } }}
      />
      {settings.guardianConsent && (
        <>
          <TextField label="Erziehungsberechtigte Person (bei Minderjährigen)" {...textFieldProps(form, 'guardianName')} fullWidth margin="dense" />
          <FormControlLabel
            control={<Checkbox checked={form.values.guardianConsent} onChange={(event) => form.setField('guardianConsent', event.target.checked)} />}
            label="Einwilligung der erziehungsberechtigten Person liegt vor"
          />
        </>
      )}
      {!participant && (
        <TextField
          select
          label="Eintragen auf"
          value={form.values.status}
          onChange={(event) => form.setField('status', event.target.value as 'place' | 'waiting')}
          fullWidth
          margin="dense"
        >
          <MenuItem value="place">Teilnehmerliste</MenuItem>
          <MenuItem value="waiting">Warteliste</MenuItem>
        </TextField>
      )}
    </FormDialog>
  );
}
