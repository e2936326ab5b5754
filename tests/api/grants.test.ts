import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Nobody grants more than they hold: adding a member to a group, or a permission to a
 * group, needs every permission that this hands out; taking away needs nothing more.
 */

const REFUSED = 'Du kannst nur Berechtigungen vergeben, die du selbst besitzt.';

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

  it('an administrator may give a group every permission', async () => {
    const group = await groupWith([]);
    const all = [...permissionIds.values()];
    const response = await rest('PUT', `/api/groups/${group}`, { name: 'Alles', permissions: all }, t.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(await permissionsOf(group)).toHaveLength(24);
  });
});
