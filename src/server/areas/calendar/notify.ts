import type { Db } from '../../db/connection.ts';
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
 * Builds the notification mails for the members of the appointment's group, inside the
 * saving transaction. Returns the line for the server log (how many, how many skipped).
 *
 * NOTE for the lead: the mail outbox (`enqueueMail` of src/server/mail, contact issue) was
 * not in main when this was written. Once it is, queue each mail here with
 * `await enqueueMail(trx, mail)` so that it becomes a row in the same transaction.
 */
export async function queueAppointmentMails(trx: Db, services: AppServices, appointment: FeedAppointment & { assignment: number }): Promise<string> {
  const { recipients, withoutAddress } = await groupRecipients(trx, appointment.assignment);
  const mails = buildAppointmentMails(appointment, recipients, { publicUrl: services.config.publicUrl, clubName: services.clubProfile.name });
  const skipped = withoutAddress > 0 ? `, ${withoutAddress} Mitglied${withoutAddress === 1 ? '' : 'er'} ohne E-Mail-Adresse übersprungen` : '';
  return `Benachrichtigung zu Termin ${appointment.id} (Version ${appointment.sequence}): ${mails.length} Mail${mails.length === 1 ? '' : 's'} an die Gruppe ${appointment.section}${skipped}`;
}
