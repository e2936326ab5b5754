import type { Db } from '../../db/connection.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';
import { AppError, MESSAGES } from '../../errors.ts';

export interface PermissionRecord {
  id: number;
  name: string;
}

export interface GroupRecord {
  id: number;
  name: string;
  permissions: PermissionRecord[];
}

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
}

/** Groups with their permissions, for the given users (or all groups when userIds is undefined). */
async function groupsWithPermissions(db: Db, groupIds: number[]): Promise<Map<number, GroupRecord>> {
  const groups = new Map<number, GroupRecord>();
  if (groupIds.length === 0) return groups;
  const rows = await db
    .selectFrom('groups')
    .leftJoin('group_permissions', 'group_permissions.group_id', 'groups.id')
    .leftJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select(['groups.id as groupId', 'groups.name as groupName', 'permissions.id as permissionId', 'permissions.name as permissionName'])
    .where('groups.id', 'in', groupIds)
    .orderBy('groups.id')
    .orderBy('permissions.id')
    .execute();
  for (const row of rows) {
    let group = groups.get(row.groupId);
    if (!group) {
      group = { id: row.groupId, name: row.groupName, permissions: [] };
      groups.set(row.groupId, group);
    }
    if (row.permissionId !== null && row.permissionName !== null) {
      group.permissions.push({ id: row.permissionId, name: row.permissionName });
    }
  }
  return groups;
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
  const groups = await groupsWithPermissions(db, [...new Set(memberships.map((row) => row.group_id))]);
  return users.map((user) => {
    const userGroups = memberships
      .filter((row) => row.user_id === user.id)
      .map((row) => groups.get(row.group_id))
      .filter((group): group is GroupRecord => group !== undefined);
    const permissions = [...new Set(userGroups.flatMap((group) => group.permissions.map((permission) => permission.name)))].sort();
    return { ...user, groups: userGroups, permissions };
  });
}

export async function findUserRecord(db: Db, id: number): Promise<UserRecord | undefined> {
  const [record] = await listUserRecords(db, [id]);
  return record;
}

/** Resolves `{uid or id}` of the REST paths: eight digits are a shooter number, anything else an id. */
export async function resolveUserId(db: Db, ref: string): Promise<number> {
  const trimmed = ref.trim();
  let row: { id: number } | undefined;
  if (isShooterNumber(trimmed)) {
    row = await db.selectFrom('users').select('id').where('uid', '=', trimmed).executeTakeFirst();
  } else if (/^\d{1,9}$/.test(trimmed)) {
    row = await db.selectFrom('users').select('id').where('id', '=', Number(trimmed)).executeTakeFirst();
  }
  if (!row) throw new AppError('NOT_FOUND', 'Der Benutzer wurde nicht gefunden.');
  return row.id;
}

export { MESSAGES };
