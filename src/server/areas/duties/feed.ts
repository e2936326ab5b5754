import { linkTokenHash, newLinkToken } from '../../http/link-token.ts';
import ical, { ICalEventTransparency } from 'ical-generator';
import type { DutyRole } from '../../db/schema.ts';
import { describeAppointment, formatDutyDate, NO_APPOINTMENT_TEXT } from '../../../shared/duties.ts';
import { DUTY_FEED_PATH, DUTY_ROLE_LABELS } from '../../../shared/schemas/duties.ts';
import { addDays } from '../../../shared/recurrence.ts';
import { fromClubDateTime } from '../../../shared/dates.ts';
import { calendarText, icalText } from '../calendar/feed.ts';
import type { EveningAppointment } from './queries.ts';

/**
 * A member's private calendar feed of their duties (README „Meine Dienste“): a secret
 * address per member, of which only a SHA-256 is stored. 256 random bits, so a hash is as
 * safe to keep as bcrypt would be and finding the member costs one lookup.
 */

export const newFeedToken = newLinkToken;

export function feedTokenHash(token: string): string {
  return linkTokenHash('duty-feed', token);
}

/** The address a calendar app subscribes to. */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${DUTY_FEED_PATH}${token}.ics`;
}

/** The feed keeps duties of the last 30 days, so the member's past month stays filled. */
export const DUTY_FEED_PAST_DAYS = 30;
/** Events in one feed at most; a member has a few dozen duties a year. */
export const DUTY_FEED_MAX_EVENTS = 500;

/**
 * The UID of a duty: one per roster entry and slot, so a calendar replaces the event when
 * the day's appointments change, and a swap moves the same event to the other member's feed.
 */
export function dutyUid(entryId: number, role: DutyRole, publicUrl: string): string {
  return `dienst-${entryId}-${role}@${new URL(publicUrl).hostname}`;
}

/** A day as a date without time: ical-generator writes a Date of an all-day event by its UTC date. */
function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export interface FeedDuty {
  entry_id: number;
  date: string;
  role: DutyRole;
  appointments: EveningAppointment[];
}

/** `Standaufsicht – Königsschießen`: the slot, then what happens that day. */
export function dutyTitle(role: DutyRole, appointments: readonly EveningAppointment[]): string {
  const names = appointments.map((appointment) => appointment.name);
  return names.length === 0 ? DUTY_ROLE_LABELS[role] : `${DUTY_ROLE_LABELS[role]} – ${names.join(', ')}`;
}

/**
 * The feed: one all-day event per duty. The roster knows the day of a duty, not its hours,
 * so the event does not invent any; the day's appointments with their times are in its
 * text. Marked free (TRANSPARENT), so it does not block the whole day in the member's
 * calendar. It names no other member: only the slot, the day and its appointments.
 */
/** A member's own sign-up to an appointment, in the feed if they wish (issue 29.6). */
export interface FeedSignup {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  status: 'place' | 'waiting';
}

/** A club-local `YYYY-MM-DD hh:mm:ss` as the instant it names. */
function clubInstant(value: string): Date {
  return fromClubDateTime(value) ?? new Date(`${value.replace(' ', 'T')}Z`);
}

export function buildDutyFeed(duties: readonly FeedDuty[], site: { publicUrl: string; clubName: string; now: Date }, signups: readonly FeedSignup[] = []): string {
  const { publicUrl, clubName, now } = site;
  const calendar = ical({
    name: icalText(`Meine Dienste – ${clubName}`),
    prodId: { company: new URL(publicUrl).hostname, product: 'Dienste', language: 'DE' },
    // Calendar apps ask again after an hour.
    ttl: 60 * 60,
  });
  for (const duty of duties) {
    const appointments = duty.appointments.length === 0 ? [NO_APPOINTMENT_TEXT] : duty.appointments.map((appointment) => `An diesem Tag: ${describeAppointment(appointment)}`);
    calendar.createEvent({
      id: dutyUid(duty.entry_id, duty.role, publicUrl),
      allDay: true,
      start: utcDay(duty.date),
      end: utcDay(addDays(duty.date, 1)),
      stamp: now,
      summary: icalText(dutyTitle(duty.role, duty.appointments)),
      description: icalText(
        [
          `Dein Dienst: ${DUTY_ROLE_LABELS[duty.role]} am ${formatDutyDate(duty.date)}.`,
          ...appointments,
          `Tauschen und Erinnerung unter „Meine Daten“: ${publicUrl}/admin/ich`,
        ].join('\n'),
      ),
      url: `${publicUrl}/admin/ich`,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  // Sign-ups at the appointment's own times; one on the waiting list says so in its title.
  for (const signup of signups) {
    calendar.createEvent({
      id: `anmeldung-${signup.id}@${new URL(publicUrl).hostname}`,
      start: clubInstant(signup.datetime_begin),
      end: clubInstant(signup.datetime_end),
      stamp: now,
      summary: icalText(signup.status === 'waiting' ? `Warteliste: ${signup.name}` : signup.name),
      location: icalText(signup.location),
      description: icalText(
        `${signup.status === 'waiting' ? 'Du stehst auf der Warteliste.' : 'Du bist angemeldet.'}\nStornieren unter „Meine Daten“: ${publicUrl}/admin/ich`,
      ),
      url: `${publicUrl}/admin/ich`,
    });
  }
  return calendarText(calendar);
}
