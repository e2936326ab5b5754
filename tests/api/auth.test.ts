import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcryptHasher, type PasswordHasher } from '../../src/server/areas/auth/passwords.ts';
import { RECHECK_MS } from '../../src/server/areas/auth/credential-cache.ts';
import { readConfig } from '../../src/server/config.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { PERMISSION_NAMES } from '../../src/shared/permissions.ts';
import { ADMIN_PASSWORD, ADMIN_UID, MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';

const WRONG_CREDENTIALS = 'Schützennummer oder Passwort ist falsch.';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Counts bcrypt comparisons, to see when the credential cache spares them. */
const bcrypt = bcryptHasher(4);
let verifications = 0;
const countingHasher: PasswordHasher = {
  hash: (password) => bcrypt.hash(password),
  verify: (password, hash) => {
    verifications += 1;
    return bcrypt.verify(password, hash);
  },
  unknownUserHash: bcrypt.unknownUserHash,
};

let t: TestApp;
/** Every response body of this file, checked at the end for passwords and hashes. */
const bodies: string[] = [];
/** Each test uses its own client address, so the per-address login limit never interferes. */
let addressCounter = 0;
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await t.inject({ remoteAddress: nextAddress(), ...options });
  bodies.push(response.body);
  return response;
}

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sv_session');
  if (!cookie?.value) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `sv_session=${cookie.value}`;
}

async function loginCookie(uid: string, password: string): Promise<string> {
  return sessionCookie(await call({ method: 'POST', url: '/api/login', payload: { username: uid, password } }));
}

async function countSessions(userId: number): Promise<number> {
  return (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
}

/** Moved on past RECHECK_MS after a change written behind the site's back (another instance). */
let clockOffsetMs = 0;
const afterTheRecheck = () => void (clockOffsetMs += RECHECK_MS);

beforeAll(async () => {
  t = await createTestApp({ passwords: countingHasher, clock: { now: () => new Date(Date.now() + clockOffsetMs) } });
});
afterAll(() => t.close());

describe('auth.login over tRPC', () => {
  it('sets an HttpOnly SameSite=Strict session cookie and returns the own record without any password', async () => {
    const response = await call({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/sv_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/);
    const body = response.json();
    expect(body.result.data.data.uid).toBe(ADMIN_UID);
    expect(body.result.data.data.permissions).toContain('users_view');
    expect(response.body).not.toMatch(/password|\$2[aby]\$/);
  });

  it('answers validation failures with the German messages per field', async () => {
    const response = await call({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.message).toBe('Die Schützennummer darf nicht leer gelassen werden!');
    expect(error.data.fieldErrors).toEqual({
      username: ['Die Schützennummer darf nicht leer gelassen werden!'],
      password: ['Das Passwort darf nicht leer gelassen werden!'],
    });
    expect(JSON.stringify(error)).not.toMatch(/stack|at .*\.ts/);
  });

  it('answers wrong credentials with 401 and the German message', async () => {
    const response = await call({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { username: ADMIN_UID, password: 'falsch123' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(WRONG_CREDENTIALS);
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/login', () => {
  it('sets the session cookie and answers with the own record and its permissions', async () => {
    const response = await call({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'sv_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Number(cookie?.maxAge)).toBeGreaterThan(0);
    const body = response.json();
    expect(body.message).toBe('Erfolgreich angemeldet');
    expect(body.data).toMatchObject({ id: 1, uid: ADMIN_UID });
    expect([...body.data.permissions].sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(body.data).not.toHaveProperty('password');
    expect(body.data).not.toHaveProperty('password_hash');
  });

  it('gives the browser a long-lived signed device cookie (HttpOnly, SameSite=Strict), over REST and tRPC', async () => {
    const response = await call({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
    const device = response.cookies.find((c) => c.name === 'sv_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 365 * 24 * 60 * 60 });
    expect(device?.secure).toBeFalsy();
    // Random id and an HMAC of shooter number and id with the database's secret; the number itself is not in it.
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(device?.value).not.toContain(ADMIN_UID);
    const secrets = await t.db.selectFrom('server_secrets').select(['name', 'value']).execute();
    expect(secrets).toEqual([{ name: 'device_cookie', value: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(device?.value).not.toContain(secrets[0]!.value);

    const trpc = await call({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    const again = trpc.cookies.find((c) => c.name === 'sv_device');
    expect(again?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // Every login a new id.
    expect(again?.value).not.toBe(device?.value);
    // A failed login gives none.
    const failed = await call({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: 'Falsch1234' } });
    expect(failed.cookies.find((c) => c.name === 'sv_device')).toBeUndefined();
  });

  it('stores only a hash of the cookie token', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const token = cookie.split('=')[1]!;
    const ids = (await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(token);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });

  it.each([
    ['a wrong password', ADMIN_UID, 'Falsch1234'],
    ['an unknown shooter number', '87654321', ADMIN_PASSWORD],
  ])('answers %s with 401 {message} and no WWW-Authenticate header', async (_case, username, password) => {
    const response = await call({ method: 'POST', url: '/api/login', payload: { username, password } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [
      { username: '', password: '' },
      {
        message: 'Die Schützennummer darf nicht leer gelassen werden!',
        errors: {
          username: ['Die Schützennummer darf nicht leer gelassen werden!'],
          password: ['Das Passwort darf nicht leer gelassen werden!'],
        },
      },
    ],
    [
      { username: '123', password: 'x' },
      { message: 'Die Schützennummer muss genau 8 Zeichen lang sein!', errors: { username: ['Die Schützennummer muss genau 8 Zeichen lang sein!'] } },
    ],
    [
      { username: 'abcdefgh', password: 'x' },
      {
        message: 'Die Schützennummer muss zwischen 0 und 99999999 liegen!',
        errors: { username: ['Die Schützennummer muss zwischen 0 und 99999999 liegen!'] },
      },
    ],
    [
      { username: ADMIN_UID },
      { message: 'Das Passwort darf nicht leer gelassen werden!', errors: { password: ['Das Passwort darf nicht leer gelassen werden!'] } },
    ],
  ])('answers invalid input %j with 422 and the exact German messages', async (payload, expected) => {
    const response = await call({ method: 'POST', url: '/api/login', payload });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(expected);
  });

  it('answers a login without a body with 422 and a message', async () => {
    const response = await call({ method: 'POST', url: '/api/login' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({
      config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, PUBLIC_URL: 'https://verein.example.org' }),
    });
    try {
      const response = await secure.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === '__Host-sv_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/' });
      expect(cookie?.domain).toBeUndefined();
      const device = response.cookies.find((c) => c.name === '__Host-sv_device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/' });
      expect(device?.domain).toBeUndefined();
      const me = await secure.inject({ method: 'GET', url: '/api/me', headers: { cookie: `__Host-sv_session=${cookie?.value}` } });
      expect(me.statusCode).toBe(200);
      expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('sessions', () => {
  it('auth.session answers null for nobody and the own record for a session, never 401', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/trpc/auth.session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().result.data).toBeNull();
    const stale = await t.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie: 'sv_session=abgelaufen' } });
    expect(stale.json().result.data).toBeNull();
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const member = await t.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
    expect(member.json().result.data).toMatchObject({ id: 1, uid: ADMIN_UID, permissions: expect.arrayContaining(['log_view']) });
  });

  it('GET /api/me and auth.me answer with the own record and permissions for the cookie', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const rest = await call({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toMatchObject({ id: 1, uid: ADMIN_UID });

    const trpc = await call({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(trpc.statusCode).toBe(200);
    const me = trpc.json().result.data;
    expect(me.uid).toBe(ADMIN_UID);
    expect([...me.permissions].sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(me.groups[0]).toMatchObject({ id: 1, name: 'Administratoren' });
    expect(me.groups[0].permissions.map((p: { name: string }) => p.name).sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it('answers without credentials with 401 and never a WWW-Authenticate header', async () => {
    for (const url of ['/api/me', '/trpc/auth.me']) {
      const response = await call({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBeUndefined();
      const message = url.startsWith('/api') ? response.json().message : response.json().error.message;
      expect(message).toBe(MESSAGES.unauthorized);
    }
    const unknownCookie = await call({ method: 'GET', url: '/api/me', headers: { cookie: 'sv_session=erfunden' } });
    expect(unknownCookie.statusCode).toBe(401);
  });

  it('logout deletes the session, so the cookie no longer works', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const before = await countSessions(1);
    const response = await call({ method: 'POST', url: '/api/logout', headers: { cookie, ...XHR } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Erfolgreich abgemeldet' });
    expect(String(response.headers['set-cookie'])).toMatch(/sv_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await countSessions(1)).toBe(before - 1);
    const after = await call({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('logout over tRPC ends the session too', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const response = await call({ method: 'POST', url: '/trpc/auth.logout', headers: { cookie, ...XHR, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } })).statusCode).toBe(401);
  });

  it("a new login ends the browser's previous session", async () => {
    const member = await t.createMember([]);
    const first = await loginCookie(member.uid, MEMBER_PASSWORD);
    const elsewhere = await loginCookie(member.uid, MEMBER_PASSWORD);
    expect(await countSessions(member.id)).toBe(2);
    // The same browser logs in again (as someone else even): its old session is gone.
    const second = await call({ method: 'POST', url: '/api/login', headers: { cookie: first, ...XHR }, payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
    expect(second.statusCode).toBe(200);
    expect(await countSessions(member.id)).toBe(1);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: elsewhere } })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(second) } })).json().data.uid).toBe(ADMIN_UID);
  });

  it("'Auf allen Geräten abmelden' (auth.logoutOthers, POST /api/logout-others) ends every other session and keeps the own", async () => {
    const member = await t.createMember([]);
    const [own, laptop, phone] = [
      await loginCookie(member.uid, MEMBER_PASSWORD),
      await loginCookie(member.uid, MEMBER_PASSWORD),
      await loginCookie(member.uid, MEMBER_PASSWORD),
    ];
    const other = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const response = await call({ method: 'POST', url: '/trpc/auth.logoutOthers', headers: { cookie: own, ...XHR, 'content-type': 'application/json' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toEqual({ message: 'Du wurdest auf allen anderen Geräten abgemeldet.', data: { ended: 2 } });
    for (const cookie of [laptop, phone]) expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: own } })).statusCode).toBe(200);
    // Other members keep theirs.
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: other } })).statusCode).toBe(200);
    const log = await t.db.selectFrom('log_entries').select('message').where('actor', 'like', `${member.uid} %`).execute();
    expect(log.map((row) => row.message)).toContain('Auf allen anderen Geräten abgemeldet (2 Sitzungen beendet)');

    // Over REST; with a cookie it needs the header like every change.
    const again = await loginCookie(member.uid, MEMBER_PASSWORD);
    expect((await call({ method: 'POST', url: '/api/logout-others', headers: { cookie: own } })).statusCode).toBe(403);
    const rest = await call({ method: 'POST', url: '/api/logout-others', headers: { cookie: own, ...XHR } });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ message: 'Du wurdest auf allen anderen Geräten abgemeldet.', data: { ended: 1 } });
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie: again } })).statusCode).toBe(401);

    // With Basic there is no own session to keep: all of them end.
    const basic = await call({ method: 'POST', url: '/api/logout-others', headers: member.auth });
    expect(basic.json().data).toEqual({ ended: 1 });
    expect(await countSessions(member.id)).toBe(0);
  });

  it("a deleted member's session cookie stops working on the next request", async () => {
    const member = await t.createMember(['dashboard_view']);
    const cookie = await loginCookie(member.uid, MEMBER_PASSWORD);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', member.id).execute();
    const response = await call({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('an expired session no longer counts', async () => {
    const member = await t.createMember([]);
    const cookie = await loginCookie(member.uid, MEMBER_PASSWORD);
    await t.db.updateTable('sessions').set({ expires_ms: Date.now() - 1 }).where('user_id', '=', member.id).execute();
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('HTTP Basic', () => {
  it('GET /api/me answers for the right shooter number and password', async () => {
    const response = await call({ method: 'GET', url: '/api/me', headers: t.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: 1, uid: ADMIN_UID });
    expect(response.json().data.permissions).toContain('log_view');
  });

  it.each([
    ['a wrong password', () => t.basic(ADMIN_UID, 'Falsch1234')],
    ['an unknown shooter number', () => t.basic('87654321', ADMIN_PASSWORD)],
    ['a malformed header', () => ({ authorization: 'Basic ***' })],
    ['another scheme', () => ({ authorization: 'Bearer abc' })],
  ])('answers %s with 401 {message} and no WWW-Authenticate header', async (_case, headers) => {
    const response = await call({ method: 'GET', url: '/api/me', headers: headers() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: WRONG_CREDENTIALS });
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses a user name that is not exactly 8 digits before any database work', async () => {
    const attempts = async () => (await t.db.selectFrom('login_attempts').select('id').execute()).length;
    const logLines = async () => (await t.db.selectFrom('log_entries').select('id').execute()).length;
    const [attemptsBefore, logBefore] = [await attempts(), await logLines()];
    for (const uid of ['admin', '0000001', '000000001', ' 00000001', '0000000a', '']) {
      const response = await call({ method: 'GET', url: '/api/me', headers: t.basic(uid, ADMIN_PASSWORD) });
      expect(response.statusCode, uid).toBe(401);
      expect(response.json()).toEqual({ message: WRONG_CREDENTIALS });
    }
    expect(await attempts()).toBe(attemptsBefore);
    expect(await logLines()).toBe(logBefore);
  });

  it('accepts passwords with a colon and umlauts', async () => {
    const member = await t.createMember([]);
    const password = 'Schütze:2026:ÄÖÜß';
    await t.db
      .updateTable('users')
      .set({ password_hash: await bcrypt.hash(password) })
      .where('id', '=', member.id)
      .execute();
    expect((await call({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, password) })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, 'Schütze') })).statusCode).toBe(401);
    const cookie = await loginCookie(member.uid, password);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers wrong Basic credentials over tRPC with 401 too', async () => {
    const response = await call({ method: 'GET', url: '/trpc/auth.me', headers: t.basic(ADMIN_UID, 'Falsch1234') });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(WRONG_CREDENTIALS);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('runs bcrypt once and then remembers the verified credentials', async () => {
    const member = await t.createMember(['calendar_view']);
    const before = verifications;
    expect((await call({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode).toBe(200);
    expect(verifications).toBe(before + 1);
    for (let i = 0; i < 3; i++) {
      expect((await call({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode).toBe(200);
    }
    expect(verifications).toBe(before + 1);
    // A different password for the same member is never served from the cache.
    expect((await call({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, 'Falsch1234') })).statusCode).toBe(401);
    expect(verifications).toBe(before + 2);
  });

  it('checks a burst of parallel requests with new credentials once per client (its parallel attempts were booked, up to a 429)', async () => {
    const member = await t.createMember(['calendar_view']);
    const before = verifications;
    const ask = (remoteAddress: string) => t.inject({ method: 'GET', url: '/api/me', headers: member.auth, remoteAddress });
    // A program's first burst: one bcrypt for one client, not one per connection; another client is checked itself.
    const burst = await Promise.all([...Array.from({ length: 6 }, () => ask('10.77.0.1')), ask('10.77.0.2')]);
    expect(burst.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(verifications).toBe(before + 2);
    const wrong = await Promise.all(Array.from({ length: 3 }, () => t.inject({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, 'Falsch1234'), remoteAddress: '10.77.0.3' })));
    expect(wrong.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    expect(verifications).toBe(before + 3);
  });

  it('keeps verified credentials while a program uses them, and forgets them a lifetime after the last use', async () => {
    let nowMs = Date.parse('2026-11-25T10:00:00Z');
    const app = await createTestApp({ passwords: countingHasher, credentialTtlMs: 60_000, clock: { now: () => new Date(nowMs) } });
    try {
      const member = await app.createMember(['calendar_view']);
      const ask = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode;
      const before = verifications;
      expect(await ask()).toBe(200);
      // Polled every 50 s for five minutes: bcrypt ran once.
      for (let poll = 0; poll < 6; poll++) {
        nowMs += 50_000;
        expect(await ask()).toBe(200);
      }
      expect(verifications).toBe(before + 1);
      nowMs += 60_000;
      expect(await ask()).toBe(200);
      expect(verifications).toBe(before + 2);
    } finally {
      await app.close();
    }
  });

  it('refuses the old password within a second after another instance changed it in the database', async () => {
    const member = await t.createMember(['calendar_view']);
    expect((await call({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode).toBe(200);
    await t.db
      .updateTable('users')
      .set({ password_hash: await bcrypt.hash('Neu12345') })
      .where('id', '=', member.id)
      .execute();
    // Remembered as the database showed it a moment ago, for RECHECK_MS.
    expect((await call({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(403);
    afterTheRecheck();
    const old = await call({ method: 'GET', url: '/api/me', headers: member.auth });
    expect(old.statusCode).toBe(401);
    const renewed = await call({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, 'Neu12345') });
    expect(renewed.statusCode).toBe(200);
  });

  it('refuses the cached credentials of a member deleted by another instance within a second', async () => {
    const member = await t.createMember(['calendar_view']);
    const month = () => call({ method: 'GET', url: '/api/calendar/2027/01', headers: member.auth });
    expect((await month()).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', member.id).execute();
    afterTheRecheck();
    expect((await month()).statusCode).toBe(401);
  });

  it('takes group permissions changed through the site at once, and changed by another instance within a second', async () => {
    const member = await t.createMember(['calendar_view']);
    const admin = t.basic(ADMIN_UID, ADMIN_PASSWORD);
    const month = async () => (await call({ method: 'GET', url: '/api/calendar/2027/01', headers: member.auth })).statusCode;
    expect(await month()).toBe(200);
    const group = await call({ method: 'PUT', url: `/api/groups/${member.groupId}`, headers: admin, payload: { name: `Gruppe ${member.uid}`, permissions: [] } });
    expect(group.statusCode, group.body).toBe(200);
    expect(await month()).toBe(403);
    const calendarView = await t.db.selectFrom('permissions').select('id').where('name', '=', 'calendar_view').executeTakeFirstOrThrow();
    await t.db.insertInto('group_permissions').values({ group_id: member.groupId, permission_id: calendarView.id }).execute();
    // Written behind the site's back: the remembered member counts until the next look.
    expect(await month()).toBe(403);
    afterTheRecheck();
    expect(await month()).toBe(200);
    expect((await call({ method: 'GET', url: '/api/me', headers: member.auth })).json().data.permissions).toEqual(['calendar_view']);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a cookie-authenticated POST without X-Requested-With and changes nothing', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const sessions = await countSessions(1);
    for (const headers of [{ cookie }, { cookie, 'x-requested-with': 'fetch' }]) {
      for (const url of ['/api/logout', '/trpc/auth.logout']) {
        const response = await call({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: MESSAGES.csrf });
      }
    }
    expect(MESSAGES.csrf).toMatch(/Anfrage abgelehnt/);
    expect(await countSessions(1)).toBe(sessions);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets the same POST through with the header', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    const response = await call({ method: 'POST', url: '/api/logout', headers: { cookie, ...XHR } });
    expect(response.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('needs no header for reading with the cookie or for Basic requests', async () => {
    const cookie = await loginCookie(ADMIN_UID, ADMIN_PASSWORD);
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const basic = await call({ method: 'POST', url: '/api/logout', headers: t.admin });
    expect(basic.statusCode).toBe(200);
    // The Basic logout has no session to end; the cookie's session lives on.
    expect((await call({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('responses', () => {
  it('never contain a password or a bcrypt hash', () => {
    expect(bodies.length).toBeGreaterThan(30);
    for (const body of bodies) {
      expect(body).not.toMatch(/\$2[aby]\$\d\d\$/);
      expect(body).not.toMatch(/password_hash/);
      expect(body).not.toMatch(/"password"\s*:\s*"/);
      expect(body).not.toContain(ADMIN_PASSWORD);
      expect(body).not.toContain(MEMBER_PASSWORD);
    }
  });
});
