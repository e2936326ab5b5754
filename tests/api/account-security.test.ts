import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/server/areas/auth/second-factor.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import type { Clock } from '../../src/server/services.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor, type EnabledSecondFactor } from '../helpers/secondFactor.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * Issue 25, points 1–3 and 7, each written as the attack it stops: an app password alone
 * cannot take over its account; an open session cannot change who the member is without
 * the password; the member hears of every change to how they log in, and a reset cleans
 * up what an intruder may have left; wrong second-factor codes have their own budget.
 */

const ORIGIN = 'http://verein.example';
const FROM = 'Schützenverein <web@verein.example>';
const APP_PASSWORD_REFUSED =
  'Mit einem App-Passwort kannst du nur mit den Daten des Vereins arbeiten, nicht dein Konto verwalten (Passwort, E-Mail-Adresse, Schützennummer, App-Passwörter, zweiter Faktor, Kalenderadressen). Melde dich dazu mit deinem Passwort an.';
const CONFIRM = 'Bitte gib zur Bestätigung dein aktuelles Passwort ein.';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };
const MINUTE_MS = 60_000;

let t: TestApp;
let peer: SmtpPeer;
let nowMs = Date.parse('2026-11-27T09:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let counter = 0;
const nextUid = () => String(43000000 + ++counter);
/** Each request from a network of its own, unless a test says otherwise: the login limits per network stay out of the way. */
const nextAddress = () => `2001:db8:${(++counter).toString(16)}::1`;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    { clock, mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }) },
    { PUBLIC_URL: ORIGIN, SMTP_URL: peer.url, MAIL_FROM: FROM },
  );
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(async () => {
  await deliver();
  peer.received.length = 0;
  // Past the windows of the login limits and the code budget.
  nowMs += 20 * MINUTE_MS;
});

function trpc(path: string, input: unknown, headers: Record<string, string>, remoteAddress = nextAddress()) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress, headers: { ...JSON_XHR, ...headers }, payload: JSON.stringify(input ?? null) });
}

function query(path: string, headers: Record<string, string>) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, remoteAddress: nextAddress(), headers });
}

async function deliver() {
  await t.app.services.background.idle();
  return t.app.services.mail.runOnce();
}

/** The notices that reached the peer since the test began, with their recipients. */
async function notices(): Promise<Array<{ to: string[]; text: string }>> {
  await deliver();
  return peer.received
    .filter((mail) => mail.parsed.subject?.startsWith('Sicherheitshinweis zu deinem Zugang'))
    .map((mail) => ({ to: mail.envelope.to, text: mail.parsed.text ?? '' }));
}

async function sessionOf(uid: string, password = MEMBER_PASSWORD, factor?: EnabledSecondFactor): Promise<Record<string, string>> {
  const address = nextAddress();
  const step = await trpc('auth.login', { username: uid, password }, {}, address);
  let response: LightMyRequestResponse = step;
  if (factor) {
    const { ticket } = step.json().result.data;
    response = await trpc('auth.loginCode', { ticket, code: factor.codeAt(nowMs) }, {}, address);
  }
  const cookie = response.cookies.find((c) => c.name === 'sv_session');
  if (!cookie) throw new Error(response.body);
  return { cookie: `sv_session=${cookie.value}`, ...XHR };
}

async function appPasswordOf(session: Record<string, string>, name = 'Kalenderabgleich'): Promise<string> {
  const created = await trpc('appPasswords.create', { name, current_password: MEMBER_PASSWORD }, session);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().result.data.password as string;
}

/** What an intruder could use: the member's row, credentials and feed as the database holds them. */
async function accountState(userId: number) {
  const [user, factor, codes, appPasswords, feed] = await Promise.all([
    t.db.selectFrom('users').select(['uid', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow(),
    t.db.selectFrom('second_factors').select(['secret', 'confirmed_ms']).where('user_id', '=', userId).executeTakeFirst(),
    t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', userId).orderBy('code_hash').execute(),
    t.db.selectFrom('app_passwords').select(['id', 'name']).where('user_id', '=', userId).orderBy('id').execute(),
    t.db.selectFrom('duty_settings').select(['feed_token_hash']).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { user, factor, codes, appPasswords, feed };
}

describe('an app password alone (point 1)', () => {
  let member: { id: number; uid: string; auth: { authorization: string } };
  let factor: EnabledSecondFactor;
  let app: { authorization: string };

  beforeAll(async () => {
    member = await t.createMember(['hosts_view', 'calendar_view', 'users_view', 'users_update', 'groups_view'], nextUid());
    const session = await sessionOf(member.uid);
    app = t.basic(member.uid, await appPasswordOf(session));
    // The feed address exists, so renewing or revoking it would change something.
    expect((await trpc('duties.renewFeed', null, session)).statusCode).toBe(200);
    factor = await enableSecondFactor(t.db, member.id);
  });

  const person = (uid: string) => ({ prename: 'Max', lastname: 'Muster', uid, email: `${uid}@example.org`, phone: '' });

  it.each([
    ['secondFactor.newRecoveryCodes', () => ({ current_password: MEMBER_PASSWORD })],
    ['secondFactor.disable', () => ({ current_password: MEMBER_PASSWORD })],
    ['secondFactor.begin', () => null],
    ['secondFactor.confirm', () => ({ code: '123456', current_password: MEMBER_PASSWORD })],
    ['appPasswords.create', () => ({ name: 'Zweiter Zugang', current_password: MEMBER_PASSWORD })],
    ['appPasswords.revoke', () => ({ id: 1 })],
    ['duties.renewFeed', () => null],
    ['duties.revokeFeed', () => null],
    ['auth.logoutOthers', () => null],
    ['account.update', () => ({ ...person(member.uid), password: 'Gekapert2026' })],
    ['account.update', () => ({ ...person(member.uid), email: 'angreifer@example.org' })],
    ['users.save', () => ({ ref: member.uid, ...person(member.uid), password: 'Gekapert2026' })],
    ['users.update', () => ({ ref: String(member.id), ...person('43999999') })],
  ])('%s answers 403 in German and changes nothing', async (path, input) => {
    const before = await accountState(member.id);
    const response = await trpc(path, input(), app);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.message).toBe(APP_PASSWORD_REFUSED);
    expect(await accountState(member.id)).toEqual(before);
  });

  it('cannot list app passwords, nor set a password or address over the legacy REST path', async () => {
    const listed = await query('appPasswords.list', app);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().error.message).toBe(APP_PASSWORD_REFUSED);
    const before = await accountState(member.id);
    for (const change of [{ password: 'Gekapert2026' }, { email: 'angreifer@example.org' }, { uid: '43999998' }]) {
      const response = await t.inject({ method: 'PUT', url: `/api/users/${member.uid}`, headers: app, payload: { ...person(member.uid), ...change } });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: APP_PASSWORD_REFUSED });
    }
    expect(await accountState(member.id)).toEqual(before);
  });

  it("cannot switch off another member's second factor, even with users_update", async () => {
    const other = await t.createMember(['hosts_view'], nextUid());
    await enableSecondFactor(t.db, other.id);
    const response = await trpc('users.disableSecondFactor', { ref: other.uid }, app);
    expect(response.statusCode).toBe(403);
    expect(await t.db.selectFrom('second_factors').select('user_id').where('user_id', '=', other.id).executeTakeFirst()).toBeDefined();
  });

  it("still does what the member's permissions allow with the club's data", async () => {
    expect((await t.inject({ method: 'GET', url: '/api/hosts', headers: app })).statusCode).toBe(200);
    expect((await query('users.list', app)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: app })).json().data).toMatchObject({ id: member.id });
    // Names of someone else stay editable with users_update, as for any program.
    const other = await t.createMember([], nextUid());
    const renamed = await t.inject({ method: 'PUT', url: `/api/users/${other.uid}`, headers: app, payload: { ...person(other.uid), email: `${other.uid}@example.org` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('stops working when the password is reset by mail link, and the owner has the account back', async () => {
    const session = await sessionOf(member.uid, MEMBER_PASSWORD, factor);
    const second = t.basic(member.uid, await appPasswordOf(session, 'Noch ein Programm'));
    await trpc('auth.requestPasswordReset', { login: member.uid }, {});
    await deliver();
    const mail = peer.received.findLast((received) => received.parsed.subject?.startsWith('Passwort zurücksetzen'));
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await trpc('auth.resetPassword', { token, password: 'Zurueck2026' }, {});
    expect(reset.statusCode, reset.body).toBe(200);
    for (const program of [app, second]) expect((await t.inject({ method: 'GET', url: '/api/hosts', headers: program })).statusCode).toBe(401);
    expect(await t.db.selectFrom('app_passwords').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    const notice = (await notices()).find((sent) => sent.text.includes('Passwort vergessen?“ neu festgelegt'));
    expect(notice?.to).toEqual([`${member.uid}@example.org`]);
    expect(notice?.text).toContain('Dein Passwort wurde über den Link aus der Mail „Passwort vergessen?“ neu festgelegt.');
    expect(notice?.text).toContain('Mit dem neuen Passwort wurden alle Sitzungen beendet (du bist überall abgemeldet), alle 2 App-Passwörter widerrufen');
  });
});

describe('Basic with the account password (legacy clients, no second factor)', () => {
  it('keeps changing its own password with PUT /api/users/{uid}', async () => {
    const member = await t.createMember([], nextUid());
    const payload = { prename: 'Alt', lastname: 'Programm', uid: member.uid, email: `${member.uid}@example.org`, phone: '', password: 'Legacy2026x' };
    const response = await t.inject({ method: 'PUT', url: `/api/users/${member.uid}`, headers: member.auth, payload });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, 'Legacy2026x') })).statusCode).toBe(200);
  });
});

describe('changing who you are needs your password (point 2)', () => {
  const own = (member: { uid: string }, change: Record<string, string>) => ({
    prename: 'Max',
    lastname: 'Muster',
    uid: member.uid,
    email: `${member.uid}@example.org`,
    phone: '',
    ...change,
  });

  it.each([
    ['the e-mail address', { email: 'angreifer@example.org' }],
    ['the shooter number', { uid: '43999990' }],
  ])('an open session cannot change %s without it (422 under the field), nor with a wrong one', async (_what, change) => {
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    const before = await accountState(member.id);
    for (const path of ['account.update', 'users.save']) {
      const input = path === 'users.save' ? { ref: member.uid, ...own(member, change) } : own(member, change);
      const missing = await trpc(path, input, session);
      expect(missing.statusCode, missing.body).toBe(422);
      expect(missing.json().error.data.fieldErrors).toEqual({ current_password: [CONFIRM] });
      const wrong = await trpc(path, { ...input, current_password: 'Falsch2026' }, session);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.data.fieldErrors).toEqual({ current_password: ['Das aktuelle Passwort ist falsch.'] });
    }
    expect(await accountState(member.id)).toEqual(before);
    // No notice for what did not happen.
    expect(await notices()).toEqual([]);
    const right = await trpc('account.update', { ...own(member, change), current_password: MEMBER_PASSWORD }, session);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('names and phone need no password; an administrator changes an address without their own', async () => {
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    expect((await trpc('account.update', own(member, { prename: 'Moritz', phone: '0711 123' }), session)).statusCode).toBe(200);
    const admin = await t.createMember(['users_view', 'users_update', 'groups_view'], nextUid());
    const adminSession = await sessionOf(admin.uid);
    const byAdmin = await trpc('users.update', { ref: member.uid, ...own(member, { email: 'neu@example.org' }) }, adminSession);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('the owner hears of it (point 3)', () => {
  it('a new e-mail address is told to the old one, with what changed, when and from where', async () => {
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    const changed = await trpc(
      'account.update',
      { prename: 'Max', lastname: 'Muster', uid: member.uid, email: 'neu@example.org', phone: '', current_password: MEMBER_PASSWORD },
      session,
      '2001:db8:aaaa::7',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([`${member.uid}@example.org`]);
    expect(sent[0]?.text).toContain('Deine E-Mail-Adresse wurde in „neu@example.org“ geändert. Dieser Hinweis geht an die bisherige Adresse.');
    expect(sent[0]?.text).toContain(`(Schützennummer ${member.uid}) ist am 27.11.2026 um`);
    expect(sent[0]?.text).toContain('von der Adresse 2001:db8:aaaa::7');
    expect(sent[0]?.text).toContain('Warst du es nicht, lege sofort über „Passwort vergessen?“');
  });

  it('a new password ends the other sessions, every app password and every waiting login, and says so', async () => {
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    const elsewhere = await sessionOf(member.uid);
    const program = t.basic(member.uid, await appPasswordOf(session));
    await t.db.insertInto('pending_logins').values({ id: 'x'.repeat(64), user_id: member.id, expires_ms: nowMs + MINUTE_MS }).execute();
    const changed = await trpc(
      'account.update',
      { prename: 'Max', lastname: 'Muster', uid: member.uid, email: `${member.uid}@example.org`, phone: '', password: 'Neu2026Passwort', current_password: MEMBER_PASSWORD },
      session,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await query('auth.me', session)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: elsewhere })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: program })).statusCode).toBe(401);
    expect(await t.db.selectFrom('pending_logins').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    const texts = (await notices()).map((notice) => notice.text);
    // One for the app password made above, one for the new password.
    expect(texts.some((text) => text.includes('Das App-Passwort „Kalenderabgleich“ wurde angelegt.'))).toBe(true);
    const notice = texts.find((text) => text.includes('- Dein Passwort wurde geändert.'));
    expect(notice).toContain('Mit dem neuen Passwort wurden alle anderen Sitzungen beendet, das App-Passwort widerrufen und begonnene Anmeldungen abgebrochen. Programme brauchen ein neues App-Passwort.');
  });

  it('an administrator setting a password or shooter number is named in the notice', async () => {
    const member = await t.createMember([], nextUid());
    const admin = await t.createMember(['users_view', 'users_update', 'groups_view'], nextUid());
    const newUid = nextUid();
    const response = await trpc(
      'users.update',
      { ref: member.uid, prename: 'Max', lastname: 'Muster', uid: newUid, email: `${member.uid}@example.org`, phone: '', password: 'Vom2026Admin' },
      await sessionOf(admin.uid),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [notice] = await notices();
    expect(notice?.to).toEqual([`${member.uid}@example.org`]);
    expect(notice?.text).toContain(`- Dein Passwort wurde in der Verwaltung von ${admin.uid} (Test Mitglied ${admin.uid}) geändert.`);
    expect(notice?.text).toContain(`- Deine Schützennummer wurde von ${member.uid} in ${newUid} geändert.`);
  });

  it('the second factor switched on, new recovery codes and switched off each send a notice', async () => {
    const member = await t.createMember([], nextUid());
    const session = await sessionOf(member.uid);
    const { secret } = (await trpc('secondFactor.begin', null, session)).json().result.data.data;
    const confirmed = await trpc('secondFactor.confirm', { code: totpCodeAt(secret, nowMs), current_password: MEMBER_PASSWORD }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await trpc('secondFactor.newRecoveryCodes', { current_password: MEMBER_PASSWORD }, session)).statusCode).toBe(200);
    expect((await trpc('secondFactor.disable', { current_password: MEMBER_PASSWORD }, session)).statusCode).toBe(200);
    const texts = (await notices()).map((notice) => notice.text);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('- Der zweite Faktor wurde eingeschaltet.');
    expect(texts[1]).toContain('- Es wurden neue Wiederherstellungscodes erzeugt; die bisherigen gelten nicht mehr.');
    expect(texts[2]).toContain('- Der zweite Faktor wurde ausgeschaltet.');
  });

  it('a login that passed the password but failed its code five times is told, with the advice to change the password', async () => {
    const member = await t.createMember([], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);
    const wrongCode = factor.codeAt(nowMs) === '000000' ? '111111' : '000000';
    const { ticket } = (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD }, {})).json().result.data;
    for (let i = 0; i < 5; i++) expect((await trpc('auth.loginCode', { ticket, code: wrongCode }, {})).statusCode).toBe(401);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.text).toContain('danach aber 5-mal ein falscher Code des zweiten Faktors');
    expect(notice?.text).toContain('Ändere bitte dein Passwort');
  });

  it('a member without an address gets the log line only', async () => {
    const member = await t.createMember([], nextUid());
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', member.id).execute();
    const session = await sessionOf(member.uid);
    expect((await trpc('appPasswords.create', { name: 'Ohne Adresse', current_password: MEMBER_PASSWORD }, session)).statusCode).toBe(200);
    expect(await notices()).toEqual([]);
    const { id } = await t.db.selectFrom('app_passwords').select('id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    const log = await t.db.selectFrom('log_entries').select('message').where('actor', 'like', `${member.uid}%`).execute();
    expect(log.map((row) => row.message)).toContain(`App-Passwort ${id} „Ohne Adresse“ angelegt`);
  });
});

describe('a budget for second-factor codes (point 7)', () => {
  it('takes at most 10 wrong codes per member in 15 minutes across networks, then 429 on the code step only, and tells the member', async () => {
    const member = await t.createMember([], nextUid());
    const factor = await enableSecondFactor(t.db, member.id);
    const wrongCode = () => (factor.codeAt(nowMs) === '000000' ? '111111' : '000000');
    /** A new password step from a network of its own, as many IPv6 networks would give an attacker. */
    const ticket = async () => {
      const step = await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD }, {});
      expect(step.statusCode, step.body).toBe(200);
      return step.json().result.data.ticket as string;
    };
    let wrong = 0;
    while (wrong < 10) {
      const current = await ticket();
      for (let i = 0; i < 5 && wrong < 10; i++, wrong++) {
        expect((await trpc('auth.loginCode', { ticket: current, code: wrongCode() }, {})).statusCode).toBe(401);
      }
    }
    const refused = await trpc('auth.loginCode', { ticket: await ticket(), code: factor.codeAt(nowMs) }, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Für diese Schützennummer wurden zu viele falsche Codes eingegeben. Bitte versuche es in 15 Minuten erneut.');
    const texts = (await notices()).map((notice) => notice.text);
    expect(texts.some((text) => text.includes('wurden 10 falsche Codes des zweiten Faktors eingegeben. Die Eingabe von Codes ist für 15 Minuten gesperrt.'))).toBe(true);

    // The window passes: the right code logs in again.
    nowMs += 15 * MINUTE_MS + 1000;
    const again = await trpc('auth.loginCode', { ticket: await ticket(), code: factor.codeAt(nowMs) }, {});
    expect(again.statusCode, again.body).toBe(200);
  });
});
