import type { Db } from '../../db/connection.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { AppServices } from '../../services.ts';
import { formatGermanDateTime } from '../../../shared/dates.ts';
import { buildEventFile, type FeedAppointment } from './feed.ts';
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

/**
 * Queues the notification mails for the members of the appointment's group in the saving
 * transaction: they exist exactly when the change was committed. Members without a usable
 * address are skipped. Returns the line for the server log (how many, how many skipped);
 * the caller wakes the outbox worker after the commit.
 */
export async function queueAppointmentMails(trx: Db, services: AppServices, appointment: FeedAppointment & { assignment: number }): Promise<string> {
  const { recipients, withoutAddress } = await groupRecipients(trx, appointment.assignment);
  // The outbox takes exactly one address per mail; an address it would refuse counts as none.
  const usable = recipients.filter((recipient) => mailboxOf(recipient.email) !== undefined);
  const skipped = withoutAddress + recipients.length - usable.length;
  const mails = buildAppointmentMails(appointment, usable, { publicUrl: services.config.publicUrl, clubName: services.clubProfile.name });
  const now = services.clock.now();
  for (const mail of mails) await enqueueMail(trx, mail, now);
  const skippedText = skipped > 0 ? `, ${skipped} Mitglied${skipped === 1 ? '' : 'er'} ohne E-Mail-Adresse übersprungen` : '';
  return `Benachrichtigung zu Termin ${appointment.id} (Version ${appointment.sequence}): ${mails.length} Mail${mails.length === 1 ? '' : 's'} an die Gruppe ${appointment.section}${skippedText}`;
}
