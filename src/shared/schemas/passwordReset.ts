import { z } from 'zod';
import { isShooterNumber, newPasswordSchema } from './fields.ts';

/** How long a reset link works (README „Passwort vergessen“); the texts below say „eine Stunde“. */
export const PASSWORD_RESET_VALIDITY_MINUTES = 60;

const ASK_AGAIN = 'Bitte fordere auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an.';

/** The texts of 'Passwort vergessen?' (issue 18), the same on server and client. */
export const PASSWORD_RESET_MESSAGES = {
  loginEmpty: 'Bitte gib deine Schützennummer oder deine E-Mail-Adresse ein!',
  loginInvalid: 'Bitte gib eine Schützennummer (8 Ziffern) oder eine gültige E-Mail-Adresse ein!',
  /**
   * The one answer to every accepted request, whoever was asked for: it says nothing about
   * whether a member with that number or address exists, or whether they have an address.
   */
  requested:
    'Wenn zu deiner Angabe ein Mitglied mit hinterlegter E-Mail-Adresse gehört, ist jetzt eine Mail mit einem Link zum Zurücksetzen des Passworts unterwegs. ' +
    'Der Link ist eine Stunde gültig und funktioniert nur einmal. ' +
    'Ist bei dir keine E-Mail-Adresse hinterlegt, wende dich bitte an die Administratoren des Vereins.',
  tooManyFromAddress: 'Von deiner Adresse wurden in der letzten Stunde zu viele Links zum Zurücksetzen angefordert. Bitte versuche es später erneut.',
  tooManyForTarget:
    'Für diese Schützennummer bzw. E-Mail-Adresse wurden in der letzten Stunde schon mehrere Links angefordert. Bitte sieh in deinem Postfach nach (auch im Spam-Ordner) oder versuche es später erneut.',
  linkInvalid: `Dieser Link zum Zurücksetzen des Passworts ist ungültig. ${ASK_AGAIN}`,
  linkExpired: `Dieser Link zum Zurücksetzen des Passworts ist abgelaufen: Er ist nur eine Stunde gültig. ${ASK_AGAIN}`,
  linkUsed: `Dieser Link zum Zurücksetzen des Passworts wurde bereits verwendet und gilt nicht mehr. Falls du dein Passwort noch einmal zurücksetzen möchtest: ${ASK_AGAIN}`,
  mismatch: 'Die beiden Passwörter stimmen nicht überein!',
  done: 'Dein Passwort wurde geändert, und du wurdest auf allen Geräten abgemeldet. Melde dich jetzt mit dem neuen Passwort an.',
} as const;

/** An e-mail address as the users' schemas accept it (stored ones are trimmed). */
function isEmailAddress(value: string): boolean {
  return value.length <= 255 && z.regexes.email.test(value);
}

/** 'Passwort vergessen?': the shooter number or the e-mail address of the member. */
export const passwordResetRequestInput = z.object({
  login: z
    .string({ error: PASSWORD_RESET_MESSAGES.loginEmpty })
    .trim()
    .min(1, { error: PASSWORD_RESET_MESSAGES.loginEmpty, abort: true })
    .refine((value) => isShooterNumber(value) || isEmailAddress(value), { error: PASSWORD_RESET_MESSAGES.loginInvalid }),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** The token of a reset link: 32 random bytes, base64url (43 characters). */
const tokenSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: PASSWORD_RESET_MESSAGES.linkInvalid });

export const passwordResetTokenInput = z.object({ token: tokenSchema });

/** The new password under the rule of SPEC §5 (at least 8 characters, a letter and a digit). */
export const passwordResetInput = z.object({ token: tokenSchema, password: newPasswordSchema });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

/** The form of the reset page: the password twice, so that a typo does not lock the member out again. */
export const passwordResetForm = z
  .object({ password: newPasswordSchema, password_repeat: z.string() })
  .refine((values) => values.password === values.password_repeat, { path: ['password_repeat'], error: PASSWORD_RESET_MESSAGES.mismatch });
export type PasswordResetFormValues = z.input<typeof passwordResetForm>;
