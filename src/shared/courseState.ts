import type { OpeningDay } from './openingHours.ts';
import { formatGermanDate } from './dates.ts';

/**
 * Today's state of the 3D course (issue 30.1): open, partly closed (some targets, with a
 * detour) and the days it is closed (storm, forestry work, tournament, other), planned in
 * advance. Members set it on the back-office screen 'Parcours' (permission area `parcours`);
 * the course page, its opening-hour list, its JSON-LD and the home page all read the one
 * public answer (`parcours.publicState`), so they cannot disagree.
 *
 * A closure covers whole club-local days, `from` to `to` inclusive: the hours follow the sun
 * and the list shows days, so a day is either open with its times or 'geschlossen'. A
 * closure whose last day has passed is no longer shown (nor kept in any answer).
 *
 * Tournament days come from the calendar by themselves (`isCourseTournament`). Free of zod
 * (public pages import it); the schemas are in schemas/courseState.ts.
 */

export const CLOSURE_REASONS = ['storm', 'forestry', 'tournament', 'other'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

export const CLOSURE_REASON_LABELS: Record<ClosureReason, string> = {
  storm: 'Sturm',
  forestry: 'Forstarbeiten',
  tournament: 'Turnier',
  other: 'Sonstiges',
};

/** A closure as visitors see it: the days and the reason in words. */
export interface PublicClosure {
  /** `YYYY-MM-DD`, club-local, inclusive. */
  from: string;
  to: string;
  reason: ClosureReason;
  /** What the page says after 'geschlossen', e.g. 'Sturm' or 'Turnier: 3D-Turnier am Waldrand'. */
  text: string;
}

/** The course's state as every visitor sees it (`parcours.publicState`). */
export interface PublicCourseState {
  /** The targets closed for now, ascending; empty: the whole course is open (on its open days). */
  closedTargets: number[];
  /** How to walk around them; empty: no note. */
  detour: string;
  /** Closures that have not ended, the earliest first; the calendar's tournament days included. */
  closures: PublicClosure[];
}

export const OPEN_COURSE: PublicCourseState = { closedTargets: [], detour: '', closures: [] };

/** The words of a closure's reason: its label, or the member's own words for 'Sonstiges'; a note follows the label. */
export function closureText(reason: ClosureReason, note: string): string {
  const words = note.trim();
  if (reason === 'other') return words === '' ? CLOSURE_REASON_LABELS.other : words;
  return words === '' ? CLOSURE_REASON_LABELS[reason] : `${CLOSURE_REASON_LABELS[reason]}: ${words}`;
}

/**
 * The marker of a tournament appointment that closes the course for free use (README
 * „Zustand des Parcours“): its place names the course ('Parcours', e.g. '3D-Bogenparcours')
 * and its title says 'Turnier' (also '3D-Turnier', 'Turniertag'), any case. A cancelled
 * occurrence of a series closes nothing.
 */
export function isCourseTournament(appointment: { name: string; location: string }): boolean {
  return /parcours/i.test(appointment.location) && /turnier/i.test(appointment.name);
}

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'] as const;

/** `Sa, 28.11.2026`: a club-local day as the opening-hour list names it. */
export function dayLabel(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  return `${weekday}, ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

/** The `YYYY-MM-DD` `offset` days after another. */
export function addDays(date: string, offset: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offset, 12)).toISOString().slice(0, 10);
}

/**
 * The closed days among the `days` days from `today` on, each as the opening-hour list writes
 * it ('Sa, 28.11.2026 geschlossen (Sturm)'): what the home page says without computing the sun.
 */
export function closedDaysAhead(state: PublicCourseState, today: string, days: number): string[] {
  const lines: string[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    const closure = closureOn(state, date);
    if (closure) lines.push(formatCourseDay({ date, label: dayLabel(date), open: null, close: null, closed: true, closedBecause: closure.text }));
  }
  return lines;
}

/** `Ziel 4`, `Ziele 4 und 12`, `Ziele 4, 12 und 17`. */
export function targetsText(targets: readonly number[]): string {
  if (targets.length === 1) return `Ziel ${targets[0]}`;
  const head = targets.slice(0, -1).join(', ');
  return `Ziele ${head} und ${targets[targets.length - 1]}`;
}

/** `4, 12, 17–19`: how the form shows the closed targets (runs of three or more as a range). */
export function targetsInputText(targets: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < targets.length; ) {
    let end = index;
    while (end + 1 < targets.length && targets[end + 1] === targets[end]! + 1) end += 1;
    if (end - index >= 2) parts.push(`${targets[index]}–${targets[end]}`);
    else for (let each = index; each <= end; each += 1) parts.push(String(targets[each]));
    index = end + 1;
  }
  return parts.join(', ');
}

/** The closure covering a club-local day, if any (the earliest). */
export function closureOn(state: PublicCourseState, date: string): PublicClosure | undefined {
  return state.closures.find((closure) => closure.from <= date && date <= closure.to);
}

/** An opening day with the course's closures applied. */
export interface CourseDay extends OpeningDay {
  /** Set when a closure closes the day: its reason in words. */
  closedBecause?: string;
}

/** The sun-based days with the closures applied: a closed day loses its times and names its reason. */
export function courseDays(days: readonly OpeningDay[], state: PublicCourseState | undefined): CourseDay[] {
  if (!state) return [...days];
  return days.map((day) => {
    const closure = closureOn(state, day.date);
    return closure ? { ...day, open: null, close: null, closed: true, closedBecause: closure.text } : day;
  });
}

/** `Mo, 23.11.2026 08:00 – 15:30`, `Mo, 23.11.2026 geschlossen` or `Sa, 28.11.2026 geschlossen (Sturm)`. */
export function formatCourseDay(day: CourseDay): string {
  if (day.closedBecause !== undefined) return `${day.label} geschlossen (${day.closedBecause})`;
  return day.closed ? `${day.label} geschlossen` : `${day.label} ${day.open} – ${day.close}`;
}

/** `am 28.11.2026` or `vom 28.11.2026 bis 30.11.2026`. */
export function closureDays(closure: Pick<PublicClosure, 'from' | 'to'>): string {
  return closure.from === closure.to ? `am ${formatGermanDate(closure.from)}` : `vom ${formatGermanDate(closure.from)} bis ${formatGermanDate(closure.to)}`;
}

/** The partial closure in words, e.g. 'Ziele 4 und 12 sind gesperrt.'; undefined when the whole course is open. */
export function partialClosureText(state: PublicCourseState): string | undefined {
  if (state.closedTargets.length === 0) return undefined;
  return `${targetsText(state.closedTargets)} ${state.closedTargets.length === 1 ? 'ist' : 'sind'} gesperrt.`;
}

/**
 * What the notice at the top says about today, from the same data as the list: closed
 * today (with the reason and the last day), else nothing. Undefined: open today.
 */
export function todayClosureText(state: PublicCourseState, today: string): string | undefined {
  const closure = closureOn(state, today);
  if (!closure) return undefined;
  const until = closure.to === today ? '' : ` bis einschließlich ${formatGermanDate(closure.to)}`;
  return `Der Parcours ist heute${until} geschlossen (${closure.text}).`;
}
