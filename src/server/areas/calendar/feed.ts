import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { CLUB_TIME_ZONE } from '../../../shared/constants.ts';
import { fromClubDateTime } from '../../../shared/dates.ts';
import { toRRule, type Recurrence } from '../../../shared/recurrence.ts';
import { CALENDAR_FEED_PATH, sectionFeedPath, type PublicSection } from '../../../shared/sectionGroups.ts';
import { etagOf } from '../../http/public-cache.ts';
import type { AppointmentRow } from './queries.ts';

// ical-generator writes a TZID time from a time-zone aware dayjs.
dayjs.extend(utc);
dayjs.extend(timezone);

/** The feed keeps appointments that ended up to this many days ago, so a subscriber's past month stays filled. */
export const FEED_PAST_DAYS = 30;

export interface Feed {
  /** The iCalendar text (RFC 5545): CRLF, lines folded at 75 octets. */
  body: string;
  etag: string;
}

/** What an event needs; the notes never leave the back office. */
export type FeedAppointment = Pick<AppointmentRow, 'id' | 'name' | 'datetime_begin' | 'datetime_end' | 'location' | 'description' | 'section' | 'sequence' | 'updated_at'>;

/**
 * The UID of an appointment: the same for its whole life, so a calendar that holds it
 * (feed or mail) replaces it on a change instead of adding a second one.
 */
export function appointmentUid(id: number, publicUrl: string): string {
  return `termin-${id}@${new URL(publicUrl).hostname}`;
}

/**
 * Club-local times become UTC instants (`...Z`): no VTIMEZONE has to be right for every
 * client, and an event still lands at the club's hour wherever the subscriber is.
 */
function instant(value: string): Date {
  const date = fromClubDateTime(value);
  // Stored values passed the same check on save; an old row at a skipped hour is read as its next valid one.
  return date ?? new Date(Date.parse(`${value.replace(' ', 'T')}Z`) - 3_600_000);
}

/**
 * Text as RFC 5545 allows it (§3.3.11): no control characters. A line break stays (the
 * generator writes it as `\n`), a CR before it or alone becomes that line break, a tab a
 * space; the rest of C0, DEL and C1 are dropped. A stray one would otherwise end a line or
 * make strict clients reject the whole calendar.
 */
export function icalText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

/** The calendar as text: every line, the last one too, ends with CRLF (RFC 5545 §3.1). */
export function calendarText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** What an event says of an appointment, a series or an occurrence: the notes never leave the back office. */
function eventText(item: Pick<FeedAppointment, 'name' | 'location' | 'description' | 'section'>, publicUrl: string) {
  return {
    summary: icalText(item.name),
    location: icalText(item.location),
    description: item.description === '' ? null : icalText(item.description),
    categories: item.section === '' ? [] : [{ name: icalText(item.section) }],
    url: `${publicUrl}/termine`,
  };
}

function addEvent(calendar: ICalCalendar, appointment: FeedAppointment, publicUrl: string): void {
  calendar.createEvent({
    id: appointmentUid(appointment.id, publicUrl),
    sequence: Number(appointment.sequence),
    stamp: instant(appointment.updated_at),
    lastModified: instant(appointment.updated_at),
    start: instant(appointment.datetime_begin),
    end: instant(appointment.datetime_end),
    ...eventText(appointment, publicUrl),
  });
}

/** The UID of a series: one calendar entry with its rule, its exceptions and its changed occurrences. */
export function seriesUid(id: number, publicUrl: string): string {
  return `serie-${id}@${new URL(publicUrl).hostname}`;
}

/** What the calendar file of a series needs. */
export interface FeedSeries {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  description: string;
  section: string;
  sequence: number;
  updated_at: string;
  recurrence: Recurrence;
}

/** An occurrence as the series' calendar entry needs it. */
export interface FeedOccurrence extends FeedAppointment {
  occurrence_date: string;
  detached: boolean;
  cancelled: boolean;
  /** Whether this calendar shows it (the public feed: public occurrences only). */
  shown: boolean;
}

/** A club-local time with its zone, written as `DTSTART;TZID=Europe/Berlin:…` (a series keeps 18:30 in summer). */
function clubTime(value: string) {
  return dayjs.tz(value, CLUB_TIME_ZONE);
}

/** `20261201T183000` for EXDATE. */
function icalLocal(value: string): string {
  return value.replace(/[-:]/g, '').replace(' ', 'T');
}

/**
 * A series as one VEVENT with RRULE in Europe/Berlin, an EXDATE for each occurrence not
 * shown (cancelled, or not public in the public feed) and a VEVENT with RECURRENCE-ID for
 * each occurrence changed on its own, so a calendar expands exactly the site's occurrences.
 */
function addSeries(calendar: ICalCalendar, series: FeedSeries, occurrences: FeedOccurrence[], publicUrl: string): void {
  const uid = seriesUid(series.id, publicUrl);
  const time = series.datetime_begin.slice(11);
  const excluded = occurrences.filter((occurrence) => occurrence.cancelled || !occurrence.shown).map((occurrence) => icalLocal(`${occurrence.occurrence_date} ${time}`));
  const rule = [`RRULE:${toRRule(series.recurrence)}`, ...(excluded.length > 0 ? [`EXDATE;TZID=${CLUB_TIME_ZONE}:${excluded.join(',')}`] : [])].join('\n');
  calendar.createEvent({
    id: uid,
    sequence: Number(series.sequence),
    stamp: instant(series.updated_at),
    lastModified: instant(series.updated_at),
    start: clubTime(series.datetime_begin),
    end: clubTime(series.datetime_end),
    timezone: CLUB_TIME_ZONE,
    repeating: rule,
    ...eventText(series, publicUrl),
  });
  for (const occurrence of occurrences) {
    if (!occurrence.detached || occurrence.cancelled || !occurrence.shown) continue;
    calendar.createEvent({
      id: uid,
      sequence: Number(series.sequence),
      stamp: instant(series.updated_at),
      lastModified: instant(occurrence.updated_at),
      recurrenceId: clubTime(`${occurrence.occurrence_date} ${time}`),
      start: clubTime(occurrence.datetime_begin),
      end: clubTime(occurrence.datetime_end),
      timezone: CLUB_TIME_ZONE,
      ...eventText(occurrence, publicUrl),
    });
  }
}

function calendarFor(name: string, publicUrl: string, feedPath: string = CALENDAR_FEED_PATH): ICalCalendar {
  return ical({
    name: icalText(name),
    prodId: { company: new URL(publicUrl).hostname, product: 'Termine', language: 'DE' },
    url: `${publicUrl}${feedPath}`,
    // Subscribers ask again after an hour; the ETag makes an unchanged answer cheap.
    ttl: 60 * 60,
    // No zone of the calendar's own (single appointments stay UTC instants); series name theirs and get its VTIMEZONE.
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null },
  });
}

/** A series with the occurrences its calendar entry describes. */
export interface FeedSeriesEntry {
  series: FeedSeries;
  occurrences: FeedOccurrence[];
}

/**
 * The feed of public appointments (DESIGN §8): single appointments and public series; with
 * `section` the feed of that section (issue 26), named and addressed as such.
 */
export function buildFeed(appointments: FeedAppointment[], publicUrl: string, clubName: string, series: FeedSeriesEntry[] = [], section?: PublicSection): Feed {
  const calendar = section
    ? calendarFor(`Termine der Sparte ${section.name} – ${clubName}`, publicUrl, sectionFeedPath(section.slug))
    : calendarFor(`Termine – ${clubName}`, publicUrl);
  for (const appointment of appointments) addEvent(calendar, appointment, publicUrl);
  for (const entry of series) addSeries(calendar, entry.series, entry.occurrences, publicUrl);
  const body = calendarText(calendar);
  return { body, etag: etagOf(body) };
}

/** A series as an .ics of its own (the notification mail), with the feed's UID and SEQUENCE. */
export function buildSeriesFile(entry: FeedSeriesEntry, publicUrl: string, clubName: string): string {
  const calendar = calendarFor(`Termine – ${clubName}`, publicUrl);
  calendar.method(ICalCalendarMethod.PUBLISH);
  addSeries(calendar, entry.series, entry.occurrences, publicUrl);
  return calendarText(calendar);
}

/** One event as an .ics of its own (the notification mail), with the feed's UID and SEQUENCE. */
export function buildEventFile(appointment: FeedAppointment, publicUrl: string, clubName: string): string {
  const calendar = calendarFor(`Termine – ${clubName}`, publicUrl);
  calendar.method(ICalCalendarMethod.PUBLISH);
  addEvent(calendar, appointment, publicUrl);
  return calendarText(calendar);
}
