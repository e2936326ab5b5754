import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../src/shared/permissions.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function send(method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = t.admin) {
  return t.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

describe('groups', () => {
  it('lists the 32 permissions with their ids', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/permissions', headers: t.admin });
    const names = response.json().data.map((p: { name: string }) => p.name);
    expect(names).toHaveLength(32);
    expect(new Set(names)).toEqual(new Set(PERMISSION_NAMES));
  });

  it.each([
    [{ name: '' }, 'Der Gruppenname darf nicht leer gelassen werden!'],
    [{ name: 'x'.repeat(256) }, 'Der Gruppenname darf nicht länger als 255 Zeichen sein!'],
  ])('validates %j', async (body, message) => {
    const response = await send('POST', '/api/groups', { ...body, permissions: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { name: [message] } });
  });

  it('creates a group with permission ids and lists it; refuses unknown permissions and duplicate names', async () => {
    const created = await send('POST', '/api/groups', { name: 'Kalenderteam', permissions: [5, 6] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Gruppe angelegt', data: { name: 'Kalenderteam', permissions: [{ id: 5 }, { id: 6 }] } });
    const list = await t.inject({ method: 'GET', url: '/api/groups', headers: t.admin });
    expect(list.json().data.map((g: { name: string }) => g.name)).toContain('Kalenderteam');

    const unknown = await send('POST', '/api/groups', { name: 'Unbekannt', permissions: [999] });
    expect(unknown.statusCode).toBe(422);
    const duplicate = await send('POST', '/api/groups', { name: 'Kalenderteam', permissions: [] });
    expect(duplicate.statusCode).toBe(409);
  });

  it('the unique key decides duplicate names: renaming onto a taken name and two creates at once', async () => {
    const taken = await send('POST', '/api/groups', { name: 'Vorstand', permissions: [] });
    expect(taken.statusCode).toBe(201);
    const other = (await send('POST', '/api/groups', { name: 'Beisitzer', permissions: [] })).json().data.id;
    const renamed = await send('PUT', `/api/groups/${other}`, { name: 'Vorstand', permissions: [1] });
    expect(renamed.statusCode).toBe(409);
    const message = 'Eine Gruppe mit dem Namen „Vorstand“ gibt es bereits.';
    expect(renamed.json()).toEqual({ message, errors: { name: [message] } });
    expect((await t.db.selectFrom('groups').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name).toBe('Beisitzer');
    expect(await t.db.selectFrom('group_permissions').select('permission_id').where('group_id', '=', other).execute()).toEqual([]);

    const both = await Promise.all([1, 2].map(() => send('POST', '/api/groups', { name: 'Gleichzeitig', permissions: [2] })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Gleichzeitig').execute()).toHaveLength(1);
  });

  it('a name that differs only in case is the same name, on SQLite as on MySQL', async () => {
    const taken = (name: string) => {
      const message = `Eine Gruppe mit dem Namen „${name}“ gibt es bereits.`;
      return { message, errors: { name: [message] } };
    };
    expect((await send('POST', '/api/groups', { name: 'Jugendwart', permissions: [] })).statusCode).toBe(201);
    const lower = await send('POST', '/api/groups', { name: 'jugendwart', permissions: [] });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toEqual(taken('jugendwart'));
    // Umlauts too, which SQLite's NOCASE does not fold.
    expect((await send('POST', '/api/groups', { name: 'Übungsleiter', permissions: [] })).statusCode).toBe(201);
    const upper = await send('POST', '/api/groups', { name: 'ÜBUNGSLEITER', permissions: [] });
    expect(upper.statusCode).toBe(409);
    expect(upper.json()).toEqual(taken('ÜBUNGSLEITER'));

    const other = (await send('POST', '/api/groups', { name: 'Kassenprüfer', permissions: [] })).json().data.id;
    const renamed = await send('PUT', `/api/groups/${other}`, { name: 'JUGENDWART', permissions: [] });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual(taken('JUGENDWART'));
    // A group may change the case of its own name.
    const recased = await send('PUT', `/api/groups/${other}`, { name: 'KASSENPRÜFER', permissions: [] });
    expect(recased.statusCode, recased.body).toBe(200);
    const names = (await t.db.selectFrom('groups').select('name').execute()).map((row) => row.name);
    expect(names.filter((name) => name.toLowerCase() === 'jugendwart')).toEqual(['Jugendwart']);
    expect(names.filter((name) => name.toLowerCase() === 'übungsleiter')).toEqual(['Übungsleiter']);
    expect(names.filter((name) => name.toLowerCase() === 'kassenprüfer')).toEqual(['KASSENPRÜFER']);
  });

  it('updates name and permissions; members get them on their next request', async () => {
    const member = await t.createMember([]);
    expect((await t.inject({ method: 'GET', url: '/api/log', headers: member.auth })).statusCode).toBe(403);
    const logView = PERMISSION_NAMES.indexOf('log_view') + 1;
    const response = await send('PUT', `/api/groups/${member.groupId}`, { name: 'Logleser', permissions: [logView] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Gruppe gespeichert', data: { name: 'Logleser', permissions: [{ name: 'log_view' }] } });
    expect((await t.inject({ method: 'GET', url: '/api/log', headers: member.auth })).statusCode).toBe(200);
  });

  it('protects group 1 (403) and answers 404 for unknown groups', async () => {
    const update = await send('PUT', '/api/groups/1', { name: 'Gekapert', permissions: [] });
    expect(update.statusCode).toBe(403);
    const remove = await t.inject({ method: 'DELETE', url: '/api/groups/1', headers: t.admin });
    expect(remove.statusCode).toBe(403);
    const group = await t.db.selectFrom('groups').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(group.name).toBe('Administratoren');
    expect((await send('PUT', '/api/groups/999', { name: 'X', permissions: [] })).statusCode).toBe(404);
  });

  it('deleting a group removes the memberships; a group with appointments stays (409)', async () => {
    const member = await t.createMember(['users_view']);
    const removed = await t.inject({ method: 'DELETE', url: `/api/groups/${member.groupId}`, headers: t.admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Gruppe gelöscht');
    expect(await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', member.id).execute()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);

    const other = await t.createMember([]);
    const now = toClubDateTime(new Date());
    await t.db
      .insertInto('appointments')
      .values({
        name: 'Training',
        datetime_begin: now,
        datetime_end: now,
        location: 'Stand',
        visibility: 1,
        description: '',
        notes: '',
        assignment: other.groupId,
        status: 0,
        notify: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await t.inject({ method: 'DELETE', url: `/api/groups/${other.groupId}`, headers: t.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Die Gruppe ist noch Terminen zugeordnet und kann nicht gelöscht werden.');
  });
});

describe('server log', () => {
  async function logText(): Promise<string> {
    const response = await t.inject({ method: 'GET', url: '/api/log', headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  }

  it('records logins, failed logins (without password), changes and refusals, oldest first', async () => {
    await t.login(ADMIN_UID, ADMIN_PASSWORD);
    await t.inject({ method: 'POST', url: '/api/login', payload: { username: '11112222', password: 'Falsch-Geheim-9' } });
    const created = await send('POST', '/api/groups', { name: 'Protokollgruppe', permissions: [] });
    expect(created.statusCode, created.body).toBe(201);
    const member = await t.createMember([]);
    await t.inject({ method: 'GET', url: '/api/users', headers: member.auth });

    const text = await logText();
    expect(text).not.toMatch(/Falsch-Geheim-9|Admin1234/);
    const lines = text.split('\n');
    const stamp = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2} \[/;
    for (const line of lines) expect(line).toMatch(stamp);
    const login = lines.findIndex((l) => l.includes(`[${ADMIN_UID} (Admin Administrator)] Anmeldung von`));
    const failed = lines.findIndex((l) => l.includes('[Schützennummer 11112222] Fehlgeschlagene Anmeldung'));
    const group = lines.findIndex((l) => l.includes('Gruppe „Protokollgruppe“ angelegt'));
    const refusal = lines.findIndex((l) => l.includes(`[${member.uid} (Test Mitglied ${member.uid})] Zugriff verweigert: users.list`));
    expect(login).toBeGreaterThanOrEqual(0);
    expect(failed).toBeGreaterThan(login);
    expect(group).toBeGreaterThan(failed);
    expect(refusal).toBeGreaterThan(group);
  });

  it('records user changes with entity and id', async () => {
    const created = await send('POST', '/api/users', {
      prename: 'Lara',
      lastname: 'Log',
      uid: '44445555',
      password: 'Geheim123',
      email: 'lara@example.org',
    });
    const id = created.json().data.id;
    await send('PUT', `/api/users/${id}`, { prename: 'Lara', lastname: 'Log', uid: '44445555', email: 'lara@example.org', password: 'Anders123' });
    await t.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: t.admin });
    const text = await logText();
    expect(text).toContain('Benutzer Lara Log (44445555) angelegt');
    expect(text).toContain('Benutzer Lara Log (44445555) geändert (neues Passwort)');
    expect(text).toContain('Benutzer Lara Log (44445555) gelöscht');
    expect(text).not.toContain('Anders123');
  });

  it('keeps a newline in a name from forging a second entry', async () => {
    await send('POST', '/api/groups', { name: 'Zeile\n01.01.2026 00:00:00 [00000001 (Admin Administrator)] Log gelöscht', permissions: [] });
    const text = await logText();
    expect(text.split('\n').filter((line) => /^\S+ \S+ \[00000001 \(Admin Administrator\)\] Log gelöscht$/.test(line))).toHaveLength(0);
  });

  it('keeps every kind of line separator (U+2028, U+2029, NEL, VT, FF, CR, LF) out of an entry and its actor', async () => {
    const forged = '01.01.2026 00:00:00 [00000001 (Admin Administrator)] Log gelöscht';
    for (const separator of ['\u2028', '\u2029', '\u0085', '\v', '\f', '\r', '\n', '\r\n']) {
      await t.app.services.serverLog.write(`Akteur${separator}X`, `Eintrag${separator}${forged}`);
    }
    const rows = await t.db.selectFrom('log_entries').select(['actor', 'message']).where('message', 'like', 'Eintrag%').execute();
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.message).toBe(`Eintrag ${forged}`);
      expect(row.actor).toBe('Akteur X');
    }
    // A reader that breaks lines at any of them still sees one entry a line.
    const lines = (await logText()).split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
    expect(lines.filter((line) => line.startsWith(forged))).toHaveLength(0);
  });

  it('clearing leaves one line saying who cleared it', async () => {
    const clearer = await t.createMember(['log_delete', 'log_view']);
    const response = await t.inject({ method: 'DELETE', url: '/api/log', headers: clearer.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Log gelöscht');
    const text = await logText();
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toMatch(new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2} \\[${clearer.uid} \\(Test Mitglied ${clearer.uid}\\)\\] Log gelöscht$`));
  });
});
