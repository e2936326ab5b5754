import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { toClubDate, toClubDateTime } from '../../../shared/dates.ts';
import { resetTargetOf } from '../auth/password-reset.ts';
import { listAppPasswords, type AppPasswordRecord } from '../auth/app-passwords.ts';
import { findUserRecord, USER_NOT_FOUND, type UserRecord } from './queries.ts';
import { AppError } from '../../errors.ts';

/**
 * 'Meine Daten herunterladen' (DSGVO Art. 15 and 20): everything the site keeps about a
 * member, as one JSON document, and never a secret or a hash of one (password, TOTP key,
 * recovery codes, tokens of sessions, links, feeds and app passwords, the device ids of
 * the login limits): those are no information about the member, and a download lying in
 * a downloads folder must not open the account.
 *
 * Every table is either read here or named as holding nothing about a member
 * (TABLES_WITHOUT_MEMBER_DATA); tests/api/account-export.test.ts fails for a table that is
 * neither, so a new table cannot be forgotten.
 */

/** Where each table's rows about the member appear in the export. */
export const MEMBER_DATA_TABLES = {
  users: 'profile',
  user_groups: 'groups',
  groups: 'groups',
  group_permissions: 'groups',
  permissions: 'groups',
  sessions: 'sessions',
  pending_logins: 'pending_logins',
  login_attempts: 'failed_logins',
  code_failures: 'wrong_codes',
  password_resets: 'password_reset_links',
  password_reset_requests: 'password_reset_requests',
  second_factors: 'second_factor',
  recovery_codes: 'second_factor',
  app_passwords: 'app_passwords',
  duty_settings: 'duty_settings',
  host_entries: 'roster',
  duty_offers: 'duty_offers',
  duty_reminders: 'duty_reminders',
  attachments: 'uploaded_attachments',
  news_articles: 'news_articles',
  news_mail_sends: 'news_mail',
  news_mail_optouts: 'news_mail',
  mail_outbox: 'mails',
  mail_attachments: 'mails',
  contact_messages: 'contact_messages',
  registrations: 'registrations',
  registration_mails: 'mails',
  course_book_shooters: 'course_book',
  course_annual_passes: 'course_annual_passes',
  log_entries: 'log',
} as const satisfies Partial<Record<keyof Database, keyof MemberDataExport>>;

/** Tables that hold nothing about a member, and why. */
export const TABLES_WITHOUT_MEMBER_DATA = {
  server_secrets: 'the keys the server signs with',
  log_once: 'hashes of events already logged',
  info_texts: 'public texts of the club',
  section_alerts: 'public notices of the club',
  appointments: 'the club calendar, which names no member',
  appointment_series: 'the club calendar, which names no member',
  downloads: 'public files',
  results: 'public result files',
  albums: 'public galleries',
  images: 'public galleries',
  sponsors: 'public sponsors',
  club_profile: "the club's own data, public on Impressum and Kontakt",
  setup_facts: 'what the first start did',
  club_facts: 'public facts of the club’s pages',
  club_range: 'public facts of the air gun range',
  club_prices: 'public prices of the course',
  club_rules: 'public rules of the course',
  club_home: 'public texts of the home page',
  club_home_cards: 'public texts of the home page',
  club_about_slides: 'public captions of the About page',
  club_pictures: 'the club’s public logo and home picture',
  club_picture_files: 'the files of the club’s public logo and home picture',
  timetable_entries: 'the public weekly shooting times of the sections',
  group_message_recipients: 'which contact-form recipients a group reads, naming no member',
  news_slugs: 'former addresses of public articles',
  news_images: 'pictures of public articles',
  news_mail_groups: 'which groups an article is to be mailed to, naming no member',
  group_sections: 'which sections a group’s content permissions are limited to, naming no member',
  network_attempts: 'counted attempts per network (contact form, sign-ups), naming no member',
  registration_settings: 'how sign-ups to an appointment are set up, naming no member',
  course_state: 'the 3D course’s closed targets and detour, public',
  course_closures: 'the days the 3D course is closed, public',
  course_book_groups: 'groups of visitors checked in at the 3D course; a member is named only in course_book_shooters',
} as const satisfies Partial<Record<keyof Database, string>>;

type MsColumn = number | string | null;
/** Club-local `YYYY-MM-DD HH:mm:ss` of an epoch-ms column (MySQL may answer BIGINT as text). */
const clubTime = (ms: MsColumn): string | null => (ms === null ? null : toClubDateTime(new Date(Number(ms))));
const clubTimeOf = (ms: number | string): string => toClubDateTime(new Date(Number(ms)));

export interface MemberDataExport {
  /** What the file is, in German, for the member who opens it. */
  about: string;
  exported_at: string;
  site: string;
  profile: Omit<UserRecord, 'groups' | 'permissions' | 'second_factor' | 'second_factor_required'> & { created_at: string; updated_at: string };
  groups: UserRecord['groups'];
  permissions: string[];
  second_factor: {
    enabled: boolean;
    required_by_group: boolean;
    /** A setup begun and not confirmed, or the confirmed one's start. */
    set_up_at: string | null;
    confirmed_at: string | null;
    recovery_codes_left: number;
  };
  app_passwords: AppPasswordRecord[];
  sessions: Array<{ started_at: string; expires_at: string; address: string; user_agent: string; this_browser: boolean }>;
  /** Password steps of a login with second factor still waiting for their code. */
  pending_logins: Array<{ expires_at: string; wrong_codes: number }>;
  /** Failed logins for the member's shooter number kept for the login limits (15 minutes). */
  failed_logins: Array<{ attempted_at: string; network: string; known_browser: boolean }>;
  /** Wrong second-factor codes kept for the member's code budget (15 minutes). */
  wrong_codes: Array<{ failed_at: string }>;
  password_reset_links: Array<{ created_at: string; expires_at: string; used_at: string | null }>;
  /** Requests for a link naming the member's shooter number or e-mail address, kept for their limits. */
  password_reset_requests: Array<{ requested_at: string; network: string }>;
  duty_settings: { calendar_feed: boolean; calendar_feed_since: string | null; reminder_at: string | null; signups_in_feed: boolean };
  roster: Array<{ entry_id: number; date: string; role: 'supervisor' | 'host' }>;
  duty_offers: Array<{ id: number; entry_id: number; date: string | null; role: 'supervisor' | 'host'; offered_at: string }>;
  duty_reminders: Array<{ entry_id: number; role: 'supervisor' | 'host'; duty_date: string; queued_at: string }>;
  uploaded_attachments: Array<{ id: number; filename: string; mime: string; size: number; appointment_id: number | null; series_id: number | null; uploaded_at: string }>;
  /** Articles of 'Aktuelles' the member is named as author of (issue 27). */
  news_articles: Array<{ id: number; title: string; slug: string; publish_at: string | null; created_at: string; updated_at: string }>;
  /**
   * 'Aktuelles per Mail erhalten' (issue 27.4) and the articles mailed to the member. Each
   * mail's unsubscribe link is kept only as a hash, which is not exported (see above).
   */
  news_mail: { receive: boolean; switched_off_at: string | null; mailed_articles: Array<{ article_id: number; title: string; mailed_at: string }> };
  /** Mails to the member's address, and those sent for them with it as Reply-To (contact form). */
  mails: Array<{
    id: number;
    kind: string;
    recipient: string;
    reply_to: string | null;
    subject: string;
    /** Null for a mail whose text holds a link valid for a short time (password reset). */
    text: string | null;
    status: string;
    created_at: string;
    sent_at: string | null;
    attachments: string[];
  }>;
  /** Contact form messages sent with the member's e-mail address. */
  contact_messages: Array<{ recipient: string; prename: string; lastname: string; email: string; subject: string; text: string; address: string; sent_at: string }>;
  /** Sign-ups to appointments (issue 29) made logged in or with the member's e-mail address. */
  registrations: Array<{
    id: number;
    appointment_id: number;
    appointment: string;
    appointment_begins: string;
    status: string;
    places: number;
    prename: string;
    lastname: string;
    email: string;
    phone: string;
    birthdate: string;
    club: string;
    answers: Record<string, string | boolean>;
    paid: boolean;
    present: boolean;
    guardian_name: string;
    guardian_consent_at: string | null;
    signed_up_at: string;
    cancelled_at: string | null;
  }>;
  /** Check-ins at the 3D course with the member's shooter number (annual pass; README „Parcoursbuch“), until the club's period deletes them. */
  course_book: Array<{ date: string; ticket_code: string; name: string; category: string; checked_in_at: string; checked_out_at: string | null }>;
  /** The club years the member holds an annual pass for the 3D course (README „Parcoursbuch“). */
  course_annual_passes: Array<{ year: number; entered_at: string }>;
  /** Server log lines whose actor or text names the member's shooter number or name. */
  log: Array<{ at: string; actor: string; message: string }>;
}

const ABOUT =
  'Alle Daten, die die Website des Vereins über dich gespeichert hat (Auskunft nach Art. 15 DSGVO, Datenübertragbarkeit nach Art. 20 DSGVO). ' +
  'Passwörter, Schlüssel und Codes stehen nicht darin: Sie sind nur als Hashwerte gespeichert und würden dich nicht beschreiben, sondern dein Konto öffnen.';

export interface ExportRequest {
  userId: number;
  /** The session of the request, marked as `this_browser`. */
  sessionId: string | null;
  now: Date;
  publicUrl: string;
}

/** `meine-daten-<shooter number>-<YYYY-MM-DD>.json`, the club-local date of the export. */
export function exportFilename(uid: string, now: Date): string {
  return `meine-daten-${uid}-${toClubDate(now)}.json`;
}

export async function exportMemberData(db: Db, request: ExportRequest): Promise<MemberDataExport> {
  const { userId } = request;
  const record = await findUserRecord(db, userId);
  const user = await db.selectFrom('users').select(['created_at', 'updated_at']).where('id', '=', userId).executeTakeFirst();
  if (!record || !user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const email = record.email.trim().toLowerCase();
  const fullName = `${record.prename} ${record.lastname}`;

  const [
    factor,
    recoveryCodes,
    appPasswords,
    sessions,
    pendingLogins,
    failedLogins,
    wrongCodes,
    resetLinks,
    resetRequests,
    dutySettings,
    roster,
    offers,
    reminders,
    attachments,
    articles,
    newsOptout,
    newsSends,
    mails,
    contactMessages,
    registrations,
    log,
  ] = await Promise.all([
    db.selectFrom('second_factors').select(['created_ms', 'confirmed_ms']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    listAppPasswords(db, userId),
    db.selectFrom('sessions').select(['id', 'created_ms', 'expires_ms', 'address', 'user_agent']).where('user_id', '=', userId).orderBy('created_ms').execute(),
    db.selectFrom('pending_logins').select(['expires_ms', 'failures']).where('user_id', '=', userId).orderBy('expires_ms').execute(),
    db.selectFrom('login_attempts').select(['attempted_ms', 'address', 'device']).where('uid', '=', record.uid).orderBy('id').execute(),
    db.selectFrom('code_failures').select('failed_ms').where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('password_resets').select(['created_ms', 'expires_ms', 'used_ms']).where('user_id', '=', userId).orderBy('created_ms').execute(),
    db
      .selectFrom('password_reset_requests')
      .select(['requested_ms', 'address'])
      .where('target', 'in', email === '' ? [resetTargetOf(record.uid)] : [resetTargetOf(record.uid), resetTargetOf(email)])
      .orderBy('id')
      .execute(),
    db.selectFrom('duty_settings').select(['feed_token_hash', 'feed_created_ms', 'remind_at', 'feed_signups']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('host_entries')
      .select(['id', 'date', 'supervisor_user_id', 'host_user_id'])
      .where((eb) => eb.or([eb('supervisor_user_id', '=', userId), eb('host_user_id', '=', userId)]))
      .orderBy('date')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('duty_offers')
      .leftJoin('host_entries', 'host_entries.id', 'duty_offers.host_entry_id')
      .select(['duty_offers.id', 'duty_offers.host_entry_id', 'host_entries.date', 'duty_offers.role', 'duty_offers.created_ms'])
      .where('duty_offers.user_id', '=', userId)
      .orderBy('duty_offers.id')
      .execute(),
    db.selectFrom('duty_reminders').select(['host_entry_id', 'role', 'duty_date', 'created_ms']).where('user_id', '=', userId).orderBy('created_ms').execute(),
    db
      .selectFrom('attachments')
      .select(['id', 'filename', 'mime', 'size', 'appointment_id', 'series_id', 'created_at'])
      .where('uploaded_by', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('news_articles')
      .select(['id', 'title', 'slug', 'publish_at', 'created_at', 'updated_at'])
      .where('author_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('news_mail_optouts').select('created_at').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('news_mail_sends as s')
      .innerJoin('news_articles as a', 'a.id', 's.article_id')
      .select(['s.article_id', 'a.title', 's.created_at'])
      .where('s.user_id', '=', userId)
      .orderBy('s.created_at')
      .orderBy('s.article_id')
      .execute(),
    email === ''
      ? Promise.resolve([])
      : db
          .selectFrom('mail_outbox')
          .select(['id', 'kind', 'recipient', 'reply_to', 'subject', 'body', 'expires_ms', 'status', 'created_at', 'sent_at'])
          .where((eb) =>
            eb.or([
              eb(eb.fn('lower', [eb.ref('recipient')]), '=', email),
              eb(eb.fn('lower', [eb.ref('reply_to')]), '=', email),
              // The contact form's Reply-To is `"Name" <address>`.
              eb(eb.fn<number>('instr', [eb.fn('lower', [eb.ref('reply_to')]), eb.val(`<${email}>`)]), '>', 0),
            ]),
          )
          .orderBy('id')
          .execute(),
    email === ''
      ? Promise.resolve([])
      : db
          .selectFrom('contact_messages')
          .select(['recipient', 'prename', 'lastname', 'email', 'subject', 'text', 'address', 'created_at'])
          .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email))
          .orderBy('id')
          .execute(),
    db
      .selectFrom('registrations')
      .innerJoin('appointments', 'appointments.id', 'registrations.appointment_id')
      .select([
        'registrations.id',
        'registrations.appointment_id',
        'appointments.name as appointment',
        'appointments.datetime_begin as appointment_begins',
        'registrations.status',
        'registrations.places',
        'registrations.prename',
        'registrations.lastname',
        'registrations.email',
        'registrations.phone',
        'registrations.birthdate',
        'registrations.club',
        'registrations.answers',
        'registrations.paid',
        'registrations.present',
        'registrations.guardian_name',
        'registrations.guardian_consent_at',
        'registrations.created_at',
        'registrations.cancelled_at',
      ])
      .where((eb) =>
        eb.or([eb('registrations.user_id', '=', userId), ...(email === '' ? [] : [eb(eb.fn('lower', [eb.ref('registrations.email')]), '=', email)])]),
      )
      .orderBy('registrations.id')
      .execute(),
    db
      .selectFrom('log_entries')
      .select(['created_at', 'actor', 'message'])
      .where((eb) =>
        eb.or(
          [record.uid, fullName].flatMap((needle) => [
            eb(eb.fn<number>('instr', [eb.ref('actor'), eb.val(needle)]), '>', 0),
            eb(eb.fn<number>('instr', [eb.ref('message'), eb.val(needle)]), '>', 0),
          ]),
        ),
      )
      .orderBy('id')
      .execute(),
  ]);

  const courseBook = await db
    .selectFrom('course_book_shooters')
    .innerJoin('course_book_groups', 'course_book_groups.id', 'course_book_shooters.group_id')
    .select(['course_book_groups.day', 'course_book_groups.ticket_code', 'course_book_shooters.name', 'course_book_shooters.category', 'course_book_groups.checked_in_at', 'course_book_groups.checked_out_at'])
    .where('course_book_shooters.member_number', '=', record.uid)
    .orderBy('course_book_groups.checked_in_at')
    .orderBy('course_book_shooters.id')
    .execute();

  const annualPasses = await db.selectFrom('course_annual_passes').select(['year', 'created_at']).where('user_id', '=', userId).orderBy('year').execute();

  const mailIds = mails.map((mail) => mail.id);
  const mailAttachments =
    mailIds.length === 0 ? [] : await db.selectFrom('mail_attachments').select(['mail_id', 'filename']).where('mail_id', 'in', mailIds).orderBy('id').execute();

  const { groups, permissions, second_factor, second_factor_required, ...profile } = record;
  return {
    about: ABOUT,
    exported_at: toClubDateTime(request.now),
    site: request.publicUrl,
    profile: { ...profile, created_at: user.created_at, updated_at: user.updated_at },
    groups,
    permissions,
    second_factor: {
      enabled: second_factor,
      required_by_group: second_factor_required,
      set_up_at: clubTime(factor?.created_ms ?? null),
      confirmed_at: clubTime(factor?.confirmed_ms ?? null),
      recovery_codes_left: second_factor ? Number(recoveryCodes.n) : 0,
    },
    app_passwords: appPasswords,
    sessions: sessions.map((session) => ({
      started_at: clubTimeOf(session.created_ms),
      expires_at: clubTimeOf(session.expires_ms),
      address: session.address,
      user_agent: session.user_agent,
      this_browser: session.id === request.sessionId,
    })),
    pending_logins: pendingLogins.map((login) => ({ expires_at: clubTimeOf(login.expires_ms), wrong_codes: Number(login.failures) })),
    failed_logins: failedLogins.map((attempt) => ({ attempted_at: clubTimeOf(attempt.attempted_ms), network: attempt.address, known_browser: attempt.device !== null })),
    wrong_codes: wrongCodes.map((row) => ({ failed_at: clubTimeOf(row.failed_ms) })),
    password_reset_links: resetLinks.map((link) => ({ created_at: clubTimeOf(link.created_ms), expires_at: clubTimeOf(link.expires_ms), used_at: clubTime(link.used_ms) })),
    password_reset_requests: resetRequests.map((row) => ({ requested_at: clubTimeOf(row.requested_ms), network: row.address })),
    duty_settings: {
      calendar_feed: dutySettings?.feed_token_hash != null,
      calendar_feed_since: clubTime(dutySettings?.feed_created_ms ?? null),
      reminder_at: dutySettings?.remind_at ?? null,
      signups_in_feed: Number(dutySettings?.feed_signups ?? 0) === 1,
    },
    roster: roster.flatMap((entry) => [
      ...(entry.supervisor_user_id === userId ? [{ entry_id: entry.id, date: entry.date, role: 'supervisor' as const }] : []),
      ...(entry.host_user_id === userId ? [{ entry_id: entry.id, date: entry.date, role: 'host' as const }] : []),
    ]),
    duty_offers: offers.map((offer) => ({ id: offer.id, entry_id: offer.host_entry_id, date: offer.date, role: offer.role, offered_at: clubTimeOf(offer.created_ms) })),
    duty_reminders: reminders.map((reminder) => ({ entry_id: reminder.host_entry_id, role: reminder.role, duty_date: reminder.duty_date, queued_at: clubTimeOf(reminder.created_ms) })),
    uploaded_attachments: attachments.map(({ created_at, size, ...attachment }) => ({ ...attachment, size: Number(size), uploaded_at: created_at })),
    news_articles: articles.map((article) => ({ ...article, id: Number(article.id) })),
    news_mail: {
      receive: newsOptout === undefined,
      switched_off_at: newsOptout?.created_at ?? null,
      mailed_articles: newsSends.map((send) => ({ article_id: Number(send.article_id), title: send.title, mailed_at: send.created_at })),
    },
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      recipient: mail.recipient,
      reply_to: mail.reply_to,
      subject: mail.subject,
      // The outbox marks a text holding a secret by its expiry (mail/outbox.ts).
      text: mail.expires_ms === null ? mail.body : null,
      status: mail.status,
      created_at: mail.created_at,
      sent_at: mail.sent_at,
      attachments: mailAttachments.filter((attachment) => attachment.mail_id === mail.id).map((attachment) => attachment.filename),
    })),
    contact_messages: contactMessages.map(({ created_at, ...message }) => ({ ...message, sent_at: created_at })),
    registrations: registrations.map(({ created_at, answers, paid, present, places, id, appointment_id, ...registration }) => ({
      ...registration,
      id: Number(id),
      appointment_id: Number(appointment_id),
      places: Number(places),
      answers: JSON.parse(answers) as Record<string, string | boolean>,
      paid: Number(paid) === 1,
      present: Number(present) === 1,
      signed_up_at: created_at,
    })),
    course_book: courseBook.map((row) => ({
      date: row.day,
      ticket_code: row.ticket_code,
      name: row.name,
      category: row.category,
      checked_in_at: String(row.checked_in_at),
      checked_out_at: row.checked_out_at === null ? null : String(row.checked_out_at),
    })),
    course_annual_passes: annualPasses.map((row) => ({ year: Number(row.year), entered_at: String(row.created_at) })),
    log: log.map((line) => ({ at: line.created_at, actor: line.actor, message: line.message })),
  };
}
