import type { Db } from '../../db/connection.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { AppServices } from '../../services.ts';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import { buildEventFile, type FeedAppointment } from './feed.ts';
import { readClubData } from '../club/queries.ts';
import { groupRecipients } from './queries.ts';

/** A notification as the mail outbox takes it (nodemailer's message fields). */
export interface AppointmentMail {
  /** The outbox shows it in the log. */
  kind: 'calendar';
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

export interface Recipient {
  prename: string;
  lastname: string;
  email: string;
}

export interface MailSite {
  publicUrl: string;
  clubName: string;
}

/**
 * One mail per recipient: German text and the appointment as .ics with the feed's UID and
 * SEQUENCE, so a calendar that took the first mail replaces the event on the update.
 * SEQUENCE 0 is the first save; anything later is announced as a change.
 */
export function buildAppointmentMails(appointment: FeedAppointment, recipients: Recipient[], site: MailSite): AppointmentMail[] {
  const changed = Number(appointment.sequence) > 0;
  const begin = formatGermanDateTime(appointment.datetime_begin);
  const end = formatGermanDateTime(appointment.datetime_end);
  const subject = `${changed ? 'Termin geändert' : 'Neuer Termin'}: ${appointment.name} am ${begin}`;
  const ics = buildEventFile(appointment, site.publicUrl, site.clubName);
  return recipients.map((recipient) => ({
    kind: 'calendar' as const,
    to: recipient.email,
    subject,
    text: [
      `Hallo ${recipient.prename} ${recipient.lastname},`,
      '',
      `für die Gruppe „${appointment.section}“ wurde ${changed ? 'ein Termin geändert' : 'ein neuer Termin eingetragen'}:`,
      '',
      `Titel: ${appointment.name}`,
      `Beginn: ${begin}`,
      `Ende: ${end}`,
      `Ort: ${appointment.location}`,
      ...(appointment.description === '' ? [] : ['', appointment.description]),
      '',
      'Im Anhang steht der Termin zum Übernehmen in deinen Kalender.',
      '',
      'Viele Grüße',
      site.clubName,
    ].join('\n'),
    attachments: [{ filename: 'termin.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  }));
}

/** An appointment notifies its group at most once in this window, however often it is saved with `notify`. */
export const NOTIFY_INTERVAL_MS = 10 * 60_000;

/**
 * Claims the group's notification of the appointment for `nowMs`: false when it was
 * notified less than NOTIFY_INTERVAL_MS ago. One conditional UPDATE in the saving
 * transaction, so of two saves at once, on one server or two, exactly one sends.
 */
export async function claimNotification(trx: Db, appointmentId: number, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('appointments')
    .set({ notified_ms: nowMs })
    .where('id', '=', appointmentId)
    .where((eb) => eb.or([eb('notified_ms', 'is', null), eb('notified_ms', '<=', nowMs - NOTIFY_INTERVAL_MS)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface Notification {
  /** Mails queued; the caller wakes the outbox worker after the commit when there are any. */
  mails: number;
  /** The group was notified less than NOTIFY_INTERVAL_MS ago: nothing was queued. */
  tooSoon: boolean;
  /** The line for the server log. */
  logLine: string;
}

/**
 * Queues the notification mails for the members of the appointment's group in the saving
 * transaction: they exist exactly when the change was committed. Members without a usable
 * address are skipped. Nothing is queued when the group was notified of this appointment
 * less than 10 minutes ago (`notify` is stored with the appointment, so a quick second
 * save still has it ticked): the save itself goes through, and a save button pressed in a
 * loop sends no flood of mails.
 */
export async function notifyGroup(trx: Db, services: AppServices, appointment: FeedAppointment & { assignment: number }): Promise<Notification> {
  const now = services.clock.now();
  if (!(await claimNotification(trx, appointment.id, now.getTime()))) {
    return {
      mails: 0,
      tooSoon: true,
      logLine: `Keine Benachrichtigung zu Termin ${appointment.id} (Version ${appointment.sequence}): Die Gruppe ${appointment.section} wurde vor weniger als 10 Minuten benachrichtigt`,
    };
  }
  const { recipients, withoutAddress } = await groupRecipients(trx, appointment.assignment);
  // The outbox takes exactly one address per mail; an address it would refuse counts as none.
  const usable = recipients.filter((recipient) => mailboxOf(recipient.email) !== undefined);
  const skipped = withoutAddress + recipients.length - usable.length;
  const mails = buildAppointmentMails(appointment, usable, { publicUrl: services.config.publicUrl, clubName: (await readClubData(trx)).name });
  for (const mail of mails) await enqueueMail(trx, mail, now);
  const skippedText = skipped > 0 ? `, ${skipped} Mitglied${skipped === 1 ? '' : 'er'} ohne E-Mail-Adresse übersprungen` : '';
  return {
    mails: mails.length,
    tooSoon: false,
    logLine: `Benachrichtigung zu Termin ${appointment.id} (Version ${appointment.sequence}): ${mails.length} Mail${mails.length === 1 ? '' : 's'} an die Gruppe ${appointment.section}${skippedText}`,
  };
}
