import { z } from 'zod';
import { TIMETABLE_LIMITS, TIMETABLE_SECTIONS } from '../timetable.ts';
import { textLength } from './content.ts';
import { idSchema } from './fields.ts';

/** The shooting times of the sections (issue 26, point 2), as the dashboard and the server check them. */

export const TIMETABLE_MESSAGES = {
  section: 'Die Sparte muss LG/LP, Bogen oder Blasrohr sein!',
  weekdayMissing: 'Bitte wähle den Wochentag!',
  weekday: 'Der Wochentag muss zwischen 1 (Montag) und 7 (Sonntag) liegen!',
  from: 'Bitte gib den Beginn im Format HH:MM an, z. B. 18:00!',
  to: 'Bitte gib das Ende im Format HH:MM an, z. B. 20:00!',
  order: 'Das Ende muss nach dem Beginn liegen!',
  whatEmpty: 'Das Angebot darf nicht leer gelassen werden!',
  whatTooLong: `Das Angebot darf nicht länger als ${TIMETABLE_LIMITS.what} Zeichen sein!`,
  noteTooLong: `Die Anmerkung darf nicht länger als ${TIMETABLE_LIMITS.note} Zeichen sein!`,
  notText: (subject: string) => `${subject} muss ein Text sein!`,
  active: 'Die Schießzeit muss aktiv oder pausiert sein (true oder false)!',
  orderIds: 'Die Reihenfolge muss eine Liste der IDs der Schießzeiten sein!',
  orderDuplicate: 'Die Reihenfolge nennt eine Schießzeit mehrmals!',
} as const;

export const timetableSectionSchema = z.enum(TIMETABLE_SECTIONS, { error: TIMETABLE_MESSAGES.section });

export const weekdaySchema = z
  .number({ error: (issue) => (issue.input === undefined ? TIMETABLE_MESSAGES.weekdayMissing : TIMETABLE_MESSAGES.weekday) })
  .int({ error: TIMETABLE_MESSAGES.weekday })
  .min(1, { error: TIMETABLE_MESSAGES.weekday })
  .max(7, { error: TIMETABLE_MESSAGES.weekday });

/** `HH:mm`, 00:00 to 23:59; `8:00` is taken as `08:00`, so that stored times sort as text. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function timeOfDay(message: string) {
  return z
    .string({ error: message })
    .trim()
    .transform((value) => (/^\d:\d\d$/.test(value) ? `0${value}` : value))
    .pipe(z.string().regex(TIME_OF_DAY, { error: message }));
}

/** Trimmed, counted in characters as a person (and MariaDB's utf8mb4 columns) count them. */
function boundedText(subject: string, max: number, tooLong: string) {
  return z
    .string({ error: TIMETABLE_MESSAGES.notText(subject) })
    .trim()
    .refine((text) => textLength(text) <= max, { error: tooLong });
}

const entryFields = {
  weekday: weekdaySchema,
  from: timeOfDay(TIMETABLE_MESSAGES.from),
  to: timeOfDay(TIMETABLE_MESSAGES.to),
  what: boundedText('Das Angebot', TIMETABLE_LIMITS.what, TIMETABLE_MESSAGES.whatTooLong).refine((text) => text !== '', {
    error: TIMETABLE_MESSAGES.whatEmpty,
  }),
  note: boundedText('Die Anmerkung', TIMETABLE_LIMITS.note, TIMETABLE_MESSAGES.noteTooLong).default(''),
  active: z.boolean({ error: TIMETABLE_MESSAGES.active }).default(true),
};

/** Both times given as `HH:mm`, whatever else of the row is wrong. */
function bothTimes(value: unknown): value is { from: string; to: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to } = value as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && TIME_OF_DAY.test(from) && TIME_OF_DAY.test(to);
}

/**
 * The end after the beginning, on the same day: `HH:mm` compares as text. The message goes
 * under 'Ende'. It is checked whenever both times are times, also while another field (no
 * weekday yet) is wrong, so that a form shows every message at once.
 */
const endAfterBeginning = (value: { from: string; to: string }) => value.to > value.from;
const endAfterBeginningOptions = { path: ['to'], error: TIMETABLE_MESSAGES.order, when: (payload: { value: unknown }) => bothTimes(payload.value) };

export const timetableCreateInput = z.object({ section: timetableSectionSchema, ...entryFields }).refine(endAfterBeginning, endAfterBeginningOptions);
export type TimetableCreateInput = z.input<typeof timetableCreateInput>;

/** A row keeps its section: moving it would be a delete in one table and a create in another. */
export const timetableUpdateInput = z.object({ id: idSchema, ...entryFields }).refine(endAfterBeginning, endAfterBeginningOptions);
export type TimetableUpdateInput = z.input<typeof timetableUpdateInput>;

/** The new order of all of a section's rows, first to last. */
export const timetableReorderInput = z.object({
  section: timetableSectionSchema,
  ids: z
    .array(idSchema, { error: TIMETABLE_MESSAGES.orderIds })
    .max(TIMETABLE_LIMITS.entriesPerSection, { error: TIMETABLE_MESSAGES.orderIds })
    .refine((ids) => new Set(ids).size === ids.length, { error: TIMETABLE_MESSAGES.orderDuplicate }),
});
export type TimetableReorderInput = z.input<typeof timetableReorderInput>;
