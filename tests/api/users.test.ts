import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_UID, MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { prename: 'Erika', lastname: 'Muster', uid: '12345678', password: 'Geheim123', email: 'erika@example.org', phone: '' };
let uidCounter = 40000000;
const nextUid = () => String(++uidCounter);

async function post(url: string, body: unknown, headers: Record<string, string> = t.admin) {
  return t.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function put(url: string, body: unknown, headers: Record<string, string> = t.admin) {
  return t.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}
async function countUsers() {
  const row = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('creating a user (admin dialog rules of SPEC §5)', () => {
  it.each([
    ['prename', { prename: '' }, 'Der Vorname darf nicht leer gelassen werden!'],
    ['prename', { prename: 'x'.repeat(256) }, 'Der Vorname darf nicht länger als 255 Zeichen sein!'],
    ['lastname', { lastname: '  ' }, 'Der Nachname darf nicht leer gelassen werden!'],
    ['lastname', { lastname: 'x'.repeat(256) }, 'Der Nachname darf nicht länger als 255 Zeichen sein!'],
    ['uid', { uid: '' }, 'Die Schützennummer darf nicht leer gelassen werden!'],
    ['uid', { uid: '1234567' }, 'Die Schützennummer muss genau 8 Zeichen lang sein!'],
    ['uid', { uid: '1234a678' }, 'Die Schützennummer muss zwischen 0 und 99999999 liegen!'],
    ['password', { password: '' }, 'Das Passwort darf nicht leer gelassen werden!'],
    ['password', { password: 'abcdefgh' }, 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!'],
    ['password', { password: '12345678' }, 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!'],
    ['password', { password: 'abc1234' }, 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!'],
    ['email', { email: '' }, 'Die Email-Adresse darf nicht leer gelassen werden!'],
    ['email', { email: 'keine-adresse' }, 'Die Email-Adresse ist nicht gültig!'],
    ['email', { email: `${'a'.repeat(180)}@example.org` }, 'Die E-Mail-Adresse darf nicht länger als 190 Zeichen sein!'],
    ['phone', { phone: '1'.repeat(191) }, 'Die Telefonnummer darf nicht länger als 190 Zeichen sein!'],
  ])('%s %j -> 422 with the German message, nothing saved', async (field, change, message) => {
    const before = await countUsers();
    const response = await post('/api/users', { ...valid, uid: nextUid(), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(response.json().message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('a missing password is refused with the empty message', async () => {
    const { password: _omitted, ...withoutPassword } = valid;
    const response = await post('/api/users', { ...withoutPassword, uid: nextUid() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual(['Das Passwort darf nicht leer gelassen werden!']);
  });

  it('creates a member with groups (201) who can log in, and never returns the password', async () => {
    const uid = nextUid();
    const response = await post('/api/users', { ...valid, uid, phone: '0151 123', groups: [2] });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Benutzer angelegt');
    expect(body.data).toMatchObject({ uid, prename: 'Erika', phone: '0151 123', groups: [{ id: 2, name: 'Standaufsichtsberechtigte' }] });
    expect(response.body).not.toMatch(/Geheim123|password|\$2[aby]\$/);
    const me = await t.inject({ method: 'GET', url: `/api/users/${uid}`, headers: t.basic(uid, 'Geheim123') });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a shooter number that is taken with 409, changing nothing', async () => {
    const before = await countUsers();
    const response = await post('/api/users', { ...valid, uid: ADMIN_UID });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Die Schützennummer ist bereits vergeben!');
    expect(await countUsers()).toBe(before);
  });

  it('refuses unknown groups with 422', async () => {
    const response = await post('/api/users', { ...valid, uid: nextUid(), groups: [999] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.groups).toEqual(['Die gewählte Gruppe existiert nicht!']);
  });

  it('needs groups_view to set group membership', async () => {
    const creator = await t.createMember(['users_create']);
    const withGroups = await post('/api/users', { ...valid, uid: nextUid(), groups: [2] }, creator.auth);
    expect(withGroups.statusCode).toBe(403);
    const withoutGroups = await post('/api/users', { ...valid, uid: nextUid() }, creator.auth);
    expect(withoutGroups.statusCode).toBe(201);
  });
});

describe('editing a user', () => {
  it('keeps the old password when the field is blank and replaces it otherwise', async () => {
    const member = await t.createMember([]);
    const base = { prename: 'Karl', lastname: 'Kahn', uid: member.uid, email: 'karl@example.org', phone: '' };
    const blank = await put(`/api/users/${member.id}`, { ...base, password: '' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ message: 'Benutzer gespeichert', data: { prename: 'Karl' } });
    expect((await t.inject({ method: 'GET', url: `/api/users/${member.uid}`, headers: member.auth })).statusCode).toBe(200);

    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const weak = await put(`/api/users/${member.id}`, { ...base, password: 'kurz' });
    expect(weak.statusCode).toBe(422);
    const changed = await put(`/api/users/${member.id}`, { ...base, password: 'Neues1234' });
    expect(changed.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/users/${member.uid}`, headers: member.auth })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/users/${member.uid}`, headers: t.basic(member.uid, 'Neues1234') })).statusCode).toBe(200);
    // A password set by an admin ends the member's sessions.
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(401);
  });

  it('applies the admin dialog limit of 190 to e-mail addresses', async () => {
    const member = await t.createMember([]);
    const response = await put(`/api/users/${member.id}`, {
      prename: 'A',
      lastname: 'B',
      uid: member.uid,
      email: `${'a'.repeat(200)}@example.org`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['Die E-Mail-Adresse darf nicht länger als 190 Zeichen sein!']);
  });

  it('refuses a shooter number of another member with 409', async () => {
    const member = await t.createMember([]);
    const response = await put(`/api/users/${member.id}`, { prename: 'A', lastname: 'B', uid: ADMIN_UID, email: 'a@example.org' });
    expect(response.statusCode).toBe(409);
    const row = await t.db.selectFrom('users').select('uid').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.uid).toBe(member.uid);
  });

  it('protects user 1 from changes and deletion (403)', async () => {
    const update = await put('/api/users/1', { prename: 'X', lastname: 'Y', uid: '99999999', email: 'x@example.org' }, (await t.createMember(['users_update'])).auth);
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe('Dieser Eintrag ist geschützt und kann weder geändert noch gelöscht werden.');
    const remove = await t.inject({ method: 'DELETE', url: `/api/users/${ADMIN_UID}`, headers: t.admin });
    expect(remove.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
  });

  it('answers 404 for an unknown member', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/87654321', headers: t.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Der Benutzer wurde nicht gefunden.');
  });

  it('group changes take effect on the very next request', async () => {
    const member = await t.createMember(['users_view']);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(200);
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const response = await put(`/api/users/${member.id}`, {
      prename: 'Test',
      lastname: 'Mitglied',
      uid: member.uid,
      email: 'm@example.org',
      groups: [2],
    });
    expect(response.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: session })).statusCode).toBe(403);
  });
});

describe('deleting a user', () => {
  it('ends their sessions and Basic access at once, and removes memberships', async () => {
    const member = await t.createMember(['users_view']);
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(200);
    const response = await t.inject({ method: 'DELETE', url: `/api/users/${member.uid}`, headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Benutzer gelöscht');
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(401);
    expect(await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', member.id).execute()).toEqual([]);
  });

  it('refuses deleting oneself', async () => {
    const member = await t.createMember(['users_delete']);
    const response = await t.inject({ method: 'DELETE', url: `/api/users/${member.id}`, headers: member.auth });
    expect(response.statusCode).toBe(403);
  });
});

describe('Meine Daten (account.update, PUT on the own record)', () => {
  it('accepts e-mail and phone up to 255 and answers Gepeichert', async () => {
    const member = await t.createMember([]);
    const email = `${'a'.repeat(243)}@example.org`;
    expect(email.length).toBe(255);
    const response = await put(`/api/users/${member.uid}`, { prename: 'A', lastname: 'B', uid: member.uid, email, phone: '1'.repeat(255) }, member.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Gepeichert');
    const tooLong = await put(`/api/users/${member.uid}`, { prename: 'A', lastname: 'B', uid: member.uid, email: `a${email}`, phone: '1'.repeat(256) }, member.auth);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      email: ['Die E-Mail-Adresse darf nicht länger als 255 Zeichen sein!'],
      phone: ['Die Telefonnummer darf nicht länger als 255 Zeichen sein!'],
    });
  });

  it('keeps the member logged in after changing shooter number and password, and ends other sessions', async () => {
    const member = await t.createMember([]);
    const current = await t.login(member.uid, MEMBER_PASSWORD);
    const other = await t.login(member.uid, MEMBER_PASSWORD);
    const newUid = nextUid();
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...current, 'content-type': 'application/json' },
      payload: JSON.stringify({ prename: 'A', lastname: 'B', uid: newUid, email: 'a@example.org', password: 'Anders123', current_password: MEMBER_PASSWORD }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const me = await t.inject({ method: 'GET', url: '/api/me', headers: current });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.uid).toBe(newUid);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: other })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: t.basic(newUid, 'Anders123') })).statusCode).toBe(200);
  });

  it('changes own groups only with users_update and groups_view', async () => {
    const plain = await t.createMember([]);
    const body = (uid: string, groups: number[]) => ({ prename: 'A', lastname: 'B', uid, email: 'a@example.org', groups });
    const refused = await put(`/api/users/${plain.uid}`, body(plain.uid, [plain.groupId, 2]), plain.auth);
    expect(refused.statusCode).toBe(403);
    const unchanged = await put(`/api/users/${plain.uid}`, body(plain.uid, [plain.groupId]), plain.auth);
    expect(unchanged.statusCode).toBe(200);
    const allowed = await t.createMember(['users_update', 'groups_view']);
    const changed = await put(`/api/users/${allowed.uid}`, body(allowed.uid, [allowed.groupId, 2]), allowed.auth);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.groups.map((g: { id: number }) => g.id)).toEqual([2, allowed.groupId].sort((a, b) => a - b));
  });

  it('lets user 1 change their own password but not leave group 1', async () => {
    const session = await t.login(ADMIN_UID, 'Admin1234');
    const base = { prename: 'Admin', lastname: 'Administrator', uid: ADMIN_UID, email: 'webmaster@example.org' };
    const leave = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...base, groups: [2] }),
    });
    expect(leave.statusCode).toBe(403);
    const keep = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...session, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...base, phone: '0711 1234' }),
    });
    expect(keep.statusCode).toBe(200);
  });
});

describe('the own password needs the current one over a session (account.update, users.save, users.update)', () => {
  const MISSING = 'Bitte gib zur Bestätigung dein aktuelles Passwort ein.';
  const WRONG = 'Das aktuelle Passwort ist falsch.';
  let addressCounter = 0;
  /** Each test from its own address: wrong current passwords count like failed logins per address. */
  const nextAddress = () => `10.77.0.${++addressCounter}`;

  function own(path: 'account.update' | 'users.save' | 'users.update', body: object, headers: Record<string, string>, remoteAddress: string) {
    return t.inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }
  const passwordWorks = async (uid: string, password: string) =>
    (await t.inject({ method: 'GET', url: '/api/me', remoteAddress: nextAddress(), headers: t.basic(uid, password) })).statusCode === 200;

  it.each(['account.update', 'users.save', 'users.update'] as const)(
    '%s: refuses a new password without or with a wrong current one (422 under the field), changing nothing',
    async (path) => {
      const member = await t.createMember(['users_update']);
      const session = await t.login(member.uid, MEMBER_PASSWORD);
      const address = nextAddress();
      const body = { ...(path === 'account.update' ? {} : { ref: path === 'users.save' ? member.uid : String(member.id) }), prename: 'Neu', lastname: 'Name', uid: member.uid, email: 'neu@example.org', password: 'Gekapert1' };

      const missing = await own(path, body, session, address);
      expect(missing.statusCode, missing.body).toBe(422);
      expect(missing.json().error.message).toBe(MISSING);
      expect(missing.json().error.data.fieldErrors).toEqual({ current_password: [MISSING] });
      const blank = await own(path, { ...body, current_password: '' }, session, address);
      expect(blank.json().error.data.fieldErrors).toEqual({ current_password: [MISSING] });

      const wrong = await own(path, { ...body, current_password: 'Falsch1234' }, session, address);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.data.fieldErrors).toEqual({ current_password: [WRONG] });
      expect(await passwordWorks(member.uid, MEMBER_PASSWORD)).toBe(true);
      expect(await passwordWorks(member.uid, 'Gekapert1')).toBe(false);
      const row = await t.db.selectFrom('users').select('prename').where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row.prename).toBe('Test');

      const right = await own(path, { ...body, current_password: MEMBER_PASSWORD }, session, address);
      expect(right.statusCode, right.body).toBe(200);
      expect(await passwordWorks(member.uid, 'Gekapert1')).toBe(true);
      // The session that proved it stays.
      expect((await t.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(200);
    },
  );

  it('PUT /api/users/{own} with the cookie answers 422 with the message under current_password', async () => {
    const member = await t.createMember([]);
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const body = { prename: 'A', lastname: 'B', uid: member.uid, email: 'a@example.org', password: 'Gekapert1', current_password: 'Falsch1234' };
    const response = await t.inject({ method: 'PUT', url: `/api/users/${member.uid}`, remoteAddress: nextAddress(), headers: session, payload: body });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: WRONG, errors: { current_password: [WRONG] } });
    // Names and phone need no proof (shooter number, e-mail address and password do).
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
    const names = await t.inject({ method: 'PUT', url: `/api/users/${member.uid}`, headers: session, payload: { ...body, email, password: '', current_password: '' } });
    expect(names.statusCode, names.body).toBe(200);
  });

  it('lets Basic authentication change the own password as before: its header proves the current one', async () => {
    const member = await t.createMember([]);
    const response = await put(`/api/users/${member.uid}`, { prename: 'A', lastname: 'B', uid: member.uid, email: 'a@example.org', password: 'Legacy2026' }, member.auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(await passwordWorks(member.uid, 'Legacy2026')).toBe(true);
  });

  it('books a wrong current password as a failed login: after 5 the login limits answer 429', async () => {
    const member = await t.createMember([]);
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const address = nextAddress();
    const body = { prename: 'A', lastname: 'B', uid: member.uid, email: 'a@example.org', password: 'Gekapert1' };
    for (let i = 0; i < 5; i++) {
      const wrong = await own('account.update', { ...body, current_password: `Falsch${i}123` }, session, address);
      expect(wrong.statusCode).toBe(422);
    }
    const locked = await own('account.update', { ...body, current_password: MEMBER_PASSWORD }, session, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.');
    // The login from that address is locked the same way.
    const login = await t.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: member.uid, password: MEMBER_PASSWORD } });
    expect(login.statusCode).toBe(429);
    const log = await t.db.selectFrom('log_entries').select('message').where('actor', '=', `Schützennummer ${member.uid}`).execute();
    expect(log.filter((entry) => entry.message === `Falsches aktuelles Passwort bei einer Änderung am Zugang von ${address}`)).toHaveLength(5);
    expect(await passwordWorks(member.uid, MEMBER_PASSWORD)).toBe(true);
  });
});

describe("passwords and bcrypt's 72 bytes", () => {
  const TOO_LONG = 'Das Passwort darf höchstens 72 Bytes lang sein (Umlaute zählen doppelt)!';
  // 2 + 35 × 2 = 72 bytes in 37 characters: the limit counts bytes, not characters.
  const exactly72 = `a1${'ä'.repeat(35)}`;

  it('refuses a new password over 72 bytes with 422 on create, update and the own account, saving nothing', async () => {
    const before = await countUsers();
    const created = await post('/api/users', { ...valid, uid: nextUid(), password: `${exactly72}x` });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message: TOO_LONG, errors: { password: [TOO_LONG] } });
    expect(await countUsers()).toBe(before);

    const member = await t.createMember([]);
    const base = { prename: 'A', lastname: 'B', uid: member.uid, email: 'a@example.org' };
    const updated = await put(`/api/users/${member.id}`, { ...base, password: `Geheim123${'🎯'.repeat(16)}` });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors.password).toEqual([TOO_LONG]);
    const own = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...base, password: 'x1'.repeat(37) }),
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.data.fieldErrors.password).toEqual([TOO_LONG]);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode).toBe(200);
  });

  it('accepts exactly 72 bytes, and a longer password never matches the hash of its first 72 bytes', async () => {
    const uid = nextUid();
    const created = await post('/api/users', { ...valid, uid, password: exactly72 });
    expect(created.statusCode, created.body).toBe(201);
    const login = (password: string) => t.inject({ method: 'POST', url: '/api/login', payload: { username: uid, password } });
    expect((await login(exactly72)).statusCode).toBe(200);
    const longer = await login(`${exactly72}ä`);
    expect(longer.statusCode).toBe(401);
    expect(longer.json().message).toBe('Schützennummer oder Passwort ist falsch.');
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: t.basic(uid, `${exactly72}zusatz`) })).statusCode).toBe(401);
  });
});
