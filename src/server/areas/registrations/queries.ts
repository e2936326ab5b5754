import { sql, type Selectable } from 'kysely';
import { toClubDateTime } from '../../../shared/dates.ts';
import {
  registrationFieldsSchema,
  type Participant,
  type PublicRegistrationState,
  type RegistrationFields,
  type RegistrationSettings,
  type RegistrationStatus,
} from '../../../shared/schemas/registrations.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import type { RegistrationTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * Sign-ups of an appointment (issue 29): settings, the list in arrival order, places taken
 * without overbooking and the waiting list moved up. Every write that counts places runs
 * in a transaction that first locks the appointment's settings row (`lockSettings`), so
 * sign-ups, cancellations and changes of one appointment happen one after the other on
 * every server process, and each counts what the one before it committed.
 */

export const REGISTRATION_RESPONSES = {
  noSignup: 'Für diesen Termin ist keine Anmeldung möglich.',
  notFound: 'Diese Anmeldung gibt es nicht (mehr). Bitte prüfe den Link aus deiner Bestätigungsmail.',
  notYet: (opensAt: string) => `Die Anmeldung ist noch nicht geöffnet. Sie beginnt am ${germanDateTime(opensAt)} Uhr.`,
  closed: (closesAt: string) => `Die Anmeldung ist geschlossen. Anmeldeschluss war am ${germanDateTime(closesAt)} Uhr.`,
  membersOnly: 'Für diesen Termin können sich nur Mitglieder anmelden. Bitte melde dich zuerst an.',
  notPublic: 'Anmeldungen sind nur für öffentliche Termine möglich.',
  started: 'Der Termin hat bereits begonnen; die Anmeldung kann nicht mehr geändert werden.',
  cancelledAlready: 'Diese Anmeldung ist bereits storniert.',
  noRoom: 'Auf der Teilnehmerliste ist dafür nicht genug frei. Erhöhe die Zahl der Plätze oder storniere zuerst eine andere Anmeldung.',
  morePlacesNoRoom: 'Für so viele Plätze ist auf der Teilnehmerliste nicht genug frei.',
  tooMany: 'Von deiner Adresse wurden in der letzten Stunde zu viele Anmeldungen gesendet. Bitte versuche es später erneut.',
} as const;

function germanDateTime(value: string): string {
  const [date = '', time = ''] = value.split(' ');
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y} um ${time.slice(0, 5)}`;
}

export type RegistrationRow = Selectable<RegistrationTable>;

export interface StoredSettings extends RegistrationSettings {
  appointmentId: number;
}

/** The appointment as the sign-up needs it. */
export interface SignupAppointment {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  visibility: number;
  cancelled: number;
}

function parseFields(text: string): RegistrationFields {
  const parsed = registrationFieldsSchema.parse(JSON.parse(text));
  return { ...parsed, custom: parsed.custom.map((field) => ({ ...field, key: field.key ?? '' })) };
}

function toSettings(row: {
  appointment_id: number;
  places: number;
  places_per_signup: number;
  opens_at: string | null;
  closes_at: string | null;
  audience: string;
  note: string;
  guardian_consent: number;
  fields: string;
}): StoredSettings {
  return {
    appointmentId: Number(row.appointment_id),
    places: Number(row.places),
    placesPerSignup: Number(row.places_per_signup),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    audience: row.audience === 'members' ? 'members' : 'everyone',
    note: row.note,
    guardianConsent: Number(row.guardian_consent) === 1,
    fields: parseFields(row.fields),
  };
}

const SETTINGS_COLUMNS = ['appointment_id', 'places', 'places_per_signup', 'opens_at', 'closes_at', 'audience', 'note', 'guardian_consent', 'fields'] as const;

export async function readSettings(db: Db, appointmentId: number): Promise<StoredSettings | undefined> {
  const row = await db.selectFrom('registration_settings').select(SETTINGS_COLUMNS).where('appointment_id', '=', appointmentId).executeTakeFirst();
  return row ? toSettings(row) : undefined;
}

/**
 * Locks the appointment's sign-up settings for the rest of the transaction and reads them.
 * MySQL/MariaDB: `SELECT … FOR UPDATE` on the row, which every other transaction of the
 * appointment waits for, on every instance. SQLite: a write takes the database's write lock
 * (Kysely's `BEGIN` is deferred and takes it only at the first write), held to the commit;
 * the process's one connection runs one transaction at a time anyway, and several
 * instances need MySQL/MariaDB (README „Mehrere Instanzen“).
 */
export async function lockSettings(trx: Db, dialect: Dialect, appointmentId: number): Promise<StoredSettings | undefined> {
  if (dialect === 'sqlite') {
    await trx.updateTable('registration_settings').set({ appointment_id: sql`appointment_id` }).where('appointment_id', '=', appointmentId).execute();
    return readSettings(trx, appointmentId);
  }
  const row = await trx.selectFrom('registration_settings').select(SETTINGS_COLUMNS).where('appointment_id', '=', appointmentId).forUpdate().executeTakeFirst();
  return row ? toSettings(row) : undefined;
}

export async function findSignupAppointment(db: Db, appointmentId: number): Promise<SignupAppointment | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select(['id', 'name', 'datetime_begin', 'datetime_end', 'location', 'visibility', 'cancelled'])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), visibility: Number(row.visibility), cancelled: Number(row.cancelled) } : undefined;
}

/** When sign-up closes: as set, or at the appointment's start. */
export function closingOf(settings: Pick<RegistrationSettings, 'closesAt'>, appointment: Pick<SignupAppointment, 'datetime_begin'>): string {
  return settings.closesAt ?? appointment.datetime_begin;
}

/**
 * The sign-up rows of an appointment that the count sees: on MySQL as a locking read, so
 * it reads what the transactions before it committed even though an earlier plain read of
 * this transaction (the limiter's count) fixed its snapshot.
 */
async function activeRows(trx: Db, dialect: Dialect, appointmentId: number): Promise<Array<Pick<RegistrationRow, 'id' | 'position' | 'status' | 'places'>>> {
  const query = trx
    .selectFrom('registrations')
    .select(['id', 'position', 'status', 'places'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('position');
  const rows = dialect === 'mysql' ? await query.forUpdate().execute() : await query.execute();
  return rows.map((row) => ({ id: Number(row.id), position: Number(row.position), status: row.status, places: Number(row.places) }));
}

export interface Occupancy {
  /** Places taken by sign-ups with a place. */
  taken: number;
  /** The next arrival's position. */
  nextPosition: number;
  /** Waiting sign-ups in arrival order. */
  waiting: Array<{ id: number; position: number; places: number }>;
  /** Sign-ups with a place in arrival order. */
  placed: Array<{ id: number; position: number; places: number }>;
}

export async function occupancy(trx: Db, dialect: Dialect, appointmentId: number): Promise<Occupancy> {
  const rows = await activeRows(trx, dialect, appointmentId);
  const placed = rows.filter((row) => row.status === 'place');
  return {
    taken: placed.reduce((sum, row) => sum + row.places, 0),
    nextPosition: rows.reduce((max, row) => Math.max(max, row.position), 0) + 1,
    waiting: rows.filter((row) => row.status === 'waiting'),
    placed,
  };
}

/** Free places and the waiting list, as counts, for the public state and the organiser. */
export async function counts(db: Db, appointmentId: number): Promise<{ taken: number; waitingPlaces: number; waiting: number; placed: number; cancelled: number }> {
  const rows = await db
    .selectFrom('registrations')
    .select(['status', (eb) => eb.fn.sum<number | string>('places').as('places'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('appointment_id', '=', appointmentId)
    .groupBy('status')
    .execute();
  const of = (status: RegistrationStatus) => rows.find((row) => row.status === status);
  return {
    taken: Number(of('place')?.places ?? 0),
    placed: Number(of('place')?.count ?? 0),
    waitingPlaces: Number(of('waiting')?.places ?? 0),
    waiting: Number(of('waiting')?.count ?? 0),
    cancelled: Number(of('cancelled')?.count ?? 0),
  };
}

/** What visitors see at `now`: not yet open, free places, waiting list, or closed. */
export function publicState(settings: RegistrationSettings, appointment: Pick<SignupAppointment, 'datetime_begin'>, taken: number, now: string): PublicRegistrationState {
  if (settings.opensAt !== null && now < settings.opensAt) return { state: 'notYet', opensAt: settings.opensAt };
  const closesAt = closingOf(settings, appointment);
  if (now >= closesAt) return { state: 'closed', closesAt };
  const free = Math.max(0, settings.places - taken);
  return free > 0 ? { state: 'open', free } : { state: 'waitingList' };
}

/** Refuses a sign-up outside the period, with the German reason. */
export function assertOpen(settings: RegistrationSettings, appointment: SignupAppointment, now: Date): void {
  const stamp = toClubDateTime(now);
  if (settings.opensAt !== null && stamp < settings.opensAt) throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.notYet(settings.opensAt));
  const closesAt = closingOf(settings, appointment);
  if (stamp >= closesAt) throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.closed(closesAt));
}

/** The columns of a participant's values. */
export function participantColumns(participant: Participant) {
  return {
    prename: participant.prename,
    lastname: participant.lastname,
    email: participant.email,
    phone: participant.phone,
    birthdate: participant.birthdate,
    club: participant.club,
    answers: JSON.stringify(participant.answers),
  };
}

export interface NewRegistration {
  appointmentId: number;
  participant: Participant;
  tokenHash: string | null;
  userId: number | null;
  /** 'place' when it fits, else the waiting list; 'waiting' puts it there in any case. */
  wanted: 'place' | 'waiting';
  guardian: boolean;
  now: Date;
}

/**
 * Takes a place or a place on the waiting list, in arrival order; runs inside the
 * transaction that locked the settings. A sign-up gets a place when its places fit into
 * what is free (after every cancellation the waiting list moved up as far as it fits, so
 * nobody waiting could have had these places).
 */
export async function insertRegistration(trx: Db, dialect: Dialect, settings: RegistrationSettings, entry: NewRegistration): Promise<{ id: number; status: 'place' | 'waiting' }> {
  const { taken, nextPosition } = await occupancy(trx, dialect, entry.appointmentId);
  const fits = taken + entry.participant.places <= settings.places;
  const status = entry.wanted === 'place' && fits ? 'place' : 'waiting';
  const stamp = toClubDateTime(entry.now);
  const inserted = await trx
    .insertInto('registrations')
    .values({
      appointment_id: entry.appointmentId,
      position: nextPosition,
      status,
      places: entry.participant.places,
      ...participantColumns(entry.participant),
      token_hash: entry.tokenHash,
      user_id: entry.userId,
      guardian_name: entry.guardian ? entry.participant.guardianName : '',
      guardian_consent_at: entry.guardian ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
      cancelled_at: null,
    })
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.insertId), status };
}

/** The place on the waiting list (1 = next to move up), or null for another status. */
export async function waitingPosition(db: Db, appointmentId: number, registration: Pick<RegistrationRow, 'status' | 'position'>): Promise<number | null> {
  if (registration.status !== 'waiting') return null;
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('appointment_id', '=', appointmentId)
    .where('status', '=', 'waiting')
    .where('position', '<=', registration.position)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves the waiting list up into the free places: in arrival order, each one whose places
 * fit into what is left (a family of four waits while a single person behind it takes the
 * last place). `except` stays where it is (the one the organiser just moved there).
 * Returns the ids moved up, for their mails.
 */
export async function promoteWaiting(trx: Db, dialect: Dialect, settings: RegistrationSettings, appointmentId: number, now: Date, except?: number): Promise<number[]> {
  const { taken, waiting } = await occupancy(trx, dialect, appointmentId);
  let free = settings.places - taken;
  const promoted: number[] = [];
  for (const candidate of waiting) {
    if (free <= 0) break;
    if (candidate.id === except || candidate.places > free) continue;
    free -= candidate.places;
    promoted.push(candidate.id);
  }
  if (promoted.length > 0) {
    await trx.updateTable('registrations').set({ status: 'place', updated_at: toClubDateTime(now) }).where('id', 'in', promoted).execute();
  }
  return promoted;
}

/**
 * Who would move to the waiting list if the appointment had `places`: the latest arrivals
 * with a place, until the rest fits.
 */
export function overflowOf(placed: Occupancy['placed'], places: number): number[] {
  let taken = placed.reduce((sum, row) => sum + row.places, 0);
  const moved: number[] = [];
  for (const row of [...placed].reverse()) {
    if (taken <= places) break;
    taken -= row.places;
    moved.push(row.id);
  }
  return moved;
}

export async function findRegistration(db: Db, appointmentId: number, id: number): Promise<RegistrationRow> {
  const row = await db.selectFrom('registrations').selectAll().where('id', '=', id).where('appointment_id', '=', appointmentId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Diese Anmeldung gibt es nicht.');
  return row;
}

export async function findByTokenHash(db: Db, tokenHash: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * A participant's data are gone: the values emptied, the personal link and the member
 * unlinked, the sign-up's mails deleted; the organiser's list keeps 'storniert' and when.
 */
export async function eraseRegistration(trx: Db, id: number, now: Date): Promise<void> {
  const stamp = toClubDateTime(now);
  const mails = await trx.selectFrom('registration_mails').select('mail_id').where('registration_id', '=', id).execute();
  if (mails.length > 0) await trx.deleteFrom('mail_outbox').where('id', 'in', mails.map((mail) => mail.mail_id)).execute();
  await trx
    .updateTable('registrations')
    .set({
      status: 'cancelled',
      prename: '',
      lastname: '',
      email: '',
      phone: '',
      birthdate: '',
      club: '',
      answers: '{}',
      token_hash: null,
      user_id: null,
      guardian_name: '',
      guardian_consent_at: null,
      paid: 0,
      present: 0,
      updated_at: stamp,
      cancelled_at: stamp,
    })
    .where('id', '=', id)
    .execute();
}

export interface ParticipantView {
  id: number;
  position: number;
  status: RegistrationStatus;
  /** 1 = next to move up; null unless waiting. */
  waitingPosition: number | null;
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
  guardianName: string;
  guardianConsentAt: string | null;
  member: boolean;
  createdAt: string;
  cancelledAt: string | null;
}

export function toParticipantView(row: RegistrationRow, waiting: number | null): ParticipantView {
  return {
    id: Number(row.id),
    position: Number(row.position),
    status: row.status as RegistrationStatus,
    waitingPosition: waiting,
    places: Number(row.places),
    prename: row.prename,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    club: row.club,
    answers: JSON.parse(row.answers) as Record<string, string | boolean>,
    paid: Number(row.paid) === 1,
    present: Number(row.present) === 1,
    guardianName: row.guardian_name,
    guardianConsentAt: row.guardian_consent_at,
    member: row.user_id !== null,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
  };
}

/** Every sign-up of the appointment in arrival order, each waiting one with its place on the list. */
export async function listParticipants(db: Db, appointmentId: number): Promise<ParticipantView[]> {
  const rows = await db.selectFrom('registrations').selectAll().where('appointment_id', '=', appointmentId).orderBy('position').execute();
  let waiting = 0;
  return rows.map((row) => toParticipantView(row, row.status === 'waiting' ? ++waiting : null));
}

/** Links a mail in the outbox to its sign-up, so that it goes with the sign-up's data. */
export async function linkMail(trx: Db, registrationId: number, mailId: number): Promise<void> {
  await trx.insertInto('registration_mails').values({ registration_id: registrationId, mail_id: mailId }).execute();
}
