import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../src/server/areas/auth/login-limits.ts';
import { SESSION_LIFETIME_MS, SESSION_MAX_AGE_MS } from '../../src/server/areas/auth/sessions.ts';
import { buildApp } from '../../src/server/app.ts';
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
  it('allows 5 failures per number and address, 20 per address, 100 per number and 5 per known browser within 15 minutes', () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({ perUidAndAddress: 5, perAddress: 20, perUid: 100, perDevice: 5, windowMs: 15 * 60 * 1000 });
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
    expect(lines[0]).toMatch(/^Anmeldung gesperrt \(zu viele Fehlversuche dieser Schützennummer von allen Adressen; unbekanntes Gerät\) von 10\.30\.\d+\.\d+$/);
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

  it('ends 90 days after the login at the latest, however active', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
    const member = await t.createMember([]);
    const response = await login(member.uid, MEMBER_PASSWORD);
    const cookie = `sv_session=${response.cookies.find((c) => c.name === 'sv_session')?.value}`;
    const me = () => t.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const loginMs = nowMs;
    for (let day = 10; day < 90; day += 10) {
      nowMs = loginMs + day * DAY;
      expect((await me()).statusCode, `Tag ${day}`).toBe(200);
    }
    nowMs = loginMs + 90 * DAY - 1;
    expect((await me()).statusCode).toBe(200);
    const session = await t.db.selectFrom('sessions').select(['created_ms', 'expires_ms']).where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(Number(session.expires_ms)).toBe(Number(session.created_ms) + 90 * DAY);
    nowMs = loginMs + 90 * DAY;
    expect((await me()).statusCode).toBe(401);
  });
});

describe('failed logins per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ loginLimits: { perUidAndAddress: 5, perAddress: 3, perUid: 100, perDevice: 5, windowMs: 60_000 } });
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
      loginLimits: { perUidAndAddress: 5, perAddress: 2, perUid: 100, perDevice: 5, windowMs: 60_000 },
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

describe('behind a reverse proxy: networks and known browsers (TRUST_PROXY=1, default limits)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ clock, config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, TRUST_PROXY: '1' }) });
  });
  afterAll(() => proxied.close());

  function attempt(uid: string, password: string, forwardedFor: string, cookie?: string, app: TestApp = proxied) {
    return app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor, ...(cookie ? { cookie } : {}) },
      payload: { username: uid, password },
    });
  }
  const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const value = response.cookies.find((c) => c.name === 'sv_device')?.value;
    if (!value) throw new Error('kein Gerätecookie');
    return `sv_device=${value}`;
  };
  async function lines(app: TestApp, uid: string): Promise<string[]> {
    const rows = await app.db.selectFrom('log_entries').select('message').where('actor', '=', `Schützennummer ${uid}`).orderBy('id').execute();
    return rows.map((row) => row.message);
  }
  /** 100 failures for the number from 25 IPv4 networks, 4 each: no network reaches a limit of its own. */
  async function lockNumber(uid: string, prefix: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      expect((await attempt(uid, `Falsch${i}123`, `${prefix}.${Math.floor(i / 4)}`)).statusCode).toBe(401);
    }
  }

  it('stops 40 failures from 40 addresses of one /64 like 40 from one address; the right password works from another network', async () => {
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    const [single, spread] = [await proxied.createMember([]), await proxied.createMember([])];
    const fromOne: number[] = [];
    const fromMany: number[] = [];
    for (let i = 0; i < 40; i++) {
      fromOne.push((await attempt(single.uid, `Falsch${i}123`, '2001:db8:aa:1::7')).statusCode);
      fromMany.push((await attempt(spread.uid, `Falsch${i}123`, `2001:db8:aa:2:${(i + 1).toString(16)}::${i + 1}`)).statusCode);
    }
    expect(fromOne).toEqual([...Array<number>(5).fill(401), ...Array<number>(35).fill(429)]);
    expect(fromMany).toEqual(fromOne);
    // Any address of that /64 is locked for the number.
    expect((await attempt(spread.uid, MEMBER_PASSWORD, '2001:db8:aa:2:ffff::1')).statusCode).toBe(429);
    // The member, from another network, logs in.
    expect((await attempt(spread.uid, MEMBER_PASSWORD, '2001:db8:bb:1::1')).statusCode).toBe(200);
    expect((await attempt(spread.uid, MEMBER_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
    // Written once, naming the /64.
    const refusals = (await lines(proxied, spread.uid)).filter((line) => line.startsWith('Anmeldung gesperrt'));
    expect(refusals).toEqual(['Anmeldung gesperrt (zu viele Fehlversuche) von 2001:db8:aa:2:6::6 (Netz 2001:db8:aa:2::/64)']);
  });

  it('counts the limit per address (20, whatever the number) per /64, and IPv4-mapped addresses as IPv4', async () => {
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    for (let i = 0; i < 20; i++) {
      const uid = String(71000000 + i);
      expect((await attempt(uid, 'Falsch1234', `2001:db8:cc:1::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    }
    expect((await attempt(ADMIN_UID, ADMIN_PASSWORD, '2001:db8:cc:1:abcd::1')).statusCode).toBe(429);
    expect((await attempt(ADMIN_UID, ADMIN_PASSWORD, '2001:db8:cc:2::1')).statusCode).toBe(200);

    for (let i = 0; i < 20; i++) {
      expect((await attempt(String(72000000 + i), 'Falsch1234', i % 2 === 0 ? '198.51.100.9' : '::ffff:198.51.100.9')).statusCode).toBe(401);
    }
    expect((await attempt(ADMIN_UID, ADMIN_PASSWORD, '::ffff:c633:6409')).statusCode).toBe(429);
  });

  it('lets a known browser log in during a lock of the number, but not an unknown one, and logs which path', async () => {
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    const member = await proxied.createMember([]);
    const own = await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.10');
    expect(own.statusCode).toBe(200);
    const device = deviceCookieOf(own);
    const otherMember = await proxied.createMember([]);
    const othersDevice = deviceCookieOf(await attempt(otherMember.uid, MEMBER_PASSWORD, '192.0.2.11'));

    await lockNumber(member.uid, '203.0.113');
    // Unknown browsers: refused even with the right password, from a fresh network.
    expect((await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.20')).statusCode).toBe(429);
    // So are a made-up cookie, an altered one, one of another member and one of the
    // earlier form that carried the number readably.
    const [name, value] = device.split('=') as [string, string];
    const [id, mac] = value.split('.') as [string, string];
    const altered = `${name}=${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const cookie of [`${name}=${'x'.repeat(22)}.${mac}`, altered, othersDevice, `${name}=${member.uid}.${value}`]) {
      expect((await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.21', cookie)).statusCode, cookie).toBe(429);
    }
    // The member's own browser, from anywhere.
    const known = await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.22', device);
    expect(known.statusCode, known.body).toBe(200);
    expect(known.cookies.some((c) => c.name === 'sv_session')).toBe(true);

    const log = await lines(proxied, member.uid);
    expect(log).toContain('Anmeldung gesperrt (zu viele Fehlversuche dieser Schützennummer von allen Adressen; unbekanntes Gerät) von 192.0.2.20');
    expect(log).toContain('Anmeldung trotz Sperre der Schützennummer erlaubt (bekanntes Gerät) von 192.0.2.22');
  });

  it('counts failures of a known browser against the browser, and treats it as unknown once it has failed 5 times', async () => {
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    const member = await proxied.createMember([]);
    let device = deviceCookieOf(await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.30'));
    await lockNumber(member.uid, '203.0.114');
    for (let i = 0; i < 5; i++) {
      // From networks of their own: the per-network limits stay out of the way.
      expect((await attempt(member.uid, `Falsch${i}123`, `192.0.2.${40 + i}`, device)).statusCode).toBe(401);
    }
    const over = await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.50', device);
    expect(over.statusCode).toBe(429);
    const log = await lines(proxied, member.uid);
    expect(log).toContain('Fehlgeschlagene Anmeldung von 192.0.2.40 (bekanntes Gerät)');
    expect(log).toContain('Bekanntes Gerät nach zu vielen Fehlversuchen bis zum Ende der Sperrfrist wie ein unbekanntes behandelt von 192.0.2.50');
    expect(log).toContain(
      'Anmeldung gesperrt (zu viele Fehlversuche dieser Schützennummer von allen Adressen; bekanntes Gerät über seinem eigenen Limit) von 192.0.2.50',
    );

    // After the window the browser is known again.
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    const back = await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.51', device);
    expect(back.statusCode).toBe(200);
    device = deviceCookieOf(back);
    // A new cookie, opaque: random id and signature, never the shooter number.
    expect(device).toMatch(/^sv_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(device).not.toContain(member.uid);
  });

  it('keeps the secret in the database: another instance on it (or a restart) knows the browser', async () => {
    nowMs += DEFAULT_LOGIN_LIMITS.windowMs + 1;
    const member = await proxied.createMember([]);
    const device = deviceCookieOf(await attempt(member.uid, MEMBER_PASSWORD, '192.0.2.60'));
    await lockNumber(member.uid, '203.0.115');
    const second = await buildApp({
      db: proxied.db,
      dialect: proxied.app.services.dialect,
      config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, TRUST_PROXY: '1', UPLOADS_DIR: proxied.uploadsDir }),
      passwords: proxied.app.services.passwords,
      clock,
    });
    try {
      const viaSecond = (forwardedFor: string, cookie?: string) => second.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor, ...(cookie ? { cookie } : {}) },
        payload: { username: member.uid, password: MEMBER_PASSWORD },
      });
      expect((await viaSecond('192.0.2.61')).statusCode).toBe(429);
      expect((await viaSecond('192.0.2.62', device)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('failures of a known browser do not count against the number', () => {
  it('leaves unknown browsers unlocked where the same failures from them would lock the number', async () => {
    const limited = await createTestApp({ loginLimits: { perUidAndAddress: 5, perAddress: 20, perUid: 3, perDevice: 5, windowMs: 60_000 } });
    try {
      const member = await limited.createMember([]);
      const send = (password: string, remoteAddress: string, cookie?: string) =>
        limited.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: cookie ? { cookie } : {}, payload: { username: member.uid, password } });
      const own = await send(MEMBER_PASSWORD, '10.50.0.1');
      const device = `sv_device=${own.cookies.find((c) => c.name === 'sv_device')?.value}`;
      for (let i = 0; i < 4; i++) expect((await send('Falsch1234', `10.50.1.${i}`, device)).statusCode).toBe(401);
      expect((await send(MEMBER_PASSWORD, '10.50.2.1')).statusCode).toBe(200);
      // The same four failures without the cookie lock the number (3).
      for (let i = 0; i < 3; i++) expect((await send('Falsch1234', `10.50.3.${i}`)).statusCode).toBe(401);
      expect((await send(MEMBER_PASSWORD, '10.50.2.2')).statusCode).toBe(429);
      expect((await send(MEMBER_PASSWORD, '10.50.2.3', device)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
