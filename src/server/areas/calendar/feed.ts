import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { fromClubDateTime } from '../../../shared/dates.ts';
import { etagOf } from '../../http/public-cache.ts';
import type { AppointmentRow } from './queries.ts';

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
function icalText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

/** The calendar as text: every line, the last one too, ends with CRLF (RFC 5545 §3.1). */
function calendarText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

function addEvent(calendar: ICalCalendar, appointment: FeedAppointment, publicUrl: string): void {
  calendar.createEvent({
    id: appointmentUid(appointment.id, publicUrl),
    sequence: Number(appointment.sequence),
    stamp: instant(appointment.updated_at),
    lastModified: instant(appointment.updated_at),
    start: instant(appointment.datetime_begin),
    end: instant(appointment.datetime_end),
    summary: icalText(appointment.name),
    location: icalText(appointment.location),
    description: appointment.description === '' ? null : icalText(appointment.description),
    categories: appointment.section === '' ? [] : [{ name: icalText(appointment.section) }],
    url: `${publicUrl}/termine`,
  });
}

function calendarFor(name: string, publicUrl: string): ICalCalendar {
  return ical({
    name: icalText(name),
    prodId: { company: new URL(publicUrl).hostname, product: 'Termine', language: 'DE' },
    url: `${publicUrl}/api/public/calendar.ics`,
    // Subscribers ask again after an hour; the ETag makes an unchanged answer cheap.
    ttl: 60 * 60,
  });
}

/** The feed of public appointments (DESIGN §8). */
export function buildFeed(appointments: FeedAppointment[], publicUrl: string, clubName: string): Feed {
  const calendar = calendarFor(`Termine – ${clubName}`, publicUrl);
  for (const appointment of appointments) addEvent(calendar, appointment, publicUrl);
  const body = calendarText(calendar);
  return { body, etag: etagOf(body) };
}

/** One event as an .ics of its own (the notification mail), with the feed's UID and SEQUENCE. */
export function buildEventFile(appointment: FeedAppointment, publicUrl: string, clubName: string): string {
  const calendar = calendarFor(`Termine – ${clubName}`, publicUrl);
  calendar.method(ICalCalendarMethod.PUBLISH);
  addEvent(calendar, appointment, publicUrl);
  return calendarText(calendar);
}
