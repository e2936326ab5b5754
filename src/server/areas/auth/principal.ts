import type { Db } from '../../db/connection.ts';
import type { PermissionName } from '../../../shared/permissions.ts';
import { hasSecondFactor } from './second-factor.ts';

/** Who is asking: the logged-in member and the permission names of all their groups. */
export interface Principal {
  id: number;
  uid: string;
  prename: string;
  lastname: string;
  permissions: ReadonlySet<PermissionName>;
  /**
   * A group of the member requires a second factor that they have not set up: until they
   * have, every procedure but the setup refuses them (trpc/index.ts).
   */
  secondFactorPending: boolean;
}

export async function permissionNamesOf(db: Db, userId: number): Promise<PermissionName[]> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select('permissions.name')
    .distinct()
    .where('user_groups.user_id', '=', userId)
    .orderBy('permissions.name')
    .execute();
  return rows.map((row) => row.name as PermissionName);
}

export type PrincipalUser = Omit<Principal, 'permissions' | 'secondFactorPending'>;

/**
 * The member of an already loaded user row, with their permissions. Runs on every request
 * of a logged-in member: the permissions and whether a group requires a second factor come
 * in one query; only then is the member's own factor looked up.
 */
export async function principalOf(db: Db, user: PrincipalUser): Promise<Principal> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .leftJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .leftJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select(['permissions.name', 'groups.require_second_factor'])
    .where('user_groups.user_id', '=', user.id)
    .execute();
  const permissions = new Set(rows.flatMap((row) => (row.name === null ? [] : [row.name as PermissionName])));
  const required = rows.some((row) => Number(row.require_second_factor) === 1);
  const secondFactorPending = required && !(await hasSecondFactor(db, user.id));
  return { id: user.id, uid: user.uid, prename: user.prename, lastname: user.lastname, permissions, secondFactorPending };
}

/**
 * A user row with what authentication compares: the stored password hash, and whether the
 * member has a confirmed second factor (then Basic authentication takes app passwords only).
 */
export async function findUserWithHash(db: Db, by: { id: number } | { uid: string }) {
  const query = db
    .selectFrom('users')
    .leftJoin('second_factors', (join) => join.onRef('second_factors.user_id', '=', 'users.id').on('second_factors.confirmed_ms', 'is not', null))
    .select(['users.id', 'users.uid', 'users.prename', 'users.lastname', 'users.password_hash', 'second_factors.user_id as second_factor_of']);
  const row = await ('id' in by ? query.where('users.id', '=', by.id) : query.where('users.uid', '=', by.uid)).executeTakeFirst();
  if (!row) return undefined;
  const { second_factor_of: secondFactorOf, ...user } = row;
  return { ...user, second_factor: secondFactorOf !== null };
}

export type UserWithHash = NonNullable<Awaited<ReturnType<typeof findUserWithHash>>>;

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const user = await findUserWithHash(db, { id: userId });
  return user ? principalOf(db, user) : null;
}

/** How a member appears in the server log: shooter number and name. */
export function describePrincipal(principal: Pick<Principal, 'uid' | 'prename' | 'lastname'>): string {
  return `${principal.uid} (${principal.prename} ${principal.lastname})`;
}
