import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/server/areas/auth/second-factor.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { ADMIN_UID, MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor } from '../helpers/secondFactor.ts';

/**
 * The second factor (README „Zweiter Faktor und App-Passwörter“): setup on Meine Daten,
 * login in two steps, codes accepted once and counted like passwords, the group
 * requirement, switching off by the member and by an administrator, and Basic
 * authentication refusing the account password.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };
const WRONG_CODE = 'Der Code ist falsch oder wurde schon verwendet.';
const TICKET_GONE = 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit Schützennummer und Passwort an.';
const ACCOUNT_PASSWORD_REFUSED =
  'Dieses Konto ist mit einem zweiten Faktor geschützt: Programme melden sich mit einem App-Passwort an (Meine Daten → App-Passwörter), nicht mit dem Kontopasswort.';

let t: TestApp;
let counter = 0;
/** Each test its own address, so the limits per address never mix tests. */
let address = '';
const nextUid = () => String(41000000 + ++counter);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.inject({ remoteAddress: address, ...options });
}

function newAddress(): void {
  address = `10.77.${Math.floor(counter / 200)}.${(counter % 200) + 1}`;
}

async function trpc(path: string, input: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...JSON_XHR, ...headers }, payload: JSON.stringify(input ?? null) });
}

async function query(path: string, headers: Record<string, string>, input?: unknown): Promise<LightMyRequestResponse> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return inject({ method: 'GET', url: `/trpc/${path}${search}`, headers });
}

function cookieOf(response: LightMyRequestResponse): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name === 'sv_session');
  if (!cookie?.value) throw new Error(`no session: ${response.statusCode} ${response.body}`);
  return { cookie: `sv_session=${cookie.value}`, ...XHR };
}

/** Logs in with the password alone (members without a second factor). */
async function sessionOf(uid: string, password = MEMBER_PASSWORD): Promise<Record<string, string>> {
  return cookieOf(await trpc('auth.login', { username: uid, password }));
}

async function logMessages(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map((row) => row.message);
}

describe('setting up the second factor on Meine Daten', () => {
  it('starts with a key shown as QR code and text, is confirmed with a code and the password, and answers ten recovery codes once', async () => {
    newAddress();
    const member = await t.createMember(['calendar_view'], nextUid());
    const session = await sessionOf(member.uid);
    const otherSession = await sessionOf(member.uid);

    const before = await query('secondFactor.status', session);
    expect(before.json().result.data).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const begun = await trpc('secondFactor.begin', null, session);
    expect(begun.statusCode, begun.body).toBe(200);
    const { secret, uri } = begun.json().result.data.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(new RegExp(`^otpauth://totp/.+:${member.uid}\\?`));
    expect(uri).toContain(`secret=${secret}`);
    // Kept on the server, not yet switched on.
    expect((await query('secondFactor.status', session)).json().result.data.enabled).toBe(false);

    const wrong = await trpc('secondFactor.confirm', { code: '000000', current_password: MEMBER_PASSWORD }, session);
    const wrongCode = totpCodeAt(secret, Date.now()) === '000000' ? '111111' : '000000';
    const wrongAgain = await trpc('secondFactor.confirm', { code: wrongCode, current_password: MEMBER_PASSWORD }, session);
    expect(wrong.statusCode === 422 || wrongAgain.statusCode === 422).toBe(true);
    expect(wrongAgain.json().error.data.fieldErrors.code[0]).toMatch(/^Der Code stimmt nicht/);

    const noPassword = await trpc('secondFactor.confirm', { code: totpCodeAt(secret, Date.now()) }, session);
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().error.data.fieldErrors).toEqual({ current_password: ['Bitte gib zur Bestätigung dein aktuelles Passwort ein.'] });

    const badInput = await trpc('secondFactor.confirm', { code: '12ab', current_password: MEMBER_PASSWORD }, session);
    expect(badInput.statusCode).toBe(400);
    expect(badInput.json().error.message).toBe('Der Code besteht aus 6 Ziffern!');

    const confirmed = await trpc('secondFactor.confirm', { code: totpCodeAt(secret, Date.now()), current_password: MEMBER_PASSWORD }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { message, data } = confirmed.json().result.data;
    expect(message).toBe('Der zweite Faktor ist eingeschaltet.');
    expect(data.recovery_codes).toHaveLength(10);
    for (const code of data.recovery_codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(new Set(data.recovery_codes).size).toBe(10);

    // Only hashes are stored.
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', member.id).execute();
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of data.recovery_codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll('-', ''));
    }

    expect((await query('secondFactor.status', session)).json().result.data).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await query('auth.me', session)).json().result.data).toMatchObject({ second_factor: true, second_factor_required: false });
    // This browser stays, the other session ends.
    expect((await query('auth.session', otherSession)).json().result.data).toBeNull();

    const again = await trpc('secondFactor.begin', null, session);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Der zweite Faktor ist bereits eingeschaltet.');
    expect((await logMessages()).some((line) => line === 'Zweiten Faktor eingeschaltet')).toBe(true);
  });

  it('refuses a confirmation without a begun setup (422)', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const response = await trpc('secondFactor.confirm', { code: '123456', current_password: MEMBER_PASSWORD }, await sessionOf(member.uid));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Die Einrichtung wurde nicht begonnen oder ist abgelaufen. Bitte beginne sie erneut.');
  });

  it('needs no current password over Basic authentication, which has just proven it', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const begun = await trpc('secondFactor.begin', null, member.auth);
    const { secret } = begun.json().result.data.data;
    const confirmed = await trpc('secondFactor.confirm', { code: totpCodeAt(secret, Date.now()) }, member.auth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('logging in with the second factor', () => {
  it('opens no session after the password, then one after a right code, which is accepted only once', async () => {
    newAddress();
    const member = await t.createMember(['calendar_view'], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);

    const first = await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.cookies.find((c) => c.name === 'sv_session')).toBeUndefined();
    const answer = first.json().result.data;
    expect(answer).toEqual({ message: 'Bitte gib den Code aus deiner Authenticator-App ein.', ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 300 });
    expect(answer).not.toHaveProperty('data');
    // Only the hash of the reference is kept, bound to the member, for five minutes.
    const pending = await t.db.selectFrom('pending_logins').selectAll().where('user_id', '=', member.id).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.id).not.toBe(answer.ticket);
    expect(Number(pending[0]!.expires_ms) - Date.now()).toBeLessThanOrEqual(300_000);

    const wrong = await trpc('auth.loginCode', { ticket: answer.ticket, code: factor.codeAt(Date.now() - 10 * 60_000) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(WRONG_CODE);
    expect(wrong.json().error.data.fieldErrors).toEqual({ code: [WRONG_CODE] });
    expect(wrong.cookies.find((c) => c.name === 'sv_session')).toBeUndefined();

    const code = factor.codeAt();
    const right = await trpc('auth.loginCode', { ticket: answer.ticket, code: code.replace(/(\d{3})(\d{3})/, '$1 $2') });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().result.data).toMatchObject({ message: 'Erfolgreich angemeldet', data: { id: member.id, second_factor: true } });
    const session = cookieOf(right);
    expect((await query('auth.me', session)).json().result.data.id).toBe(member.id);
    expect(right.cookies.find((c) => c.name === 'sv_device')).toBeDefined();

    // The reference is used up, and the same code does not open a second login.
    const reused = await trpc('auth.loginCode', { ticket: answer.ticket, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(TICKET_GONE);
    const second = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    const replay = await trpc('auth.loginCode', { ticket: second, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(WRONG_CODE);
    // The next time step's code is new.
    const next = await trpc('auth.loginCode', { ticket: second, code: factor.codeAt(Date.now() + 30_000) });
    expect(next.statusCode, next.body).toBe(200);
    expect((await logMessages()).some((line) => line.startsWith('Anmeldung mit zweitem Faktor von'))).toBe(true);
  });

  it('takes each recovery code once and says how many are left', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);
    const code = factor.recoveryCodes[3]!;
    const ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    const used = await trpc('auth.loginCode', { ticket, code: code.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().result.data.message).toBe('Erfolgreich mit einem Wiederherstellungscode angemeldet. Du hast noch 9 Wiederherstellungscodes.');
    expect((await query('secondFactor.status', cookieOf(used))).json().result.data.recovery_codes_left).toBe(9);

    const ticket2 = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    const again = await trpc('auth.loginCode', { ticket: ticket2, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(WRONG_CODE);
    // Another member's code is no code of this one.
    const other = await t.createMember([], nextUid());
    const otherFactor = await enableSecondFactor(t.db, other.id);
    const foreign = await trpc('auth.loginCode', { ticket: ticket2, code: otherFactor.recoveryCodes[0] });
    expect(foreign.statusCode).toBe(401);
    expect((await logMessages()).some((line) => line.startsWith('Anmeldung mit Wiederherstellungscode (noch 9 übrig)'))).toBe(true);
  });

  it('counts wrong codes like wrong passwords: the password does not forgive them, the limit answers 429', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);
    const stale = factor.codeAt(Date.now() - 10 * 60_000);
    // Five failed attempts per shooter number and network: the right password counts until its code.
    let ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    for (let i = 0; i < 2; i += 1) expect((await trpc('auth.loginCode', { ticket, code: stale })).statusCode).toBe(401);
    ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    expect((await trpc('auth.loginCode', { ticket, code: stale })).statusCode).toBe(401);
    const limited = await trpc('auth.loginCode', { ticket, code: factor.codeAt() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche/);
    expect((await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).statusCode).toBe(429);
    // From another network the member still gets in, and that forgives nothing here.
    newAddress();
    counter += 1;
    newAddress();
    const fresh = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    expect((await trpc('auth.loginCode', { ticket: fresh, code: factor.codeAt() })).statusCode).toBe(200);
  });

  it('ends a reference after five wrong codes, and refuses made-up or malformed ones', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    await enableSecondFactor(t.db, member.id);
    const ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    await t.db.updateTable('pending_logins').set({ failures: 5 }).where('user_id', '=', member.id).execute();
    const ended = await trpc('auth.loginCode', { ticket, code: '123456' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe(TICKET_GONE);

    const madeUp = await trpc('auth.loginCode', { ticket: 'A'.repeat(43), code: '123456' });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().error.message).toBe(TICKET_GONE);
    const malformed = await trpc('auth.loginCode', { ticket: 'kurz', code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.data.fieldErrors).toEqual({
      ticket: [TICKET_GONE],
      code: ['Der Code besteht aus 6 Ziffern oder ist ein Wiederherstellungscode!'],
    });
    const empty = await trpc('auth.loginCode', { ticket, code: '' });
    expect(empty.json().error.data.fieldErrors).toEqual({ code: ['Der Code darf nicht leer gelassen werden!'] });
  });

  it('lets an expired reference go', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);
    const ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    await t.db.updateTable('pending_logins').set({ expires_ms: Date.now() - 1 }).where('user_id', '=', member.id).execute();
    const response = await trpc('auth.loginCode', { ticket, code: factor.codeAt() });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(TICKET_GONE);
  });

  it('the legacy POST /api/login tells a member with a second factor so (403) and opens nothing; others log in as before', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    await enableSecondFactor(t.db, member.id);
    const response = await inject({ method: 'POST', url: '/api/login', payload: { username: member.uid, password: MEMBER_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Dieses Konto ist mit einem zweiten Faktor geschützt. Bitte melde dich im Browser mit Passwort und Code an; Programme verwenden ein App-Passwort mit Basic-Authentifizierung.',
    });
    expect(response.cookies).toEqual([]);
    expect(await t.db.selectFrom('pending_logins').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    const wrong = await inject({ method: 'POST', url: '/api/login', payload: { username: member.uid, password: 'Falsch1234' } });
    expect(wrong.statusCode).toBe(401);

    const plain = await t.createMember([], nextUid());
    const ok = await inject({ method: 'POST', url: '/api/login', payload: { username: plain.uid, password: MEMBER_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Erfolgreich angemeldet', data: { uid: plain.uid, second_factor: false } });
  });
});

describe('Basic authentication and the account password', () => {
  it('works until the second factor is switched on, then refuses the account password at once, over REST and tRPC', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    // Remembered by the credential cache.
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(200);
    const begun = await trpc('secondFactor.begin', null, member.auth);
    const { secret } = begun.json().result.data.data;
    expect((await trpc('secondFactor.confirm', { code: totpCodeAt(secret, Date.now()) }, member.auth)).statusCode).toBe(200);

    const rest = await inject({ method: 'GET', url: '/api/hosts', headers: member.auth });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({ message: ACCOUNT_PASSWORD_REFUSED });
    expect(rest.headers['www-authenticate']).toBeUndefined();
    const viaTrpc = await query('hosts.list', member.auth);
    expect(viaTrpc.statusCode).toBe(401);
    expect(viaTrpc.json().error.message).toBe(ACCOUNT_PASSWORD_REFUSED);
    // A wrong password still reads as wrong.
    const wrong = await inject({ method: 'GET', url: '/api/hosts', headers: t.basic(member.uid, 'Falsch1234') });
    expect(wrong.json().message).toBe('Schützennummer oder Passwort ist falsch.');
  });
});

describe("a group's requirement", () => {
  it("is set in the group ('Zweiter Faktor erforderlich'), kept when an update leaves it out, and shown in groups and members", async () => {
    newAddress();
    const created = await trpc('groups.create', { name: 'Vorstand 2FA', permissions: [], require_second_factor: true }, t.admin);
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().result.data.data;
    expect(group.require_second_factor).toBe(true);
    // A legacy client that knows nothing of it keeps it.
    const legacy = await inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: { ...t.admin, 'content-type': 'application/json' }, payload: { name: 'Vorstand 2FA', permissions: [] } });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().data.require_second_factor).toBe(true);
    const off = await trpc('groups.update', { id: group.id, name: 'Vorstand 2FA', permissions: [], require_second_factor: false }, t.admin);
    expect(off.json().result.data.data.require_second_factor).toBe(false);
    const bad = await trpc('groups.update', { id: group.id, name: 'Vorstand 2FA', permissions: [], require_second_factor: 'ja' }, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Die Angabe „Zweiter Faktor erforderlich“ muss ja oder nein sein!');
    const log = await logMessages();
    expect(log).toContain('Gruppe „Vorstand 2FA“ angelegt (zweiter Faktor erforderlich)');
    expect(log).toContain('Gruppe „Vorstand 2FA“ geändert (zweiter Faktor nicht mehr erforderlich)');
  });

  it('refuses its members everything but the setup until they have set it up, whichever way they authenticate', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view', 'calendar_view'], nextUid());
    const session = await sessionOf(member.uid);
    expect((await query('hosts.list', session)).statusCode).toBe(200);
    await t.db.updateTable('groups').set({ require_second_factor: 1 }).where('id', '=', member.groupId).execute();

    for (const headers of [session, member.auth]) {
      const refused = await query('hosts.list', headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MESSAGES.secondFactorRequired);
      expect((await query('auth.me', headers)).json().result.data).toMatchObject({ second_factor: false, second_factor_required: true });
      expect((await query('secondFactor.status', headers)).json().result.data).toEqual({ enabled: false, required: true, recovery_codes_left: 0 });
      expect((await query('appPasswords.list', headers)).statusCode).toBe(403);
    }
    const rest = await inject({ method: 'GET', url: '/api/hosts', headers: member.auth });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ message: MESSAGES.secondFactorRequired });
    const own = await inject({ method: 'GET', url: `/api/users/${member.uid}`, headers: member.auth });
    expect(own.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/me', headers: member.auth })).statusCode).toBe(200);
    expect((await logMessages()).some((line) => line.includes('hosts.list (zweiter Faktor von der Gruppe verlangt, aber nicht eingerichtet)'))).toBe(true);

    const { secret } = (await trpc('secondFactor.begin', null, session)).json().result.data.data;
    const confirmed = await trpc('secondFactor.confirm', { code: totpCodeAt(secret, Date.now()), current_password: MEMBER_PASSWORD }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await query('hosts.list', session)).statusCode).toBe(200);

    // Required: the member cannot switch it off.
    const disable = await trpc('secondFactor.disable', { current_password: MEMBER_PASSWORD }, session);
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error.message).toBe('Deine Gruppe verlangt einen zweiten Faktor; du kannst ihn nicht ausschalten.');
  });
});

describe('new recovery codes', () => {
  it('replace the old ones, with the current password', async () => {
    newAddress();
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    const none = await trpc('secondFactor.newRecoveryCodes', { current_password: MEMBER_PASSWORD }, session);
    expect(none.statusCode).toBe(409);
    const factor = await enableSecondFactor(t.db, member.id);
    const wrong = await trpc('secondFactor.newRecoveryCodes', { current_password: 'Falsch1234' }, session);
    expect(wrong.statusCode).toBe(422);
    const fresh = await trpc('secondFactor.newRecoveryCodes', { current_password: MEMBER_PASSWORD }, session);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { message, data } = fresh.json().result.data;
    expect(message).toBe('Neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.');
    expect(data.recovery_codes).toHaveLength(10);
    const ticket = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket;
    expect((await trpc('auth.loginCode', { ticket, code: factor.recoveryCodes[0] })).statusCode).toBe(401);
    expect((await trpc('auth.loginCode', { ticket, code: data.recovery_codes[0] })).statusCode).toBe(200);
  });
});

describe('switching the second factor off', () => {
  it('by the member, with the current password', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    const session = await sessionOf(member.uid);
    await enableSecondFactor(t.db, member.id);
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(401);

    const noPassword = await trpc('secondFactor.disable', {}, session);
    expect(noPassword.statusCode).toBe(422);
    const wrong = await trpc('secondFactor.disable', { current_password: 'Falsch1234' }, session);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.data.fieldErrors).toEqual({ current_password: ['Das aktuelle Passwort ist falsch.'] });
    const done = await trpc('secondFactor.disable', { current_password: MEMBER_PASSWORD }, session);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result.data).toEqual({ message: 'Der zweite Faktor ist ausgeschaltet.', data: { enabled: false, required: false, recovery_codes_left: 0 } });
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    expect((await inject({ method: 'GET', url: '/api/hosts', headers: member.auth })).statusCode).toBe(200);
    const twice = await trpc('secondFactor.disable', { current_password: MEMBER_PASSWORD }, session);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Der zweite Faktor ist nicht eingeschaltet.');
  });

  it('by an administrator with users_update for members whose permissions they hold, logged', async () => {
    newAddress();
    const member = await t.createMember(['hosts_view'], nextUid());
    await enableSecondFactor(t.db, member.id);
    const done = await trpc('users.disableSecondFactor', { ref: member.uid }, t.admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result.data).toMatchObject({ message: 'Zweiter Faktor ausgeschaltet', data: { id: member.id, second_factor: false } });
    expect((await logMessages()).some((line) => line === `Zweiten Faktor von Benutzer Test Mitglied ${member.uid} (${member.uid}) ausgeschaltet`)).toBe(true);
    // The member logs in with the password alone again.
    expect((await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.data.id).toBe(member.id);

    const twice = await trpc('users.disableSecondFactor', { ref: String(member.id) }, t.admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Für diesen Benutzer ist kein zweiter Faktor eingeschaltet.');
    const unknown = await trpc('users.disableSecondFactor', { ref: '99999998' }, t.admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('not by a manager lacking the permissions of the member, nor for user 1 or oneself', async () => {
    newAddress();
    const manager = await t.createMember(['users_update'], nextUid());
    const stronger = await t.createMember(['users_update', 'log_delete'], nextUid());
    await enableSecondFactor(t.db, stronger.id);
    const refused = await trpc('users.disableSecondFactor', { ref: stronger.uid }, manager.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Du kannst den zweiten Faktor nur bei Mitgliedern ausschalten, deren Berechtigungen du selbst besitzt.');
    expect((await t.db.selectFrom('second_factors').select('user_id').where('user_id', '=', stronger.id).execute()).length).toBe(1);

    const protectedOne = await trpc('users.disableSecondFactor', { ref: ADMIN_UID }, manager.auth);
    expect(protectedOne.statusCode).toBe(403);
    expect(protectedOne.json().error.message).toBe(MESSAGES.protected);
    const self = await trpc('users.disableSecondFactor', { ref: String(manager.id) }, manager.auth);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('Deinen eigenen zweiten Faktor schaltest du unter „Meine Daten“ aus.');
    const anonymous = await trpc('users.disableSecondFactor', { ref: stronger.uid });
    expect(anonymous.statusCode).toBe(401);
  });
});
