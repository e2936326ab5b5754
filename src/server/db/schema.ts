import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Booleans are integers 0/1, date-times are
 * `YYYY-MM-DD HH:mm:ss` club-local strings, dates `YYYY-MM-DD` (DESIGN §2).
 * Session and login bookkeeping use epoch milliseconds, which need no time zone.
 */
export interface Database {
  permissions: PermissionTable;
  groups: GroupTable;
  group_permissions: GroupPermissionTable;
  users: UserTable;
  user_groups: UserGroupTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  password_reset_requests: PasswordResetRequestTable;
  login_attempts: LoginAttemptTable;
  server_secrets: ServerSecretTable;
  log_entries: LogEntryTable;
  log_once: LogOnceTable;
  mail_outbox: MailOutboxTable;
  mail_attachments: MailAttachmentTable;
  contact_messages: ContactMessageTable;
  group_message_recipients: GroupMessageRecipientTable;
  group_sections: GroupSectionTable;
  info_texts: InfoTextTable;
  section_alerts: SectionAlertTable;
  appointments: AppointmentTable;
  appointment_series: AppointmentSeriesTable;
  attachments: AttachmentTable;
  host_entries: HostEntryTable;
  downloads: DownloadTable;
  results: ResultTable;
  albums: AlbumTable;
  images: ImageTable;
  sponsors: SponsorTable;
  club_profile: ClubProfileTable;
  setup_facts: SetupFactTable;
  club_facts: ClubFactsTable;
  club_range: ClubRangeTable;
  club_prices: ClubPriceTable;
  club_rules: ClubRuleTable;
  club_home: ClubHomeTable;
  club_home_cards: ClubHomeCardTable;
  club_about_slides: ClubAboutSlideTable;
  club_pictures: ClubPictureTable;
  club_picture_files: ClubPictureFileTable;
  second_factors: SecondFactorTable;
  recovery_codes: RecoveryCodeTable;
  pending_logins: PendingLoginTable;
  app_passwords: AppPasswordTable;
  duty_settings: DutySettingsTable;
  duty_offers: DutyOfferTable;
  duty_reminders: DutyReminderTable;
  code_failures: CodeFailureTable;
  timetable_entries: TimetableEntryTable;
  news_articles: NewsArticleTable;
  news_slugs: NewsSlugTable;
  news_images: NewsImageTable;
  news_mail_groups: NewsMailGroupTable;
  news_mail_sends: NewsMailSendTable;
  news_mail_optouts: NewsMailOptoutTable;
  network_attempts: NetworkAttemptTable;
  registration_settings: RegistrationSettingsTable;
  registrations: RegistrationTable;
  registration_mails: RegistrationMailTable;
  course_state: CourseStateTable;
  course_closures: CourseClosureTable;
  course_book_groups: CourseBookGroupTable;
  course_book_shooters: CourseBookShooterTable;
  course_annual_passes: CourseAnnualPassTable;
}

/** A group checked in at the course's entrance (migration 0033); names and phone go after the club's period. */
export interface CourseBookGroupTable {
  id: Generated<number>;
  /** sha256 of the ticket link's token. */
  token_hash: string;
  ticket_code: string;
  /** `YYYY-MM-DD`, club-local. */
  day: string;
  checked_in_at: string;
  checked_out_at: string | null;
  /** 'visitor' (the ticket page) or 'member' (the back office); empty while out on the course. */
  checked_out_by: string;
  phone: string;
  /** 'cash' or 'transfer'. */
  payment: string;
  amount_cents: number;
  paid_at: string | null;
  /** '2 × Erwachsene, 1 × Kinder': the treasurer's column, kept when the names go. */
  categories: string;
  /** 1 once the retention sweep emptied names and phone. */
  personal_deleted: number;
}

/** One shooter of a checked-in group (migration 0033). */
export interface CourseBookShooterTable {
  id: Generated<number>;
  group_id: number;
  position: number;
  name: string;
  category: string;
  price_cents: number;
  /** A member's shooter number (annual pass); empty for a day ticket. */
  member_number: string;
}

/** A member's annual pass for the 3D course for one club year (migration 0035). */
export interface CourseAnnualPassTable {
  user_id: number;
  year: number;
  created_at: CreatedAt;
}

/** The 3D course's targets closed for now and the detour (one row, id 1; migration 0032). */
export interface CourseStateTable {
  id: number;
  /** Ascending target numbers separated by commas; empty: the whole course is open. */
  closed_targets: string;
  detour: string;
  updated_at: string | null;
}

/** Days the 3D course is closed, inclusive, club-local `YYYY-MM-DD` (migration 0032). */
export interface CourseClosureTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  /** storm, forestry, tournament, other (courseState.ts). */
  reason: string;
  note: string;
  created_at: CreatedAt;
  updated_at: string;
}

type CreatedAt = ColumnType<string, string, never>;

export interface PermissionTable {
  id: Generated<number>;
  name: string;
}

export interface GroupTable {
  id: Generated<number>;
  name: string;
  /** 1: members must set up the second factor before anything else (migration 0014). */
  require_second_factor: Generated<number>;
  /** 1: 'Als Sparte öffentlich anzeigen', visitors see the name as the section of its appointments (migration 0019). */
  public_section: Generated<number>;
}

export interface GroupPermissionTable {
  group_id: number;
  permission_id: number;
}

export interface UserTable {
  id: Generated<number>;
  prename: string;
  lastname: string;
  uid: string;
  password_hash: string;
  email: string;
  phone: string;
  created_at: CreatedAt;
  updated_at: string;
}

export interface UserGroupTable {
  user_id: number;
  group_id: number;
}

export interface SessionTable {
  /** sha256 of the cookie token, so a leaked table grants no session. */
  id: string;
  user_id: number;
  created_ms: number;
  expires_ms: number;
  address: string;
  user_agent: string;
}

/** A password reset link sent by mail (migration 0013); the token itself is never stored. */
export interface PasswordResetTable {
  /** sha256 of the link's token. */
  id: string;
  user_id: number;
  created_ms: number;
  expires_ms: number;
  /** When the link was used; a used link opens nothing. */
  used_ms: number | null;
}

/** An accepted request for a reset link, counted by the limits per network and per target (migration 0013). */
export interface PasswordResetRequestTable {
  id: Generated<number>;
  /** The network it came from (src/server/http/network.ts). */
  address: string;
  /** sha256 of the shooter number or e-mail address asked for, as typed (normalised). */
  target: string;
  requested_ms: number;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  uid: string;
  /** The network the attempt came from (src/server/http/network.ts). */
  address: string;
  attempted_ms: number;
  /** The known device (device cookie) a failure counts against; null: an unknown browser (migration 0010). */
  device: string | null;
}

/** Secrets generated once per database, shared by every instance on it (migration 0010). */
export interface ServerSecretTable {
  name: string;
  value: string;
}

export interface LogEntryTable {
  id: Generated<number>;
  created_at: CreatedAt;
  actor: string;
  message: string;
}

/** An event already written to the log; written again only once `expires_ms` has passed. */
export interface LogOnceTable {
  key_hash: string;
  expires_ms: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  created_at: CreatedAt;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Who asked for it, e.g. 'contact' or 'calendar'; for the log. */
  kind: Generated<string>;
  status: Generated<MailStatus>;
  created_ms: number;
  /** Where the 3 days of retries start: the acceptance, or the release from 'held' (migration 0012). */
  retry_since_ms: Generated<number>;
  next_attempt_ms: number;
  /** Set while a worker sends it; only that worker may record the outcome. */
  claim_token: string | null;
  lease_until_ms: number | null;
  failed_at: string | null;
  /**
   * The text holds a secret valid until then (a password reset link, migration 0013): it is
   * erased once sent, and the mail is given up unsent after it. Null for every other mail.
   */
  expires_ms: Generated<number | null>;
  /** An HTML alternative to the plain text (migration 0030); null: plain text only. */
  html: Generated<string | null>;
  /** Extra headers as JSON of name → value (migration 0030, e.g. List-Unsubscribe); null: none. */
  headers: Generated<string | null>;
}

/** pending: to be sent; held: kept while no mail server is configured; sent; failed: given up. */
export type MailStatus = 'pending' | 'held' | 'sent' | 'failed';

export interface MailAttachmentTable {
  id: Generated<number>;
  mail_id: number;
  filename: string;
  content_type: string;
  encoding: 'utf8' | 'base64';
  content: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  recipient: string;
  prename: string;
  lastname: string;
  email: string;
  subject: string;
  text: string;
  address: string;
  created_at: CreatedAt;
  created_ms: number;
  /** Its mail in the outbox (migration 0026); null once that is gone. */
  mail_id: number | null;
  /** When a member marked it as done in 'Nachrichten' (club-local); null while it is new. */
  done_at: string | null;
}

/** The contact recipients whose messages a group's members read; none: all (migration 0026). */
export interface GroupMessageRecipientTable {
  group_id: number;
  recipient: string;
}

/** Rights per section (issue 28.1): the sections a group's content permissions are limited to; none: all. */
export interface GroupSectionTable {
  group_id: number;
  section: string;
}

export interface InfoTextTable {
  identifier: string;
  text: string;
}

export interface SectionAlertTable {
  identifier: string;
  enabled: number;
  text: string;
}

export interface AppointmentTable {
  id: Generated<number>;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  visibility: number;
  description: string;
  notes: string;
  assignment: number;
  status: number;
  notify: number;
  /** iCal SEQUENCE: grows with every change (migration 0007). */
  sequence: Generated<number>;
  /** When the group was last notified, epoch ms; a further notification waits 10 minutes (migration 0012). */
  notified_ms: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: string;
  /** The series this appointment is an occurrence of, or null (migration 0016). */
  series_id: Generated<number | null>;
  /** `YYYY-MM-DD`: the date the series' rule gives this occurrence (its RECURRENCE-ID), kept when it is moved. */
  occurrence_date: Generated<string | null>;
  /** 1: changed on its own; a change of the whole series leaves it alone. */
  detached: Generated<number>;
  /** 1: this occurrence does not take place (an EXDATE in the feed). */
  cancelled: Generated<number>;
  /** 1: the occurrence's attachments are rows of its own, not the series'. */
  own_attachments: Generated<number>;
}

/** A series of appointments (migration 0016): the first occurrence's values and the rule. */
export interface AppointmentSeriesTable {
  id: Generated<number>;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  visibility: number;
  description: string;
  notes: string;
  assignment: number;
  status: number;
  notify: number;
  /** The Recurrence (src/shared/recurrence.ts) as JSON. */
  rule: string;
  sequence: Generated<number>;
  notified_ms: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: string;
}

export interface AttachmentTable {
  id: Generated<number>;
  /** Null between the upload and the appointment's save, and for a series' attachments. */
  appointment_id: number | null;
  /** The series whose attachment this is (migration 0016). */
  series_id: Generated<number | null>;
  filename: string;
  stored_name: string;
  mime: string;
  size: number;
  /** The member who uploaded it: until an appointment names it, only they may attach or read it (null: deleted member or older row). */
  uploaded_by: number | null;
  created_at: CreatedAt;
}

export interface HostEntryTable {
  id: Generated<number>;
  date: string;
  /** A user, or null when a special value (SPEC §4) is chosen. */
  supervisor_user_id: number | null;
  supervisor_special: number | null;
  host_user_id: number | null;
  host_special: number | null;
}

export interface DownloadTable {
  id: Generated<number>;
  filename: string;
  stored_name: string;
  mime: string;
  size: number;
  /**
   * What the public list shows (migration 0020). The column's default is '' only so that
   * the migration could add it; insertDownload always sets the file name without extension.
   */
  title: Generated<string>;
  /** Optional, '' when there is none. */
  description: Generated<string>;
  created_at: CreatedAt;
}

export interface ResultTable {
  id: Generated<number>;
  filename: string;
  stored_name: string;
  section: string;
  internal: number;
  size: number;
  created_at: CreatedAt;
}

export interface AlbumTable {
  id: Generated<number>;
  name: string;
  section: string;
  created_at: CreatedAt;
}

export interface ImageTable {
  id: Generated<number>;
  album_id: number;
  title: string;
  name: string;
  stored_name: string;
  thumb_name: string;
  /** The 1024 px version (migration 0029); NULL for an image stored before it until it is made. */
  medium_name: string | null;
  mime: string;
  width: number;
  height: number;
  created_at: CreatedAt;
}

export interface SponsorTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo_stored_name: string;
  logo_mime: string;
  created_at: CreatedAt;
}

/** The club's data (one row, id 1; migration 0015), edited in the panel 'Vereinsdaten'. */
export interface ClubProfileTable {
  id: number;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  phone: string;
  email: string;
  social_facebook: string;
  social_instagram: string;
  social_youtube: string;
  social_tiktok: string;
  social_x: string;
  social_mastodon: string;
  social_whatsapp: string;
  course_lat: number;
  course_lon: number;
  parking_street: string;
  parking_postal_code: string;
  parking_city: string;
  club_house_lat: number | null;
  club_house_lon: number | null;
  range_lat: number | null;
  range_lon: number | null;
  history: string;
  representation: string;
  register: string;
  responsible: string;
  privacy_contact: string;
  contact_info: string;
  contact_vorstand: string;
  contact_lg_lp: string;
  contact_bogen: string;
  contact_blasrohr: string;
  contact_webmaster: string;
  /** The club's bank account and the course book's retention (migration 0032). */
  iban: string;
  bic: string;
  account_holder: string;
  course_book_retention_months: number;
  updated_at: string | null;
}

/** The air gun range's facts (one row, id 1; migration 0023), edited in the dashboard. */
export interface ClubRangeTable {
  id: number;
  lanes: number;
  /** Null: the page names no minimum age. */
  min_age: number | null;
  updated_at: string | null;
}

/** The facts of the public pages (one row, id 1; migration 0022), edited in the dashboard. */
export interface ClubFactsTable {
  id: number;
  course_targets: number;
  course_walk_m: number;
  course_min_age: number | null;
  course_annual_note: string;
  /** `HH:mm` club-local. */
  opening_earliest: string;
  opening_latest: string;
  opening_after_sunrise: number;
  opening_before_sunset: number;
  updated_at: string | null;
}

/** One row of the course's price tables (migration 0022). */
export interface ClubPriceTable {
  id: Generated<number>;
  /** 'day' or 'annual'. */
  list: string;
  position: number;
  section: string;
  persons: string;
  price_cents: number;
}

/** One of the course's rules (migration 0022). */
export interface ClubRuleTable {
  id: Generated<number>;
  position: number;
  text: string;
}

/** The home page's greeting and welcome text (one row, id 1; migration 0022). */
export interface ClubHomeTable {
  id: number;
  greeting: string;
  welcome: string;
  updated_at: string | null;
}

/** The club's logo or home picture, one row per role (migration 0024). */
export interface ClubPictureTable {
  role: string;
  alt: string;
  source_width: number;
  source_height: number;
  uploaded_at: string;
}

/** One generated file of a club picture (migration 0024). */
export interface ClubPictureFileTable {
  stored_name: string;
  role: string;
  purpose: string;
  mime: string;
  width: number;
  height: number;
}

/** One card of the home page, by the page it leads to (migration 0022). */
export interface ClubHomeCardTable {
  path: string;
  position: number;
  title: string;
  text: string;
}

/** The title and caption of one drawing of the About carousel (migration 0022). */
export interface ClubAboutSlideTable {
  slide: string;
  position: number;
  title: string;
  caption: string;
}

/** What the first start did that an administrator should undo (migration 0015), by name. */
export interface SetupFactTable {
  name: string;
  value: string;
}

/** A member's time-based one-time code (TOTP, RFC 6238; migration 0014). */
export interface SecondFactorTable {
  user_id: number;
  /** The base32 key the authenticator app holds too. */
  secret: string;
  created_ms: number;
  /** Null while the setup waits for its first code. */
  confirmed_ms: number | null;
  /** The time step of the last accepted code: no code is accepted twice. */
  last_step: Generated<number>;
}

/** Single-use recovery codes of the second factor, as SHA-256 (migration 0014). */
export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
}

/** A password step waiting for its code: SHA-256 of the reference the browser holds (migration 0014). */
export interface PendingLoginTable {
  id: string;
  user_id: number;
  expires_ms: number;
  /** Wrong codes given for it; the reference ends after a few. */
  failures: Generated<number>;
}

/** Named passwords for programs with Basic authentication, as SHA-256 (migration 0014). */
export interface AppPasswordTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  secret_hash: string;
  created_ms: number;
  /** Written at most once a minute. */
  last_used_ms: number | null;
}

/** A roster slot: the supervisor or the host of an entry (migration 0017). */
export type DutyRole = 'supervisor' | 'host';

/** What a member chose about their duties (migration 0017); no row: nothing chosen. */
export interface DutySettingsTable {
  user_id: number;
  /** SHA-256 of the secret in the private feed's address; null: no feed. */
  feed_token_hash: string | null;
  feed_created_ms: number | null;
  /** Club-local `HH:mm` of the reminder the day before a duty; null: no reminders. */
  remind_at: string | null;
  /** 1: the feed also holds the member's own sign-ups to appointments (migration 0034). */
  feed_signups: Generated<number>;
}

/** A duty its holder offers for swapping; valid while the member still holds the slot (migration 0017). */
export interface DutyOfferTable {
  id: Generated<number>;
  host_entry_id: number;
  role: DutyRole;
  user_id: number;
  created_ms: number;
}

/** A reminder queued: once per entry, role, member and date (migration 0017). */
export interface DutyReminderTable {
  host_entry_id: number;
  role: DutyRole;
  user_id: number;
  duty_date: string;
  created_ms: number;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

/** A wrong second-factor code of a member, kept for the window of the code budget (migration 0018). */
export interface CodeFailureTable {
  id: Generated<number>;
  user_id: number;
  failed_ms: number;
}

/** A section's weekly shooting time (migration 0021); times are club-local `HH:mm`. */
export interface TimetableEntryTable {
  id: Generated<number>;
  section: string;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  time_from: string;
  time_to: string;
  what: string;
  note: string;
  /** 0 while paused. */
  active: Generated<number>;
  sort_order: number;
}

/** An article of the club's news (issue 27, migration 0025); `body` is the validated document as JSON. */
export interface NewsArticleTable {
  id: Generated<number>;
  slug: string;
  title: string;
  teaser: string;
  body: string;
  section: string;
  cover_image_id: number | null;
  appointment_id: number | null;
  album_id: number | null;
  author_id: number | null;
  /** Null: a draft; otherwise visible from then on (club-local). */
  publish_at: string | null;
  created_at: CreatedAt;
  updated_at: string;
}

/** An address an article had while it was visible; it now redirects to the current one. */
export interface NewsSlugTable {
  slug: string;
  article_id: number;
}

/** A picture of articles: display WebP, thumbnail WebP and a 1200 px wide JPEG (Open Graph, feed). */
export interface NewsImageTable {
  id: Generated<number>;
  name: string;
  stored_name: string;
  thumb_name: string;
  /** 800 px wide WebP: the cover on a phone's article page. */
  medium_name: string;
  wide_name: string;
  width: number;
  height: number;
  created_at: CreatedAt;
}

/** The groups an article is to be mailed to once it appears (migration 0030); gone once the mails are queued. */
export interface NewsMailGroupTable {
  article_id: number;
  group_id: number;
}

/** An article mailed to a member (migration 0030): the key makes sure nobody gets it twice. */
export interface NewsMailSendTable {
  article_id: number;
  user_id: number;
  /** SHA-256 of the mail's unsubscribe link (link-token.ts, purpose 'news-unsubscribe'). */
  token_hash: string;
  created_at: CreatedAt;
}

/** A member who does not want articles by mail (migration 0030): 'Aktuelles per Mail erhalten' off. */
export interface NewsMailOptoutTable {
  user_id: number;
  created_at: CreatedAt;
}

/** One accepted attempt of a kind from a network, for the per-network limiter (migration 0031, http/network-limit.ts). */
export interface NetworkAttemptTable {
  id: Generated<number>;
  kind: string;
  network: string;
  created_ms: number;
}

/** Sign-ups opened on one appointment (migration 0031, issue 29). */
export interface RegistrationSettingsTable {
  appointment_id: number;
  places: number;
  places_per_signup: number;
  /** Club-local; null: open from the save on. */
  opens_at: string | null;
  /** Club-local; null: closes at the appointment's start. */
  closes_at: string | null;
  /** 'everyone' or 'members'. */
  audience: string;
  note: string;
  guardian_consent: number;
  /** RegistrationFields (src/shared/schemas/registrations.ts) as JSON. */
  fields: string;
  created_at: CreatedAt;
  updated_at: string;
}

/** One sign-up (migration 0031); `position` is its arrival order within the appointment. */
export interface RegistrationTable {
  id: Generated<number>;
  appointment_id: number;
  position: number;
  /** 'place', 'waiting' or 'cancelled'. */
  status: string;
  places: number;
  prename: string;
  lastname: string;
  email: string;
  phone: string;
  /** `YYYY-MM-DD` or empty. */
  birthdate: string;
  club: string;
  /** The custom fields' answers by key, as JSON. */
  answers: string;
  paid: Generated<number>;
  present: Generated<number>;
  /** SHA-256 of the personal link's token (http/link-token.ts); null once cancelled by it. */
  token_hash: string | null;
  user_id: number | null;
  guardian_name: string;
  guardian_consent_at: string | null;
  created_at: CreatedAt;
  updated_at: string;
  cancelled_at: string | null;
}

/** A sign-up's mails in the outbox, deleted with its data (migration 0031). */
export interface RegistrationMailTable {
  registration_id: number;
  mail_id: number;
}
