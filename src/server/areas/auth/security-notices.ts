import { formatGermanDateTime, toClubDateTime } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { AppServices } from '../../services.ts';
import { clubProfile } from '../club/cache.ts';

/**
 * Security notices (issue 25, point 3, README „Sicherheitshinweise“): whoever changes how a
 * member logs in, or tries hard to, is told to the member by mail through the outbox, so
 * that a takeover cannot happen unnoticed. A notice goes to the address the member had
 * before the change (a new address could be the attacker's). A member without an address
 * has the server log's line only.
 */

/** What happened, one line of the notice each. */
export type SecurityEvent =
  | { kind: 'password'; by: 'self' | 'reset' | { admin: string } }
  | { kind: 'email'; to: string }
  | { kind: 'uid'; from: string; to: string }
  | { kind: 'secondFactorOn' }
  | { kind: 'secondFactorOff'; by: 'self' | { admin: string } }
  | { kind: 'recoveryCodes' }
  | { kind: 'appPassword'; name: string }
  | { kind: 'codeFailures'; count: number }
  | { kind: 'codeBudget'; count: number; minutes: number };

/** What a new password ended (credentials.ts), said in the notice. */
export interface EndedCredentials {
  sessions: number;
  appPasswords: number;
  /** Whether the session that made the change stays open. */
  keptOwnSession: boolean;
}

/** The member as the notice addresses them: their address before the change. */
export interface NoticeMember {
  uid: string;
  prename: string;
  lastname: string;
  email: string;
}

function eventLine(event: SecurityEvent): string {
  switch (event.kind) {
    case 'password':
      if (event.by === 'self') return 'Dein Passwort wurde geändert.';
      if (event.by === 'reset') return 'Dein Passwort wurde über den Link aus der Mail „Passwort vergessen?“ neu festgelegt.';
      return `Dein Passwort wurde in der Verwaltung von ${event.by.admin} geändert.`;
    case 'email':
      return `Deine E-Mail-Adresse wurde in „${event.to}“ geändert. Dieser Hinweis geht an die bisherige Adresse.`;
    case 'uid':
      return `Deine Schützennummer wurde von ${event.from} in ${event.to} geändert. Du meldest dich künftig mit der neuen an.`;
    case 'secondFactorOn':
      return 'Der zweite Faktor wurde eingeschaltet. Zur Anmeldung brauchst du jetzt zusätzlich den Code deiner App.';
    case 'secondFactorOff':
      return event.by === 'self'
        ? 'Der zweite Faktor wurde ausgeschaltet.'
        : `Dein zweiter Faktor wurde in der Verwaltung von ${event.by.admin} ausgeschaltet.`;
    case 'recoveryCodes':
      return 'Es wurden neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.';
    case 'appPassword':
      return `Das App-Passwort „${event.name}“ wurde angelegt. Mit ihm kann sich ein Programm mit deiner Schützennummer anmelden.`;
    case 'codeFailures':
      return `Bei einer Anmeldung wurde dein Passwort richtig eingegeben, danach aber ${event.count}-mal ein falscher Code des zweiten Faktors. Die Anmeldung wurde abgebrochen. Wer das war, kennt dein Passwort.`;
    case 'codeBudget':
      return `Für deine Schützennummer wurden ${event.count} falsche Codes des zweiten Faktors eingegeben. Die Eingabe von Codes ist für ${event.minutes} Minuten gesperrt. Wer das war, kennt dein Passwort.`;
  }
}

function endedLine(ended: EndedCredentials): string {
  const parts = [ended.keptOwnSession ? 'alle anderen Sitzungen beendet' : 'alle Sitzungen beendet (du bist überall abgemeldet)'];
  parts.push(
    ended.appPasswords === 0
      ? 'begonnene Anmeldungen abgebrochen'
      : `${ended.appPasswords === 1 ? 'das App-Passwort' : `alle ${ended.appPasswords} App-Passwörter`} widerrufen und begonnene Anmeldungen abgebrochen`,
  );
  return `Mit dem neuen Passwort wurden ${parts.join(', ')}.${ended.appPasswords > 0 ? ' Programme brauchen ein neues App-Passwort.' : ''}`;
}

/** Whether the events come from someone who may know the password (then the advice is to change it). */
const suspectsPassword = (events: readonly SecurityEvent[]) => events.some((event) => event.kind === 'codeFailures' || event.kind === 'codeBudget');

/**
 * Puts a notice of `events` for `member` into the outbox inside the caller's transaction
 * (it exists exactly when the change was committed); the caller wakes the worker after
 * the commit (`services.mail.wake()`). Returns whether a mail was queued: false for a
 * member without a usable address.
 */
export async function queueSecurityNotice(
  trx: Db,
  services: AppServices,
  member: NoticeMember,
  events: readonly SecurityEvent[],
  { address, ended }: { address: string; ended?: EndedCredentials | undefined },
): Promise<boolean> {
  const to = mailboxOf(member.email.trim());
  if (to === undefined || events.length === 0) return false;
  const now = services.clock.now();
  // Read through the transaction: on SQLite its connection is the only one.
  const club = (await clubProfile({ db: trx, publicCache: services.publicCache })).name;
  const { publicUrl } = services.config;
  const [day, time] = formatGermanDateTime(toClubDateTime(now)).split(' ');
  const text = [
    `Hallo ${member.prename} ${member.lastname},`,
    '',
    `an deinem Zugang zur Website ${publicUrl} (Schützennummer ${member.uid}) ist am ${day} um ${time} Uhr von der Adresse ${address} Folgendes geschehen:`,
    '',
    ...events.map((event) => `- ${eventLine(event)}`),
    ...(ended ? ['', endedLine(ended)] : []),
    '',
    suspectsPassword(events)
      ? `Ändere bitte dein Passwort unter „Meine Daten“ oder über „Passwort vergessen?“ (${publicUrl}/login). Damit enden alle Sitzungen und App-Passwörter.`
      : 'Warst du das selbst, ist nichts weiter zu tun.',
    suspectsPassword(events)
      ? 'Warst du es selbst und hast dich nur vertippt, ist nichts weiter zu tun.'
      : `Warst du es nicht, lege sofort über „Passwort vergessen?“ (${publicUrl}/login) ein neues Passwort fest – damit enden alle Sitzungen und App-Passwörter – und wende dich an die Administratoren des Vereins.`,
    '',
    'Viele Grüße',
    club,
  ].join('\n');
  await enqueueMail(trx, { kind: 'security', to, subject: `Sicherheitshinweis zu deinem Zugang – ${club}`, text }, now);
  return true;
}

/** As `queueSecurityNotice`, for the member with this id as the database holds them now. */
export async function queueSecurityNoticeFor(
  trx: Db,
  services: AppServices,
  userId: number,
  events: readonly SecurityEvent[],
  options: { address: string; ended?: EndedCredentials | undefined },
): Promise<boolean> {
  const member = await trx.selectFrom('users').select(['uid', 'prename', 'lastname', 'email']).where('id', '=', userId).executeTakeFirst();
  return member ? queueSecurityNotice(trx, services, member, events, options) : false;
}

/** A notice of something that changes nothing else (a warning): queued on its own and sent at once. */
export async function sendSecurityNotice(services: AppServices, userId: number, events: readonly SecurityEvent[], address: string): Promise<void> {
  if (await queueSecurityNoticeFor(services.db, services, userId, events, { address })) services.mail.wake();
}
