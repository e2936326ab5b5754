import { CLUB_TIME_ZONE } from './constants.ts';

const clubDateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CLUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:mm:ss` in club-local time (Europe/Berlin), the API's date-time format. */
export function toClubDateTime(instant: Date): string {
  return clubDateTime.format(instant).replace('T', ' ');
}

/** `YYYY-MM-DD` in club-local time. */
export function toClubDate(instant: Date): string {
  return toClubDateTime(instant).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` -> `DD.MM.YYYY HH:mm:ss` for people. */
export function formatGermanDateTime(apiDateTime: string, withSeconds = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(apiDateTime);
  if (!match) return apiDateTime;
  const [, year, month, day, hour, minute, second] = match;
  return `${day}.${month}.${year} ${hour}:${minute}${withSeconds ? `:${second}` : ''}`;
}

const API_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether the text is a `YYYY-MM-DD HH:mm:ss` of the calendar (31.02. is not). */
export function isApiDateTime(value: string): boolean {
  const match = API_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    probe.getUTCHours() === hour &&
    probe.getUTCMinutes() === minute &&
    probe.getUTCSeconds() === second
  );
}

/**
 * The instant a club-local `YYYY-MM-DD HH:mm:ss` names, or undefined when the clocks skip
 * it (02:00–02:59 on the last Sunday of March). A time the clocks pass twice (October)
 * means its first, summer-time, occurrence.
 */
export function fromClubDateTime(value: string): Date | undefined {
  if (!isApiDateTime(value)) return undefined;
  const asUtc = Date.parse(`${value.replace(' ', 'T')}Z`);
  const candidates: number[] = [];
  // Berlin is UTC+1 or UTC+2; the local text read as UTC is 1 or 2 hours late.
  for (const offsetHours of [2, 1]) {
    const instant = asUtc - offsetHours * 3_600_000;
    if (toClubDateTime(new Date(instant)) === value) candidates.push(instant);
  }
  return candidates.length === 0 ? undefined : new Date(Math.min(...candidates));
}

/** `YYYY-MM-DD` -> `DD.MM.YYYY` for people. */
export function formatGermanDate(apiDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(apiDate);
  if (!match) return apiDate;
  const [, year, month, day] = match;
  return `${day}.${month}.${year}`;
}

/**
 * `YYYY-MM-DD HH:mm:ss` club-local -> ISO 8601 with Berlin's offset of that day
 * (`2026-12-05T18:30:00+01:00`, in summer `+02:00`), as schema.org and search engines read
 * dates. Undefined for a time the clocks skip.
 */
export function toIsoWithClubOffset(value: string): string | undefined {
  const instant = fromClubDateTime(value);
  if (!instant) return undefined;
  const offsetMinutes = Math.round((Date.parse(`${value.replace(' ', 'T')}Z`) - instant.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${value.replace(' ', 'T')}${sign}${hours}:${minutes}`;
}
