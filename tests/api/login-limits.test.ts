import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../src/server/areas/auth/login-limits.ts';
import { SESSION_LIFETIME_MS } from '../../src/server/areas/auth/sessions.ts';
import { readConfig } from '../../src/server/config.ts';
import { ADMIN_PASSWORD, ADMIN_UID, MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';

const TOO_MANY = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 15 Minuten erneut.';

/** A clock the tests move forward to let the window of failed attempts pass. */
let nowMs = Date.parse('2026-05-01T10:00:00Z');
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
let addressCounter = 0;
const freshAddress = () => `10.30.0.${++addressCounter}`;

function login(username: string, password: string, remoteAddress = freshAddress()) {
  return t.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('failed logins per shooter number (defaults)', () => {
  it('allows 5 failures within 15 minutes', () => {
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({ perUid: 5, windowMs: 15 * 60 * 1000 });
    expect(DEFAULT_LOGIN_LIMITS.perAddress).toBeGreaterThan(DEFAULT_LOGIN_LIMITS.perUid);
  });

  it('refuses the 6th attempt with 429, even with the right password and from another address', async () => {
    const member = await t.createMember([]);
    for (let i = 0; i < 5; i++) {
      const response = await login(member.uid, `Falsch${i}123`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(member.uid, MEMBER_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // Basic and tRPC are held back the same way.
    const basic = await t.inject({ method: 'GET', url: '/api/me', remoteAddress: freshAddress(), headers: member.auth });
    expect(basic.statusCode).toBe(429);
    expect(basic.json()).toEqual({ message: TOO_MANY });
    const trpc = await t.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/json' },
      payload: { username: member.uid, password: MEMBER_PASSWORD },
    });
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().error.message).toBe(TOO_MANY);

    // Other members are not affected.
    expect((await login(ADMIN_UID, ADMIN_PASSWORD)).statusCode).toBe(200);

    const log = await t.db.selectFrom('log_entries').select('message').where('actor', '=', `Schützennummer ${member.uid}`).execute();
    expect(log.filter((row) => row.message.startsWith('Fehlgeschlagene Anmeldung'))).toHaveLength(5);
    expect(log.some((row) => row.message.startsWith('Anmeldung gesperrt'))).toBe(true);
    expect(log.map((row) => row.message).join('\n')).not.toContain('Falsch');

    // Once the window has passed, the right password works again.
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    expect((await login(member.uid, MEMBER_PASSWORD)).statusCode).toBe(200);
  });

  it('holds when the attempts arrive all at once', async () => {
    const member = await t.createMember([]);
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(member.uid, `Falsch${i}123`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect((await login(member.uid, MEMBER_PASSWORD)).statusCode).toBe(429);
  });

  it('counts failed Basic requests too', async () => {
    const member = await t.createMember([]);
    for (let i = 0; i < 5; i++) {
      const response = await t.inject({
        method: 'GET',
        url: '/api/me',
        remoteAddress: freshAddress(),
        headers: t.basic(member.uid, `Falsch${i}123`),
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(member.uid, MEMBER_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
  });

  it('forgives the failures of a shooter number after a successful login', async () => {
    const member = await t.createMember([]);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(member.uid, 'Falsch1234')).statusCode).toBe(401);
      expect((await login(member.uid, MEMBER_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('does not count answers to invalid input', async () => {
    const member = await t.createMember([]);
    for (let i = 0; i < 6; i++) {
      const response = await t.inject({ method: 'POST', url: '/api/login', payload: { username: member.uid, password: '' } });
      expect(response.statusCode).toBe(422);
    }
    expect((await login(member.uid, MEMBER_PASSWORD)).statusCode).toBe(200);
  });
});

describe('session lifetime (same clock)', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('lasts 14 days without use and is extended by use', async () => {
    expect(SESSION_LIFETIME_MS).toBe(14 * DAY);
    const member = await t.createMember([]);
    const response = await login(member.uid, MEMBER_PASSWORD);
    const cookie = `sv_session=${response.cookies.find((c) => c.name === 'sv_session')?.value}`;
    const me = () => t.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

    nowMs += 13 * DAY;
    expect((await me()).statusCode).toBe(200);
    // Used on day 13, so it lives until day 27.
    nowMs += 13 * DAY;
    expect((await me()).statusCode).toBe(200);
    nowMs += 14 * DAY + 1;
    expect((await me()).statusCode).toBe(401);
  });
});

describe('failed logins per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ loginLimits: { perUid: 100, perAddress: 3, windowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  it('refuses every login from an address with too many failures, whatever the shooter number', async () => {
    const address = '10.40.0.1';
    for (const uid of ['70000001', '70000002', '70000003']) {
      const response = await limited.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: uid, password: 'Falsch1234' } });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await limited.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in 1 Minute erneut.' });

    const basic = await limited.inject({ method: 'GET', url: '/api/me', remoteAddress: address, headers: limited.admin });
    expect(basic.statusCode).toBe(429);

    const elsewhere = await limited.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.40.0.2',
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1)', () => {
  it('counts failures per forwarded client address, not per proxy', async () => {
    const proxied = await createTestApp({
      config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, TRUST_PROXY: '1' }),
      loginLimits: { perUid: 100, perAddress: 2, windowMs: 60_000 },
    });
    try {
      const attempt = (forwardedFor: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { username: ADMIN_UID, password: 'Falsch123' },
        });
      expect((await attempt('203.0.113.5')).statusCode).toBe(401);
      expect((await attempt('203.0.113.5')).statusCode).toBe(401);
      expect((await attempt('203.0.113.5')).statusCode).toBe(429);
      // Another visitor behind the same proxy is not locked out.
      expect((await attempt('198.51.100.7')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
