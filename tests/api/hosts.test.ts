import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUPERVISOR_GROUP_NAME } from '../../src/shared/permissions.ts';
import { HOST_MESSAGES } from '../../src/shared/schemas/hosts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The stand supervision and catering roster (SPEC §2, §4, §5, §6): tRPC and the REST
 * paths of SPEC §7, the rules with their German messages, the public shape and its cache.
 * Permissions per procedure are in members-permissions.test.ts.
 */

const clock = { instant: new Date('2026-11-23T10:00:00Z') };

let t: TestApp;
let editor: { id: number; uid: string; auth: { authorization: string } };
let viewer: { authorization: string };
/** A member of Standaufsichtsberechtigte. */
let supervisor: { id: number; uid: string };
/** A member outside it. */
let member: { id: number; uid: string };

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => clock.instant } });
  editor = await t.createMember(['hosts_view', 'hosts_create', 'hosts_update', 'hosts_delete']);
  viewer = (await t.createMember(['hosts_view'])).auth;
  supervisor = await t.createMember([]);
  member = await t.createMember([]);
  const group = await t.db.selectFrom('groups').select('id').where('name', '=', SUPERVISOR_GROUP_NAME).executeTakeFirstOrThrow();
  await t.db.insertInto('user_groups').values({ user_id: supervisor.id, group_id: group.id }).execute();
  await t.db.updateTable('users').set({ prename: 'Sabine', lastname: 'Aufsicht', phone: '0171 123456' }).where('id', '=', supervisor.id).execute();
  await t.db.updateTable('users').set({ prename: 'Werner', lastname: 'Wirt', phone: '0172 654321' }).where('id', '=', member.id).execute();
});
afterAll(() => t.close());

beforeEach(async () => {
  clock.instant = new Date('2026-11-23T10:00:00Z');
  await t.db.deleteFrom('host_entries').execute();
  // Every test starts from what the database holds, not from a previous test's cache.
  t.app.services.publicCache.invalidate('hosts');
});

function query(path: string, input?: unknown, headers: Record<string, string> = editor.auth) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = editor.auth) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

function rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = editor.auth) {
  return t.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function create(entry: { date: string; supervisor: number; host: number }): Promise<number> {
  const response = await mutate('hosts.create', entry);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data.id as number;
}

async function publicList() {
  const response = await rest('GET', '/api/public/hosts', undefined, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as unknown[];
}

describe('back office over tRPC', () => {
  it('creates, lists, updates and deletes an entry, each with a German message and a log line', async () => {
    const created = await mutate('hosts.create', { date: '2026-12-04', supervisor: -1, host: member.id });
    expect(created.statusCode, created.body).toBe(200);
    const { message, data } = created.json().result.data;
    expect(message).toBe('Eintrag angelegt');
    expect(data).toEqual({ id: expect.any(Number), date: '2026-12-04', supervisor: -1, host: member.id });

    const list = await query('hosts.list', undefined, viewer);
    expect(list.json().result.data).toEqual([{ ...data, cancelled: false }]);

    const updated = await mutate('hosts.update', { id: data.id, date: '2026-12-05', supervisor: supervisor.id, host: -4 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().result.data).toEqual({
      message: 'Eintrag gespeichert',
      data: { id: data.id, date: '2026-12-05', supervisor: supervisor.id, host: -4 },
    });

    const deleted = await mutate('hosts.delete', { id: data.id });
    expect(deleted.json().result.data).toEqual({ message: 'Eintrag gelöscht', data: { id: data.id } });
    expect(await t.db.selectFrom('host_entries').select('id').execute()).toEqual([]);

    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
    expect(log).toContain(`Standaufsicht & Bewirtung am 04.12.2026 angelegt – Standaufsicht: Migliederteam; Bewirtung: Werner Wirt (${member.uid})`);
    expect(log).toContain(`Standaufsicht & Bewirtung am 05.12.2026 geändert – Standaufsicht: Sabine Aufsicht (${supervisor.uid}); Bewirtung: keine*r`);
    expect(log).toContain(`Standaufsicht & Bewirtung am 05.12.2026 gelöscht – Standaufsicht: Sabine Aufsicht (${supervisor.uid}); Bewirtung: keine*r`);
  });

  it('lists entries by date', async () => {
    const later = await create({ date: '2027-01-08', supervisor: -2, host: -2 });
    const earlier = await create({ date: '2025-03-01', supervisor: -5, host: -5 });
    const list = await query('hosts.list');
    expect(list.json().result.data.map((entry: { id: number }) => entry.id)).toEqual([earlier, later]);
  });

  it('gives the choices with id and names only: supervisors from Standaufsichtsberechtigte, hosts all members', async () => {
    const response = await query('hosts.choices', undefined, viewer);
    expect(response.statusCode, response.body).toBe(200);
    const { supervisors, hosts } = response.json().result.data as { supervisors: object[]; hosts: Array<{ id: number }> };
    expect(supervisors).toEqual([{ id: supervisor.id, prename: 'Sabine', lastname: 'Aufsicht' }]);
    const everyone = await t.db.selectFrom('users').select('id').execute();
    expect(hosts.map((host) => host.id).sort((a, b) => a - b)).toEqual(everyone.map((row) => row.id).sort((a, b) => a - b));
    for (const host of hosts) expect(Object.keys(host).sort()).toEqual(['id', 'lastname', 'prename']);
  });

  it('answers 404 for an unknown entry on update and delete', async () => {
    const update = await mutate('hosts.update', { id: 999999, date: '2026-12-04', supervisor: -1, host: -1 });
    expect(update.statusCode).toBe(404);
    expect(update.json().error.message).toBe('Der angeforderte Eintrag wurde nicht gefunden.');
    const remove = await mutate('hosts.delete', { id: 999999 });
    expect(remove.statusCode).toBe(404);
  });
});

describe('rules (SPEC §5, §6)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing date', { supervisor: -1, host: -1 }, 'date', HOST_MESSAGES.dateEmpty],
    ['an empty date', { date: ' ', supervisor: -1, host: -1 }, 'date', HOST_MESSAGES.dateEmpty],
    ['a date that does not exist', { date: '2026-02-30', supervisor: -1, host: -1 }, 'date', HOST_MESSAGES.dateInvalid],
    ['a German date', { date: '04.12.2026', supervisor: -1, host: -1 }, 'date', HOST_MESSAGES.dateInvalid],
    ['a missing supervisor', { date: '2026-12-04', host: -1 }, 'supervisor', HOST_MESSAGES.supervisorEmpty],
    ['an empty supervisor', { date: '2026-12-04', supervisor: '', host: -1 }, 'supervisor', HOST_MESSAGES.supervisorEmpty],
    ['a null supervisor', { date: '2026-12-04', supervisor: null, host: -1 }, 'supervisor', HOST_MESSAGES.supervisorEmpty],
    ['an unknown special supervisor', { date: '2026-12-04', supervisor: -6, host: -1 }, 'supervisor', HOST_MESSAGES.supervisorInvalid],
    ['a supervisor of 0', { date: '2026-12-04', supervisor: 0, host: -1 }, 'supervisor', HOST_MESSAGES.supervisorInvalid],
    ['a missing host', { date: '2026-12-04', supervisor: -1 }, 'host', HOST_MESSAGES.hostEmpty],
    ['a fractional host', { date: '2026-12-04', supervisor: -1, host: 1.5 }, 'host', HOST_MESSAGES.hostInvalid],
    ['a host as text', { date: '2026-12-04', supervisor: -1, host: 'Werner' }, 'host', HOST_MESSAGES.hostInvalid],
  ];

  it.each(cases)('refuses %s with 422 and the field message, writing nothing', async (_name, input, field, message) => {
    const trpc = await mutate('hosts.create', input);
    expect(trpc.statusCode, trpc.body).toBe(400);
    expect(trpc.json().error.message).toBe(message);
    expect(trpc.json().error.data.fieldErrors[field]).toEqual([message]);
    const response = await rest('POST', '/api/hosts', input);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await t.db.selectFrom('host_entries').select('id').execute()).toEqual([]);
  });

  it('names every missing field at once', async () => {
    const response = await rest('POST', '/api/hosts', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      date: [HOST_MESSAGES.dateEmpty],
      supervisor: [HOST_MESSAGES.supervisorEmpty],
      host: [HOST_MESSAGES.hostEmpty],
    });
  });

  it('refuses a supervisor outside Standaufsichtsberechtigte (also a deleted one), on create and update', async () => {
    for (const candidate of [member.id, 999999]) {
      const response = await mutate('hosts.create', { date: '2026-12-04', supervisor: candidate, host: -1 });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.data.fieldErrors).toEqual({ supervisor: [HOST_MESSAGES.supervisorInvalid] });
    }
    const id = await create({ date: '2026-12-04', supervisor: supervisor.id, host: -1 });
    const update = await rest('PUT', `/api/hosts/${id}`, { date: '2026-12-04', supervisor: member.id, host: -1 });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toBe(HOST_MESSAGES.supervisorInvalid);
    expect((await query('hosts.list')).json().result.data[0].supervisor).toBe(supervisor.id);
  });

  it('refuses a host that is no member', async () => {
    const response = await mutate('hosts.create', { date: '2026-12-04', supervisor: -1, host: 999999 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.data.fieldErrors).toEqual({ host: [HOST_MESSAGES.hostInvalid] });
  });

  it('takes any member as host and every special value in both slots; numbers may come as text', async () => {
    for (const special of [-1, -2, -3, -4, -5]) await create({ date: '2026-12-04', supervisor: special, host: special });
    const response = await rest('POST', '/api/hosts', { date: '2026-12-11', supervisor: String(supervisor.id), host: ` ${member.id} ` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ date: '2026-12-11', supervisor: supervisor.id, host: member.id });
  });
});

describe('REST shim (SPEC §7, DESIGN §3)', () => {
  it('GET/POST /api/hosts and PUT/DELETE /api/hosts/{id}', async () => {
    const created = await rest('POST', '/api/hosts', { date: '2026-12-04', supervisor: -1, host: member.id });
    expect(created.statusCode).toBe(201);
    const { message, data } = created.json();
    expect(message).toBe('Eintrag angelegt');
    expect((await rest('GET', '/api/hosts', undefined, viewer)).json()).toEqual({ data: [{ ...data, cancelled: false }] });

    const updated = await rest('PUT', `/api/hosts/${data.id}`, { date: '2026-12-18', supervisor: supervisor.id, host: -3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: 'Eintrag gespeichert', data: { id: data.id, date: '2026-12-18', supervisor: supervisor.id, host: -3 } });

    const deleted = await rest('DELETE', `/api/hosts/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Eintrag gelöscht', data: { id: data.id } });
    expect((await rest('DELETE', `/api/hosts/${data.id}`)).statusCode).toBe(404);
    expect((await rest('PUT', '/api/hosts/abc', { date: '2026-12-18', supervisor: -1, host: -1 })).statusCode).toBe(422);
  });

  it('a viewer reads but cannot write', async () => {
    expect((await rest('GET', '/api/hosts', undefined, viewer)).statusCode).toBe(200);
    expect((await rest('POST', '/api/hosts', { date: '2026-12-04', supervisor: -1, host: -1 }, viewer)).statusCode).toBe(403);
  });
});

describe('public roster', () => {
  it('gives upcoming entries from today with names only, special values as their label', async () => {
    await create({ date: '2026-11-22', supervisor: -1, host: -1 });
    await create({ date: '2026-12-04', supervisor: supervisor.id, host: member.id });
    await create({ date: '2026-11-23', supervisor: -1, host: -3 });
    await create({ date: '2026-12-11', supervisor: -2, host: -4 });
    await create({ date: '2026-12-18', supervisor: -5, host: supervisor.id });

    const response = await rest('GET', '/api/public/hosts', undefined, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { date: '2026-11-23', supervisor: { prename: 'Migliederteam', lastname: '' }, host: { prename: 'entfällt - siehe Kalender', lastname: '' } },
        { date: '2026-12-04', supervisor: { prename: 'Sabine', lastname: 'Aufsicht' }, host: { prename: 'Werner', lastname: 'Wirt' } },
        { date: '2026-12-11', supervisor: { prename: 'ungeklärt', lastname: '' }, host: { prename: 'keine*r', lastname: '' } },
        { date: '2026-12-18', supervisor: { prename: 'abgesagt', lastname: '' }, host: { prename: 'Sabine', lastname: 'Aufsicht' } },
      ],
    });
    // Nothing else about a member: no id, shooter number, e-mail or phone.
    for (const leak of [supervisor.uid, member.uid, '@example.org', '0171', '0172', '"id"']) expect(response.body).not.toContain(leak);
    expect((await query('hosts.publicList', undefined, {})).json().result.data).toEqual(response.json().data);
  });

  it('counts the day in Europe/Berlin: shortly after midnight there, yesterday is over', async () => {
    await create({ date: '2026-11-22', supervisor: -1, host: -1 });
    await create({ date: '2026-11-23', supervisor: -2, host: -2 });
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Berlin.
    clock.instant = new Date('2026-11-22T23:30:00Z');
    expect((await publicList()).map((entry) => (entry as { date: string }).date)).toEqual(['2026-11-23']);
    // 22:30 UTC is still the 22nd there.
    clock.instant = new Date('2026-11-22T22:30:00Z');
    expect((await publicList()).map((entry) => (entry as { date: string }).date)).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('is cached with an ETag (304) and dropped by every write of the roster', async () => {
    const id = await create({ date: '2026-12-04', supervisor: -1, host: -1 });
    const first = await rest('GET', '/api/public/hosts', undefined, {});
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect((await rest('GET', '/api/public/hosts', undefined, { 'if-none-match': etag })).statusCode).toBe(304);

    // A change behind the app's back is not seen: the answer comes from the cache.
    await t.db.updateTable('host_entries').set({ date: '2026-12-05' }).where('id', '=', id).execute();
    expect(await publicList()).toEqual([expect.objectContaining({ date: '2026-12-04' })]);

    await rest('PUT', `/api/hosts/${id}`, { date: '2026-12-06', supervisor: -1, host: -2 });
    expect(await publicList()).toEqual([expect.objectContaining({ date: '2026-12-06', host: { prename: 'ungeklärt', lastname: '' } })]);
    expect((await rest('GET', '/api/public/hosts', undefined, { 'if-none-match': etag })).statusCode).toBe(200);

    await t.db.updateTable('host_entries').set({ date: '2026-12-07' }).where('id', '=', id).execute();
    await create({ date: '2026-12-24', supervisor: -4, host: -4 });
    expect((await publicList()).map((entry) => (entry as { date: string }).date)).toEqual(['2026-12-07', '2026-12-24']);

    await t.db.updateTable('host_entries').set({ date: '2026-12-08' }).where('id', '=', id).execute();
    await rest('DELETE', `/api/hosts/${id}`);
    expect((await publicList()).map((entry) => (entry as { date: string }).date)).toEqual(['2026-12-24']);
  });

  it("is dropped when a member's name changes, in the admin dialog and on 'Meine Daten'", async () => {
    const admin = t.admin;
    const host = await t.createMember([]);
    await create({ date: '2026-12-04', supervisor: -1, host: host.id });
    expect(await publicList()).toEqual([expect.objectContaining({ host: { prename: 'Test', lastname: `Mitglied ${host.uid}` } })]);

    const renamed = await rest('PUT', `/api/users/${host.id}`, { prename: 'Hanna', lastname: 'Gastgeberin', uid: host.uid, email: 'hanna@example.org', phone: '' }, admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await publicList()).toEqual([expect.objectContaining({ host: { prename: 'Hanna', lastname: 'Gastgeberin' } })]);

    const own = await rest('PUT', `/api/users/${host.uid}`, { prename: 'Hanne', lastname: 'Gastgeberin', uid: host.uid, email: 'hanna@example.org', phone: '' }, host.auth);
    expect(own.statusCode, own.body).toBe(200);
    expect(await publicList()).toEqual([expect.objectContaining({ host: { prename: 'Hanne', lastname: 'Gastgeberin' } })]);
  });
});

describe('deleting a member named in the roster', () => {
  it('keeps the entry; the slot reads as ungeklärt, publicly and in the back office, and can be filled again', async () => {
    const leaving = await t.createMember([]);
    const group = await t.db.selectFrom('groups').select('id').where('name', '=', SUPERVISOR_GROUP_NAME).executeTakeFirstOrThrow();
    await t.db.insertInto('user_groups').values({ user_id: leaving.id, group_id: group.id }).execute();
    const id = await create({ date: '2026-12-04', supervisor: leaving.id, host: leaving.id });
    expect(await publicList()).toEqual([expect.objectContaining({ host: { prename: 'Test', lastname: `Mitglied ${leaving.uid}` } })]);

    const deleted = await rest('DELETE', `/api/users/${leaving.id}`, undefined, t.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await publicList()).toEqual([
      { date: '2026-12-04', supervisor: { prename: 'ungeklärt', lastname: '' }, host: { prename: 'ungeklärt', lastname: '' } },
    ]);
    expect((await query('hosts.list')).json().result.data).toEqual([{ id, date: '2026-12-04', supervisor: -2, host: -2, cancelled: false }]);
    const choices = (await query('hosts.choices')).json().result.data as { hosts: Array<{ id: number }> };
    expect(choices.hosts.map((choice) => choice.id)).not.toContain(leaving.id);

    const refilled = await mutate('hosts.update', { id, date: '2026-12-04', supervisor: supervisor.id, host: member.id });
    expect(refilled.statusCode, refilled.body).toBe(200);
  });
});
