import { Migrator } from 'kysely/migration';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { PASSWORD_RESET_LIMITS, resetTokenHash } from '../../src/server/areas/auth/password-reset.ts';
import { ERASED_BODY } from '../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import type { Clock } from '../../src/server/services.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/schemas/fields.ts';
import { PASSWORD_RESET_MESSAGES } from '../../src/shared/schemas/passwordReset.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { freshDatabase, MIGRATION_CHAIN } from '../helpers/database.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * 'Passwort vergessen?' (issue 18): the one answer for every input, the mail through the
 * outbox to a real SMTP peer, the single-use link of one hour of which only a hash is
 * stored, the new password ending every session, the log, and the limits.
 */

/** http: the helpers' login reads the cookie without the __Host- prefix of https. */
const ORIGIN = 'http://verein.example';
const FROM = 'Schützenverein <web@verein.example>';
const NEW_PASSWORD = 'Neues2026Passwort';
const HOUR_MS = 60 * 60_000;

let t: TestApp;
let peer: SmtpPeer;
let nowMs = Date.parse('2026-11-23T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let addressCounter = 0;

/** Every request comes from an address of its own unless a test says otherwise, so the limit per address stays out of its way. */
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function call(procedure: string, input: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) {
  return t.inject({ method: 'POST', url: `/trpc/auth.${procedure}`, remoteAddress, headers: { ...JSON_HEADERS, ...headers }, payload: JSON.stringify(input) });
}

const requestReset = (login: string, remoteAddress?: string) => call('requestPasswordReset', { login }, remoteAddress);

/** The answer's body and status, for comparing answers to different inputs. */
const shape = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body, type: response.headers['content-type'] });

/** Waits until the work after the answers is done, then lets the outbox worker send. */
async function deliver() {
  await t.app.services.background.idle();
  return t.app.services.mail.runOnce();
}

function tokenOf(text: string): string {
  const match = /http:\/\/verein\.example\/passwort-zuruecksetzen#token=([A-Za-z0-9_-]{43})\n/.exec(text);
  if (!match?.[1]) throw new Error(`kein Link in der Mail:\n${text}`);
  return match[1];
}

async function logLines(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select(['actor', 'message']).orderBy('id').execute()).map((row) => `${row.actor}: ${row.message}`);
}

let member: { id: number; uid: string };
let silent: { id: number; uid: string };

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    { clock, mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }) },
    { PUBLIC_URL: ORIGIN, SMTP_URL: peer.url, MAIL_FROM: FROM },
  );
  member = await t.createMember([], '51000001');
  await t.db.updateTable('users').set({ prename: 'Jörg', lastname: 'Schütze', email: 'Joerg.Schuetze@example.org' }).where('id', '=', member.id).execute();
  silent = await t.createMember([], '51000002');
  await t.db.updateTable('users').set({ email: '' }).where('id', '=', silent.id).execute();
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(async () => {
  await t.app.services.background.idle();
  for (const table of ['password_resets', 'password_reset_requests', 'mail_outbox', 'log_entries', 'log_once', 'sessions', 'login_attempts'] as const) {
    await t.db.deleteFrom(table).execute();
  }
  peer.received.length = 0;
  nowMs += 2 * HOUR_MS;
  const hash = await t.app.services.passwords.hash(MEMBER_PASSWORD);
  await t.db.updateTable('users').set({ password_hash: hash }).where('id', 'in', [member.id, silent.id]).execute();
});

/** Asks for a link for the member and returns the token from the mail that arrived. */
async function linkFromMail(login = member.uid): Promise<string> {
  expect((await requestReset(login)).statusCode).toBe(200);
  // A security notice of an earlier reset may go out in the same round.
  expect((await deliver()).sent).toBeGreaterThanOrEqual(1);
  const mail = peer.received.findLast((received) => received.parsed.subject?.startsWith('Passwort zurücksetzen'));
  if (!mail) throw new Error('keine Mail angekommen');
  return tokenOf(mail.parsed.text ?? '');
}

describe('asking for a link', () => {
  it('answers every input alike (unknown number, unknown address, member without address, member with one) and mails only the member', async () => {
    const answers = [
      await requestReset('59999999'),
      await requestReset('niemand@example.org'),
      await requestReset(silent.uid),
      await requestReset(member.uid),
      await requestReset('  joerg.schuetze@EXAMPLE.org '),
    ];
    for (const answer of answers) expect(shape(answer)).toEqual(shape(answers[0]!));
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.json().result.data).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(PASSWORD_RESET_MESSAGES.requested).toContain('wende dich bitte an die Administratoren des Vereins');

    expect(await deliver()).toMatchObject({ sent: 2 });
    expect(peer.received.map((mail) => mail.envelope.to)).toEqual([['Joerg.Schuetze@example.org'], ['Joerg.Schuetze@example.org']]);
    const [mail] = peer.received;
    expect(mail!.parsed.subject).toMatch(/^Passwort zurücksetzen – /);
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Hallo Jörg Schütze,');
    expect(text).toContain(`für deine Schützennummer ${member.uid} wurde auf ${ORIGIN} ein neues Passwort angefordert.`);
    expect(text).toContain('Der Link ist eine Stunde gültig (bis 23.11.2026');
    // Two requests, two different links.
    expect(tokenOf(text)).not.toBe(tokenOf(peer.received[1]!.parsed.text ?? ''));

    const log = await logLines();
    expect(log.filter((line) => /^anonym: Passwort vergessen: Link für eine unbekannte Schützennummer bzw\. E-Mail-Adresse angefordert von 198\.51\./.test(line))).toHaveLength(2);
    expect(log.some((line) => line.startsWith(`${silent.uid} (Test Mitglied ${silent.uid}): Passwort vergessen: kein Link gesendet, weil keine gültige E-Mail-Adresse hinterlegt ist`))).toBe(true);
    expect(log.filter((line) => line.startsWith(`${member.uid} (Jörg Schütze): Passwort vergessen: Link zum Zurücksetzen per Mail angefordert von `))).toHaveLength(2);
  });

  it('keeps only a hash of the token: neither the links table, the sent mail nor the log holds it', async () => {
    const token = await linkFromMail();
    const rows = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toEqual([{ id: resetTokenHash(token), user_id: member.id, created_ms: nowMs, expires_ms: nowMs + HOUR_MS, used_ms: null }]);
    const outbox = await t.db.selectFrom('mail_outbox').select(['kind', 'status', 'body']).execute();
    expect(outbox).toEqual([{ kind: 'password-reset', status: 'sent', body: ERASED_BODY }]);
    const everything = JSON.stringify([rows, outbox, await logLines(), await t.db.selectFrom('password_reset_requests').selectAll().execute()]);
    expect(everything).not.toContain(token);
    // The requests count what was asked for as a hash too, not the typed number or address.
    expect(everything).not.toContain(member.uid.concat('"'));
  });

  it('sends nothing once the link has expired before a mail server could take it, and erases its text', async () => {
    expect((await requestReset(member.uid)).statusCode).toBe(200);
    await t.app.services.background.idle();
    nowMs += HOUR_MS;
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 0, failed: 1 });
    expect(peer.received).toHaveLength(0);
    expect(await t.db.selectFrom('mail_outbox').select(['status', 'body']).execute()).toEqual([{ status: 'failed', body: ERASED_BODY }]);
    expect((await logLines()).some((line) => /^System: 1 Mail wird nicht mehr gesendet, weil der Link darin abgelaufen ist\. Mail \d+ \(password-reset\) an Joerg/.test(line))).toBe(true);
  });

  it.each([
    [{ login: '' }, PASSWORD_RESET_MESSAGES.loginEmpty],
    [{ login: '   ' }, PASSWORD_RESET_MESSAGES.loginEmpty],
    [{}, PASSWORD_RESET_MESSAGES.loginEmpty],
    [{ login: 'abc' }, PASSWORD_RESET_MESSAGES.loginInvalid],
    [{ login: '1234567' }, PASSWORD_RESET_MESSAGES.loginInvalid],
    [{ login: 12345678 }, PASSWORD_RESET_MESSAGES.loginEmpty],
    [{ login: `${'a'.repeat(250)}@example.org` }, PASSWORD_RESET_MESSAGES.loginInvalid],
  ])('refuses %j with the German message and books nothing', async (input, message) => {
    const response = await call('requestPasswordReset', input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(response.json().error.data.fieldErrors).toEqual({ login: [message] });
    await t.app.services.background.idle();
    expect(await t.db.selectFrom('password_reset_requests').selectAll().execute()).toEqual([]);
  });
});

describe('limits', () => {
  it('allows 10 requests an hour from one network (an IPv6 /64 counts as one), then answers 429 in German', async () => {
    for (let index = 0; index < PASSWORD_RESET_LIMITS.perAddress; index += 1) {
      const response = await requestReset(`5800000${index}`, `2001:db8:1:2::${(index + 1).toString(16)}`);
      expect(response.statusCode).toBe(200);
    }
    const refused = await requestReset('58000099', '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PASSWORD_RESET_MESSAGES.tooManyFromAddress);
    // Another /64 is another network.
    expect((await requestReset('58000099', '2001:db8:1:3::1')).statusCode).toBe(200);
    // An hour later the network may ask again.
    nowMs += HOUR_MS;
    expect((await requestReset('58000098', '2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await logLines()).filter((line) => line.includes('Anforderung abgelehnt (zu viele von dieser Adresse) von 2001:db8:1:2:ffff:ffff:ffff:ffff (Netz 2001:db8:1:2::/64)'))).toHaveLength(1);
  });

  it('allows 3 requests an hour for one number or address from anywhere, alike for members and strangers', async () => {
    for (const login of [member.uid, '57777777', 'niemand@example.org']) {
      for (let index = 0; index < PASSWORD_RESET_LIMITS.perTarget; index += 1) expect((await requestReset(login)).statusCode).toBe(200);
    }
    const refusals = [await requestReset(member.uid), await requestReset('57777777'), await requestReset('NIEMAND@example.org')];
    for (const refusal of refusals) expect(shape(refusal)).toEqual(shape(refusals[0]!));
    expect(refusals[0]!.statusCode).toBe(429);
    expect(refusals[0]!.json().error.message).toBe(PASSWORD_RESET_MESSAGES.tooManyForTarget);
  });

  it('mails a member at most 3 links an hour, by number and address together; the answer stays the same', async () => {
    const answers = [];
    for (const login of [member.uid, member.uid, 'joerg.schuetze@example.org', 'joerg.schuetze@example.org', member.uid]) answers.push(await requestReset(login));
    for (const answer of answers) expect(shape(answer)).toEqual(shape(answers[0]!));
    expect(await deliver()).toMatchObject({ sent: 3 });
    expect((await logLines()).filter((line) => line.includes('Passwort vergessen: kein weiterer Link gesendet (höchstens 3 je Stunde)'))).toHaveLength(1);
  });
});

describe('using the link', () => {
  it('sets the new password, ends every session of the member, writes the log, and works only once', async () => {
    const sessions = [await t.login(member.uid, MEMBER_PASSWORD), await t.login(member.uid, MEMBER_PASSWORD)];
    const adminSession = await t.login(ADMIN_UID, ADMIN_PASSWORD);
    const token = await linkFromMail();

    const check = await call('checkPasswordReset', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json().result.data).toEqual({ data: { uid: member.uid } });

    const reset = await call('resetPassword', { token, password: NEW_PASSWORD }, '203.0.113.7');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().result.data).toEqual({ message: PASSWORD_RESET_MESSAGES.done });

    for (const session of sessions) expect((await t.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/me', headers: adminSession })).statusCode).toBe(200);
    await expect(t.login(member.uid, MEMBER_PASSWORD)).rejects.toThrow(/401/);
    await t.login(member.uid, NEW_PASSWORD);
    expect(await logLines()).toContain(`${member.uid} (Jörg Schütze): Passwort über den Link aus der Mail zurückgesetzt von 203.0.113.7 (2 Sitzungen beendet, 0 App-Passwörter widerrufen)`);

    for (const again of [await call('checkPasswordReset', { token }), await call('resetPassword', { token, password: 'Nochmal2026x' })]) {
      expect(again.statusCode).toBe(422);
      expect(again.json().error.message).toBe(PASSWORD_RESET_MESSAGES.linkUsed);
    }
    await t.login(member.uid, NEW_PASSWORD);
  });

  it('refuses a second use even when both arrive at once', async () => {
    const token = await linkFromMail();
    const answers = await Promise.all([call('resetPassword', { token, password: 'Erstes2026x' }), call('resetPassword', { token, password: 'Zweites2026x' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('ends the member\'s other links too', async () => {
    const first = await linkFromMail();
    const second = await linkFromMail('joerg.schuetze@example.org');
    expect((await call('resetPassword', { token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
    const old = await call('resetPassword', { token: first, password: 'Anderes2026x' });
    expect(old.json().error.message).toBe(PASSWORD_RESET_MESSAGES.linkUsed);
    await t.login(member.uid, NEW_PASSWORD);
  });

  it('works for one hour, not a millisecond longer, and an expired link changes nothing', async () => {
    const token = await linkFromMail();
    const requestedMs = nowMs;
    nowMs = requestedMs + HOUR_MS - 1;
    expect((await call('checkPasswordReset', { token })).statusCode).toBe(200);
    nowMs = requestedMs + HOUR_MS;
    for (const expired of [await call('checkPasswordReset', { token }), await call('resetPassword', { token, password: NEW_PASSWORD })]) {
      expect(expired.statusCode).toBe(422);
      expect(expired.json().error.message).toBe(PASSWORD_RESET_MESSAGES.linkExpired);
      expect(expired.json().error.data.fieldErrors).toEqual({ token: [PASSWORD_RESET_MESSAGES.linkExpired] });
    }
    await t.login(member.uid, MEMBER_PASSWORD);
  });

  it('says a made-up or malformed link is invalid', async () => {
    for (const token of ['A'.repeat(43), 'kurz', '', 'A'.repeat(42) + '!']) {
      const response = await call('resetPassword', { token, password: NEW_PASSWORD });
      expect([400, 422]).toContain(response.statusCode);
      expect(response.json().error.message).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    }
  });

  it('holds the new password to the rule of SPEC §5 and keeps the link for a better one', async () => {
    const token = await linkFromMail();
    for (const [password, message] of [
      ['kurz1', PASSWORD_MESSAGES.weak],
      ['nurbuchstaben', PASSWORD_MESSAGES.weak],
      ['12345678', PASSWORD_MESSAGES.weak],
      ['', PASSWORD_MESSAGES.empty],
      [`${'ä'.repeat(36)}1`, PASSWORD_MESSAGES.tooLong],
    ] as const) {
      const response = await call('resetPassword', { token, password });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.data.fieldErrors).toEqual({ password: [message] });
    }
    expect((await call('resetPassword', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('is ended by a password change on „Meine Daten“', async () => {
    const token = await linkFromMail();
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const own = (await t.inject({ method: 'GET', url: '/api/me', headers: session })).json().data;
    const saved = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...session, ...JSON_HEADERS },
      payload: JSON.stringify({ prename: own.prename, lastname: own.lastname, uid: own.uid, email: own.email, phone: own.phone, password: 'Selbst2026x', current_password: MEMBER_PASSWORD }),
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('resetPassword', { token, password: NEW_PASSWORD })).json().error.message).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    await t.login(member.uid, 'Selbst2026x');
  });

  it('needs no login (it is for members who cannot log in) and logs nobody in: the member logs in with the new password', async () => {
    const token = await linkFromMail();
    const response = await call('resetPassword', { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    // With a cookie, as every change, only from the site's own scripts (DESIGN §4).
    const other = await linkFromMail();
    const forged = await call('resetPassword', { token: other, password: NEW_PASSWORD }, undefined, { cookie: 'sv_session=veraltet' });
    expect(forged.statusCode).toBe(403);
  });
});

describe('0013: the tables of the reset', MIGRATION_CHAIN, () => {
  it('goes down and up again', async () => {
    const database = await freshDatabase();
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      // Down to the migration before the reset's, whatever came after it.
      expect((await migrator.migrateTo('0012_notify_and_retry_window')).error).toBeUndefined();
      const names = (await database.db.introspection.getTables()).map((table) => table.name);
      expect(names).not.toContain('password_resets');
      expect(names).not.toContain('password_reset_requests');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});
