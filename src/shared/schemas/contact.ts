import { z } from 'zod';
import { CONTACT_RECIPIENTS, type ContactRecipient } from '../constants.ts';
import { emailSchema, requiredText } from './fields.ts';

/** The contact dialog of SPEC §5 'Contact', checked alike in the browser and on the server. */

/**
 * The e-mail address is at most 254 characters, the longest one SMTP carries (RFC 5321:
 * a path of 256 with its angle brackets); it always fits the 255 of the outbox's Reply-To.
 */
export const CONTACT_LIMITS = { subject: 255, text: 5000, name: 255, email: 254 } as const;

/** How the recipients are named in the dialog. */
export const CONTACT_RECIPIENT_LABELS = {
  info: 'Info',
  vorstand: 'Vorstand',
  'lg-lp': 'LG/LP',
  bogen: 'Bogen',
  blasrohr: 'Blasrohr',
  webmaster: 'Webmaster',
} as const satisfies Record<ContactRecipient, string>;

export const CONTACT_MESSAGES = {
  toEmpty: 'Der Adressat darf nicht leer gelassen werden!',
  toUnknown: 'Diesen Adressaten gibt es nicht!',
} as const;

const isRecipient = (value: string): value is ContactRecipient => (CONTACT_RECIPIENTS as readonly string[]).includes(value);

const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Name and subject become mail headers: a line break there could start a header or a
 * recipient of its own, and a tab or another control character makes the header invalid.
 * The dialog's fields are single-line, so only a forged or pasted value carries one, and
 * it is refused with the field's name rather than quietly changed.
 */
function singleLine(schema: z.ZodString, subject: string) {
  return schema
    .refine((value) => !LINE_BREAK.test(value), { error: `${subject} darf keinen Zeilenumbruch enthalten!`, abort: true })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: `${subject} darf keine Steuerzeichen (z. B. Tabulatoren) enthalten!` });
}

export const contactInput = z.object({
  to: z
    .string({ error: CONTACT_MESSAGES.toEmpty })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.toEmpty, abort: true })
    .refine(isRecipient, { error: CONTACT_MESSAGES.toUnknown }),
  prename: singleLine(requiredText('Der Vorname', CONTACT_LIMITS.name), 'Der Vorname'),
  lastname: singleLine(requiredText('Der Nachname', CONTACT_LIMITS.name), 'Der Nachname'),
  email: emailSchema(CONTACT_LIMITS.email),
  subject: singleLine(requiredText('Der Betreff', CONTACT_LIMITS.subject), 'Der Betreff'),
  text: requiredText('Der Nachrichteninhalt', CONTACT_LIMITS.text),
  /**
   * The honeypot: a field people never see. A program that fills every field gets the
   * normal answer, and its message is dropped.
   */
  homepage: z.string().max(1000).optional(),
});
export type ContactInput = z.input<typeof contactInput>;
