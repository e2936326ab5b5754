import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { fromClubDateTime, isApiDateTime } from '../dates.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';

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
} as const;

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

export const appointmentCreateInput = z.intersection(z.object(otherFields), appointmentTimes);
export type AppointmentCreateInput = z.input<typeof appointmentCreateInput>;

export const appointmentUpdateInput = z.intersection(z.object({ id: idSchema, ...otherFields }), appointmentTimes);
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateInput>;

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
}

/** What visitors see: never notes or status (DESIGN §3). */
export interface PublicAppointment {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  description: string;
  section: string;
  attachments: Pick<AttachmentView, 'id' | 'filename' | 'url' | 'size' | 'type'>[];
}
