import { CONTACT_RECIPIENTS, SECTIONS, type ContactRecipient, type Section } from '../../../shared/constants.ts';
import { sectionSlug } from '../../../shared/sectionGroups.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

export interface PermissionRecord {
  id: number;
  name: string;
}

export interface GroupRecord {
  id: number;
  name: string;
  permissions: PermissionRecord[];
  /** 'Zweiter Faktor erforderlich': members must set up the second factor first (migration 0014). */
  require_second_factor: boolean;
  /** 'Als Sparte öffentlich anzeigen': visitors see the name as the section of its appointments (migration 0019). */
  public_section: boolean;
  /** 'Nachrichten nur an': the contact recipients whose messages the members read; empty: all (migration 0026). */
  message_recipients: ContactRecipient[];
  /** 'Nur für Sparten': the sections its content permissions are limited to; empty: all (migration 0028). */
  sections: Section[];
}

export async function listPermissions(db: Db): Promise<PermissionRecord[]> {
  return db.selectFrom('permissions').select(['id', 'name']).orderBy('id').execute();
}

export async function listGroups(db: Db, ids?: number[]): Promise<GroupRecord[]> {
  let query = db
    .selectFrom('groups')
    .leftJoin('group_permissions', 'group_permissions.group_id', 'groups.id')
    .leftJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select([
      'groups.id as groupId',
      'groups.name as groupName',
      'groups.require_second_factor as requireSecondFactor',
      'groups.public_section as publicSection',
      'permissions.id as permissionId',
      'permissions.name as permissionName',
    ])
    .orderBy('groups.id')
    .orderBy('permissions.id');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('groups.id', 'in', ids);
  }
  const groups = new Map<number, GroupRecord>();
  for (const row of await query.execute()) {
    let group = groups.get(row.groupId);
    if (!group) {
      group = {
        id: row.groupId,
        name: row.groupName,
        permissions: [],
        require_second_factor: Number(row.requireSecondFactor) === 1,
        public_section: Number(row.publicSection) === 1,
        message_recipients: [],
        sections: [],
      };
      groups.set(row.groupId, group);
    }
    if (row.permissionId !== null && row.permissionName !== null) {
      group.permissions.push({ id: row.permissionId, name: row.permissionName });
    }
  }
  if (groups.size > 0) {
    const recipients = await db
      .selectFrom('group_message_recipients')
      .select(['group_id', 'recipient'])
      .where('group_id', 'in', [...groups.keys()])
      .execute();
    for (const row of recipients) groups.get(row.group_id)?.message_recipients.push(row.recipient as ContactRecipient);
    // In the order of the contact form, whatever order the rows came in.
    for (const group of groups.values()) group.message_recipients.sort((a, b) => CONTACT_RECIPIENTS.indexOf(a) - CONTACT_RECIPIENTS.indexOf(b));
    const sections = await db.selectFrom('group_sections').select(['group_id', 'section']).where('group_id', 'in', [...groups.keys()]).execute();
    for (const row of sections) groups.get(row.group_id)?.sections.push(row.section as Section);
    for (const group of groups.values()) group.sections.sort((a, b) => SECTIONS.indexOf(a) - SECTIONS.indexOf(b));
  }
  return [...groups.values()];
}

export const GROUP_NOT_FOUND = 'Die Gruppe wurde nicht gefunden.';

export async function findGroup(db: Db, id: number): Promise<GroupRecord> {
  const [group] = await listGroups(db, [id]);
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return group;
}

/** Refuses ids that name no permission, so a group never points at nothing. */
export async function assertPermissionsExist(db: Db, permissionIds: number[]): Promise<void> {
  const unique = [...new Set(permissionIds)];
  if (unique.length === 0) return;
  const found = await db.selectFrom('permissions').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) {
    const known = new Set(found.map((row) => row.id));
    const unknown = unique.filter((id) => !known.has(id));
    throw AppError.field('permissions', `Unbekannte Berechtigung: ${unknown.join(', ')}`);
  }
}

/** Case-insensitive, accent- and umlaut-sensitive: "vorstand" is "Vorstand", "Übungsleiter" is "übungsleiter". */
const sameName = new Intl.Collator('de', { sensitivity: 'accent' });

/**
 * Refuses a name another group holds in any case (409). MySQL's unique key says so by its
 * collation, SQLite's (0009, NOCASE) only for ASCII letters; read in the saving
 * transaction, this makes "Übung" and "ÜBUNG" one name on both. The key still decides
 * between two saves at once.
 */
export async function assertGroupNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const groups = await db.selectFrom('groups').select(['id', 'name']).execute();
  if (groups.some((group) => group.id !== exceptId && sameName.compare(group.name, name) === 0)) throw groupNameTaken(name);
}

/** A name the unique key `groups_name_unique` already holds (409, field `name`). */
export function groupNameTaken(name: string): AppError {
  const message = `Eine Gruppe mit dem Namen „${name}“ gibt es bereits.`;
  return new AppError('CONFLICT', message, { name: [message] });
}

/**
 * Refuses a section whose address (its slug, /termine?sparte=…) another section already has
 * (409), or whose name gives none (422): one address names one section. Read in the saving
 * transaction, under the lock the router takes around every save of a section.
 */
export async function assertSectionAddressFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const slug = sectionSlug(name);
  if (slug === '') {
    throw AppError.field('name', `Aus dem Namen „${name}“ lässt sich keine Adresse für die Sparte bilden. Bitte verwende Buchstaben oder Ziffern im Namen.`);
  }
  const sections = await db.selectFrom('groups').select(['id', 'name']).where('public_section', '=', 1).execute();
  const other = sections.find((group) => group.id !== exceptId && sectionSlug(group.name) === slug);
  if (other) {
    const message = `Die Sparte „${other.name}“ hat schon die Adresse „${slug}“. Bitte wähle einen anderen Namen.`;
    throw new AppError('CONFLICT', message, { name: [message] });
  }
}

export async function replaceGroupPermissions(trx: Db, groupId: number, permissionIds: number[]): Promise<void> {
  await trx.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
  const unique = [...new Set(permissionIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('group_permissions')
      .values(unique.map((permission_id) => ({ group_id: groupId, permission_id })))
      .execute();
  }
}

export async function memberIdsOfGroup(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => row.user_id);
}

/** 'Nachrichten nur an' of a group (issue 27.5): replaces its list; an empty one lets its members read all messages. */
export async function replaceGroupMessageRecipients(trx: Db, groupId: number, recipients: readonly ContactRecipient[]): Promise<void> {
  await trx.deleteFrom('group_message_recipients').where('group_id', '=', groupId).execute();
  if (recipients.length > 0) {
    await trx
      .insertInto('group_message_recipients')
      .values(recipients.map((recipient) => ({ group_id: groupId, recipient })))
      .execute();
  }
}

/** 'Nur für Sparten' of a group (issue 28.1): replaces its list; an empty one lets its content permissions reach all sections. */
export async function replaceGroupSections(trx: Db, groupId: number, sections: readonly Section[]): Promise<void> {
  await trx.deleteFrom('group_sections').where('group_id', '=', groupId).execute();
  if (sections.length > 0) {
    await trx
      .insertInto('group_sections')
      .values(sections.map((section) => ({ group_id: groupId, section })))
      .execute();
  }
}
