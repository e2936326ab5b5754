import type { Db } from '../../db/connection.ts';
import { Refusal } from '../../errors.ts';
import { permissionNamesOf, sectionRightsOfMember } from '../auth/principal.ts';
import { SECTION_LABELS, SECTIONS, type Section } from '../../../shared/constants.ts';
import { isSectionPermission, scopeReaches, type SectionRights } from '../../../shared/sectionRights.ts';
import { messageScope, type MessageScope } from '../messages/queries.ts';

export const GRANT_REFUSED = 'Du kannst nur Berechtigungen vergeben, die du selbst besitzt.';
export const MEMBER_CHANGE_REFUSED = 'Du kannst Passwort, Schützennummer, E-Mail und Gruppen nur bei Mitgliedern ändern, deren Berechtigungen du selbst besitzt.';
export const MEMBER_DELETE_REFUSED = 'Du kannst nur Mitglieder löschen, deren Berechtigungen du selbst besitzt.';
export const RECIPIENTS_REFUSED = 'Du kannst Nachrichten nur für Adressaten freigeben, deren Nachrichten du selbst lesen darfst.';
export const SECTIONS_REFUSED = 'Du kannst Inhaltsrechte nur für Sparten vergeben, für die du sie selbst besitzt.';
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

/** Adding someone to the groups `groupIds` (those they were not in before): every permission of them, and the messages they read. */
export async function assertMayGrantGroups(trx: Db, actorId: number, groupIds: number[], what: string): Promise<void> {
  if (groupIds.length === 0) return;
  const rows = await trx
    .selectFrom('group_permissions')
    .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select(['group_permissions.group_id', 'permissions.name'])
    .where('group_permissions.group_id', 'in', [...new Set(groupIds)])
    .execute();
  await assertActorHolds(trx, actorId, rows.map((row) => row.name), what);
  const readingGroups = [...new Set(rows.filter((row) => isMessagePermission(row.name)).map((row) => row.group_id))];
  for (const groupId of readingGroups) {
    const recipients = await trx.selectFrom('group_message_recipients').select('recipient').where('group_id', '=', groupId).execute();
    await assertMayGrantRecipients(trx, actorId, recipients.map((row) => row.recipient), what);
  }
  const contentGroups = [...new Set(rows.filter((row) => isSectionPermission(row.name)).map((row) => row.group_id))];
  for (const groupId of contentGroups) {
    const sections = await trx.selectFrom('group_sections').select('section').where('group_id', '=', groupId).execute();
    const names = rows.filter((row) => row.group_id === groupId).map((row) => row.name);
    await assertMayGrantSections(trx, actorId, names, sections.map((row) => row.section as Section), what);
  }
}

/**
 * 'Nur für Sparten' (issue 28.1) limits a group's content permissions (SECTION_PERMISSIONS)
 * to sections (empty: all). Passing them on is handing out rights: whoever gives a group
 * content permissions, changes its sections, or adds someone to such a group must reach
 * each of its sections with each of those permissions themselves. A section head limited
 * to Bogen cannot make a group that reaches LG/LP, nor lift the limit of their own group.
 * `actorRights`: what the actor held before the save, when the save may have changed it.
 */
export async function assertMayGrantSections(
  trx: Db,
  actorId: number,
  permissionNames: readonly string[],
  sections: readonly Section[],
  what: string,
  actorRights?: SectionRights,
): Promise<void> {
  const contentPermissions = [...new Set(permissionNames.filter(isSectionPermission))].sort();
  if (contentPermissions.length === 0) return;
  const rights = actorRights ?? (await sectionRightsOfMember(trx, actorId));
  const wanted = sections.length === 0 ? SECTIONS : sections;
  for (const permission of contentPermissions) {
    const beyond = wanted.filter((section) => !scopeReaches(rights[permission], section));
    if (beyond.length > 0) {
      throw new Refusal(`${what} (${permission} nicht selbst für die Sparten ${beyond.map((section) => SECTION_LABELS[section]).join(', ')})`, SECTIONS_REFUSED);
    }
  }
}

/** The permissions that 'Nachrichten nur an' limits. */
export function isMessagePermission(name: string): boolean {
  return name === 'messages_view' || name === 'messages_update';
}

/**
 * 'Nachrichten nur an' (issue 27.5) limits a group's messages_view and messages_update as
 * a list of recipients (empty: all). Passing them on is handing out reading: whoever gives
 * a group that reads messages its list, or adds someone to such a group, must read all of
 * its recipients themselves. A member who reads only 'bogen' cannot make a group that reads
 * more, nor lift the limit of their own group. `actorScope`: what the actor read before the
 * save, when the save may have changed it.
 */
export async function assertMayGrantRecipients(trx: Db, actorId: number, recipients: readonly string[], what: string, actorScope?: MessageScope): Promise<void> {
  // A save reads the actor's scope before it writes: their own group's new list must not count.
  const scope = actorScope ?? (await messageScope(trx, actorId, 'messages_view'));
  if (scope.all) return;
  const readable = new Set<string>(scope.recipients);
  const beyond = recipients.length === 0 ? ['alle'] : recipients.filter((recipient) => !readable.has(recipient));
  if (beyond.length > 0) throw new Refusal(`${what} (Nachrichten an ${beyond.join(', ')} nicht selbst lesbar)`, RECIPIENTS_REFUSED);
}

/**
 * Taking over a member is handing out what they hold: whoever sets another member's
 * password, shooter number or e-mail, changes their groups or deletes them must hold
 * every permission that member has (`message` says which of the two was refused).
 * Members with no more rights than the actor remain the actor's to maintain.
 */
export async function assertMayManageMember(trx: Db, actorId: number, memberId: number, what: string, message: string): Promise<void> {
  await assertActorHolds(trx, actorId, await permissionNamesOf(trx, memberId), what, message);
  // Rights per section (issue 28.1): the member's content rights must not reach further than the actor's.
  const [actorRights, memberRights] = [await sectionRightsOfMember(trx, actorId), await sectionRightsOfMember(trx, memberId)];
  for (const [permission, scope] of Object.entries(memberRights) as [keyof SectionRights, SectionRights[keyof SectionRights]][]) {
    const reached = scope === undefined ? [] : scope.all ? SECTIONS : scope.sections;
    const beyond = reached.filter((section) => !scopeReaches(actorRights[permission], section));
    if (beyond.length > 0) throw new Refusal(`${what} (${permission} nicht selbst für die Sparten ${beyond.map((section) => SECTION_LABELS[section]).join(', ')})`, message);
  }
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
