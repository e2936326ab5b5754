import { addDays } from '../../../shared/recurrence.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DutyRole } from '../../db/schema.ts';
import { DUTY_ROLES } from '../../../shared/schemas/duties.ts';

/**
 * Each member's own duties (README „Meine Dienste“). Who has which duty is read from the
 * roster (`host_entries`) every time, so lists, feeds and reminders follow every change of
 * the roster, a swap included, without a copy to keep in step.
 */

/** Own duties listed on Meine Daten; a roster holds a few dozen a year. */
export const MAX_LISTED_DUTIES = 200;
/** Open offers listed to a member. */
export const MAX_OPEN_OFFERS = 100;
/** Appointments shown per duty's day. */
export const MAX_APPOINTMENTS_PER_DAY = 10;

/** An appointment of a duty's day: name and time only, never the notes. */
export interface EveningAppointment {
  name: string;
  /** Club-local `YYYY-MM-DD HH:mm:ss`. */
  begin: string;
  end: string;
  /** A cancelled occurrence of a series. */
  cancelled: boolean;
}

/**
 * The appointments that begin on each of the days (`YYYY-MM-DD`), soonest first: one range
 * of `datetime_begin` per day, on its index. Appointments not shown publicly are included
 * only for members who may see the calendar (`seesInternalAppointments`).
 */
export async function appointmentsOn(db: Db, dates: readonly string[], includeInternal: boolean): Promise<Map<string, EveningAppointment[]>> {
  const days = [...new Set(dates)];
  const byDay = new Map<string, EveningAppointment[]>();
  if (days.length === 0) return byDay;
  let query = db
    .selectFrom('appointments')
    .select(['name', 'datetime_begin', 'datetime_end', 'cancelled'])
    .where((eb) =>
      eb.or(days.map((day) => eb.and([eb('datetime_begin', '>=', `${day} 00:00:00`), eb('datetime_begin', '<', `${addDays(day, 1)} 00:00:00`)]))),
    );
  if (!includeInternal) query = query.where('visibility', '=', 1);
  const rows = await query
    .orderBy('datetime_begin')
    .orderBy('id')
    .limit(days.length * MAX_APPOINTMENTS_PER_DAY)
    .execute();
  for (const row of rows) {
    const begin = String(row.datetime_begin);
    const list = byDay.get(begin.slice(0, 10)) ?? [];
    if (list.length < MAX_APPOINTMENTS_PER_DAY) list.push({ name: row.name, begin, end: String(row.datetime_end), cancelled: Number(row.cancelled) === 1 });
    byDay.set(begin.slice(0, 10), list);
  }
  return byDay;
}

/** A duty of the member: one slot of one roster entry. */
export interface Duty {
  entry_id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  role: DutyRole;
}

/** The member's duties from `from` (`YYYY-MM-DD`) on, by date; a member may hold both slots of an entry. */
export async function listDuties(db: Db, userId: number, from: string, limit: number): Promise<Duty[]> {
  const rows = await db
    .selectFrom('host_entries')
    .select(['id', 'date', 'supervisor_user_id', 'host_user_id'])
    .where('date', '>=', from)
    .where((eb) => eb.or([eb('supervisor_user_id', '=', userId), eb('host_user_id', '=', userId)]))
    .orderBy('date')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    const date = String(row.date).slice(0, 10);
    return DUTY_ROLES.filter((role) => (role === 'supervisor' ? row.supervisor_user_id : row.host_user_id) === userId).map((role) => ({
      entry_id: row.id,
      date,
      role,
    }));
  });
}

/** `<entry id>:<role>` of the member's offers among these entries. */
export async function offeredSlots(db: Db, userId: number, entryIds: readonly number[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db.selectFrom('duty_offers').select(['host_entry_id', 'role']).where('user_id', '=', userId).where('host_entry_id', 'in', [...entryIds]).execute();
  return new Set(rows.map((row) => slotKey(row.host_entry_id, row.role)));
}

export function slotKey(entryId: number, role: DutyRole): string {
  return `${entryId}:${role}`;
}

/** A roster entry with the member ids of both slots (null: a special value or a deleted member). */
export interface EntrySlots {
  id: number;
  date: string;
  supervisor_user_id: number | null;
  host_user_id: number | null;
}

export async function findEntrySlots(db: Db, entryId: number): Promise<EntrySlots | undefined> {
  const row = await db.selectFrom('host_entries').select(['id', 'date', 'supervisor_user_id', 'host_user_id']).where('id', '=', entryId).executeTakeFirst();
  return row && { ...row, date: String(row.date).slice(0, 10) };
}

export function holderOf(entry: Pick<EntrySlots, 'supervisor_user_id' | 'host_user_id'>, role: DutyRole): number | null {
  return role === 'supervisor' ? entry.supervisor_user_id : entry.host_user_id;
}

/** An offer another member may take. */
export interface OpenOffer {
  id: number;
  entry_id: number;
  date: string;
  role: DutyRole;
  /** The member who offers it, so the taker knows whom to thank. */
  offered_by: string;
}

/** Offers of duties from `today` on whose member still holds the slot: the only ones that count. */
function heldOffers(db: Db, today: string) {
  return db
    .selectFrom('duty_offers as o')
    .innerJoin('host_entries as e', 'e.id', 'o.host_entry_id')
    .where('e.date', '>=', today)
    .where((eb) =>
      eb.or([
        eb.and([eb('o.role', '=', 'supervisor'), eb('e.supervisor_user_id', '=', eb.ref('o.user_id'))]),
        eb.and([eb('o.role', '=', 'host'), eb('e.host_user_id', '=', eb.ref('o.user_id'))]),
      ]),
    );
}

/**
 * Offers of other members from `today` on that `viewer` may take: Standaufsicht only for
 * members of Standaufsichtsberechtigte, Bewirtung for everyone.
 */
export async function listOpenOffers(db: Db, viewer: { id: number; maySupervise: boolean }, today: string): Promise<OpenOffer[]> {
  let query = heldOffers(db, today)
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.host_entry_id', 'o.role', 'e.date', 'u.prename', 'u.lastname'])
    .where('o.user_id', '!=', viewer.id);
  if (!viewer.maySupervise) query = query.where('o.role', '=', 'host');
  const rows = await query.orderBy('e.date').orderBy('o.id').limit(MAX_OPEN_OFFERS).execute();
  return rows.map((row) => ({
    id: row.id,
    entry_id: row.host_entry_id,
    date: String(row.date).slice(0, 10),
    role: row.role,
    offered_by: `${row.prename} ${row.lastname}`.trim(),
  }));
}

/** Which slots of the roster from `today` on are offered for swapping, for the marks on the roster page. */
export async function listOfferedSlots(db: Db, today: string): Promise<Array<{ entry_id: number; role: DutyRole }>> {
  const rows = await heldOffers(db, today).select(['o.host_entry_id', 'o.role']).orderBy('o.id').execute();
  return rows.map((row) => ({ entry_id: row.host_entry_id, role: row.role }));
}

/**
 * After a change of a roster entry: offers whose member no longer holds the slot are gone,
 * so a slot that changed hands and back does not bring an old offer back.
 */
export async function dropStaleOffers(db: Db, entry: { id: number; supervisor: number; host: number }): Promise<void> {
  await db
    .deleteFrom('duty_offers')
    .where('host_entry_id', '=', entry.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('role', '=', 'supervisor'), eb('user_id', '!=', entry.supervisor)]),
        eb.and([eb('role', '=', 'host'), eb('user_id', '!=', entry.host)]),
      ]),
    )
    .execute();
}

export interface DutySettings {
  feed_created_ms: number | null;
  /** `HH:mm`, or null: no reminders. */
  remind_at: string | null;
  /** The feed also holds the member's sign-ups to appointments. */
  feed_signups: boolean;
}

export async function readSettings(db: Db, userId: number): Promise<DutySettings> {
  const row = await db.selectFrom('duty_settings').select(['feed_created_ms', 'remind_at', 'feed_signups']).where('user_id', '=', userId).executeTakeFirst();
  return {
    feed_created_ms: row?.feed_created_ms == null ? null : Number(row.feed_created_ms),
    remind_at: row?.remind_at ?? null,
    feed_signups: Number(row?.feed_signups ?? 0) === 1,
  };
}

/** Whether the member's feed also holds their sign-ups to appointments. */
export async function setFeedSignups(db: Db, userId: number, include: boolean): Promise<void> {
  await ensureSettings(db, userId);
  await db.updateTable('duty_settings').set({ feed_signups: include ? 1 : 0 }).where('user_id', '=', userId).execute();
}

/** The member's row of settings, made when missing (two requests at once make it once). */
async function ensureSettings(db: Db, userId: number): Promise<void> {
  const row = await db.selectFrom('duty_settings').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (row) return;
  try {
    await db.insertInto('duty_settings').values({ user_id: userId, feed_token_hash: null, feed_created_ms: null, remind_at: null }).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Sets or (null) removes the hash of the member's feed token; the previous token stops working with it. */
export async function setFeedToken(db: Db, userId: number, feed: { hash: string; createdMs: number } | null): Promise<void> {
  await ensureSettings(db, userId);
  await db
    .updateTable('duty_settings')
    .set({ feed_token_hash: feed?.hash ?? null, feed_created_ms: feed?.createdMs ?? null })
    .where('user_id', '=', userId)
    .execute();
}

export async function setReminderTime(db: Db, userId: number, time: string | null): Promise<void> {
  await ensureSettings(db, userId);
  await db.updateTable('duty_settings').set({ remind_at: time }).where('user_id', '=', userId).execute();
}

/** The member whose feed token has this hash. */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('duty_settings').select('user_id as id').where('feed_token_hash', '=', tokenHash).executeTakeFirst();
}
