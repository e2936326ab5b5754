import { z } from 'zod';
import { CONTACT_RECIPIENTS, type ContactRecipient } from '../constants.ts';
import { emailSchema, requiredText } from './fields.ts';

/** The contact dialog of SPEC §5 'Contact', checked alike in the browser and on the server. */

export const CONTACT_LIMITS = { subject: 255, text: 5000, name: 255, email: 255 } as const;

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

/**
 * Name and subject become mail headers: a line break there could start a header or a
 * recipient of its own. The dialog's fields are single-line, so only a forged request
 * carries one, and it is refused rather than quietly changed.
 */
function singleLine(schema: z.ZodString, subject: string) {
  return schema.refine((value) => !/[\r\n\u2028\u2029]/.test(value), {
    error: `${subject} darf keinen Zeilenumbruch enthalten!`,
  });
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
