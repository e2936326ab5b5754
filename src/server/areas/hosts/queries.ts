import { SUPERVISOR_GROUP_NAME } from '../../../shared/permissions.ts';
import { HOST_MESSAGES, isSpecialHostValue, specialHostLabel } from '../../../shared/schemas/hosts.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, MESSAGES } from '../../errors.ts';

/**
 * The PublicCache area of the public roster. Its answer names members, so besides every
 * write of a roster entry, a change of a member's name or a deleted member drops it too.
 */
export const HOSTS_CACHE_AREA = 'hosts';

/**
 * What a slot holds once its member was deleted: the foreign keys of 0001 set the id to
 * null (ON DELETE SET NULL), so the entry stays and reads as 'ungeklärt' until someone
 * picks a new person.
 */
export const ORPHANED_SLOT = -2;

/** A roster entry as the back office edits it: a member's id or a special value per slot. */
export interface HostEntry {
  id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  supervisor: number;
  host: number;
}

/** A person as the public and the choice lists see them: the name and nothing else. */
export interface PersonName {
  prename: string;
  lastname: string;
}

export interface PublicHostEntry {
  date: string;
  supervisor: PersonName;
  host: PersonName;
}

export interface Choice extends PersonName {
  id: number;
}

type Row = {
  id: number;
  date: string;
  supervisor_user_id: number | null;
  supervisor_special: number | null;
  host_user_id: number | null;
  host_special: number | null;
};

const COLUMNS = ['id', 'date', 'supervisor_user_id', 'supervisor_special', 'host_user_id', 'host_special'] as const;

function slotValue(userId: number | null, special: number | null): number {
  return userId ?? special ?? ORPHANED_SLOT;
}

/** DATE columns come back as `YYYY-MM-DD` strings (dateStrings on MySQL, text on SQLite). */
function toEntry(row: Row): HostEntry {
  return {
    id: row.id,
    date: String(row.date).slice(0, 10),
    supervisor: slotValue(row.supervisor_user_id, row.supervisor_special),
    host: slotValue(row.host_user_id, row.host_special),
  };
}

function toColumns(entry: { date: string; supervisor: number; host: number }) {
  const supervisorSpecial = isSpecialHostValue(entry.supervisor);
  const hostSpecial = isSpecialHostValue(entry.host);
  return {
    date: entry.date,
    supervisor_user_id: supervisorSpecial ? null : entry.supervisor,
    supervisor_special: supervisorSpecial ? entry.supervisor : null,
    host_user_id: hostSpecial ? null : entry.host,
    host_special: hostSpecial ? entry.host : null,
  };
}

export async function listHostEntries(db: Db): Promise<HostEntry[]> {
  const rows = await db.selectFrom('host_entries').select(COLUMNS).orderBy('date').orderBy('id').execute();
  return rows.map(toEntry);
}

export async function findHostEntry(db: Db, id: number): Promise<HostEntry> {
  const row = await db.selectFrom('host_entries').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return toEntry(row);
}

/** Entries from `today` on (`YYYY-MM-DD`, club-local), with names only (DESIGN §3). */
export async function listPublicHostEntries(db: Db, today: string): Promise<PublicHostEntry[]> {
  const rows = await db
    .selectFrom('host_entries as e')
    .leftJoin('users as s', 's.id', 'e.supervisor_user_id')
    .leftJoin('users as h', 'h.id', 'e.host_user_id')
    .select([
      'e.date',
      'e.supervisor_user_id',
      'e.supervisor_special',
      'e.host_user_id',
      'e.host_special',
      's.prename as supervisor_prename',
      's.lastname as supervisor_lastname',
      'h.prename as host_prename',
      'h.lastname as host_lastname',
    ])
    .where('e.date', '>=', today)
    .orderBy('e.date')
    .orderBy('e.id')
    .execute();
  const person = (userId: number | null, special: number | null, prename: string | null, lastname: string | null): PersonName => {
    if (userId !== null && prename !== null) return { prename, lastname: lastname ?? '' };
    // A special value shows its label where a member's first name would be.
    return { prename: specialHostLabel(slotValue(null, special)) ?? '', lastname: '' };
  };
  return rows.map((row) => ({
    date: String(row.date).slice(0, 10),
    supervisor: person(row.supervisor_user_id, row.supervisor_special, row.supervisor_prename, row.supervisor_lastname),
    host: person(row.host_user_id, row.host_special, row.host_prename, row.host_lastname),
  }));
}

/** Members of the group Standaufsichtsberechtigte, by name. */
export async function listSupervisorChoices(db: Db): Promise<Choice[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_groups as ug', 'ug.user_id', 'u.id')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .where('g.name', '=', SUPERVISOR_GROUP_NAME)
    .select(['u.id', 'u.prename', 'u.lastname'])
    .distinct()
    .orderBy('u.lastname')
    .orderBy('u.prename')
    .orderBy('u.id')
    .execute();
}

export async function listMemberChoices(db: Db): Promise<Choice[]> {
  return db.selectFrom('users').select(['id', 'prename', 'lastname']).orderBy('lastname').orderBy('prename').orderBy('id').execute();
}

/** Whether the member belongs to Standaufsichtsberechtigte, the group of those who may supervise the range (SPEC §6). */
export async function maySupervise(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select('ug.user_id')
    .where('ug.user_id', '=', userId)
    .where('g.name', '=', SUPERVISOR_GROUP_NAME)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * SPEC §6: a supervisor is a special value or a member of Standaufsichtsberechtigte; a
 * host is a special value or any member. Refuses with the field's message (422).
 */
export async function assertValidPeople(db: Db, entry: { supervisor: number; host: number }): Promise<void> {
  if (!isSpecialHostValue(entry.supervisor) && !(await maySupervise(db, entry.supervisor))) {
    throw AppError.field('supervisor', HOST_MESSAGES.supervisorInvalid);
  }
  if (!isSpecialHostValue(entry.host)) {
    const host = await db.selectFrom('users').select('id').where('id', '=', entry.host).executeTakeFirst();
    if (!host) throw AppError.field('host', HOST_MESSAGES.hostInvalid);
  }
}

export async function insertHostEntry(db: Db, entry: { date: string; supervisor: number; host: number }): Promise<number> {
  const result = await db.insertInto('host_entries').values(toColumns(entry)).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateHostEntry(db: Db, id: number, entry: { date: string; supervisor: number; host: number }): Promise<boolean> {
  const result = await db.updateTable('host_entries').set(toColumns(entry)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteHostEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('host_entries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Name and shooter number of the members among a roster entry's people, for the server log. */
export async function rosterMemberNames(db: Db, people: readonly number[]): Promise<Map<number, { prename: string; lastname: string; uid: string }>> {
  const ids = people.filter((person) => !isSpecialHostValue(person));
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'prename', 'lastname', 'uid']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
