import { DEFAULT_CLUB_DATA, deliverableRecipients, type ClubData } from '../../../shared/clubData.ts';
import { hasAddress } from '../../../shared/clubProfile.ts';
import { CONTACT_RECIPIENTS } from '../../../shared/constants.ts';
import { CLUB_DATA_PATH, MESSAGES_PATH, type SetupItem } from '../../../shared/setupChecklist.ts';
import { PROTECTED_GROUP_ID, PROTECTED_USER_ID } from '../../../shared/permissions.ts';
import type { Db } from '../../db/connection.ts';
import type { AppServices } from '../../services.ts';
import { readClubData } from './queries.ts';
import { GENERATED_PASSWORD_FACT, passwordFingerprint } from './setup-facts.ts';

/** What the rules look at, read once per request. */
export interface SetupFacts {
  club: ClubData;
  smtpConfigured: boolean;
  publicUrl: string;
  /** Mails waiting in the outbox because no mail server is configured. */
  heldMails: number;
  /** Contact messages not yet marked as done in 'Nachrichten'. */
  newMessages: number;
  /** User 1 still has the password the first start generated (and printed). */
  generatedPasswordUnchanged: boolean;
  /** User 1's shooter number, to name the account. */
  adminUid: string | undefined;
  /** Members of the group Administratoren without a confirmed second factor. */
  adminsWithoutSecondFactor: { uid: string; name: string }[];
}

const CLUB_DATA_LINK = { kind: 'screen', path: CLUB_DATA_PATH, label: 'Vereinsdaten' } as const;

/** One rule per entry: the entry while its point is open, otherwise undefined. A new point is one more fact and one more rule. */
export const SETUP_RULES: ReadonlyArray<(facts: SetupFacts) => SetupItem | undefined> = [
  ({ club }) => {
    const missing = [
      club.name.trim() === '' || club.name === DEFAULT_CLUB_DATA.name ? 'der vollständige Name' : '',
      hasAddress({ street: club.street, postalCode: club.postalCode, city: club.city }) ? '' : 'die Anschrift',
      club.phone === '' && club.email === '' ? 'Telefon oder E-Mail' : '',
      club.courseLat === DEFAULT_CLUB_DATA.courseLat && club.courseLon === DEFAULT_CLUB_DATA.courseLon ? 'die Koordinaten des Bogenparcours (noch die Beispielwerte)' : '',
    ].filter(Boolean);
    if (missing.length === 0) return undefined;
    return { id: 'club_data', text: `In den Vereinsdaten fehlen noch ${joinGerman(missing)}.`, link: CLUB_DATA_LINK };
  },
  ({ club }) =>
    deliverableRecipients(club, CONTACT_RECIPIENTS).length > 0
      ? undefined
      : {
          id: 'contact_address',
          text: 'Für keinen Adressaten des Kontaktformulars ist eine E-Mail-Adresse eingetragen; die Kontaktseite zeigt deshalb kein Formular.',
          link: CLUB_DATA_LINK,
        },
  ({ smtpConfigured, heldMails }) =>
    smtpConfigured
      ? undefined
      : {
          id: 'smtp',
          text: `Es ist kein Mailserver eingerichtet (SMTP_URL): Mails werden nicht verschickt, sondern warten im Postausgang${
            heldMails > 0 ? ` (derzeit ${heldMails === 1 ? 'eine Mail' : `${heldMails} Mails`})` : ''
          }.`,
          link: { kind: 'operations', section: 'Konfiguration' },
        },
  // Without a mail server the contact form's messages reach the club only in the back office.
  ({ smtpConfigured, newMessages }) =>
    smtpConfigured
      ? undefined
      : {
          id: 'contact_inbox',
          text: `Ohne Mailserver erreichen Nachrichten aus dem Kontaktformular den Verein nur hier im Back-Office unter „Nachrichten“${
            newMessages > 0 ? ` (derzeit ${newMessages === 1 ? 'eine neue Nachricht' : `${newMessages} neue Nachrichten`})` : ''
          }.`,
          link: { kind: 'screen', path: MESSAGES_PATH, label: 'Nachrichten' },
        },
  ({ publicUrl }) =>
    publicUrl.startsWith('https://')
      ? undefined
      : {
          id: 'https',
          text: `Die öffentliche Adresse (PUBLIC_URL) ist ${publicUrl} und beginnt nicht mit https://: Anmeldungen laufen unverschlüsselt, und Links in Mails und im Kalender-Abo zeigen dorthin.`,
          link: { kind: 'operations', section: 'Betrieb im Internet' },
        },
  ({ generatedPasswordUnchanged, adminUid }) =>
    generatedPasswordUnchanged
      ? {
          id: 'initial_password',
          text: `Benutzer 1${adminUid ? ` (Schützennummer ${adminUid})` : ''} hat noch das beim ersten Start erzeugte Passwort. Bitte als Benutzer 1 unter „Meine Daten“ ändern.`,
          link: { kind: 'screen', path: '/admin/ich', label: 'Meine Daten' },
        }
      : undefined,
  // Group 1 cannot be made to require it (it stays as the first start made it): each administrator switches it on.
  ({ adminsWithoutSecondFactor }) =>
    adminsWithoutSecondFactor.length === 0
      ? undefined
      : {
          id: 'admin_second_factor',
          text: `${adminsWithoutSecondFactor.length === 1 ? 'Ein Mitglied der Gruppe Administratoren meldet sich' : `${adminsWithoutSecondFactor.length} Mitglieder der Gruppe Administratoren melden sich`} noch ohne zweiten Faktor an: ${joinGerman(
            adminsWithoutSecondFactor.map((admin) => `${admin.name} (${admin.uid})`),
          )}. Jede und jeder richtet ihn selbst unter „Meine Daten“ ein.`,
          link: { kind: 'screen', path: '/admin/ich', label: 'Meine Daten' },
        },
];

/** `a, b und c` */
function joinGerman(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} und ${parts.at(-1)}`;
}

async function generatedPasswordState(db: Db): Promise<{ unchanged: boolean; adminUid: string | undefined }> {
  const fact = await db.selectFrom('setup_facts').select('value').where('name', '=', GENERATED_PASSWORD_FACT).executeTakeFirst();
  const admin = await db.selectFrom('users').select(['uid', 'password_hash']).where('id', '=', PROTECTED_USER_ID).executeTakeFirst();
  return { unchanged: fact !== undefined && admin !== undefined && passwordFingerprint(admin.password_hash) === fact.value, adminUid: admin?.uid };
}

async function adminsWithoutSecondFactor(db: Db): Promise<{ uid: string; name: string }[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
    .leftJoin('second_factors', (join) => join.onRef('second_factors.user_id', '=', 'users.id').on('second_factors.confirmed_ms', 'is not', null))
    .select(['users.uid', 'users.prename', 'users.lastname'])
    .where('user_groups.group_id', '=', PROTECTED_GROUP_ID)
    .where('second_factors.user_id', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ uid: row.uid, name: `${row.prename} ${row.lastname}`.trim() }));
}

export async function loadSetupFacts(services: AppServices): Promise<SetupFacts> {
  const { db, config } = services;
  const held = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  const newMessages = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('done_at', 'is', null)
    .executeTakeFirstOrThrow();
  const password = await generatedPasswordState(db);
  return {
    club: await readClubData(db),
    smtpConfigured: config.smtpUrl !== undefined,
    publicUrl: config.publicUrl,
    heldMails: Number(held.count),
    newMessages: Number(newMessages.count),
    generatedPasswordUnchanged: password.unchanged,
    adminUid: password.adminUid,
    adminsWithoutSecondFactor: await adminsWithoutSecondFactor(db),
  };
}

/** The open entries, in the order of the rules. */
export function setupChecklist(facts: SetupFacts): SetupItem[] {
  return SETUP_RULES.map((rule) => rule(facts)).filter((item) => item !== undefined);
}
