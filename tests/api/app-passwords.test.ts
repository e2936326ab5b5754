import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PASSWORDS_MAX } from '../../src/shared/schemas/secondFactor.ts';
import { RECHECK_MS } from '../../src/server/areas/auth/credential-cache.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor } from '../helpers/secondFactor.ts';

/**
 * App passwords for programs with Basic authentication (README „Zweiter Faktor und
 * App-Passwörter“): created on Meine Daten and shown once, stored hashed, listed with
 * creation and last use, revocable at once; with a second factor they are the only
 * passwords Basic authentication takes.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };

let t: TestApp;
/** Moved on past RECHECK_MS after a change written behind the site's back (another instance). */
let clockOffsetMs = 0;
const afterTheRecheck = () => void (clockOffsetMs += RECHECK_MS);
let counter = 0;
let address = '';
const nextUid = () => String(42000000 + ++counter);

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + clockOffsetMs) } });
});
afterAll(() => t.close());

function newAddress(): void {
  address = `10.78.${Math.floor(counter / 200)}.${(counter % 200) + 1}`;
}

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.inject({ remoteAddress: address, ...options });
}

function trpc(path: string, input: unknown, headers: Record<string, string> = {}) {
  return inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...JSON_XHR, ...headers }, payload: JSON.stringify(input ?? null) });
}

function query(path: string, headers: Record<string, string>) {
  return inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

async function sessionOf(uid: string): Promise<Record<string, string>> {
  const response = await trpc('auth.login', { username: uid, password: MEMBER_PASSWORD });
  const cookie = response.cookies.find((c) => c.name === 'sv_session');
  if (!cookie) throw new Error(response.body);
  return { cookie: `sv_session=${cookie.value}`, ...XHR };
}

async function createAppPassword(headers: Record<string, string>, name: string, currentPassword?: string) {
  const response = await trpc('appPasswords.create', { name, current_password: currentPassword }, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { message: string; data: { id: number; name: string; created_at: string; last_used_at: string | null }; password: string };
}

describe('app passwords on Meine Daten', () => {
  it('are shown once, stored as a hash only, listed with creation and last use', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);

    const noPassword = await trpc('appPasswords.create', { name: 'Ergebnisdienst' }, session);
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().error.data.fieldErrors).toEqual({ current_password: ['Bitte gib zur Bestätigung dein aktuelles Passwort ein.'] });

    const created = await createAppPassword(session, '  Ergebnisdienst  ', MEMBER_PASSWORD);
    expect(created.message).toBe('App-Passwort angelegt');
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.data).toEqual({ id: expect.any(Number), name: 'Ergebnisdienst', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), last_used_at: null });

    const list = await query('appPasswords.list', session);
    expect(list.json().result.data).toEqual([created.data]);
    expect(list.body).not.toContain(created.password);
    const rows = await t.db.selectFrom('app_passwords').selectAll().where('user_id', '=', member.id).execute();
    expect(JSON.stringify(rows)).not.toContain(created.password);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message)).toContain(
      `App-Passwort ${created.data.id} „Ergebnisdienst“ angelegt`,
    );
  });

  it('refuse a missing or too long name in German and stop at the limit', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const empty = await trpc('appPasswords.create', { name: '   ' }, member.auth);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.data.fieldErrors).toEqual({ name: ['Der Name darf nicht leer gelassen werden!'] });
    const long = await trpc('appPasswords.create', { name: 'x'.repeat(101) }, member.auth);
    expect(long.json().error.data.fieldErrors).toEqual({ name: ['Der Name darf nicht länger als 100 Zeichen sein!'] });

    for (let i = 0; i < APP_PASSWORDS_MAX; i += 1) await createAppPassword(member.auth, `Programm ${i}`);
    const full = await trpc('appPasswords.create', { name: 'Eins zu viel' }, member.auth);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Du kannst höchstens 20 App-Passwörter haben. Bitte widerrufe zuerst eines, das du nicht mehr brauchst.');
  });

  it("are each member's own: nobody else lists or revokes them", async () => {
    newAddress();
    const owner = await t.createMember([], nextUid());
    const other = await t.createMember(['users_update', 'users_view'], nextUid());
    const { data } = await createAppPassword(owner.auth, 'Kalenderabgleich');
    expect((await query('appPasswords.list', other.auth)).json().result.data).toEqual([]);
    const revoke = await trpc('appPasswords.revoke', { id: data.id }, other.auth);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().error.message).toBe('Das App-Passwort wurde nicht gefunden.');
    expect((await query('appPasswords.list', owner.auth)).json().result.data).toHaveLength(1);
    expect((await trpc('appPasswords.revoke', { id: 'eins' }, owner.auth)).statusCode).toBe(400);
    expect((await query('appPasswords.list', {})).statusCode).toBe(401);
  });
});

describe('Basic authentication with app passwords', () => {
  it('takes only app passwords for a member with a second factor, notes their last use at most once a minute, and stops at once on revocation', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    const { data, password } = await createAppPassword(member.auth, 'Vereinsprogramm');
    const session = await sessionOf(member.uid);
    await enableSecondFactor(t.db, member.id);
    const app = t.basic(member.uid, password);

    // Switched on behind the site's back: the remembered account password counts within a second.
    afterTheRecheck();
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(401);
    const rest = await inject({ method: 'GET', url: '/api/hosts', headers: app });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await query('hosts.list', app)).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/me', headers: app })).json().data).toMatchObject({ id: member.id, second_factor: true });

    const used = async () => (await t.db.selectFrom('app_passwords').select('last_used_ms').where('id', '=', data.id).executeTakeFirstOrThrow()).last_used_ms;
    const first = Number(await used());
    expect(first).toBeGreaterThan(Date.now() - 10_000);
    const listed = (await query('appPasswords.list', session)).json().result.data[0];
    expect(listed.last_used_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Within the minute it is not written again; after it, it is (at the next look into the database).
    await t.db.updateTable('app_passwords').set({ last_used_ms: first - 30_000 }).where('id', '=', data.id).execute();
    afterTheRecheck();
    await inject({ method: 'GET', url: '/api/hosts', headers: app });
    expect(Number(await used())).toBe(first - 30_000);
    await t.db.updateTable('app_passwords').set({ last_used_ms: first - 61_000 }).where('id', '=', data.id).execute();
    afterTheRecheck();
    await inject({ method: 'GET', url: '/api/hosts', headers: app });
    expect(Number(await used())).toBeGreaterThanOrEqual(first);

    // Revoked on Meine Daten while the program is at work: its next request is refused, cache or not.
    const revoked = await trpc('appPasswords.revoke', { id: data.id }, session);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().result.data).toEqual({ message: 'App-Passwort widerrufen', data: { id: data.id } });
    const after = await inject({ method: 'GET', url: '/api/hosts', headers: app });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Schützennummer oder Passwort ist falsch.');
    expect((await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message)).toContain(
      `App-Passwort ${data.id} „Vereinsprogramm“ widerrufen`,
    );
  });

  it('stops a remembered app password within a second also when it is deleted behind the cache (another instance)', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    const { data, password } = await createAppPassword(member.auth, 'Anzeige');
    const app = t.basic(member.uid, password);
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: app })).statusCode).toBe(200);
    await t.db.deleteFrom('app_passwords').where('id', '=', data.id).execute();
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: app })).statusCode).toBe(200);
    afterTheRecheck();
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: app })).statusCode).toBe(401);
  });

  it('leaves members without a second factor their account password, and takes their app passwords too', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    const { password } = await createAppPassword(member.auth, 'Alt und neu');
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: t.basic(member.uid, password) })).statusCode).toBe(200);
    // Another member's shooter number with this app password is wrong.
    const other = await t.createMember(['hosts_view'], nextUid());
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: t.basic(other.uid, password) })).statusCode).toBe(401);
  });

  it('counts wrong passwords as failed logins, app-password-shaped or not (429 at the limit)', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    await enableSecondFactor(t.db, member.id);
    for (let i = 0; i < 5; i += 1) {
      const guess = await inject({ method: 'GET', url: '/api/hosts', headers: t.basic(member.uid, `${'A'.repeat(23)}${i}`) });
      expect(guess.statusCode).toBe(401);
    }
    const limited = await inject({ method: 'GET', url: '/api/hosts', headers: t.basic(member.uid, 'B'.repeat(24)) });
    expect(limited.statusCode).toBe(429);
  });
});
