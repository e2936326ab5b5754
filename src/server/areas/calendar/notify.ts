import type { Db } from '../../db/connection.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { AppServices } from '../../services.ts';
import { formatGermanDateTime, toClubDate } from '../../../shared/dates.ts';
import { describeRecurrence } from '../../../shared/recurrence.ts';
import { appointmentName, quoted } from '../../../shared/logNames.ts';
import { buildEventFile, buildSeriesFile, type FeedAppointment, type FeedSeriesEntry } from './feed.ts';
import { readClubData } from '../club/queries.ts';
import { groupRecipients } from './queries.ts';
import { seriesEntries } from './series.ts';

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
  const file = { filename: 'termin.ics', content: buildEventFile(appointment, site.publicUrl, site.clubName) };
  const details = [
    `Titel: ${appointment.name}`,
    `Beginn: ${begin}`,
    `Ende: ${end}`,
    `Ort: ${appointment.location}`,
    ...(appointment.description === '' ? [] : ['', appointment.description]),
  ];
  const what = `für die Gruppe „${appointment.section}“ wurde ${changed ? 'ein Termin geändert' : 'ein neuer Termin eingetragen'}:`;
  return groupMails(recipients, site, { subject, what, details, attached: 'der Termin', file });
}

/**
 * The mails of a notification, one per recipient: greeting, what happened, the details,
 * the .ics named in the text, the club's name under it.
 */
function groupMails(
  recipients: Recipient[],
  site: MailSite,
  mail: { subject: string; what: string; details: string[]; attached: string; file: { filename: string; content: string } },
): AppointmentMail[] {
  return recipients.map((recipient) => ({
    kind: 'calendar' as const,
    to: recipient.email,
    subject: mail.subject,
    text: [
      `Hallo ${recipient.prename} ${recipient.lastname},`,
      '',
      mail.what,
      '',
      ...mail.details,
      '',
      `Im Anhang steht ${mail.attached} zum Übernehmen in deinen Kalender.`,
      '',
      'Viele Grüße',
      site.clubName,
    ].join('\n'),
    attachments: [{ ...mail.file, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  }));
}

/** How many coming dates a series' mail lists. */
const MAIL_DATES = 5;

/**
 * One mail per recipient for a whole series (issue 19: once per series, not per
 * occurrence): the rule in German, the next dates, and the series as one .ics with RRULE.
 */
export function buildSeriesMails(entry: FeedSeriesEntry, recipients: Recipient[], site: MailSite, today: string): AppointmentMail[] {
  const { series, occurrences } = entry;
  const changed = Number(series.sequence) > 0;
  const rule = describeRecurrence(series.recurrence);
  const subject = `${changed ? 'Terminserie geändert' : 'Neue Terminserie'}: ${series.name}, ${rule}`;
  const file = { filename: 'terminserie.ics', content: buildSeriesFile(entry, site.publicUrl, site.clubName) };
  const coming = occurrences.filter((occurrence) => !occurrence.cancelled && occurrence.datetime_end.slice(0, 10) >= today).slice(0, MAIL_DATES);
  const cancelled = occurrences.filter((occurrence) => occurrence.cancelled && occurrence.occurrence_date >= today);
  const details = [
    `Titel: ${series.name}`,
    `Wiederholung: ${rule}`,
    `Erster Termin: ${formatGermanDateTime(series.datetime_begin)} bis ${formatGermanDateTime(series.datetime_end)}`,
    `Ort: ${series.location}`,
    ...(series.description === '' ? [] : ['', series.description]),
    ...(coming.length === 0 ? [] : ['', 'Die nächsten Termine:', ...coming.map((occurrence) => `- ${formatGermanDateTime(occurrence.datetime_begin)}${occurrence.detached ? ` (${occurrence.name}, ${occurrence.location})` : ''}`)]),
    ...(cancelled.length === 0 ? [] : ['', 'Es entfallen:', ...cancelled.map((occurrence) => `- ${formatGermanDateTime(occurrence.datetime_begin)}`)]),
  ];
  const what = `für die Gruppe „${series.section}“ wurde ${changed ? 'eine Terminserie geändert' : 'eine neue Terminserie eingetragen'}:`;
  return groupMails(recipients, site, { subject, what, details, attached: 'die Serie', file });
}

/** An appointment notifies its group at most once in this window, however often it is saved with `notify`. */
export const NOTIFY_INTERVAL_MS = 10 * 60_000;

/**
 * Claims the group's notification of the appointment for `nowMs`: false when it was
 * notified less than NOTIFY_INTERVAL_MS ago. One conditional UPDATE in the saving
 * transaction, so of two saves at once, on one server or two, exactly one sends.
 */
export async function claimNotification(trx: Db, appointmentId: number, nowMs: number, table: 'appointments' | 'appointment_series' = 'appointments'): Promise<boolean> {
  const result = await trx
    .updateTable(table)
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
  const claimed = await claimNotification(trx, appointment.id, services.clock.now().getTime());
  return queueGroupMails(trx, services, claimed, { group: appointment.assignment, section: appointment.section, label: `Termin ${appointmentName(appointment.name, appointment.datetime_begin)} (Version ${appointment.sequence})` }, (recipients, site) =>
    buildAppointmentMails(appointment, recipients, site),
  );
}

/**
 * Queues the mails `build` makes for the group's members with a usable address, unless the
 * notification was not `claimed`; says in the log line who was skipped.
 */
async function queueGroupMails(
  trx: Db,
  services: AppServices,
  claimed: boolean,
  about: { group: number; section: string; label: string },
  build: (recipients: Recipient[], site: MailSite, today: string) => AppointmentMail[],
): Promise<Notification> {
  if (!claimed) {
    return { mails: 0, tooSoon: true, logLine: `Keine Benachrichtigung zu ${about.label}: Die Gruppe ${quoted(about.section)} wurde vor weniger als 10 Minuten benachrichtigt` };
  }
  const now = services.clock.now();
  const { recipients, withoutAddress } = await groupRecipients(trx, about.group);
  // The outbox takes exactly one address per mail; an address it would refuse counts as none.
  const usable = recipients.filter((recipient) => mailboxOf(recipient.email) !== undefined);
  const skipped = withoutAddress + recipients.length - usable.length;
  const mails = build(usable, { publicUrl: services.config.publicUrl, clubName: (await readClubData(trx)).name }, toClubDate(now));
  for (const mail of mails) await enqueueMail(trx, mail, now);
  const skippedText = skipped > 0 ? `, ${skipped} Mitglied${skipped === 1 ? '' : 'er'} ohne E-Mail-Adresse übersprungen` : '';
  return {
    mails: mails.length,
    tooSoon: false,
    logLine: `Benachrichtigung zu ${about.label}: ${mails.length} Mail${mails.length === 1 ? '' : 's'} an die Gruppe ${quoted(about.section)}${skippedText}`,
  };
}

/**
 * The group's notification of a series: at most once in NOTIFY_INTERVAL_MS per series,
 * whichever occurrence was saved, with the whole series as .ics. Members of the series'
 * group get it; the occurrences are listed as the group sees them (all, cancelled marked).
 */
export async function notifySeriesGroup(trx: Db, services: AppServices, seriesId: number): Promise<Notification> {
  const [entry] = await seriesEntries(trx, [seriesId], () => true);
  const { assignment } = await trx.selectFrom('appointment_series').select('assignment').where('id', '=', seriesId).executeTakeFirstOrThrow();
  const claimed = await claimNotification(trx, seriesId, services.clock.now().getTime(), 'appointment_series');
  return queueGroupMails(trx, services, claimed, { group: assignment, section: entry!.series.section, label: `Terminserie ${quoted(entry!.series.name)} (Version ${entry!.series.sequence})` }, (recipients, site, today) =>
    buildSeriesMails(entry!, recipients, site, today),
  );
}
