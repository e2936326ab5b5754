import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONTACT_RECIPIENTS, type ContactRecipient } from '../../../../shared/constants.ts';
import { CONTACT_LIMITS, CONTACT_RECIPIENT_LABELS, contactInput } from '../../../../shared/schemas/contact.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useSchemaForm } from '../../../components/useSchemaForm.ts';
import { trpc } from '../../../trpc.ts';

interface ContactFormValues {
  to: string;
  prename: string;
  lastname: string;
  email: string;
  subject: string;
  text: string;
  /** The honeypot; people never see or fill it. */
  homepage: string;
}

const EMPTY: ContactFormValues = { to: '', prename: '', lastname: '', email: '', subject: '', text: '', homepage: '' };

/** SPEC §8: the prefix of a failed contact request. */
export const CONTACT_ERROR_PREFIX = 'Fehler beim Senden der Anfrage';

export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
  /** The recipients that have an address (club.profile): only they are offered. */
  recipients: readonly ContactRecipient[];
}

/**
 * The mail dialog of the contact page (SPEC §2, §4, §5): recipient, name, e-mail, subject
 * and message, checked with the server's own schema. The parent remounts it (key) for
 * every opening, so a sent message does not reappear.
 */
export function ContactDialog({ open, onClose, recipients }: ContactDialogProps) {
  // With a single recipient there is nothing to choose.
  const form = useSchemaForm(contactInput, () => ({ ...EMPTY, to: recipients.length === 1 ? recipients[0]! : '' }));
  const send = trpc.contact.send.useMutation({
    meta: { errorPrefix: CONTACT_ERROR_PREFIX },
    onSuccess: onClose,
    onError: form.showServerErrors,
  });

  const submit = form.onSubmit((input) => send.mutate(input));

  const field = (name: Exclude<keyof ContactFormValues, 'homepage' | 'to'>) => ({
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setField(name, event.target.value),
    error: form.errorOf(name) !== undefined,
    helperText: form.errorOf(name),
    required: true,
    fullWidth: true,
    margin: 'dense' as const,
    disabled: send.isPending,
  });

  return (
    <FormDialog open={open} title="Nachricht senden" busy={send.isPending} onClose={onClose} unsaved={form.changed} onSubmit={submit} submitLabel="Senden">
      <TextField
        select
        label="Adressat"
        value={form.values.to}
        onChange={(event) => form.setField('to', event.target.value)}
        error={form.errorOf('to') !== undefined}
        helperText={form.errorOf('to')}
        required
        fullWidth
        margin="dense"
        disabled={send.isPending}
        autoFocus
      >
        {CONTACT_RECIPIENTS.filter((recipient) => recipients.includes(recipient)).map((recipient) => (
          <MenuItem key={recipient} value={recipient}>
            {CONTACT_RECIPIENT_LABELS[recipient]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField label="Vorname" autoComplete="given-name" {...field('prename')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }} />
        <TextField label="Nachname" autoComplete="family-name" {...field('lastname')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }} />
      </Box>
      <TextField label="E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Betreff" {...field('subject')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }} />
      <TextField
        label="Nachricht"
        multiline
        minRows={5}
        {...field('text')}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.text } }}
      />
      {/* The honeypot: off screen and out of the tab order and the accessibility tree, so
          only a program that fills every field it finds fills it. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}>
        <label htmlFor="contact-homepage">Homepage (bitte leer lassen)</label>
        <input
          id="contact-homepage"
          name="homepage"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.values.homepage}
          onChange={(event) => form.setField('homepage', event.target.value)}
        />
      </Box>
    </FormDialog>
  );
}
