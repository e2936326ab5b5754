import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { fromClubDateTime, isApiDateTime } from '../dates.ts';
import { occurrenceDates, recurrenceProblem, WEEKDAY_CODES, type Recurrence } from '../recurrence.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';
import { isApiDate } from './hosts.ts';

/** Messages of SPEC §5 'Appointment' and the ones the product leaves to us. */
export const APPOINTMENT_MESSAGES = {
  endBeforeBegin: 'Das Ende muss nach dem Beginnzeitpunkt liegen!',
  assignment: 'Eine Gruppenzuordnung muss angegeben werden!',
  unknownGroup: 'Die gewählte Gruppe gibt es nicht.',
  /** Shown in place of the group choice to members without groups_view (SPEC §6). */
  groupsNeedPermission: 'Zum Auswählen einer Gruppe brauchst du die Berechtigung, Gruppen anzusehen.',
  beginEmpty: 'Der Beginn darf nicht leer gelassen werden!',
  endEmpty: 'Das Ende darf nicht leer gelassen werden!',
  dateTimeFormat: 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ HH:mm oder JJJJ-MM-TT HH:mm an!',
  skippedByClock: 'Diesen Zeitpunkt gibt es wegen der Umstellung auf Sommerzeit nicht (die Uhr springt von 02:00 auf 03:00). Bitte wähle eine andere Uhrzeit!',
  status: 'Der Status muss Neu, In Organisation oder Organisation abgeschlossen sein!',
  statusEmpty: 'Der Status darf nicht leer gelassen werden!',
  flag: 'Der Wert muss 0 oder 1 sein!',
  attachments: 'Die Anhänge müssen eine Liste hochgeladener Dateien sein!',
  unknownAttachment: 'Ein Anhang wurde nicht gefunden. Bitte lade ihn erneut hoch.',
  month: 'Der Monat muss im Format JJJJ-MM angegeben werden!',
  recurrence: 'Die Wiederholung ist ungültig.',
  interval: 'Der Abstand muss eine ganze Zahl zwischen 1 und 12 sein.',
  weekdays: 'Bitte wähle mindestens einen Wochentag.',
  monthDay: 'Der Tag des Monats muss zwischen 1 und 31 liegen.',
  untilDate: 'Das Ende der Serie muss ein Datum im Format TT.MM.JJJJ sein.',
  count: 'Die Zahl der Termine muss eine ganze Zahl zwischen 1 und 2000 sein.',
  occurrenceInSkippedHour: 'Ein Termin der Serie fiele in die Stunde, die es wegen der Umstellung auf Sommerzeit nicht gibt. Bitte wähle eine andere Uhrzeit!',
  notAnOccurrence: 'Dieser Termin gehört zu keiner Serie.',
  notCancelled: 'Dieser Termin ist nicht abgesagt.',
  cancelled: 'Ein abgesagter Termin lässt sich nicht bearbeiten. Bitte nimm zuerst die Absage zurück.',
  ruleOnlyForSeries: 'Die Wiederholung lässt sich nur für alle Termine der Serie oder für diesen und alle folgenden ändern.',
  countTooSmall: 'Vor diesem Termin liegen schon so viele Termine der Serie: Bitte gib eine größere Zahl von Terminen an.',
  /** A save of a series that would delete occurrences, by a member without calendar_delete. */
  removesOccurrences: 'Diese Änderung würde Termine der Serie löschen. Dazu brauchst du die Berechtigung, Termine zu löschen.',
} as const;

/** What an edit or a deletion of one occurrence of a series applies to (issue 19). */
export const SERIES_SCOPES = ['single', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const SERIES_SCOPE_LABELS: Record<SeriesScope, string> = {
  single: 'Nur diesen Termin',
  following: 'Diesen und alle folgenden',
  all: 'Alle Termine der Serie',
};

/** The most occurrences a count may ask for (five years of every day is 1,827). */
export const MAX_SERIES_COUNT = 2000;

const interval = z.coerce.number({ error: APPOINTMENT_MESSAGES.interval }).int({ error: APPOINTMENT_MESSAGES.interval }).min(1, { error: APPOINTMENT_MESSAGES.interval }).max(12, { error: APPOINTMENT_MESSAGES.interval });
const weekday = z.enum(WEEKDAY_CODES, { error: APPOINTMENT_MESSAGES.recurrence });
const recurrenceEnd = z.union(
  [
    z.object({ until: z.string({ error: APPOINTMENT_MESSAGES.untilDate }).trim().refine(isApiDate, { error: APPOINTMENT_MESSAGES.untilDate }) }).strict(),
    z.object({ count: z.coerce.number({ error: APPOINTMENT_MESSAGES.count }).int({ error: APPOINTMENT_MESSAGES.count }).min(1, { error: APPOINTMENT_MESSAGES.count }).max(MAX_SERIES_COUNT, { error: APPOINTMENT_MESSAGES.count }) }).strict(),
  ],
  { error: APPOINTMENT_MESSAGES.recurrence },
);

/** 'Wiederholung' (issue 19): weekly on weekdays every n weeks, or monthly on a day or the n-th weekday; until a date or n times. */
export const recurrenceSchema: z.ZodType<Recurrence> = z.discriminatedUnion(
  'frequency',
  [
    z.object({
      frequency: z.literal('weekly'),
      interval,
      weekdays: z.array(weekday, { error: APPOINTMENT_MESSAGES.weekdays }).min(1, { error: APPOINTMENT_MESSAGES.weekdays }).max(7, { error: APPOINTMENT_MESSAGES.weekdays }),
      end: recurrenceEnd,
    }),
    z.object({
      frequency: z.literal('monthly'),
      interval,
      on: z.union(
        [
          z.object({ day: z.coerce.number({ error: APPOINTMENT_MESSAGES.monthDay }).int({ error: APPOINTMENT_MESSAGES.monthDay }).min(1, { error: APPOINTMENT_MESSAGES.monthDay }).max(31, { error: APPOINTMENT_MESSAGES.monthDay }) }).strict(),
          z.object({ ordinal: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], { error: APPOINTMENT_MESSAGES.recurrence }), weekday }).strict(),
        ],
        { error: APPOINTMENT_MESSAGES.recurrence },
      ),
      end: recurrenceEnd,
    }),
  ],
  { error: APPOINTMENT_MESSAGES.recurrence },
);

/**
 * Why a series of this rule cannot start at `begin` (lasting until `end`), in German:
 * the rule does not fit the first date, runs longer than five years, or one of its
 * occurrences would begin or end in the hour the change to summer time skips.
 */
export function seriesProblem(rule: Recurrence, begin: string, end: string): string | undefined {
  const problem = recurrenceProblem(rule, begin);
  if (problem) return problem;
  const beginTime = begin.slice(11);
  const endTime = end.slice(11);
  // Only late March has the skipped hour; the times of the other dates exist.
  const skipped = occurrenceDates(rule, begin).some((date) => date.slice(5, 7) === '03' && (fromClubDateTime(`${date} ${beginTime}`) === undefined || fromClubDateTime(`${date} ${endTime}`) === undefined));
  return skipped ? APPOINTMENT_MESSAGES.occurrenceInSkippedHour : undefined;
}

/** The German spelling of SPEC §1, as people type it: `24.11.2026 18:30`. */
const GERMAN_DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}:\d{2})$/;

/**
 * API date-times are `YYYY-MM-DD HH:mm:ss`; `YYYY-MM-DD HH:mm`, an ISO `T` and the German
 * `TT.MM.JJJJ HH:mm` that the format message names are taken as well.
 */
function dateTime(empty: string) {
  return z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty, abort: true })
    .transform((value) => {
      const german = GERMAN_DATE_TIME.exec(value);
      const normalized = german ? `${german[3]}-${german[2]}-${german[1]} ${german[4]}` : value.replace('T', ' ');
      return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(normalized) ? `${normalized}:00` : normalized;
    })
    .refine(isApiDateTime, { error: APPOINTMENT_MESSAGES.dateTimeFormat, abort: true })
    .refine((value) => fromClubDateTime(value) !== undefined, { error: APPOINTMENT_MESSAGES.skippedByClock });
}

/** Multipart and legacy clients send 0/1 (DESIGN §3), tRPC callers a boolean. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: APPOINTMENT_MESSAGES.flag })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

const status = z.preprocess(
  (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
  z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? APPOINTMENT_MESSAGES.statusEmpty : APPOINTMENT_MESSAGES.status),
  }),
);

/** An empty choice (null, '', 0) is the missing assignment of SPEC §5. */
const assignment = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? undefined : value),
  z.coerce.number({ error: APPOINTMENT_MESSAGES.assignment }).int({ error: APPOINTMENT_MESSAGES.assignment }).positive({ error: APPOINTMENT_MESSAGES.assignment }),
);

/** The upload answer's entries, or just their ids. */
const attachmentRef = z.union([idSchema, z.object({ id: idSchema }).transform((entry) => entry.id)], { error: APPOINTMENT_MESSAGES.attachments });

export const appointmentFields = {
  name: requiredText('Der Titel'),
  datetime_begin: dateTime(APPOINTMENT_MESSAGES.beginEmpty),
  datetime_end: dateTime(APPOINTMENT_MESSAGES.endEmpty),
  location: requiredText('Der Ort'),
  visibility: flag.default(false),
  description: optionalText('Die Beschreibung', LIMITS.description).default(''),
  notes: z
    .string({ error: 'Die Notizen müssen ein Text sein!' })
    .trim()
    .max(LIMITS.notes, { error: `Die Notizen dürfen nicht länger als ${LIMITS.notes} Zeichen sein!` })
    .default(''),
  assignment,
  status,
  attachments: z
    .array(attachmentRef, { error: APPOINTMENT_MESSAGES.attachments })
    .max(LIMITS.idList, { error: `Ein Termin kann höchstens ${LIMITS.idList} Anhänge haben!` })
    .default([]),
  notify: flag.default(false),
};

/**
 * 'Not before begin' (SPEC §5): an appointment may begin and end at the same moment. The
 * times are their own half of an intersection, so the rule is checked as soon as both are
 * valid, even while other fields still miss (a form shows it at once).
 */
const { datetime_begin, datetime_end, ...otherFields } = appointmentFields;
const appointmentTimes = z
  .object({ datetime_begin, datetime_end })
  .refine((value) => !(value.datetime_end < value.datetime_begin), { error: APPOINTMENT_MESSAGES.endBeforeBegin, path: ['datetime_end'] });

/** A new appointment, or with `recurrence` a series whose first occurrence it is. */
export const appointmentCreateInput = z
  .intersection(z.object({ ...otherFields, recurrence: recurrenceSchema.nullable().default(null) }), appointmentTimes)
  .superRefine((value, context) => {
    const problem = value.recurrence ? seriesProblem(value.recurrence, value.datetime_begin, value.datetime_end) : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['recurrence'] });
  });
export type AppointmentCreateInput = z.input<typeof appointmentCreateInput>;

/**
 * A change of an appointment. For an occurrence of a series, `scope` says what it applies
 * to (legacy clients, which know no series, change the one occurrence they name);
 * `recurrence` left out keeps the rule, null ends the repetition.
 */
export const appointmentUpdateInput = z.intersection(
  z.object({
    id: idSchema,
    ...otherFields,
    recurrence: recurrenceSchema.nullable().optional(),
    scope: z.enum(SERIES_SCOPES, { error: APPOINTMENT_MESSAGES.recurrence }).default('single'),
  }),
  appointmentTimes,
);
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateInput>;

/** Deleting one occurrence cancels it; the other scopes remove occurrences for good. */
export const appointmentDeleteInput = z.object({
  id: idSchema,
  scope: z.enum(SERIES_SCOPES, { error: APPOINTMENT_MESSAGES.recurrence }).default('single'),
});
export type AppointmentDeleteInput = z.input<typeof appointmentDeleteInput>;

/** A month as `YYYY-MM`, or year and month apart (REST `/api/calendar/{YYYY}/{MM}`). */
export const calendarMonthInput = z.object({
  year: z.coerce.number({ error: APPOINTMENT_MESSAGES.month }).int({ error: APPOINTMENT_MESSAGES.month }).min(1970, { error: APPOINTMENT_MESSAGES.month }).max(9999, { error: APPOINTMENT_MESSAGES.month }),
  month: z.coerce.number({ error: APPOINTMENT_MESSAGES.month }).int({ error: APPOINTMENT_MESSAGES.month }).min(1, { error: APPOINTMENT_MESSAGES.month }).max(12, { error: APPOINTMENT_MESSAGES.month }),
});
export type CalendarMonthInput = z.input<typeof calendarMonthInput>;

export interface AttachmentView {
  id: number;
  filename: string;
  url: string;
  size: number;
  type: string;
}

/** What the back office sees of an appointment. */
export interface AppointmentView {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  visibility: boolean;
  description: string;
  notes: string;
  assignment: number;
  /** The assigned group's name. */
  section: string;
  status: 0 | 1 | 2;
  notify: boolean;
  sequence: number;
  attachments: AttachmentView[];
  /** The series this is an occurrence of, or null. */
  series: SeriesView | null;
  /** The date the series' rule gives this occurrence (`YYYY-MM-DD`), or null. */
  occurrence_date: string | null;
  /** Changed on its own: a change of the whole series leaves it alone. */
  detached: boolean;
  /** A cancelled occurrence: shown in the back office only. */
  cancelled: boolean;
}

export interface SeriesView {
  id: number;
  recurrence: Recurrence;
  /** The rule in German, e.g. 'jeden Dienstag, bis 31.12.2027'. */
  description: string;
  /** The first occurrence's date. */
  first_date: string;
}

/** What visitors see: never notes or status (DESIGN §3). */
export interface PublicAppointment {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  description: string;
  /** The group's name when the group is a section (issue 26), otherwise empty. */
  section: string;
  attachments: Pick<AttachmentView, 'id' | 'filename' | 'url' | 'size' | 'type'>[];
  /**
   * The series an occurrence belongs to (issue 26, point 5), null for an appointment of its
   * own: /termine shows the occurrences that follow the rule as one entry with its rhythm.
   * Only in the tRPC answer; the legacy REST list keeps the fields above (SPEC §7).
   */
  series: PublicSeriesLink | null;
  /**
   * The appointment's sign-up (issue 29.2), null when it takes none: 'Anmelden' with the
   * state's line ('noch 12 Plätze frei'), never a participant. Only in the tRPC answer.
   */
  signup: PublicSignupLink | null;
}

export interface PublicSignupLink {
  state: 'notYet' | 'open' | 'waitingList' | 'closed';
  /** 'noch 12 Plätze frei', 'ausgebucht – Warteliste', 'Anmeldung ab 01.03.', 'Anmeldeschluss war am …'. */
  stateText: string;
  /** When the state next changes by the clock (opens, closes; ms), so a kept list does not outlive it. */
  changesAt: number | null;
}

export interface PublicSeriesLink {
  id: number;
  /** The rule's rhythm in German, without its end: 'jeden Dienstag' (`describeRhythm`). */
  rhythm: string;
  /** Changed on its own in the back office ('Nur diesen Termin'): shown as an entry of its own. */
  changed: boolean;
}

/** The fields of an appointment in the legacy REST list (SPEC §7), in their order. */
export const LEGACY_PUBLIC_APPOINTMENT_FIELDS = ['id', 'name', 'datetime_begin', 'datetime_end', 'location', 'description', 'section', 'attachments'] as const;
