import type { Db } from '../../db/connection.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';
import { AppError } from '../../errors.ts';
import { listGroups, type GroupRecord } from '../groups/queries.ts';

/** A member as the API shows them: never the password or its hash. */
export interface UserRecord {
  id: number;
  prename: string;
  lastname: string;
  uid: string;
  email: string;
  phone: string;
  groups: GroupRecord[];
  /** The permission names of all groups, for the client's menu and controls. */
  permissions: string[];
  /** The member has a confirmed second factor (README „Zweiter Faktor und App-Passwörter“). */
  second_factor: boolean;
  /** A group of the member requires the second factor. */
  second_factor_required: boolean;
}

/** Members with their groups; all of them, or those with the given ids. */
export async function listUserRecords(db: Db, ids?: number[]): Promise<UserRecord[]> {
  let query = db.selectFrom('users').select(['id', 'prename', 'lastname', 'uid', 'email', 'phone']).orderBy('id');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const users = await query.execute();
  if (users.length === 0) return [];
  const memberships = await db
    .selectFrom('user_groups')
    .select(['user_id', 'group_id'])
    .where(
      'user_id',
      'in',
      users.map((user) => user.id),
    )
    .orderBy('group_id')
    .execute();
  const groups = new Map(
    (await listGroups(db, [...new Set(memberships.map((row) => row.group_id))])).map((group) => [group.id, group]),
  );
  const withSecondFactor = new Set(
    (
      await db
        .selectFrom('second_factors')
        .select('user_id')
        .where('confirmed_ms', 'is not', null)
        .where(
          'user_id',
          'in',
          users.map((user) => user.id),
        )
        .execute()
    ).map((row) => row.user_id),
  );
  return users.map((user) => {
    const userGroups = memberships
      .filter((row) => row.user_id === user.id)
      .map((row) => groups.get(row.group_id))
      .filter((group): group is GroupRecord => group !== undefined);
    const permissions = [...new Set(userGroups.flatMap((group) => group.permissions.map((permission) => permission.name)))].sort();
    return {
      ...user,
      groups: userGroups,
      permissions,
      second_factor: withSecondFactor.has(user.id),
      second_factor_required: userGroups.some((group) => group.require_second_factor),
    };
  });
}

export async function findUserRecord(db: Db, id: number): Promise<UserRecord | undefined> {
  const [record] = await listUserRecords(db, [id]);
  return record;
}

export const USER_NOT_FOUND = 'Der Benutzer wurde nicht gefunden.';
export const UID_TAKEN = 'Die Schützennummer ist bereits vergeben!';

/** Resolves `{uid or id}` of the REST paths: eight digits are a shooter number, anything else an id. */
export async function resolveUserId(db: Db, ref: string): Promise<number> {
  const trimmed = ref.trim();
  let row: { id: number } | undefined;
  if (isShooterNumber(trimmed)) {
    row = await db.selectFrom('users').select('id').where('uid', '=', trimmed).executeTakeFirst();
  } else if (/^\d{1,9}$/.test(trimmed)) {
    row = await db.selectFrom('users').select('id').where('id', '=', Number(trimmed)).executeTakeFirst();
  }
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return row.id;
}

/** Whether `{uid or id}` names this member, decided without asking the database. */
export function refersTo(ref: string, user: { id: number; uid: string }): boolean {
  const trimmed = ref.trim();
  if (isShooterNumber(trimmed)) return trimmed === user.uid;
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) === user.id;
}

export async function assertGroupsExist(db: Db, groupIds: number[]): Promise<void> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return;
  const found = await db.selectFrom('groups').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw AppError.field('groups', 'Die gewählte Gruppe existiert nicht!');
}

export async function replaceUserGroups(db: Db, userId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) {
    await db
      .insertInto('user_groups')
      .values(unique.map((group_id) => ({ user_id: userId, group_id })))
      .execute();
  }
}

export async function groupIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}
