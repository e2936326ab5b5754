import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/server/errors.ts';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Nobody grants more than they hold: adding a member to a group, or a permission to a
 * group, needs every permission that this hands out; taking away needs nothing more.
 * Switching a group's 'Zweiter Faktor erforderlich' needs every permission of the group.
 */

const REFUSED = 'Du kannst nur Berechtigungen vergeben, die du selbst besitzt.';
const SECOND_FACTOR_REFUSED = 'Du kannst „Zweiter Faktor erforderlich“ nur bei Gruppen ändern, deren Berechtigungen du alle selbst besitzt.';

let t: TestApp;
const permissionIds = new Map<string, number>();
let uidCounter = 20000000;
const nextUid = () => String(++uidCounter);

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.selectFrom('permissions').select(['id', 'name']).execute()) permissionIds.set(row.name, row.id);
});
afterAll(() => t.close());

const ids = (...names: PermissionName[]) => names.map((name) => permissionIds.get(name)!);

function trpc(path: string, body: unknown, headers: Record<string, string>) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
function rest(method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string>) {
  return t.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

/** A group holding exactly these permissions (with one member nobody cares about). */
async function groupWith(permissions: PermissionName[]): Promise<number> {
  return (await t.createMember(permissions, nextUid())).groupId;
}

async function groupsOf(userId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

async function permissionsOf(groupId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('group_permissions').select('permission_id').where('group_id', '=', groupId).orderBy('permission_id').execute();
  return rows.map((row) => row.permission_id);
}

async function logText(): Promise<string> {
  return (await t.inject({ method: 'GET', url: '/api/log', headers: t.admin })).body;
}

const person = (uid: string) => ({ prename: 'Gerd', lastname: 'Grant', uid, email: `${uid}@example.org`, phone: '' });

describe('adding members to groups', () => {
  it('users.create refuses a group with a permission the creator lacks, and creates nothing', async () => {
    const creator = await t.createMember(['users_create', 'groups_view'], nextUid());
    const logGroup = await groupWith(['log_view', 'groups_view']);
    const uid = nextUid();
    const refused = await trpc('users.create', { ...person(uid), password: 'Geheim123', groups: [logGroup] }, creator.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(REFUSED);
    expect(await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst()).toBeUndefined();
    expect(await logText()).toContain(`[${creator.uid} (Test Mitglied ${creator.uid})] Zugriff verweigert: Gruppen ${logGroup} für neuer Benutzer ${uid} (fehlende Berechtigungen log_view)`);

    const ownKind = await groupWith(['groups_view']);
    const allowed = await trpc('users.create', { ...person(uid), password: 'Geheim123', groups: [ownKind] }, creator.auth);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().result.data.data.groups.map((g: { id: number }) => g.id)).toEqual([ownKind]);
  });

  it('users.create over REST answers 403 with the message', async () => {
    const creator = await t.createMember(['users_create', 'groups_view'], nextUid());
    const response = await rest('POST', '/api/users', { ...person(nextUid()), password: 'Geheim123', groups: [await groupWith(['users_delete'])] }, creator.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: REFUSED });
  });

  it('users.update refuses adding and allows keeping a group the editor could not grant; removing needs no grant', async () => {
    const editor = await t.createMember(['users_update', 'groups_view'], nextUid());
    const target = await t.createMember(['log_delete'], nextUid());
    const strong = await groupWith(['log_view']);
    const base = { ref: String(target.id), ...person(target.uid) };

    const added = await trpc('users.update', { ...base, groups: [target.groupId, strong] }, editor.auth);
    expect(added.statusCode).toBe(403);
    expect(added.json().error.message).toBe(REFUSED);
    expect(await groupsOf(target.id)).toEqual([target.groupId]);

    // The target's own group carries log_delete, which the editor lacks: keeping it is no grant.
    const kept = await trpc('users.update', { ...base, prename: 'Behalten', groups: [target.groupId] }, editor.auth);
    expect(kept.statusCode, kept.body).toBe(200);
    // Taking it away is no grant either, but it is a change of a member with more rights
    // than the editor (tests/api/takeover.test.ts); from a member with fewer it is fine.
    const plain = await t.createMember(['groups_view'], nextUid());
    const removed = await trpc('users.update', { ref: String(plain.id), ...person(plain.uid), groups: [] }, editor.auth);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await groupsOf(plain.id)).toEqual([]);
  });

  it('PUT /api/users/{someone else} (users.save) refuses the same', async () => {
    const editor = await t.createMember(['users_update', 'groups_view'], nextUid());
    const target = await t.createMember([], nextUid());
    const strong = await groupWith(['hosts_delete']);
    const response = await rest('PUT', `/api/users/${target.uid}`, { ...person(target.uid), groups: [target.groupId, strong] }, editor.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(REFUSED);
    expect(await groupsOf(target.id)).toEqual([target.groupId]);
  });

  it('account.update refuses joining a group with more permissions than one holds', async () => {
    const member = await t.createMember(['users_update', 'groups_view'], nextUid());
    const strong = await groupWith(['users_delete']);
    const body = { ...person(member.uid), groups: [member.groupId, strong] };
    const refused = await trpc('account.update', body, member.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(REFUSED);
    expect(await groupsOf(member.id)).toEqual([member.groupId]);
    const restRefused = await rest('PUT', `/api/users/${member.uid}`, body, member.auth);
    expect(restRefused.statusCode).toBe(403);

    const same = await groupWith(['groups_view']);
    const joined = await trpc('account.update', { ...body, groups: [member.groupId, same] }, member.auth);
    expect(joined.statusCode, joined.body).toBe(200);
  });

  it('an administrator holding every permission may add anyone to any group, also group 1', async () => {
    const target = await t.createMember([], nextUid());
    const response = await rest('PUT', `/api/users/${target.uid}`, { ...person(target.uid), groups: [1, 2, target.groupId] }, t.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(await groupsOf(target.id)).toEqual([1, 2, target.groupId].sort((a, b) => a - b));
  });
});

describe('giving groups permissions', () => {
  it('groups.create refuses a permission the creator lacks, over tRPC and REST, and creates nothing', async () => {
    const creator = await t.createMember(['groups_create', 'calendar_view'], nextUid());
    const refused = await trpc('groups.create', { name: 'Zu mächtig', permissions: ids('calendar_view', 'log_delete') }, creator.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(REFUSED);
    const viaRest = await rest('POST', '/api/groups', { name: 'Zu mächtig', permissions: ids('users_view') }, creator.auth);
    expect(viaRest.statusCode).toBe(403);
    expect(viaRest.json().message).toBe(REFUSED);
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Zu mächtig').executeTakeFirst()).toBeUndefined();
    expect(await logText()).toContain('Zugriff verweigert: Berechtigungen für neue Gruppe Zu mächtig (fehlende Berechtigungen log_delete)');

    const allowed = await trpc('groups.create', { name: 'Kalenderleser', permissions: ids('calendar_view') }, creator.auth);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('groups.update checks only the permissions that are new', async () => {
    const editor = await t.createMember(['groups_update', 'hosts_view'], nextUid());
    const group = await groupWith(['log_view']);

    const added = await trpc('groups.update', { id: group, name: 'Logleser', permissions: ids('log_view', 'log_delete') }, editor.auth);
    expect(added.statusCode).toBe(403);
    expect(added.json().error.message).toBe(REFUSED);
    const viaRest = await rest('PUT', `/api/groups/${group}`, { name: 'Logleser', permissions: ids('log_view', 'users_create') }, editor.auth);
    expect(viaRest.statusCode).toBe(403);
    expect(await permissionsOf(group)).toEqual(ids('log_view'));

    // log_view was there already: renaming and adding what the editor holds is fine, so is removing.
    const kept = await trpc('groups.update', { id: group, name: 'Logleser', permissions: ids('log_view', 'hosts_view') }, editor.auth);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await permissionsOf(group)).toEqual(ids('log_view', 'hosts_view').sort((a, b) => a - b));
    const removed = await rest('PUT', `/api/groups/${group}`, { name: 'Logleser', permissions: [] }, editor.auth);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await permissionsOf(group)).toEqual([]);
  });

  it("'Zweiter Faktor erforderlich' is changed only by an editor holding every permission of the group, either way, over tRPC and REST", async () => {
    // The board's group: more than the editor holds, and its members must use a second factor.
    const board = await t.createMember(['users_delete', 'log_delete', 'groups_view'], nextUid());
    await t.db.updateTable('groups').set({ require_second_factor: 1 }).where('id', '=', board.groupId).execute();
    const editor = await t.createMember(['groups_view', 'groups_update'], nextUid());
    const name = (await t.db.selectFrom('groups').select('name').where('id', '=', board.groupId).executeTakeFirstOrThrow()).name;
    const permissions = ids('users_delete', 'log_delete', 'groups_view');
    const required = async (groupId: number) => Number((await t.db.selectFrom('groups').select('require_second_factor').where('id', '=', groupId).executeTakeFirstOrThrow()).require_second_factor);

    const lifted = await trpc('groups.update', { id: board.groupId, name, permissions, require_second_factor: false }, editor.auth);
    expect(lifted.statusCode).toBe(403);
    expect(lifted.json().error.message).toBe(SECOND_FACTOR_REFUSED);
    const viaRest = await rest('PUT', `/api/groups/${board.groupId}`, { name, permissions, require_second_factor: false }, editor.auth);
    expect(viaRest.statusCode).toBe(403);
    expect(viaRest.json()).toEqual({ message: SECOND_FACTOR_REFUSED });
    expect(await required(board.groupId)).toBe(1);
    // The member still has to set it up: nothing changed for them.
    expect((await t.inject({ method: 'GET', url: '/api/groups', headers: board.auth })).json()).toEqual({ message: MESSAGES.secondFactorRequired });
    expect(await logText()).toContain(`Zugriff verweigert: Zweiter Faktor erforderlich für Gruppe ${board.groupId} (fehlende Berechtigungen log_delete, users_delete)`);

    // Switching it on for a group with more than one holds is refused as well (it locks its members out until they comply).
    const other = await groupWith(['users_delete']);
    const otherName = (await t.db.selectFrom('groups').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name;
    const imposed = await trpc('groups.update', { id: other, name: otherName, permissions: ids('users_delete'), require_second_factor: true }, editor.auth);
    expect(imposed.statusCode).toBe(403);
    expect(await required(other)).toBe(0);

    // Saving the group as it is (the switch unchanged or left out) still needs no more than before.
    const renamed = await trpc('groups.update', { id: board.groupId, name: `${name} neu`, permissions, require_second_factor: true }, editor.auth);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const legacy = await rest('PUT', `/api/groups/${board.groupId}`, { name, permissions }, editor.auth);
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(await required(board.groupId)).toBe(1);

    // Whoever holds every permission of the group may switch it, as an administrator may.
    const peer = await t.createMember(['groups_update', 'users_delete', 'log_delete', 'groups_view'], nextUid());
    const allowed = await trpc('groups.update', { id: board.groupId, name, permissions, require_second_factor: false }, peer.auth);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await required(board.groupId)).toBe(0);
    const admin = await rest('PUT', `/api/groups/${board.groupId}`, { name, permissions, require_second_factor: true }, t.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await required(board.groupId)).toBe(1);
  });

  it('an administrator may give a group every permission', async () => {
    const group = await groupWith([]);
    const all = [...permissionIds.values()];
    const response = await rest('PUT', `/api/groups/${group}`, { name: 'Alles', permissions: all }, t.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(await permissionsOf(group)).toHaveLength(32);
  });
});
