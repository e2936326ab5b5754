import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../src/shared/permissions.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * No account takeover inside the back office: users_update and users_delete reach only
 * members whose permissions the actor holds too. Their password, shooter number, e-mail
 * and groups, and deleting them, are refused for anyone with more rights (an
 * administrator); names and phone stay editable. Over tRPC and REST.
 */

const CHANGE_REFUSED = 'Du kannst Passwort, Schützennummer, E-Mail und Gruppen nur bei Mitgliedern ändern, deren Berechtigungen du selbst besitzt.';
const DELETE_REFUSED = 'Du kannst nur Mitglieder löschen, deren Berechtigungen du selbst besitzt.';

let t: TestApp;
let uidCounter = 21000000;
const nextUid = () => String(++uidCounter);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

function trpc(path: string, body: unknown, headers: Record<string, string>) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, ...json }, payload: JSON.stringify(body) });
}

/** The member's row as the database holds it. */
function rowOf(id: number) {
  return t.db.selectFrom('users').select(['uid', 'email', 'prename', 'phone', 'password_hash']).where('id', '=', id).executeTakeFirst();
}

async function groupsOf(userId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

async function passwordWorks(uid: string, password: string): Promise<boolean> {
  return (await t.inject({ method: 'GET', url: '/api/me', headers: t.basic(uid, password) })).statusCode === 200;
}

const person = (uid: string) => ({ prename: 'Ada', lastname: 'Admin', uid, email: `${uid}@example.org`, phone: '' });

describe('a member with users_update and users_delete against an administrator', () => {
  let keeper: Awaited<ReturnType<TestApp['createMember']>>;
  let admin: Awaited<ReturnType<TestApp['createMember']>>;

  beforeAll(async () => {
    keeper = await t.createMember(['users_view', 'users_update', 'users_delete', 'groups_view'], nextUid());
    admin = await t.createMember([...PERMISSION_NAMES], nextUid());
  });

  it.each([
    ['the password', { password: 'Gekapert1' }],
    ['the shooter number', { uid: '21999999' }],
    ['the e-mail', { email: 'angreifer@example.org' }],
    ['the groups', { groups: [] }],
  ])('users.update refuses %s with 403, changing nothing', async (_what, change) => {
    const before = await rowOf(admin.id);
    const response = await trpc('users.update', { ref: String(admin.id), ...person(admin.uid), email: before!.email, ...change }, keeper.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(CHANGE_REFUSED);
    expect(await rowOf(admin.id)).toEqual(before);
    expect(await groupsOf(admin.id)).toEqual([admin.groupId]);
    expect(await passwordWorks(admin.uid, MEMBER_PASSWORD)).toBe(true);
  });

  it('PUT /api/users/{uid} and /{id} (users.save) refuse a new password and e-mail', async () => {
    for (const ref of [admin.uid, String(admin.id)]) {
      const response = await t.inject({
        method: 'PUT',
        url: `/api/users/${ref}`,
        headers: { ...keeper.auth, ...json },
        payload: JSON.stringify({ ...person(admin.uid), email: 'angreifer@example.org', password: 'Gekapert1' }),
      });
      expect(response.statusCode, ref).toBe(403);
      expect(response.json()).toEqual({ message: CHANGE_REFUSED });
    }
    expect(await passwordWorks(admin.uid, MEMBER_PASSWORD)).toBe(true);
    expect((await rowOf(admin.id))?.email).toBe(`${admin.uid}@example.org`);
  });

  it('still lets them change the name and phone', async () => {
    const before = await rowOf(admin.id);
    const response = await trpc('users.update', { ref: String(admin.id), ...person(admin.uid), email: before!.email, prename: 'Adele', phone: '0711 42' }, keeper.auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf(admin.id)).toMatchObject({ prename: 'Adele', phone: '0711 42', password_hash: before!.password_hash, uid: admin.uid });
  });

  it('refuses deleting them over tRPC and by REST with uid and id, and logs the refusal once', async () => {
    const trpcDelete = await trpc('users.delete', { ref: String(admin.id) }, keeper.auth);
    expect(trpcDelete.statusCode).toBe(403);
    expect(trpcDelete.json().error.message).toBe(DELETE_REFUSED);
    for (const ref of [admin.uid, String(admin.id), admin.uid]) {
      const response = await t.inject({ method: 'DELETE', url: `/api/users/${ref}`, headers: keeper.auth });
      expect(response.statusCode, ref).toBe(403);
      expect(response.json()).toEqual({ message: DELETE_REFUSED });
    }
    expect(await rowOf(admin.id)).toBeDefined();
    expect(await passwordWorks(admin.uid, MEMBER_PASSWORD)).toBe(true);

    const refusals = (await t.db.selectFrom('log_entries').select('message').where('actor', 'like', `${keeper.uid} %`).execute())
      .map((row) => row.message)
      .filter((message) => message.startsWith(`Zugriff verweigert: Löschen von Benutzer ${admin.id}`));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/\(fehlende Berechtigungen [a-z_, ]*log_delete/);
  });
});

describe('the same member against members with no more rights than their own', () => {
  it('may set password, shooter number, e-mail and groups over tRPC and REST', async () => {
    const keeper = await t.createMember(['users_update', 'groups_view'], nextUid());
    const plain = await t.createMember([], nextUid());
    const newUid = nextUid();
    const updated = await trpc('users.update', { ref: String(plain.id), ...person(newUid), password: 'Neu123456', groups: [] }, keeper.auth);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await passwordWorks(newUid, 'Neu123456')).toBe(true);
    expect(await groupsOf(plain.id)).toEqual([]);

    // Equal rights are no more rights.
    const peer = await t.createMember(['users_update', 'groups_view'], nextUid());
    const saved = await t.inject({
      method: 'PUT',
      url: `/api/users/${peer.uid}`,
      headers: { ...keeper.auth, ...json },
      payload: JSON.stringify({ ...person(peer.uid), email: 'peer@example.org', password: 'Neu123456' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await passwordWorks(peer.uid, 'Neu123456')).toBe(true);
  });

  it('may delete them over tRPC and by REST with uid and id', async () => {
    const keeper = await t.createMember(['users_delete', 'calendar_view'], nextUid());
    const [byTrpc, byUid, byId] = [
      await t.createMember(['calendar_view'], nextUid()),
      await t.createMember([], nextUid()),
      await t.createMember(['users_delete'], nextUid()),
    ];
    expect((await trpc('users.delete', { ref: String(byTrpc.id) }, keeper.auth)).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${byUid.uid}`, headers: keeper.auth })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${byId.id}`, headers: keeper.auth })).statusCode).toBe(200);
    for (const member of [byTrpc, byUid, byId]) expect(await rowOf(member.id)).toBeUndefined();
  });
});
