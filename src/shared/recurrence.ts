import { fromClubDateTime } from './dates.ts';

/**
 * The repetition of an appointment series (issue 19, point 1): weekly on chosen weekdays
 * every n weeks, or monthly on a day or on the n-th weekday, ending on a date or after a
 * number of times, never later than five years after the first one. Dates are calendar
 * dates in the club's time; a series keeps its wall-clock time (18:30 stays 18:30 across the
 * change to summer time), as iCal's RRULE with a TZID start does.
 */

/** iCal's weekday codes, Monday first (SPEC §1: weeks start on Monday). */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export type RecurrenceEnd = { until: string } | { count: number };

export type Recurrence =
  | { frequency: 'weekly'; interval: number; weekdays: readonly WeekdayCode[]; end: RecurrenceEnd }
  | { frequency: 'monthly'; interval: number; on: { day: number } | { ordinal: 1 | 2 | 3 | 4 | -1; weekday: WeekdayCode }; end: RecurrenceEnd };

/** The longest a series may run (issue 19: at most five years). */
export const MAX_SERIES_YEARS = 5;

interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

function parseDate(value: string): CalendarDate {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of a calendar date: arithmetic without time zones. */
function dayNumber({ year, month, day }: CalendarDate): number {
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

function fromDayNumber(days: number): CalendarDate {
  const date = new Date(days * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** `YYYY-MM-DD` moved by whole days (calendar days: no time zone involved). */
export function addDays(date: string, days: number): string {
  return formatDate(fromDayNumber(dayNumber(parseDate(date)) + days));
}

/** Calendar days from `from` to `to` (`YYYY-MM-DD` or API date-times, the time ignored). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(parseDate(to)) - dayNumber(parseDate(from));
}

/** 0 for Monday … 6 for Sunday. */
function weekdayIndex(date: CalendarDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The n-th (or with -1 the last) given weekday of a month, if the month has one. */
function nthWeekday(year: number, month: number, ordinal: number, weekday: number): number | undefined {
  if (ordinal > 0) {
    const first = (weekday - weekdayIndex({ year, month, day: 1 }) + 7) % 7;
    const day = 1 + first + (ordinal - 1) * 7;
    return day <= daysInMonth(year, month) ? day : undefined;
  }
  const last = daysInMonth(year, month);
  return last - ((weekdayIndex({ year, month, day: last }) - weekday + 7) % 7);
}

/** The last day a series starting on `start` may reach. */
export function latestSeriesDate(start: string): string {
  const first = parseDate(start);
  const day = Math.min(first.day, daysInMonth(first.year + MAX_SERIES_YEARS, first.month));
  return formatDate({ year: first.year + MAX_SERIES_YEARS, month: first.month, day });
}

/** Why a rule cannot start on this date, in German; undefined when it can. */
export function recurrenceProblem(rule: Recurrence, start: string): string | undefined {
  const first = parseDate(start);
  if (!Number.isInteger(rule.interval) || rule.interval < 1 || rule.interval > 12) return 'Der Abstand muss zwischen 1 und 12 liegen.';
  if (rule.frequency === 'weekly') {
    if (rule.weekdays.length === 0) return 'Bitte wähle mindestens einen Wochentag.';
    if (!rule.weekdays.includes(WEEKDAY_CODES[weekdayIndex(first)]!)) return 'Der erste Termin muss auf einem der gewählten Wochentage liegen.';
  } else if ('day' in rule.on) {
    if (rule.on.day !== first.day) return 'Der erste Termin muss auf dem gewählten Tag des Monats liegen.';
  } else if (nthWeekday(first.year, first.month, rule.on.ordinal, WEEKDAY_CODES.indexOf(rule.on.weekday)) !== first.day) {
    return 'Der erste Termin muss auf dem gewählten Wochentag des Monats liegen.';
  }
  if ('count' in rule.end) {
    if (!Number.isInteger(rule.end.count) || rule.end.count < 1) return 'Die Zahl der Termine muss mindestens 1 sein.';
    // COUNT cannot carry the five-year limit into a calendar: a count that reaches past it is refused.
    if (occurrenceDates(rule, start).length < rule.end.count) return `Eine Serie darf höchstens ${MAX_SERIES_YEARS} Jahre dauern.`;
  } else {
    if (rule.end.until < start.slice(0, 10)) return 'Das Ende der Serie darf nicht vor dem ersten Termin liegen.';
    if (rule.end.until > latestSeriesDate(start)) return `Eine Serie darf höchstens ${MAX_SERIES_YEARS} Jahre dauern.`;
  }
  return undefined;
}

/**
 * The dates of the series' occurrences, the first one's included, in order: up to its end,
 * at most five years, at most `count`. Monthly on the 31st skips months without one, as
 * iCal does; `YYYY-MM-DD` strings.
 */
export function occurrenceDates(rule: Recurrence, start: string): string[] {
  const first = parseDate(start);
  const last = 'until' in rule.end && rule.end.until < latestSeriesDate(start) ? rule.end.until : latestSeriesDate(start);
  const limit = 'count' in rule.end ? rule.end.count : Number.POSITIVE_INFINITY;
  const dates: string[] = [];
  const take = (date: CalendarDate) => {
    const text = formatDate(date);
    if (text < start.slice(0, 10) || text > last || dates.length >= limit) return;
    dates.push(text);
  };
  if (rule.frequency === 'weekly') {
    const weekdays = WEEKDAY_CODES.map((code, index) => (rule.weekdays.includes(code) ? index : -1)).filter((index) => index >= 0);
    // Weeks counted from the Monday of the first occurrence's week (iCal's WKST=MO).
    const monday = dayNumber(first) - weekdayIndex(first);
    for (let week = monday; formatDate(fromDayNumber(week)) <= last && dates.length < limit; week += 7 * rule.interval) {
      for (const weekday of weekdays) take(fromDayNumber(week + weekday));
    }
    return dates;
  }
  for (let index = 0; dates.length < limit; index += rule.interval) {
    const months = first.month - 1 + index;
    const year = first.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    if (formatDate({ year, month, day: 1 }) > last) break;
    const day = 'day' in rule.on ? (rule.on.day <= daysInMonth(year, month) ? rule.on.day : undefined) : nthWeekday(year, month, rule.on.ordinal, WEEKDAY_CODES.indexOf(rule.on.weekday));
    if (day !== undefined) take({ year, month, day });
  }
  return dates;
}

/**
 * The rule as iCal's RRULE value for a start with TZID Europe/Berlin. UNTIL is then in UTC
 * (RFC 5545, 3.3.10): the end of the last day in the club's time.
 */
export function toRRule(rule: Recurrence): string {
  const parts = [`FREQ=${rule.frequency === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'weekly') parts.push(`BYDAY=${WEEKDAY_CODES.filter((code) => rule.weekdays.includes(code)).join(',')}`, 'WKST=MO');
  else if ('day' in rule.on) parts.push(`BYMONTHDAY=${rule.on.day}`);
  else parts.push(`BYDAY=${rule.on.ordinal}${rule.on.weekday}`);
  if ('count' in rule.end) parts.push(`COUNT=${rule.end.count}`);
  else {
    const until = fromClubDateTime(`${rule.end.until} 23:59:59`)!;
    parts.push(`UNTIL=${until.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  }
  return parts.join(';');
}

const WEEKDAY_NAMES: Record<WeekdayCode, string> = { MO: 'Montag', TU: 'Dienstag', WE: 'Mittwoch', TH: 'Donnerstag', FR: 'Freitag', SA: 'Samstag', SU: 'Sonntag' };
const ORDINAL_NAMES: Record<string, string> = { '1': 'ersten', '2': 'zweiten', '3': 'dritten', '4': 'vierten', '-1': 'letzten' };

/** `Montag, Dienstag und Freitag`. */
function listInGerman(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`;
}

function germanDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/** `zweiten` … `zwölften`: how often a rule's interval counts (`jeden zweiten Dienstag`). */
const INTERVAL_NAMES = ['', '', 'zweiten', 'dritten', 'vierten', 'fünften', 'sechsten', 'siebten', 'achten', 'neunten', 'zehnten', 'elften', 'zwölften'];

function everyNth(interval: number, noun: 'Woche' | 'Monat'): string {
  const nth = INTERVAL_NAMES[interval] ?? `${interval}.`;
  return noun === 'Woche' ? `jede ${nth.replace(/n$/, '')} Woche` : `jeden ${nth} Monat`;
}

/**
 * The rhythm of a rule in German, without its end: `jeden Dienstag`, `jeden zweiten
 * Dienstag`, `jeden Montag und Donnerstag`, `jede zweite Woche am Montag und Donnerstag`,
 * `jeden ersten Samstag im Monat`, `jeden 15. im Monat`, `jeden zweiten Monat am 15.`.
 * The one wording of a series' repetition: the back office, the mails and /termine
 * (issue 26) all say it so.
 */
export function describeRhythm(rule: Recurrence): string {
  if (rule.frequency === 'weekly') {
    const days = WEEKDAY_CODES.filter((code) => rule.weekdays.includes(code)).map((code) => WEEKDAY_NAMES[code]);
    if (rule.interval === 1) return `jeden ${listInGerman(days)}`;
    // `jeden zweiten Dienstag und Freitag` would read as if only the Friday were every week.
    return days.length === 1 ? `jeden ${INTERVAL_NAMES[rule.interval] ?? `${rule.interval}.`} ${days[0]}` : `${everyNth(rule.interval, 'Woche')} am ${listInGerman(days)}`;
  }
  const day = 'day' in rule.on ? `${rule.on.day}.` : `${ORDINAL_NAMES[String(rule.on.ordinal)]} ${WEEKDAY_NAMES[rule.on.weekday]}`;
  return rule.interval === 1 ? `jeden ${day} im Monat` : `${everyNth(rule.interval, 'Monat')} am ${day}`;
}

/** The rule in German, as the dialog and the mails say it: `jeden Dienstag, bis 31.12.2027`. */
export function describeRecurrence(rule: Recurrence): string {
  const text = describeRhythm(rule);
  return 'count' in rule.end ? `${text}, ${rule.end.count} ${rule.end.count === 1 ? 'Termin' : 'Termine'}` : `${text}, bis ${germanDate(rule.end.until)}`;
}

/** A rule as one string, weekdays in order: two rules alike give the same one. */
export function recurrenceKey(rule: Recurrence | null): string {
  if (rule === null) return '';
  const end = 'count' in rule.end ? `count ${rule.end.count}` : `until ${rule.end.until}`;
  const on = rule.frequency === 'weekly' ? WEEKDAY_CODES.filter((code) => rule.weekdays.includes(code)).join(',') : 'day' in rule.on ? `day ${rule.on.day}` : `${rule.on.ordinal}${rule.on.weekday}`;
  return `${rule.frequency} ${rule.interval} ${on} ${end}`;
}
