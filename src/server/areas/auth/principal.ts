import type { Db } from '../../db/connection.ts';
import type { PermissionName } from '../../../shared/permissions.ts';

/** Who is asking: the logged-in member and the permission names of all their groups. */
export interface Principal {
  id: number;
  uid: string;
  prename: string;
  lastname: string;
  permissions: ReadonlySet<PermissionName>;
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

export type PrincipalUser = Omit<Principal, 'permissions'>;

/** The member of an already loaded user row, with their permissions. */
export async function principalOf(db: Db, user: PrincipalUser): Promise<Principal> {
  return { id: user.id, uid: user.uid, prename: user.prename, lastname: user.lastname, permissions: new Set(await permissionNamesOf(db, user.id)) };
}

/** A user row with what authentication compares: the stored password hash. */
export async function findUserWithHash(db: Db, by: { id: number } | { uid: string }) {
  const query = db.selectFrom('users').select(['id', 'uid', 'prename', 'lastname', 'password_hash']);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('uid', '=', by.uid)).executeTakeFirst();
}

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const user = await findUserWithHash(db, { id: userId });
  return user ? principalOf(db, user) : null;
}

/** How a member appears in the server log: shooter number and name. */
export function describePrincipal(principal: Pick<Principal, 'uid' | 'prename' | 'lastname'>): string {
  return `${principal.uid} (${principal.prename} ${principal.lastname})`;
}
