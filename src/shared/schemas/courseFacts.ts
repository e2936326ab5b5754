import { z } from 'zod';
import { minutesOfDay, type CourseFacts } from '../courseFacts.ts';
import { optionalText, requiredText } from './fields.ts';

/**
 * The 3D course's facts as the panel 'Bogenparcours: Fakten und Preise' saves them
 * (`club.updateCourseFacts`, `PUT /api/club/course`), with German messages. Numbers come
 * as numbers or as the form's text (`12,50`).
 */

export const COURSE_FACTS_LIMITS = {
  targets: 500,
  walkMeters: 50_000,
  minimumAge: 99,
  /** Euros per ticket: a typo of a zero too many is refused. */
  price: 10_000,
  priceRows: 20,
  rules: 30,
  rule: 500,
  section: 64,
  persons: 255,
  note: 255,
  /** Minutes after sunrise / before sunset: up to four hours. */
  offset: 240,
} as const;

export const COURSE_FACTS_MESSAGES = {
  price: 'Der Preis muss eine Zahl sein, z. B. 12,50!',
  negative: 'Der Preis darf nicht negativ sein!',
  cents: 'Der Preis darf höchstens zwei Nachkommastellen haben!',
  tooHigh: `Der Preis darf höchstens ${COURSE_FACTS_LIMITS.price.toLocaleString('de-DE')} € betragen!`,
  noDayPrices: 'Es muss mindestens eine Tageskarte angegeben werden!',
  tooManyRows: `Eine Preistabelle darf höchstens ${COURSE_FACTS_LIMITS.priceRows} Zeilen haben!`,
  noRules: 'Es muss mindestens eine Regel angegeben werden!',
  tooManyRules: `Es dürfen höchstens ${COURSE_FACTS_LIMITS.rules} Regeln sein!`,
  time: (subject: string) => `${subject} muss eine Uhrzeit im Format HH:MM sein, z. B. 08:00!`,
  order: 'Die früheste Öffnung muss vor dem spätesten Schluss liegen!',
  offset: (subject: string) => `${subject} muss eine ganze Zahl zwischen 0 und ${COURSE_FACTS_LIMITS.offset} sein!`,
  whole: (subject: string, min: number, max: number) => `${subject} muss eine ganze Zahl zwischen ${min} und ${max} sein!`,
} as const;

/** A number, or the form's text with a decimal comma or point; empty text is undefined (then `required` speaks). */
function numberFrom(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** A whole number between `min` and `max`, as a number or the form's text (also the range's facts). */
export function whole(subject: string, min: number, max: number) {
  const message = COURSE_FACTS_MESSAGES.whole(subject, min, max);
  return z.preprocess(numberFrom, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** Euros with at most two decimals: `12`, `12,5`, `12,50`; never negative. */
const price = z.preprocess(
  numberFrom,
  z
    .number({ error: COURSE_FACTS_MESSAGES.price })
    .min(0, { error: COURSE_FACTS_MESSAGES.negative, abort: true })
    .max(COURSE_FACTS_LIMITS.price, { error: COURSE_FACTS_MESSAGES.tooHigh, abort: true })
    // Decimal arithmetic on binary numbers: 12.1 * 100 is 1209.9999999999998, still two decimals.
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: COURSE_FACTS_MESSAGES.cents }),
);

const priceRow = z.object({
  section: optionalText('Die Sparte', COURSE_FACTS_LIMITS.section),
  persons: requiredText('Die Personengruppe', COURSE_FACTS_LIMITS.persons),
  price,
});

function priceTable(min: number, emptyMessage: string) {
  return z
    .array(priceRow, { error: emptyMessage })
    .min(min, { error: emptyMessage })
    .max(COURSE_FACTS_LIMITS.priceRows, { error: COURSE_FACTS_MESSAGES.tooManyRows });
}

function time(subject: string) {
  return z
    .string({ error: COURSE_FACTS_MESSAGES.time(subject) })
    .trim()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: COURSE_FACTS_MESSAGES.time(subject) });
}

function offset(subject: string) {
  const message = COURSE_FACTS_MESSAGES.offset(subject);
  return z.preprocess(numberFrom, z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(COURSE_FACTS_LIMITS.offset, { error: message }));
}

export const openingRuleInput = z
  .object({
    earliestOpen: time('Die früheste Öffnung'),
    latestClose: time('Der späteste Schluss'),
    minutesAfterSunrise: offset('Die Zahl der Minuten nach Sonnenaufgang'),
    minutesBeforeSunset: offset('Die Zahl der Minuten vor Sonnenuntergang'),
  })
  .superRefine((rule, context) => {
    if (minutesOfDay(rule.earliestOpen) >= minutesOfDay(rule.latestClose)) {
      context.addIssue({ code: 'custom', path: ['latestClose'], message: COURSE_FACTS_MESSAGES.order });
    }
  });

export const courseFactsInput = z.object({
  targets: whole('Die Anzahl der Ziele', 1, COURSE_FACTS_LIMITS.targets),
  walkMeters: whole('Der Fußweg in Metern', 0, COURSE_FACTS_LIMITS.walkMeters),
  minimumAge: z.preprocess((value) => (value === '' || value === undefined ? null : value), whole('Das Mindestalter', 1, COURSE_FACTS_LIMITS.minimumAge).nullable()),
  dayPrices: priceTable(1, COURSE_FACTS_MESSAGES.noDayPrices),
  annualPrices: priceTable(0, COURSE_FACTS_MESSAGES.tooManyRows),
  annualNote: optionalText('Der Hinweis zu den Jahreskarten', COURSE_FACTS_LIMITS.note),
  rules: z
    .array(requiredText('Die Regel', COURSE_FACTS_LIMITS.rule), { error: COURSE_FACTS_MESSAGES.noRules })
    .min(1, { error: COURSE_FACTS_MESSAGES.noRules })
    .max(COURSE_FACTS_LIMITS.rules, { error: COURSE_FACTS_MESSAGES.tooManyRules }),
  opening: openingRuleInput,
});

export type CourseFactsInput = z.input<typeof courseFactsInput>;

// What a save stores must be the facts; this fails to compile when they drift apart.
export const parseCourseFacts = (raw: unknown): z.ZodSafeParseResult<CourseFacts> => courseFactsInput.safeParse(raw);
