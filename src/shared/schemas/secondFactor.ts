import { z } from 'zod';
import { currentPasswordSchema } from './users.ts';

/** The second factor (TOTP) and app passwords (README „Zweiter Faktor und App-Passwörter“). */

export const SECOND_FACTOR_MESSAGES = {
  codeEmpty: 'Der Code darf nicht leer gelassen werden!',
  codeInvalid: 'Der Code besteht aus 6 Ziffern oder ist ein Wiederherstellungscode!',
  setupCodeInvalid: 'Der Code besteht aus 6 Ziffern!',
  ticketInvalid: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit Schützennummer und Passwort an.',
  passwordMissing: 'Bitte gib dein aktuelles Passwort ein.',
} as const;

/** Six digits; spaces, as apps show them ("123 456"), are dropped. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Recovery codes: four groups of four of a-z and 2-7 (base32), hyphens and case optional. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{16}$/;

/** Strips what people type around a code: spaces, hyphens, and upper case. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

const codeText = z.string({ error: SECOND_FACTOR_MESSAGES.codeEmpty }).max(64, { error: SECOND_FACTOR_MESSAGES.codeInvalid });

/** A code of the app or a recovery code, as the login's second step takes it. */
export const loginCodeSchema = codeText
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, { error: SECOND_FACTOR_MESSAGES.codeEmpty, abort: true })
      .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), { error: SECOND_FACTOR_MESSAGES.codeInvalid }),
  );

/** A code of the app only (the setup is confirmed with one). */
export const totpCodeSchema = codeText
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, { error: SECOND_FACTOR_MESSAGES.codeEmpty, abort: true })
      .regex(TOTP_CODE_PATTERN, { error: SECOND_FACTOR_MESSAGES.setupCodeInvalid }),
  );

/** The reference of the password step: 43 characters of base64url. */
const ticketSchema = z.string({ error: SECOND_FACTOR_MESSAGES.ticketInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, { error: SECOND_FACTOR_MESSAGES.ticketInvalid });

/** The login's second step. */
export const loginCodeInput = z.object({ ticket: ticketSchema, code: loginCodeSchema });
export type LoginCodeInput = z.input<typeof loginCodeInput>;

/** The setup is confirmed with the first code and, from a browser, the current password. */
export const secondFactorConfirmInput = z.object({ code: totpCodeSchema, current_password: currentPasswordSchema });
export type SecondFactorConfirmInput = z.input<typeof secondFactorConfirmInput>;

/** The current password alone: switching the factor off, new recovery codes, a new app password. */
export const currentPasswordInput = z.object({ current_password: currentPasswordSchema });
export type CurrentPasswordInput = z.input<typeof currentPasswordInput>;

/** The browser's forms: there the current password is always asked (the schemas take it as optional for other callers). */
function passwordAsked<Schema extends z.ZodType<{ current_password?: string | undefined }>>(schema: Schema) {
  return schema.refine((values) => values.current_password !== undefined, { path: ['current_password'], error: SECOND_FACTOR_MESSAGES.passwordMissing });
}
export const secondFactorConfirmForm = passwordAsked(secondFactorConfirmInput);
export const currentPasswordForm = passwordAsked(currentPasswordInput);

export const APP_PASSWORD_NAME_MAX = 100;
/** A member keeps at most this many app passwords. */
export const APP_PASSWORDS_MAX = 20;

const appPasswordNameEmpty = 'Der Name darf nicht leer gelassen werden!';
export const appPasswordCreateInput = z.object({
  name: z
    .string({ error: appPasswordNameEmpty })
    .trim()
    .min(1, { error: appPasswordNameEmpty, abort: true })
    .max(APP_PASSWORD_NAME_MAX, { error: `Der Name darf nicht länger als ${APP_PASSWORD_NAME_MAX} Zeichen sein!` }),
});
export type AppPasswordCreateInput = z.input<typeof appPasswordCreateInput>;
