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
const addressOf = (n: number) => `10.30.${Math.floor(n / 250)}.${n % 250}`;
const freshAddress = () => addressOf(++addressCounter);

function login(username: string, password: string, remoteAddress = freshAddress()) {
  return t.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function refusalLines(uid: string): Promise<string[]> {
  const rows = await t.db.selectFrom('log_entries').select('message').where('actor', '=', `Schützennummer ${uid}`).orderBy('id').execute();
  return rows.map((row) => row.message).filter((message) => message.startsWith('Anmeldung gesperrt'));
}

describe('failed logins per shooter number and address (defaults)', () => {
  it('allows 5 failures per number and address, 20 per address and 100 per number within 15 minutes', () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({ perUidAndAddress: 5, perAddress: 20, perUid: 100, windowMs: 15 * 60 * 1000 });
  });

  it('locks the number only for the failing address; the member logs in from another one', async () => {
    const member = await t.createMember([]);
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await login(member.uid, `Falsch${i}123`, attacker);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(member.uid, MEMBER_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // Basic and tRPC from that address are held back the same way.
    const basic = await t.inject({ method: 'GET', url: '/api/me', remoteAddress: attacker, headers: member.auth });
    expect(basic.statusCode).toBe(429);
    expect(basic.json()).toEqual({ message: TOO_MANY });
    const trpc = await t.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      remoteAddress: attacker,
      headers: { 'content-type': 'application/json' },
      payload: { username: member.uid, password: MEMBER_PASSWORD },
    });
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().error.message).toBe(TOO_MANY);

    // The member, from home, is not locked out, by login or by Basic.
    const home = freshAddress();
    const fromHome = await login(member.uid, MEMBER_PASSWORD, home);
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.cookies.some((c) => c.name === 'sv_session')).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/me', remoteAddress: freshAddress(), headers: member.auth })).statusCode).toBe(200);

    // ...and that success does not forgive the attacker's failures.
    expect((await login(member.uid, 'Falsch9123', attacker)).statusCode).toBe(429);

    const log = await t.db.selectFrom('log_entries').select('message').where('actor', '=', `Schützennummer ${member.uid}`).execute();
    expect(log.filter((row) => row.message.startsWith('Fehlgeschlagene Anmeldung'))).toHaveLength(5);
    expect(log.map((row) => row.message).join('\n')).not.toContain('Falsch');

    // Once the window has passed, the right password works from there again.
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    expect((await login(member.uid, MEMBER_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('refuses a number tried from many addresses after 100 failures, from any address', async () => {
    const member = await t.createMember([]);
    for (let i = 0; i < 100; i++) {
      // 4 per address: no address reaches its own limit.
      const address = i % 4 === 0 ? freshAddress() : addressOf(addressCounter);
      const response = await login(member.uid, `Falsch${i}123`, address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(member.uid, MEMBER_PASSWORD, freshAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    // Other members are not affected.
    expect((await login(ADMIN_UID, ADMIN_PASSWORD)).statusCode).toBe(200);

    // Written once for the number, however many addresses are refused.
    expect((await login(member.uid, MEMBER_PASSWORD, freshAddress())).statusCode).toBe(429);
    expect((await login(member.uid, MEMBER_PASSWORD, freshAddress())).statusCode).toBe(429);
    const lines = await refusalLines(member.uid);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Anmeldung gesperrt \(zu viele Fehlversuche dieser Schützennummer von allen Adressen\) von 10\.30\.\d+\.\d+$/);
  });

  it('writes a refused login to the log once per number and address per window, not once per request', async () => {
    const member = await t.createMember([]);
    const address = freshAddress();
    const failAndRefuse = async () => {
      for (let i = 0; i < 5; i++) expect((await login(member.uid, `Falsch${i}123`, address)).statusCode).toBe(401);
      for (let i = 0; i < 4; i++) expect((await login(member.uid, MEMBER_PASSWORD, address)).statusCode).toBe(429);
    };
    await failAndRefuse();
    expect(await refusalLines(member.uid)).toEqual([`Anmeldung gesperrt (zu viele Fehlversuche) von ${address}`]);

    // Another address is its own entry.
    const other = freshAddress();
    for (let i = 0; i < 5; i++) expect((await login(member.uid, `Falsch${i}123`, other)).statusCode).toBe(401);
    expect((await login(member.uid, MEMBER_PASSWORD, other)).statusCode).toBe(429);
    expect((await login(member.uid, MEMBER_PASSWORD, other)).statusCode).toBe(429);
    expect(await refusalLines(member.uid)).toHaveLength(2);

    // After the window the next lock-out is written again, once.
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    await failAndRefuse();
    expect(await refusalLines(member.uid)).toEqual([
      `Anmeldung gesperrt (zu viele Fehlversuche) von ${address}`,
      `Anmeldung gesperrt (zu viele Fehlversuche) von ${other}`,
      `Anmeldung gesperrt (zu viele Fehlversuche) von ${address}`,
    ]);
  });

  it('holds when the attempts arrive all at once', async () => {
    const member = await t.createMember([]);
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(member.uid, `Falsch${i}123`, address)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect((await login(member.uid, MEMBER_PASSWORD, address)).statusCode).toBe(429);
  });

  it('counts failed Basic requests too', async () => {
    const member = await t.createMember([]);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await t.inject({
        method: 'GET',
        url: '/api/me',
        remoteAddress: address,
        headers: t.basic(member.uid, `Falsch${i}123`),
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(member.uid, MEMBER_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
  });

  it('forgives the failures of a shooter number from an address after a successful login there', async () => {
    const member = await t.createMember([]);
    const address = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(member.uid, 'Falsch1234', address)).statusCode).toBe(401);
      expect((await login(member.uid, MEMBER_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('does not count answers to invalid input', async () => {
    const member = await t.createMember([]);
    const address = freshAddress();
    for (let i = 0; i < 6; i++) {
      const response = await t.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: member.uid, password: '' } });
      expect(response.statusCode).toBe(422);
    }
    expect((await login(member.uid, MEMBER_PASSWORD, address)).statusCode).toBe(200);
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
    limited = await createTestApp({ loginLimits: { perUidAndAddress: 5, perAddress: 3, perUid: 100, windowMs: 60_000 } });
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

    // Trying ever new shooter numbers from the locked address writes one line for the address.
    for (const uid of ['70000004', '70000005', '70000006']) {
      const response = await limited.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: uid, password: 'Falsch1234' } });
      expect(response.statusCode).toBe(429);
    }
    const refusals = (await limited.db.selectFrom('log_entries').select('message').execute())
      .map((row) => row.message)
      .filter((message) => message.startsWith('Anmeldung gesperrt'));
    expect(refusals).toEqual([`Anmeldung gesperrt (zu viele Fehlversuche von dieser Adresse) von ${address}`]);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1)', () => {
  it('counts failures per forwarded client address, not per proxy', async () => {
    const proxied = await createTestApp({
      config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, TRUST_PROXY: '1' }),
      loginLimits: { perUidAndAddress: 5, perAddress: 2, perUid: 100, windowMs: 60_000 },
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
