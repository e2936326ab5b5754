import { RESULT_SECTIONS, SECTION_LABELS } from './constants.ts';

/**
 * The weekly shooting times of the sections (issue 26, point 2): one row per weekday and
 * time span, shown on the section's /zeiten-* page and edited in the dashboard's panel
 * 'Schießzeiten'. SPEC names no weekly times of any section (the course's sun-based hours
 * are no timetable), so a new installation starts with none and the page says so.
 */

/** The sections that shoot: each has a /zeiten-* page, as each has a results page. */
export const TIMETABLE_SECTIONS = RESULT_SECTIONS;
export type TimetableSection = (typeof TIMETABLE_SECTIONS)[number];

export function sectionLabel(section: TimetableSection): string {
  return SECTION_LABELS[section];
}

/** ISO weekdays, Monday first (SPEC §1), with the day as schema.org names it for `dayOfWeek`. */
export const WEEKDAYS = [
  { day: 1, name: 'Montag', schemaOrg: 'https://schema.org/Monday' },
  { day: 2, name: 'Dienstag', schemaOrg: 'https://schema.org/Tuesday' },
  { day: 3, name: 'Mittwoch', schemaOrg: 'https://schema.org/Wednesday' },
  { day: 4, name: 'Donnerstag', schemaOrg: 'https://schema.org/Thursday' },
  { day: 5, name: 'Freitag', schemaOrg: 'https://schema.org/Friday' },
  { day: 6, name: 'Samstag', schemaOrg: 'https://schema.org/Saturday' },
  { day: 7, name: 'Sonntag', schemaOrg: 'https://schema.org/Sunday' },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]['day'];

/** `Dienstag` for 2; an unknown number (never stored, the schema refuses it) as the number. */
export function weekdayName(day: number): string {
  return WEEKDAYS.find((weekday) => weekday.day === day)?.name ?? String(day);
}

export function weekdaySchemaOrg(day: number): string | undefined {
  return WEEKDAYS.find((weekday) => weekday.day === day)?.schemaOrg;
}

/** `18:00–20:00 Uhr`: club-local times of day, 24 hours, as the whole site writes them. */
export function formatTimeSpan(from: string, to: string): string {
  return `${from}–${to} Uhr`;
}

export const TIMETABLE_LIMITS = {
  /** 'Training', 'Jugendtraining', 'Freies Schießen': a few words that fit a phone's table cell. */
  what: 60,
  note: 255,
  /** A week of a section fits many times over; more would only be a mistake or an attack. */
  entriesPerSection: 50,
} as const;

/** What the public page says where the table would be. */
export const TIMETABLE_EMPTY_TEXT = 'Für diese Sparte sind noch keine Schießzeiten eingetragen.';
/** Every row is paused (the summer break, say): the times exist, but none take place now. */
export const TIMETABLE_PAUSED_TEXT = 'Die regelmäßigen Schießzeiten dieser Sparte pausieren zurzeit.';

/** One row as visitors see it: paused rows never reach them. */
export interface PublicTimetableEntry {
  id: number;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** `HH:mm`, club-local. */
  from: string;
  /** `HH:mm`, later than `from` on the same day. */
  to: string;
  what: string;
  /** Empty when there is none. */
  note: string;
}

/** One row as the back office sees it. */
export interface TimetableEntry extends PublicTimetableEntry {
  section: TimetableSection;
  /** False: paused, shown only in the back office. */
  active: boolean;
  /** Place in the section's table, smallest first. */
  sort_order: number;
}

/** A section's table for visitors: its active rows in order, and how many are paused. */
export interface PublicTimetable {
  entries: PublicTimetableEntry[];
  paused: number;
}

export type PublicTimetables = Record<TimetableSection, PublicTimetable>;

/** What a visitor sees of a section's table: the active rows in order and the number of paused ones. */
export function publicTimetableOf(entries: readonly TimetableEntry[]): PublicTimetable {
  return {
    entries: entries.filter((entry) => entry.active).map(({ id, weekday, from, to, what, note }) => ({ id, weekday, from, to, what, note })),
    paused: entries.filter((entry) => !entry.active).length,
  };
}

/** `Dienstag 18:00–20:00 Uhr Training`: a row in words, for descriptions and the server log. */
export function describeTimetableEntry(entry: Pick<PublicTimetableEntry, 'weekday' | 'from' | 'to' | 'what'>): string {
  return `${weekdayName(entry.weekday)} ${formatTimeSpan(entry.from, entry.to)} ${entry.what}`;
}
