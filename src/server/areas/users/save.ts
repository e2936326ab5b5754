import { toClubDateTime } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import { memberName } from '../../../shared/logNames.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { AppServices } from '../../services.ts';
import { endOldCredentials } from '../auth/credentials.ts';
import { queueSecurityNotice, type EndedCredentials, type SecurityEvent } from '../auth/security-notices.ts';
import { assertMayGrantGroups, assertMayManageMember, MEMBER_CHANGE_REFUSED } from '../groups/grants.ts';
import { HOSTS_CACHE_AREA } from '../hosts/queries.ts';
import { assertGroupsExist, findUserRecord, groupIdsOfUser, replaceUserGroups, UID_TAKEN, USER_NOT_FOUND, type UserRecord } from './queries.ts';

export interface UserFields {
  prename: string;
  lastname: string;
  uid: string;
  email: string;
  phone: string;
  /** A new password, or undefined to keep the old one. */
  password?: string | undefined;
  /** New group memberships, or undefined to leave them as they are. */
  groups?: number[] | undefined;
}

export interface SaveOptions {
  /** Who saves: they may add the member only to groups whose permissions they hold themselves. */
  actorId: number;
  /** The saving member's own session, kept when they change their own password. */
  keepSessionId?: string | null;
  /** Who saves, as the member's security notice names them when it is someone else, and from where. */
  notice?: { actorName: string; address: string };
}

/** The member's row before the save, as their security notice addresses them. */
type CurrentMember = { uid: string; email: string; prename: string; lastname: string };

/** What the member is told of a save (security-notices.ts): a new password, e-mail address or shooter number. */
function securityEvents(current: CurrentMember, fields: UserFields, bySelf: boolean, actorName: string): SecurityEvent[] {
  const events: SecurityEvent[] = [];
  if (fields.password !== undefined) events.push({ kind: 'password', by: bySelf ? 'self' : { admin: actorName } });
  if (current.email !== fields.email) events.push({ kind: 'email', to: fields.email });
  if (current.uid !== fields.uid) events.push({ kind: 'uid', from: current.uid, to: fields.uid });
  return events;
}

/**
 * What a save changes that hands control over the member to whoever makes it (their
 * password, shooter number, e-mail or groups), as the log names it; names and phone are
 * not among them.
 */
function takeoverChanges(current: CurrentMember | undefined, fields: UserFields, currentGroups: ReadonlySet<number>): string[] {
  const changes: string[] = [];
  if (fields.password !== undefined) changes.push('Passwort');
  if (current && current.uid !== fields.uid) changes.push('Schützennummer');
  if (current && current.email !== fields.email) changes.push('E-Mail');
  if (fields.groups) {
    const next = new Set(fields.groups);
    if (next.size !== currentGroups.size || [...next].some((groupId) => !currentGroups.has(groupId))) changes.push('Gruppen');
  }
  return changes;
}

/**
 * Writes a member in one transaction: the row, the password hash and the memberships.
 * Returns the saved record. A new password ends the member's other sessions (all of
 * them unless `keepSessionId` is the member's own current session), app passwords and
 * waiting logins; a new password, e-mail address or shooter number queues a security
 * notice to the address the member had (with `notice`). Someone else's
 * password, shooter number, e-mail or groups only change when the actor holds every
 * permission of that member, read inside the transaction like the grants.
 */
export async function saveUser(
  services: AppServices,
  target: { id: number } | { id: null },
  fields: UserFields,
  { actorId, keepSessionId = null, notice }: SaveOptions,
): Promise<UserRecord> {
  const { db, passwords, clock } = services;
  const now = toClubDateTime(clock.now());
  const passwordHash = fields.password === undefined ? undefined : await passwords.hash(fields.password);
  const row = {
    prename: fields.prename,
    lastname: fields.lastname,
    uid: fields.uid,
    email: fields.email,
    phone: fields.phone,
    updated_at: now,
  };
  let id: number;
  let noticeQueued = false;
  try {
    id = await db.transaction().execute(async (trx: Db) => {
      const current = new Set(target.id === null ? [] : await groupIdsOfUser(trx, target.id));
      const before =
        target.id === null ? undefined : await trx.selectFrom('users').select(['uid', 'email', 'prename', 'lastname']).where('id', '=', target.id).executeTakeFirst();
      if (fields.groups) {
        await assertGroupsExist(trx, fields.groups);
        // Leaving a group grants nothing; only joining one can.
        const added = fields.groups.filter((groupId) => !current.has(groupId));
        const who = target.id === null ? `neuer Benutzer ${fields.uid}` : `Benutzer ${target.id}`;
        await assertMayGrantGroups(trx, actorId, added, `Gruppen ${[...new Set(added)].join(', ')} für ${who}`);
      }
      if (target.id !== null && target.id !== actorId) {
        const changes = takeoverChanges(before, fields, current);
        if (changes.length > 0) {
          await assertMayManageMember(trx, actorId, target.id, `${changes.join(', ')} von Benutzer ${target.id}`, MEMBER_CHANGE_REFUSED);
        }
      }
      let userId: number;
      if (target.id === null) {
        if (passwordHash === undefined) throw new Error('a new member needs a password');
        const inserted = await trx
          .insertInto('users')
          .values({ ...row, password_hash: passwordHash, created_at: now })
          .executeTakeFirstOrThrow();
        userId = Number(inserted.insertId);
      } else {
        userId = target.id;
        await trx
          .updateTable('users')
          .set(passwordHash === undefined ? row : { ...row, password_hash: passwordHash })
          .where('id', '=', userId)
          .execute();
        let ended: EndedCredentials | undefined;
        if (passwordHash !== undefined) ended = await endOldCredentials(trx, userId, keepSessionId);
        if (before && notice) {
          const events = securityEvents(before, fields, userId === actorId, notice.actorName);
          noticeQueued = await queueSecurityNotice(trx, services, before, events, { address: notice.address, ended });
        }
      }
      if (fields.groups) await replaceUserGroups(trx, userId, fields.groups);
      return userId;
    });
  } catch (error) {
    // The unique key on the shooter number decides, also between two saves at once.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', UID_TAKEN, { uid: [UID_TAKEN] });
    throw error;
  }
  services.credentials.forgetUser(id);
  if (noticeQueued) services.mail.wake();
  // The public roster shows members' names.
  services.publicCache.invalidate(HOSTS_CACHE_AREA);
  const record = await findUserRecord(db, id);
  if (!record) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return record;
}

/** A member in the log: by name and shooter number, as the member list shows them. */
export function describeUser(user: Pick<UserRecord, 'uid' | 'prename' | 'lastname'>): string {
  return `Benutzer ${memberName(user)}`;
}
