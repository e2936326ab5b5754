import type { Db } from '../../db/connection.ts';
import { Refusal } from '../../errors.ts';
import { permissionNamesOf } from '../auth/principal.ts';

export const GRANT_REFUSED = 'Du kannst nur Berechtigungen vergeben, die du selbst besitzt.';
export const MEMBER_CHANGE_REFUSED = 'Du kannst Passwort, Schützennummer, E-Mail und Gruppen nur bei Mitgliedern ändern, deren Berechtigungen du selbst besitzt.';
export const MEMBER_DELETE_REFUSED = 'Du kannst nur Mitglieder löschen, deren Berechtigungen du selbst besitzt.';
export const SECOND_FACTOR_CHANGE_REFUSED = 'Du kannst „Zweiter Faktor erforderlich“ nur bei Gruppen ändern, deren Berechtigungen du alle selbst besitzt.';

/**
 * Nobody hands out more than they hold: refuses when `wanted` (permission names that a
 * change gives someone) contains one the actor lacks. Called inside the transaction that
 * reads the data, and it reads the actor's permissions there too, so a concurrent change
 * of the actor's own groups cannot slip between the check and the write.
 */
async function assertActorHolds(trx: Db, actorId: number, wanted: Iterable<string>, what: string, message = GRANT_REFUSED): Promise<void> {
  const held = new Set<string>(await permissionNamesOf(trx, actorId));
  const missing = [...new Set(wanted)].filter((name) => !held.has(name)).sort();
  if (missing.length > 0) throw new Refusal(`${what} (fehlende Berechtigungen ${missing.join(', ')})`, message);
}

/** Giving a group the permissions `permissionIds` (those it did not have before). */
export async function assertMayGrantPermissions(trx: Db, actorId: number, permissionIds: number[], what: string): Promise<void> {
  if (permissionIds.length === 0) return;
  const rows = await trx.selectFrom('permissions').select('name').where('id', 'in', [...new Set(permissionIds)]).execute();
  await assertActorHolds(trx, actorId, rows.map((row) => row.name), what);
}

/** Adding someone to the groups `groupIds` (those they were not in before): every permission of them. */
export async function assertMayGrantGroups(trx: Db, actorId: number, groupIds: number[], what: string): Promise<void> {
  if (groupIds.length === 0) return;
  const rows = await trx
    .selectFrom('group_permissions')
    .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select('permissions.name')
    .where('group_permissions.group_id', 'in', [...new Set(groupIds)])
    .execute();
  await assertActorHolds(trx, actorId, rows.map((row) => row.name), what);
}

/**
 * Taking over a member is handing out what they hold: whoever sets another member's
 * password, shooter number or e-mail, changes their groups or deletes them must hold
 * every permission that member has (`message` says which of the two was refused).
 * Members with no more rights than the actor remain the actor's to maintain.
 */
export async function assertMayManageMember(trx: Db, actorId: number, memberId: number, what: string, message: string): Promise<void> {
  await assertActorHolds(trx, actorId, await permissionNamesOf(trx, memberId), what, message);
}

/**
 * 'Zweiter Faktor erforderlich' guards what a group's members hold: lifting it is handing
 * their permissions to whoever has their password alone, setting it locks them out until
 * they comply. So whoever switches it, either way, must hold every permission of the group
 * (`permissionNames`, as it had them before the save), as whoever takes over one member must.
 */
export async function assertMayChangeSecondFactor(trx: Db, actorId: number, permissionNames: string[], what: string): Promise<void> {
  await assertActorHolds(trx, actorId, permissionNames, what, SECOND_FACTOR_CHANGE_REFUSED);
}
