import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The legacy contract of DESIGN §3 as programs written against the old backend see it:
 * status codes and body shapes of the paths that exist so far.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('bodies of DESIGN §3', () => {
  it('list: 200 {"data": [...]}', async () => {
    for (const url of ['/api/users', '/api/groups', '/api/permissions']) {
      const response = await t.inject({ method: 'GET', url, headers: t.admin });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['data']);
      expect(Array.isArray(response.json().data)).toBe(true);
    }
  });

  it('one record: 200 {"data": {...}} with groups[].permissions[].name', async () => {
    const response = await t.inject({ method: 'GET', url: `/api/users/${ADMIN_UID}`, headers: t.admin });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: 1, uid: ADMIN_UID });
    expect(data.groups[0].permissions.map((p: { name: string }) => p.name)).toContain('log_delete');
  });

  it('create: 201 {"message", "data"}; update: 200 {"message", "data"}; delete: 200 {"message"}', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { ...t.admin, ...json },
      payload: { name: 'Vertragstest', permissions: [1] },
    });
    expect(created.statusCode).toBe(201);
    // The fields of SPEC §7 and those added since, each off when a legacy program leaves it out.
    expect(created.json()).toEqual({
      message: 'Gruppe angelegt',
      data: { id: expect.any(Number), name: 'Vertragstest', permissions: [{ id: 1, name: expect.any(String) }], require_second_factor: false, public_section: false, message_recipients: [], sections: [] },
    });
    const id = created.json().data.id;
    const updated = await t.inject({ method: 'PUT', url: `/api/groups/${id}`, headers: { ...t.admin, ...json }, payload: { name: 'Vertrag', permissions: [] } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Gruppe gespeichert', data: { id, name: 'Vertrag', permissions: [] } });
    const deleted = await t.inject({ method: 'DELETE', url: `/api/groups/${id}`, headers: t.admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Gruppe gelöscht');
  });

  it('login: 200 {"message", "data"} with the own record and a session cookie', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/login', headers: json, payload: { username: ADMIN_UID, password: 'Admin1234' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Erfolgreich angemeldet', data: { uid: ADMIN_UID, permissions: expect.arrayContaining(['dashboard_view']) } });
  });

  it('log: 200 text/plain, one entry a line, oldest first', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/log', headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toMatch(/Gruppe „Vertragstest“ angelegt$/);
    expect(lines.at(-1)).toMatch(/Anmeldung von/);
  });
});

describe('failures of DESIGN §3', () => {
  it('401 {"message"} without WWW-Authenticate', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('403 {"message"} for protected id 1', async () => {
    const response = await t.inject({ method: 'DELETE', url: '/api/groups/1', headers: t.admin });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('404 {"message"} for an unknown id', async () => {
    const response = await t.inject({ method: 'DELETE', url: '/api/groups/4711', headers: t.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Die Gruppe wurde nicht gefunden.' });
  });

  it('409 {"message"} for a taken shooter number', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...t.admin, ...json },
      payload: { prename: 'A', lastname: 'B', uid: ADMIN_UID, password: 'Geheim123', email: 'a@example.org' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Die Schützennummer ist bereits vergeben!');
  });

  it('422 {"message": first, "errors": {field: [message]}}', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/login', headers: json, payload: { username: 'abcdefgh' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Die Schützennummer muss zwischen 0 und 99999999 liegen!',
      errors: {
        username: ['Die Schützennummer muss zwischen 0 und 99999999 liegen!'],
        password: ['Das Passwort darf nicht leer gelassen werden!'],
      },
    });
  });
});

describe('sign-ups for programs (issue 29.7)', () => {
  async function signupAppointment(): Promise<number> {
    const inserted = await t.db
      .insertInto('appointments')
      .values({ name: 'Vereinsmeisterschaft', datetime_begin: '2099-06-01 10:00:00', datetime_end: '2099-06-01 18:00:00', location: 'Schützenhaus', visibility: 1, description: '', notes: '', assignment: 1, status: 0, notify: 0, created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' })
      .executeTakeFirstOrThrow();
    return Number(inserted.insertId);
  }

  it('opens, lists, adds, changes and cancels with the bodies of DESIGN §3, with Basic auth and an app password', async () => {
    const id = await signupAppointment();
    const opened = await t.inject({ method: 'PUT', url: `/api/registrations/${id}`, headers: { ...t.admin, ...json }, payload: { places: 1, fields: { club: 'optional' } } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: 'Anmeldung gespeichert', data: { saved: true, wouldMove: 0, moved: 0, promoted: 0 } });

    const publicForm = await t.inject({ method: 'GET', url: `/api/public/registrations/${id}` });
    expect(publicForm.statusCode).toBe(200);
    expect(publicForm.json().data).toMatchObject({ stateText: 'noch 1 Platz frei', fields: { club: 'optional' }, keptDays: 90 });

    const signedUp = await t.inject({ method: 'POST', url: `/api/public/registrations/${id}`, headers: json, payload: { prename: 'Jörg', lastname: 'Weiß', email: 'joerg@example.org', club: 'BSV' } });
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toEqual({ message: expect.stringContaining('Du bist angemeldet'), data: { status: 'place', waitingPosition: null } });

    const added = await t.inject({ method: 'POST', url: `/api/registrations/${id}`, headers: { ...t.admin, ...json }, payload: { prename: 'Otto', lastname: 'Anrufer', email: 'otto@example.org' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ message: 'Auf die Warteliste eingetragen', data: { id: expect.any(Number), status: 'waiting' } });

    // A program with an app password reads the list (the club's data, not the account).
    const appPassword = await t.inject({ method: 'POST', url: '/trpc/appPasswords.create', headers: { ...t.admin, ...json }, payload: JSON.stringify({ name: 'Turnierprogramm', current_password: 'Admin1234' }) });
    expect(appPassword.statusCode, appPassword.body).toBe(200);
    const viaApp = t.basic(ADMIN_UID, appPassword.json().result.data.password as string);
    const listed = await t.inject({ method: 'GET', url: `/api/registrations/${id}`, headers: viaApp });
    expect(listed.statusCode).toBe(200);
    expect(Object.keys(listed.json())).toEqual(['data']);
    expect(listed.json().data.participants.map((row: { lastname: string; status: string }) => [row.lastname, row.status])).toEqual([
      ['Weiß', 'place'],
      ['Anrufer', 'waiting'],
    ]);

    const first = listed.json().data.participants[0].id as number;
    const one = await t.inject({ method: 'GET', url: `/api/registrations/${id}/${first}`, headers: t.admin });
    expect(one.json()).toEqual({ data: expect.objectContaining({ id: first, club: 'BSV', status: 'place' }) });
    const updated = await t.inject({ method: 'PUT', url: `/api/registrations/${id}/${first}`, headers: { ...t.admin, ...json }, payload: { paid: true } });
    expect(updated.json()).toEqual({ message: 'Anmeldung gespeichert', data: expect.objectContaining({ paid: true }) });
    const cancelled = await t.inject({ method: 'DELETE', url: `/api/registrations/${id}/${first}`, headers: t.admin });
    expect(cancelled.json()).toEqual({ message: 'Anmeldung storniert', data: { id: first } });
    const after = await t.inject({ method: 'GET', url: `/api/registrations/${id}`, headers: t.admin });
    expect(after.json().data.participants.map((row: { status: string }) => row.status)).toEqual(['cancelled', 'place']);

    const closed = await t.inject({ method: 'DELETE', url: `/api/registrations/${id}`, headers: t.admin });
    expect(closed.json()).toEqual({ message: 'Anmeldung geschlossen und alle Anmeldungen gelöscht', data: { deleted: 2 } });
  });

  it('answers 401, 404 and 422 as every path does', async () => {
    const id = await signupAppointment();
    const anonymous = await t.inject({ method: 'GET', url: `/api/registrations/${id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(Object.keys(anonymous.json())).toEqual(['message']);
    const none = await t.inject({ method: 'GET', url: `/api/public/registrations/${id}` });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Für diesen Termin ist keine Anmeldung möglich.' });
    await t.inject({ method: 'PUT', url: `/api/registrations/${id}`, headers: { ...t.admin, ...json }, payload: { places: 10 } });
    const unknown = await t.inject({ method: 'GET', url: `/api/registrations/${id}/4711`, headers: t.admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diese Anmeldung gibt es nicht.' });
    const invalid = await t.inject({ method: 'POST', url: `/api/public/registrations/${id}`, headers: json, payload: { prename: 'A', lastname: '', email: 'a@example.org' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'Der Nachname darf nicht leer gelassen werden!', errors: { lastname: ['Der Nachname darf nicht leer gelassen werden!'] } });
  });
});
