import type { PublicAppointment } from './schemas/calendar.ts';

/**
 * Appointments at a glance (issue 26, point 5): how /termine and the home page write an
 * appointment's time, and how they gather a series' occurrences into one entry and the
 * entries into months. Pure functions of the public list, shared by the server's render
 * and the browser's, so both write the same text.
 */

/** SPEC §1: weeks start on Monday; the abbreviations as German calendars print them. */
const WEEKDAY_ABBREVIATIONS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'] as const;
const WEEKDAY_NAMES = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'] as const;
const MONTH_NAMES = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'] as const;

interface Parts {
  year: string;
  month: string;
  day: string;
  time: string;
  /** 0 for Sunday … 6 for Saturday: a calendar date's weekday, no time zone involved. */
  weekday: number;
}

function partsOf(apiDateTime: string): Parts | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(apiDateTime);
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00'] = match;
  const weekday = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay();
  return { year: year!, month: month!, day: day!, time: `${hour}:${minute}`, weekday };
}

/** `Di, 01.12.2026` */
function dayText(parts: Parts): string {
  return `${WEEKDAY_ABBREVIATIONS[parts.weekday]}, ${parts.day}.${parts.month}.${parts.year}`;
}

/** `Di, 01.12.2026`: a date with its weekday, as the back office's roster and calendar name days (issue 28.5). */
export function formatDateWithWeekday(apiDate: string): string {
  const parts = partsOf(apiDate);
  return parts ? dayText(parts) : apiDate;
}

/**
 * An appointment's time as visitors read it: `Di, 01.12.2026, 18:30–21:00` on one day (the
 * date once, the times joined by an en dash without spaces), `Sa, 05.12.2026, 10:00 – So,
 * 06.12.2026, 16:00` over several days, `Di, 01.12.2026, 18:30` when it ends as it begins. Appointments always have times (the back office asks
 * for begin and end with their hour), so there is no all-day form.
 */
export function formatAppointmentTime(begin: string, end: string): string {
  const from = partsOf(begin);
  const until = partsOf(end);
  if (!from || !until) return `${begin} – ${end}`;
  if (from.year === until.year && from.month === until.month && from.day === until.day) {
    // The end may equal the begin (a moment, not a span): its time once.
    return from.time === until.time ? `${dayText(from)}, ${from.time}` : `${dayText(from)}, ${from.time}–${until.time}`;
  }
  return `${dayText(from)}, ${from.time} – ${dayText(until)}, ${until.time}`;
}

/** `01.12.`: a date of a series whose year the month's heading already says. */
export function formatDayAndMonth(apiDate: string): string {
  const parts = partsOf(apiDate);
  return parts ? `${parts.day}.${parts.month}.` : apiDate;
}

/** `Dezember 2026`: the heading of a month of the list. */
export function monthHeading(monthKey: string): string {
  const [year, month] = monthKey.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/**
 * A series' time beside its rhythm: `18:30–21:00`, or for occurrences over several days
 * `10:00 bis Sonntag, 16:00` (the weekday names the day it ends).
 */
export function seriesTime(occurrence: Pick<PublicAppointment, 'datetime_begin' | 'datetime_end'>): string {
  const from = partsOf(occurrence.datetime_begin);
  const until = partsOf(occurrence.datetime_end);
  if (!from || !until) return '';
  if (occurrence.datetime_begin.slice(0, 10) === occurrence.datetime_end.slice(0, 10)) return from.time === until.time ? from.time : `${from.time}–${until.time}`;
  return `${from.time} bis ${WEEKDAY_NAMES[until.weekday]}, ${until.time}`;
}

/** How many dates a series' line names before 'alle Termine' lists the rest. */
export const NEXT_DATES = 3;

/** `jeden Dienstag, 18:30–21:00 · nächste: 01.12., 08.12., 15.12.` */
export function seriesSummary(rhythm: string, occurrences: readonly Pick<PublicAppointment, 'datetime_begin' | 'datetime_end'>[]): string {
  const first = occurrences[0];
  if (!first) return rhythm;
  const next = occurrences.slice(0, NEXT_DATES).map((occurrence) => formatDayAndMonth(occurrence.datetime_begin));
  return `${rhythm}, ${seriesTime(first)} · ${next.length === 1 ? 'nächster' : 'nächste'}: ${next.join(', ')}`;
}

/** One entry of the list: an appointment of its own, or the upcoming occurrences of a series as they follow its rule. */
export type GlanceEntry =
  | { kind: 'single'; key: string; appointment: PublicAppointment }
  | { kind: 'series'; key: string; rhythm: string; occurrences: PublicAppointment[] };

/** The appointment an entry shows first: its title, place, description and attachments are the entry's. */
export function firstOf(entry: GlanceEntry): PublicAppointment {
  return entry.kind === 'single' ? entry.appointment : entry.occurrences[0]!;
}

/**
 * The list's entries in the order of their next date: the occurrences of a series that
 * follow its rule become one entry (where its next one is); an appointment of its own and an
 * occurrence changed on its own are entries of their own. Cancelled occurrences are not in
 * the public list at all.
 */
export function glanceEntries(appointments: readonly PublicAppointment[]): GlanceEntry[] {
  const entries: GlanceEntry[] = [];
  const bySeries = new Map<number, Extract<GlanceEntry, { kind: 'series' }>>();
  for (const appointment of appointments) {
    const series = appointment.series;
    if (series === null || series.changed) {
      entries.push({ kind: 'single', key: `a${appointment.id}`, appointment });
      continue;
    }
    const known = bySeries.get(series.id);
    if (known) {
      known.occurrences.push(appointment);
      continue;
    }
    const entry = { kind: 'series' as const, key: `s${series.id}`, rhythm: series.rhythm, occurrences: [appointment] };
    bySeries.set(series.id, entry);
    entries.push(entry);
  }
  return entries;
}

/** The entries by the month of their next date (`YYYY-MM`), months in order. */
export function byMonth(entries: readonly GlanceEntry[]): { month: string; entries: GlanceEntry[] }[] {
  const months: { month: string; entries: GlanceEntry[] }[] = [];
  for (const entry of entries) {
    const month = firstOf(entry).datetime_begin.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.entries.push(entry);
    else months.push({ month, entries: [entry] });
  }
  return months;
}

/** An entry in one line, as the page's description says it. */
export function entryInWords(entry: GlanceEntry): string {
  const first = firstOf(entry);
  return entry.kind === 'single' ? `${first.name} am ${formatAppointmentTime(first.datetime_begin, first.datetime_end)}` : `${first.name} ${entry.rhythm}`;
}

/** What an entry's line under its title says: its time, or a series' rhythm with its next dates. */
export function entryWhen(entry: GlanceEntry): string {
  return entry.kind === 'single' ? formatAppointmentTime(entry.appointment.datetime_begin, entry.appointment.datetime_end) : seriesSummary(entry.rhythm, entry.occurrences);
}
