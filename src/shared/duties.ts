import { formatGermanDate } from './dates.ts';

/** How the duties of a member are told in words: on Meine Daten, in the feed and in the reminder mail. */

const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'UTC' });

/** `2026-12-04` -> `Freitag, 04.12.2026`. */
export function formatDutyDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${weekday.format(new Date(Date.UTC(year, month - 1, day)))}, ${formatGermanDate(date)}`;
}

export interface AppointmentTimes {
  name: string;
  /** Club-local `YYYY-MM-DD HH:mm:ss`. */
  begin: string;
  end: string;
}

/** `Königsschießen, 18:00–22:00 Uhr`; an end on a later day is given with its date. */
export function describeAppointment({ name, begin, end, cancelled = false }: AppointmentTimes & { cancelled?: boolean }): string {
  const from = begin.slice(11, 16);
  const sameDay = end.slice(0, 10) === begin.slice(0, 10);
  const to = sameDay ? end.slice(11, 16) : `${formatGermanDate(end)} ${end.slice(11, 16)}`;
  // A cancelled evening of a series: the duty stays on the roster, marked as the roster marks it.
  return `${name}, ${from}–${to} Uhr${cancelled ? ' (entfällt - siehe Kalender)' : ''}`;
}

/** What a day without appointments says. */
export const NO_APPOINTMENT_TEXT = 'An diesem Tag steht kein Termin im Kalender.';
