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

/** `YYYY-MM-DD` -> `DD.MM.YYYY` for people. */
export function formatGermanDate(apiDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(apiDate);
  if (!match) return apiDate;
  const [, year, month, day] = match;
  return `${day}.${month}.${year}`;
}
