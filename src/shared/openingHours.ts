import { getTimes } from 'suncalc';
import { minutesOfDay, type OpeningRule } from './courseFacts.ts';
import { toClubDateTime } from './dates.ts';
import { dayLabel } from './courseState.ts';

/**
 * Sun-based opening hours of the archery course (SPEC §9), always in club-local time. The
 * limits and offsets are the club's data (courseFacts.ts, edited in the back office); only
 * the rounding to the quarter hour is the rule itself.
 */

export interface Coordinates {
  lat: number;
  lon: number;
}

export interface OpeningDay {
  /** `YYYY-MM-DD`, the day in Europe/Berlin. */
  date: string;
  /** `Mo, 23.11.2026` */
  label: string;
  /** `HH:mm` club-local, null when closed. */
  open: string | null;
  close: string | null;
  closed: boolean;
}

const QUARTER = 15;
const HOUR = 60;

/** Minutes since club-local midnight, with seconds as a fraction so that rounding up is exact. */
function clubMinutes(instant: Date): number {
  const time = toClubDateTime(instant).slice(11);
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * HOUR + minutes + (seconds + (instant.getTime() % 1000) / 1000) / 60;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / HOUR)).padStart(2, '0')}:${String(minutes % HOUR).padStart(2, '0')}`;
}

/**
 * Opening hours for `days` days from the club-local date of `from`. Computed in Europe/Berlin
 * whatever the visitor's clock says: the times are the course's, not the visitor's.
 * Start: sunrise rounded up to the quarter hour plus the rule's minutes, not before its
 * earliest opening; end: sunset rounded down to the quarter hour minus its minutes, not
 * after its latest closing; no time left means closed.
 */
export function openingHours(from: Date, days: number, coords: Coordinates, rule: OpeningRule): OpeningDay[] {
  const earliestOpen = minutesOfDay(rule.earliestOpen);
  const latestClose = minutesOfDay(rule.latestClose);
  const [year, month, day] = toClubDateTime(from).slice(0, 10).split('-').map(Number) as [number, number, number];
  const result: OpeningDay[] = [];
  for (let offset = 0; offset < days; offset++) {
    // Noon UTC of the calendar day: suncalc takes the UTC day of its input, and at German
    // longitudes sunrise and sunset fall on that same club-local date.
    const noon = new Date(Date.UTC(year, month - 1, day + offset, 12));
    const date = noon.toISOString().slice(0, 10);
    const label = dayLabel(date);
    const sun = getTimes(noon, coords.lat, coords.lon);
    let open: number | null = null;
    let close: number | null = null;
    if (sun.sunrise && sun.sunset) {
      open = Math.max(Math.ceil(clubMinutes(sun.sunrise) / QUARTER) * QUARTER + rule.minutesAfterSunrise, earliestOpen);
      close = Math.min(Math.floor(clubMinutes(sun.sunset) / QUARTER) * QUARTER - rule.minutesBeforeSunset, latestClose);
    }
    if (open === null || close === null || close <= open) {
      result.push({ date, label, open: null, close: null, closed: true });
    } else {
      result.push({ date, label, open: hhmm(open), close: hhmm(close), closed: false });
    }
  }
  return result;
}

/** `Mo, 23.11.2026 08:00 – 15:30` or `Mo, 23.11.2026 geschlossen`. */
export function formatOpeningDay(day: OpeningDay): string {
  return day.closed ? `${day.label} geschlossen` : `${day.label} ${day.open} – ${day.close}`;
}

