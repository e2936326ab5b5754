import { formatGermanDateTime } from '../../../shared/dates.ts';
import { FIELD_LABELS, GUARDIAN_CONSENT_TEXT, REGISTRATION_LIMITS, type RegistrationSettings } from '../../../shared/schemas/registrations.ts';
import type { Db } from '../../db/connection.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { AppServices } from '../../services.ts';
import { buildEventFile } from '../calendar/feed.ts';
import { findAppointmentRow } from '../calendar/queries.ts';
import { readClubData } from '../club/queries.ts';
import { linkMail, waitingPosition, type RegistrationRow } from './queries.ts';

/**
 * The mails of a sign-up, all through the outbox in the transaction of the change that
 * causes them, each linked to its sign-up (deleted with its data): the confirmation with
 * the appointment as .ics and the personal link, the mail of a move up from the waiting
 * list, the notice of a move to the waiting list, the organiser's cancellation and the
 * organiser's mail to the participants.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The personal page of a sign-up: see, change, cancel (README „Anmeldungen“). */
export function signupLinkUrl(publicUrl: string, appointmentId: number, token: string): string {
  return `${publicUrl}/anmeldung/${appointmentId}/${token}`;
}

/**
 * A mail holding the personal link is erased once sent, and given up if it could not be
 * sent before the sign-up data are deleted (outbox `expiresMs`): the link must not outlive them.
 */
function linkExpiry(appointmentEnd: string): number {
  return Date.parse(`${appointmentEnd.replace(' ', 'T')}Z`) + (REGISTRATION_LIMITS.keptDays + 1) * DAY_MS;
}

type Services = Pick<AppServices, 'config' | 'clock'>;

async function site(trx: Db, services: Services): Promise<{ clubName: string; publicUrl: string }> {
  return { clubName: (await readClubData(trx)).name, publicUrl: services.config.publicUrl };
}

function valuesText(row: RegistrationRow, settings: RegistrationSettings): string[] {
  const answers = JSON.parse(row.answers) as Record<string, string | boolean>;
  const lines = [`Name: ${row.prename} ${row.lastname}`, `E-Mail: ${row.email}`];
  if (row.phone !== '') lines.push(`${FIELD_LABELS.phone}: ${row.phone}`);
  if (row.birthdate !== '') lines.push(`${FIELD_LABELS.birthdate}: ${row.birthdate.split('-').reverse().join('.')}`);
  if (row.club !== '') lines.push(`${FIELD_LABELS.club}: ${row.club}`);
  for (const field of settings.fields.custom) {
    const answer = answers[field.key];
    if (answer === undefined || answer === '') continue;
    lines.push(`${field.label}: ${typeof answer === 'boolean' ? (answer ? 'Ja' : 'Nein') : answer}`);
  }
  if (Number(row.places) > 1) lines.push(`Plätze: ${row.places}`);
  if (row.guardian_consent_at !== null) lines.push(`Erziehungsberechtigte Person: ${row.guardian_name} („${GUARDIAN_CONSENT_TEXT}“)`);
  return lines;
}

async function queue(trx: Db, services: Services, row: RegistrationRow, mail: { subject: string; text: string; ics?: boolean; expiresMs?: number }): Promise<number> {
  if (mailboxOf(row.email) === undefined) return 0;
  const appointment = await findAppointmentRow(trx, Number(row.appointment_id));
  const { clubName, publicUrl } = await site(trx, services);
  const attachments = mail.ics
    ? [{ filename: 'termin.ics', content: buildEventFile(appointment, publicUrl, clubName), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
    : [];
  const id = await enqueueMail(
    trx,
    {
      kind: 'registration',
      to: row.email,
      subject: mail.subject,
      text: `${mail.text}\n\n-- \n${clubName}\n${publicUrl}`,
      attachments,
      ...(mail.expiresMs === undefined ? {} : { expiresMs: mail.expiresMs }),
    },
    services.clock.now(),
  );
  await linkMail(trx, Number(row.id), id);
  return 1;
}

function heading(appointment: { name: string; datetime_begin: string; location: string }): string[] {
  return [`Termin: ${appointment.name}`, `Beginn: ${formatGermanDateTime(appointment.datetime_begin)} Uhr`, `Ort: ${appointment.location}`];
}

/** The confirmation: place or waiting-list position, the values, the .ics and the personal link. */
export async function queueConfirmation(trx: Db, services: Services, row: RegistrationRow, settings: RegistrationSettings, token: string | null): Promise<number> {
  const appointment = await findAppointmentRow(trx, Number(row.appointment_id));
  const position = await waitingPosition(trx, Number(row.appointment_id), { status: row.status, position: Number(row.position) });
  const outcome =
    row.status === 'place'
      ? 'Du hast einen Platz. Wir freuen uns auf dich!'
      : `Alle Plätze sind vergeben; du stehst auf Platz ${position} der Warteliste. Wird ein Platz frei, rückst du automatisch nach und bekommst eine Mail.`;
  const link = token === null ? [] : ['', 'Über diesen persönlichen Link kannst du deine Anmeldung ansehen, ändern oder stornieren:', signupLinkUrl(services.config.publicUrl, Number(row.appointment_id), token), 'Gib den Link nicht weiter: Wer ihn hat, kann deine Anmeldung ändern.'];
  const text = [
    `Hallo ${row.prename} ${row.lastname},`,
    '',
    `vielen Dank für deine Anmeldung. ${outcome}`,
    '',
    ...heading(appointment),
    '',
    'Deine Angaben:',
    ...valuesText(row, settings),
    ...link,
    '',
    `Den Termin findest du im Anhang (termin.ics) für deinen Kalender. Deine Angaben werden ${REGISTRATION_LIMITS.keptDays} Tage nach dem Termin gelöscht; stornierst du über den Link, sofort.`,
  ].join('\n');
  const subject = `${row.status === 'place' ? 'Anmeldung bestätigt' : 'Warteliste'}: ${appointment.name}`;
  return queue(trx, services, row, { subject, text, ics: true, ...(token === null ? {} : { expiresMs: linkExpiry(appointment.datetime_end) }) });
}

/** Moved up from the waiting list: the place is theirs; the same link still cancels. */
export async function queuePromotion(trx: Db, services: Services, row: RegistrationRow): Promise<number> {
  const appointment = await findAppointmentRow(trx, Number(row.appointment_id));
  const text = [
    `Hallo ${row.prename} ${row.lastname},`,
    '',
    'gute Nachricht: Ein Platz ist frei geworden, und du bist von der Warteliste nachgerückt. Du hast jetzt einen Platz.',
    '',
    ...heading(appointment),
    '',
    'Kannst du doch nicht kommen, storniere bitte über den persönlichen Link aus deiner Bestätigungsmail, damit der Platz weitergegeben werden kann.',
  ].join('\n');
  return queue(trx, services, row, { subject: `Platz frei: ${appointment.name}`, text, ics: true });
}

/** Fewer places: the organiser moved them to the waiting list (never silently). */
export async function queueMovedToWaiting(trx: Db, services: Services, row: RegistrationRow): Promise<number> {
  const appointment = await findAppointmentRow(trx, Number(row.appointment_id));
  const position = await waitingPosition(trx, Number(row.appointment_id), { status: row.status, position: Number(row.position) });
  const text = [
    `Hallo ${row.prename} ${row.lastname},`,
    '',
    `die Zahl der Plätze wurde verringert. Deine Anmeldung steht deshalb jetzt auf Platz ${position} der Warteliste. Wird ein Platz frei, rückst du automatisch nach und bekommst eine Mail.`,
    '',
    ...heading(appointment),
  ].join('\n');
  return queue(trx, services, row, { subject: `Warteliste: ${appointment.name}`, text });
}

/** The organiser cancelled the sign-up. */
export async function queueCancelledByOrganiser(trx: Db, services: Services, row: RegistrationRow): Promise<number> {
  const appointment = await findAppointmentRow(trx, Number(row.appointment_id));
  const text = [`Hallo ${row.prename} ${row.lastname},`, '', 'deine Anmeldung wurde vom Verein storniert. Bei Fragen antworte bitte auf die Mail, die du zu deiner Anmeldung bekommen hast, oder nutze das Kontaktformular.', '', ...heading(appointment)].join('\n');
  return queue(trx, services, row, { subject: `Anmeldung storniert: ${appointment.name}`, text });
}

/** The organiser's mail to one participant, saying why it came. */
export async function queueOrganiserMail(trx: Db, services: Services, row: RegistrationRow, subject: string, body: string, appointmentName: string): Promise<number> {
  const why = row.status === 'waiting' ? `weil du für „${appointmentName}“ auf der Warteliste stehst` : `weil du für „${appointmentName}“ angemeldet bist`;
  const text = [`Hallo ${row.prename} ${row.lastname},`, '', body, '', `Du bekommst diese Mail, ${why}.`].join('\n');
  return queue(trx, services, row, { subject, text });
}
