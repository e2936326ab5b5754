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

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'uid', 'prename', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  return { ...user, permissions: new Set(await permissionNamesOf(db, userId)) };
}

/** How a member appears in the server log: shooter number and name. */
export function describePrincipal(principal: Pick<Principal, 'uid' | 'prename' | 'lastname'>): string {
  return `${principal.uid} (${principal.prename} ${principal.lastname})`;
}
