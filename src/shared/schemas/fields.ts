import { z } from 'zod';
import { de } from 'zod/locales';
import { LIMITS } from '../constants.ts';

// Only the German texts: `z.locales` would pull every language into the browser.
z.config(de());

/** Building blocks for the German validation messages of SPEC §5. */

export const UID_MESSAGES = {
  empty: 'Die Schützennummer darf nicht leer gelassen werden!',
  length: 'Die Schützennummer muss genau 8 Zeichen lang sein!',
  range: 'Die Schützennummer muss zwischen 0 und 99999999 liegen!',
} as const;

export const PASSWORD_MESSAGES = {
  empty: 'Das Passwort darf nicht leer gelassen werden!',
  weak: 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!',
  tooLong: `Das Passwort darf höchstens ${LIMITS.passwordMaxBytes} Bytes lang sein (Umlaute zählen doppelt)!`,
} as const;

/** Length as bcrypt counts it: UTF-8 bytes, so 'ä' counts 2 and an emoji 4. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * SPEC §4 quotes these two with 'Email'; they stay so. Every other text says 'E-Mail'
 * (issue 28.5), as German spelling has it.
 */
export const EMAIL_MESSAGES = {
  empty: 'Die Email-Adresse darf nicht leer gelassen werden!',
  invalid: 'Die Email-Adresse ist nicht gültig!',
} as const;

/**
 * A required text with the product's message pattern, e.g.
 * 'Der Vorname darf nicht leer gelassen werden!' / '... nicht länger als 255 Zeichen sein!'.
 */
export function requiredText(subject: string, max: number = LIMITS.name) {
  const empty = `${subject} darf nicht leer gelassen werden!`;
  return z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty, abort: true })
    .max(max, { error: `${subject} darf nicht länger als ${max} Zeichen sein!` });
}

export function optionalText(subject: string, max: number) {
  return z
    .string({ error: `${subject} muss ein Text sein!` })
    .trim()
    .max(max, { error: `${subject} darf nicht länger als ${max} Zeichen sein!` });
}

/** Shooter number: exactly 8 digits, 00000000 to 99999999. */
export const uidSchema = z
  .string({ error: UID_MESSAGES.empty })
  .trim()
  .min(1, { error: UID_MESSAGES.empty, abort: true })
  .length(8, { error: UID_MESSAGES.length, abort: true })
  .regex(/^\d{8}$/, { error: UID_MESSAGES.range });

export function isShooterNumber(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/**
 * At least 8 characters with at least one letter and one digit (SPEC §9), and at most
 * 72 bytes: bcrypt would silently ignore the rest, so a longer one is refused, not cut.
 */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.empty })
  .min(1, { error: PASSWORD_MESSAGES.empty, abort: true })
  .refine((value) => utf8Bytes(value) <= LIMITS.passwordMaxBytes, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .refine((value) => value.length >= LIMITS.passwordMin && /\p{L}/u.test(value) && /\d/.test(value), {
    error: PASSWORD_MESSAGES.weak,
  });

/** Blank keeps the old password; anything else must be a strong new one. */
export const optionalPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.weak })
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value))
  .pipe(newPasswordSchema.optional());

export function emailSchema(max: number) {
  return z
    .string({ error: EMAIL_MESSAGES.empty })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.empty, abort: true })
    .max(max, { error: `Die E-Mail-Adresse darf nicht länger als ${max} Zeichen sein!`, abort: true })
    .regex(z.regexes.email, { error: EMAIL_MESSAGES.invalid });
}

export function phoneSchema(max: number) {
  return optionalText('Die Telefonnummer', max).default('');
}

export const idSchema = z.coerce
  .number({ error: 'Die ID muss eine Zahl sein!' })
  .int({ error: 'Die ID muss eine ganze Zahl sein!' })
  .positive({ error: 'Die ID muss eine positive Zahl sein!' });

/** Bounded so that one request cannot make the server check and write without end. */
export const idListSchema = z
  .array(idSchema, { error: 'Die Auswahl muss eine Liste von IDs sein!' })
  .max(LIMITS.idList, { error: `Die Auswahl darf höchstens ${LIMITS.idList} Einträge enthalten!` });
