import type { Generated, Kysely } from 'kysely';

/**
 * What a migration that adds a permission area does (news 0025, parcours 0032): the new
 * permissions into an existing database, granted to group 1 as the seed grants them in a
 * new one; and away again on the way down. Written against the tables as they stand since
 * 0001, which these columns have not changed.
 */

const ADMIN_GROUP_ID = 1;

interface PermissionsDb {
  permissions: { id: Generated<number>; name: string };
  groups: { id: number };
  group_permissions: { group_id: number; permission_id: number };
}

export async function addPermissionsForAdministrators(db: Kysely<unknown>, names: readonly string[]): Promise<void> {
  const rows = db as unknown as Kysely<PermissionsDb>;
  // A database that has no permissions yet is a new one: its seed adds them all.
  if ((await rows.selectFrom('permissions').select('id').limit(1).executeTakeFirst()) === undefined) return;
  const existing = new Set((await rows.selectFrom('permissions').select('name').execute()).map((row) => row.name));
  const missing = names.filter((name) => !existing.has(name));
  if (missing.length > 0) await rows.insertInto('permissions').values(missing.map((name) => ({ name }))).execute();
  if ((await rows.selectFrom('groups').select('id').where('id', '=', ADMIN_GROUP_ID).executeTakeFirst()) === undefined) return;
  const ids = (await rows.selectFrom('permissions').select('id').where('name', 'in', names).execute()).map((row) => Number(row.id));
  const held = new Set(
    (await rows.selectFrom('group_permissions').select('permission_id').where('group_id', '=', ADMIN_GROUP_ID).execute()).map((row) => Number(row.permission_id)),
  );
  const grants = ids.filter((id) => !held.has(id)).map((permission_id) => ({ group_id: ADMIN_GROUP_ID, permission_id }));
  if (grants.length > 0) await rows.insertInto('group_permissions').values(grants).execute();
}

export async function removePermissions(db: Kysely<unknown>, names: readonly string[]): Promise<void> {
  // Their grants go with them (group_permissions' foreign key cascades).
  await (db as unknown as Kysely<PermissionsDb>).deleteFrom('permissions').where('name', 'in', names).execute();
}
