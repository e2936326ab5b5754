import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { LIMITS } from '../../../../shared/constants.ts';
import { organiserMailInput } from '../../../../shared/schemas/registrations.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { textFieldProps, useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

interface MailValues {
  appointmentId: number;
  to: 'place' | 'waiting' | 'all';
  subject: string;
  text: string;
}

const emptyMail = (appointmentId: number): MailValues => ({ appointmentId, to: 'place', subject: '', text: '' });

/** The organiser writes to the participants, the waiting list or both; the mails go through the outbox. */
export function MailDialog({ open, appointmentId, onClose }: { open: boolean; appointmentId: number; onClose: () => void }) {
  const form = useSchemaForm(organiserMailInput, () => emptyMail(appointmentId));
  const { reset } = form;
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(() => reset(emptyMail(appointmentId)), LIMITS.dialogResetMs);
    return () => clearTimeout(timer);
  }, [open, appointmentId, reset]);
  const mail = trpc.registrations.mail.useMutation(form.mutationOptions('Fehler beim Senden der Mail', onClose));
  const submit = form.onSubmit((input) => mail.mutate(input));
  return (
    <FormDialog open={open} title="Mail an die Angemeldeten" busy={mail.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Senden">
      <TextField
        select
        label="An"
        value={form.values.to}
        onChange={(event) => form.setField('to', event.target.value as MailValues['to'])}
        fullWidth
        margin="dense"
      >
        <MenuItem value="place">Alle Teilnehmer</MenuItem>
        <MenuItem value="waiting">Die Warteliste</MenuItem>
        <MenuItem value="all">Teilnehmer und Warteliste</MenuItem>
      </TextField>
      <TextField label="Betreff" {...textFieldProps(form, 'subject')} required fullWidth margin="dense" autoFocus />
      <TextField label="Text" {...textFieldProps(form, 'text')} required fullWidth multiline minRows={5} margin="dense" />
    </FormDialog>
  );
}
