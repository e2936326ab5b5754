import { z } from 'zod';
import { idSchema } from './fields.ts';

/** Each member's own duties on the roster (README „Meine Dienste“). */

export const DUTY_ROLES = ['supervisor', 'host'] as const;
export type DutyRole = (typeof DUTY_ROLES)[number];

/** How a slot of the roster is called, as on the roster page. */
export const DUTY_ROLE_LABELS: Record<DutyRole, string> = {
  supervisor: 'Standaufsicht',
  host: 'Bewirtung',
};

export const DUTY_INPUT_MESSAGES = {
  roleInvalid: 'Der Dienst muss Standaufsicht oder Bewirtung sein!',
  timeInvalid: 'Bitte gib die Uhrzeit im Format HH:MM an, z. B. 18:00!',
  tokenInvalid: 'Diese Adresse des Kalender-Abos gibt es nicht (mehr).',
} as const;

export const dutyRoleSchema = z.enum(DUTY_ROLES, { error: DUTY_INPUT_MESSAGES.roleInvalid });

/** One slot of one roster entry: what a member offers for swapping or withdraws. */
export const dutySlotInput = z.object({ entry_id: idSchema, role: dutyRoleSchema });
export type DutySlotInput = z.input<typeof dutySlotInput>;

/** `HH:mm`, 24 hours (00:00 to 23:59). */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The time of day of the reminder mail the day before a duty, club-local; null switches
 * reminders off. `18:00` and `8:00` are both taken (the latter as `08:00`).
 */
export const reminderInput = z.object({
  time: z
    .string({ error: DUTY_INPUT_MESSAGES.timeInvalid })
    .trim()
    .transform((value) => (/^\d:\d\d$/.test(value) ? `0${value}` : value))
    .pipe(z.string().regex(REMINDER_TIME_PATTERN, { error: DUTY_INPUT_MESSAGES.timeInvalid }))
    .nullable(),
});
export type ReminderInput = z.input<typeof reminderInput>;

/** Meine Daten: whether the duty feed also holds the member's sign-ups to appointments (issue 29.6). */
export const feedSignupsInput = z.object({ include: z.boolean({ error: 'Bitte wähle, ob deine Anmeldungen im Kalender-Abo stehen sollen!' }) });

/** The secret of a private feed's address: 32 random bytes as base64url (43 characters). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const dutyFeedInput = z.object({
  token: z.string({ error: DUTY_INPUT_MESSAGES.tokenInvalid }).regex(FEED_TOKEN_PATTERN, { error: DUTY_INPUT_MESSAGES.tokenInvalid }),
});

/** Path of the private feed under PUBLIC_URL; the token and `.ics` follow. */
export const DUTY_FEED_PATH = '/api/dienste/';
