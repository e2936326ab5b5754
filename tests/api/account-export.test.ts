import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePrincipal } from '../../src/server/areas/auth/principal.ts';
import { MEMBER_DATA_TABLES, TABLES_WITHOUT_MEMBER_DATA, type MemberDataExport } from '../../src/server/areas/users/export.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { listTables } from '../../src/server/ops/tables.ts';
import type { Clock } from '../../src/server/services.ts';
import { toClubDate, toClubDateTime } from '../../src/shared/dates.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor, pendingLogin } from '../helpers/secondFactor.ts';

/**
 * 'Meine Daten herunterladen' (issue 25.10, DSGVO Art. 15 and 20): `account.export` gives
 * the member everything the site keeps about them, from every table that names them, and
 * never a secret or a hash; not with an app password, and every download is logged.
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
const nowMs = Date.parse('2026-11-23T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };

interface Member {
  id: number;
  uid: string;
  email: string;
  session: Record<string, string>;
  /** The session cookie's token, which must not appear anywhere. */
  sessionToken: string;
  appPassword: string;
  feedToken: string;
  resetToken: string;
  ticket: string;
  recoveryCodes: string[];
  totpSecret: string;
  deviceCookie: string;
}

let erika: Member;
let other: Member;
let exported: MemberDataExport;
let filename: string;

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.inject(options);
}

function trpc(path: string, input: unknown, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') {
  return inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress, headers: { ...JSON_XHR, ...headers }, payload: JSON.stringify(input ?? null) });
}

async function ok(response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const answer = await response;
  expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(300);
  return answer;
}

/**
 * A member with a row in every table that can name a member: sessions, a failed login, a
 * pending login, password reset links and requests with their mail, second factor and
 * recovery codes, an app password, a duty feed and reminder time, roster slots, an offer,
 * a queued reminder, an uploaded attachment, a mail with an attachment, a contact message,
 * and log lines naming them (their own and an administrator's).
 */
async function memberWithEverything(uid: string, prename: string, lastname: string, email: string, hostEntryDate: string): Promise<Member> {
  const created = await t.createMember([], uid);
  await t.db.updateTable('users').set({ prename, lastname, email, phone: '0661 12345' }).where('id', '=', created.id).execute();
  const address = `198.51.100.${Number(uid.slice(-2))}`;

  // A failed login from another network, kept for the limits.
  expect((await trpc('auth.login', { username: uid, password: 'Falsch12345' }, {}, '203.0.113.50')).statusCode).toBe(401);
  const login = await ok(trpc('auth.login', { username: uid, password: MEMBER_PASSWORD }, {}, address));
  const sessionCookie = login.cookies.find((c) => c.name === 'sv_session')!;
  const deviceCookie = login.cookies.find((c) => c.name === 'sv_device')!.value;
  const session = { cookie: `sv_session=${sessionCookie.value}`, ...XHR };

  const appPassword = (await ok(trpc('appPasswords.create', { name: `Ergebnisdienst ${lastname}`, current_password: MEMBER_PASSWORD }, session))).json().result.data
    .password as string;
  const feedUrl = (await ok(trpc('duties.renewFeed', null, session))).json().result.data.data.url as string;
  const feedToken = /([A-Za-z0-9_-]{43})\.ics$/.exec(feedUrl)![1]!;
  await ok(trpc('duties.setReminder', { time: '18:30' }, session));

  // One after the other: the export lists the roster by date and id, and parallel inserts get their ids in any order on MariaDB.
  const entries: number[] = [];
  for (const role of ['supervisor', 'host'] as const) {
    const inserted = await t.db
      .insertInto('host_entries')
      .values({
        date: hostEntryDate,
        supervisor_user_id: role === 'supervisor' ? created.id : null,
        supervisor_special: role === 'supervisor' ? null : -1,
        host_user_id: role === 'host' ? created.id : null,
        host_special: role === 'host' ? null : -2,
      })
      .executeTakeFirstOrThrow();
    entries.push(Number(inserted.insertId));
  }
  await ok(trpc('duties.offer', { entry_id: entries[1], role: 'host' }, session));
  await t.db.insertInto('code_failures').values({ user_id: created.id, failed_ms: nowMs }).execute();
  await t.db.insertInto('duty_reminders').values({ host_entry_id: entries[0]!, role: 'supervisor', user_id: created.id, duty_date: hostEntryDate, created_ms: nowMs }).execute();
  await t.db
    .insertInto('attachments')
    .values({ appointment_id: null, filename: `Anhang ${lastname}.pdf`, stored_name: `${uid}.pdf`, mime: 'application/pdf', size: 123, uploaded_by: created.id, created_at: toClubDateTime(clock.now()) })
    .execute();
  // An article the member wrote (issue 27): its author is named in the export.
  const article = await t.db
    .insertInto('news_articles')
    .values({
      slug: `bericht-${uid}`,
      title: `Bericht von ${lastname}`,
      teaser: '',
      body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
      section: 'club',
      cover_image_id: null,
      appointment_id: null,
      album_id: null,
      author_id: created.id,
      publish_at: null,
      created_at: toClubDateTime(clock.now()),
      updated_at: toClubDateTime(clock.now()),
    })
    .executeTakeFirstOrThrow();
  // The article mailed to the member, and the mails switched off after (issue 27.4).
  await t.db
    .insertInto('news_mail_sends')
    .values({ article_id: Number(article.insertId), user_id: created.id, token_hash: createHash('sha256').update(`news ${uid}`).digest('hex'), created_at: toClubDateTime(clock.now()) })
    .execute();
  await t.db.insertInto('news_mail_optouts').values({ user_id: created.id, created_at: toClubDateTime(clock.now()) }).execute();
  // A sign-up to an appointment (issue 29) made logged in: the member's data as they gave them.
  const stamp = toClubDateTime(clock.now());
  const appointment = await t.db
    .insertInto('appointments')
    .values({ name: `Kurs ${uid}`, datetime_begin: '2027-03-06 10:00:00', datetime_end: '2027-03-06 14:00:00', location: 'Bogenplatz', visibility: 1, description: '', notes: '', assignment: 1, status: 0, notify: 0, created_at: stamp, updated_at: stamp })
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('registrations')
    .values({
      appointment_id: Number(appointment.insertId),
      position: 1,
      status: 'place',
      places: 1,
      prename,
      lastname,
      email,
      phone: '',
      birthdate: '',
      club: '',
      answers: JSON.stringify({ f1: 'Recurve' }),
      token_hash: null,
      user_id: created.id,
      guardian_name: '',
      guardian_consent_at: null,
      created_at: stamp,
      updated_at: stamp,
      cancelled_at: null,
    })
    .execute();
  // A check-in at the 3D course with the member's annual pass (issue 30.2).
  const courseGroup = await t.db
    .insertInto('course_book_groups')
    .values({ token_hash: `hash-${uid}`, ticket_code: 'K7M3PX', day: '2026-11-27', checked_in_at: '2026-11-27 10:00:00', checked_out_at: null, checked_out_by: '', phone: '0171 2', payment: 'cash', amount_cents: 0, paid_at: null, categories: '1 × Erwachsene (Jahreskarte)', personal_deleted: 0 })
    .executeTakeFirstOrThrow();
  await t.db.insertInto('course_book_shooters').values({ group_id: Number(courseGroup.insertId), position: 0, name: `${prename} ${lastname}`, category: 'Erwachsene', price_cents: 0, member_number: uid }).execute();
  // The annual pass a volunteer entered for the member (issue 30.2, migration 0035).
  const passHolder = await t.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow();
  await t.db.insertInto('course_annual_passes').values({ user_id: passHolder.id, year: 2026, created_at: '2026-01-15 18:00:00' }).execute();
  await enqueueMail(
    t.db,
    { kind: 'calendar', to: email, subject: `Termin für ${prename}`, text: 'Ein Termin', attachments: [{ filename: `termin-${uid}.ics`, content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }] },
    clock.now(),
  );
  await ok(
    inject({
      method: 'POST',
      url: '/api/public/contact',
      remoteAddress: address,
      payload: { to: 'info', prename, lastname, email: email.toUpperCase(), subject: `Frage von ${prename}`, text: `Nachricht von ${lastname}` },
    }),
  );
  // A reset link asked for by number and one by address: two links, two mails.
  await ok(trpc('auth.requestPasswordReset', { login: uid }, {}, address));
  await ok(trpc('auth.requestPasswordReset', { login: email }, {}, address));
  await t.app.services.background.idle();
  const resetMail = await t.db.selectFrom('mail_outbox').select('body').where('kind', '=', 'password-reset').where('recipient', '=', email).orderBy('id').executeTakeFirstOrThrow();
  const resetToken = /#token=([A-Za-z0-9_-]{43})/.exec(resetMail.body)![1]!;

  // An administrator changes the member: the log names them.
  await ok(inject({ method: 'PUT', url: `/api/users/${uid}`, headers: t.admin, payload: { prename, lastname, uid, email, phone: '0661 54321' } }));

  // The second factor last: from now on Basic takes app passwords only, the session stays.
  const factor = await enableSecondFactor(t.db, created.id);
  const ticket = await pendingLogin(t.db, created.id);
  return {
    id: created.id,
    uid,
    email,
    session,
    sessionToken: sessionCookie.value,
    appPassword,
    feedToken,
    resetToken,
    ticket,
    recoveryCodes: factor.recoveryCodes,
    totpSecret: factor.secret,
    deviceCookie,
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock }, { CONTACT_TO_INFO: 'info@verein.example' });
  const tomorrow = toClubDate(new Date(nowMs + DAY_MS));
  erika = await memberWithEverything('61000011', 'Erika', 'Musterfrau', 'Erika.Musterfrau@example.org', tomorrow);
  other = await memberWithEverything('61000022', 'Otto', 'Normalverbraucher', 'otto@example.org', tomorrow);
  const response = await ok(trpc('account.export', null, erika.session));
  ({ data: exported, filename } = response.json().result.data as { data: MemberDataExport; filename: string });
});
afterAll(() => t.close());

describe('account.export', () => {
  it('refuses anonymous visitors (401) and app passwords (403), allows a session and Basic with the account password', async () => {
    const anonymous = await trpc('account.export', null);
    expect(anonymous.statusCode).toBe(401);
    const withAppPassword = await trpc('account.export', null, t.basic(erika.uid, erika.appPassword));
    expect(withAppPassword.statusCode).toBe(403);
    expect(withAppPassword.json().error.message).toContain('App-Passwort');

    const plain = await t.createMember([], '61000033');
    const withPassword = await ok(trpc('account.export', null, plain.auth));
    expect(withPassword.json().result.data.data.profile.uid).toBe('61000033');
    // Nobody else's data: a member without rows gets empty sections.
    const data = withPassword.json().result.data.data as MemberDataExport;
    expect([data.sessions, data.roster, data.mails, data.contact_messages, data.app_passwords]).toEqual([[], [], [], [], []]);
  });

  it('names the file after the shooter number and the club-local date', () => {
    expect(filename).toBe(`meine-daten-${erika.uid}-${toClubDate(clock.now())}.json`);
  });

  it("holds the member's rows of every table that names a member", () => {
    expect(exported.profile).toEqual({
      id: erika.id,
      uid: erika.uid,
      prename: 'Erika',
      lastname: 'Musterfrau',
      email: erika.email,
      phone: '0661 54321',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(exported.groups.map((group) => group.name)).toEqual([`Testgruppe ${erika.uid}`]);
    expect(exported.second_factor).toMatchObject({ enabled: true, recovery_codes_left: 10, confirmed_at: expect.any(String) });
    expect(exported.app_passwords).toEqual([{ id: expect.any(Number), name: 'Ergebnisdienst Musterfrau', created_at: expect.any(String), last_used_at: null }]);
    expect(exported.sessions).toEqual([
      { started_at: toClubDateTime(clock.now()), expires_at: expect.any(String), address: '198.51.100.11', user_agent: expect.any(String), this_browser: true },
    ]);
    expect(exported.pending_logins).toEqual([{ expires_at: expect.any(String), wrong_codes: 0 }]);
    expect(exported.wrong_codes).toEqual([{ failed_at: toClubDateTime(clock.now()) }]);
    expect(exported.failed_logins).toEqual([{ attempted_at: toClubDateTime(clock.now()), network: '203.0.113.50', known_browser: false }]);
    const link = { created_at: toClubDateTime(clock.now()), expires_at: expect.any(String), used_at: null };
    expect(exported.password_reset_links).toEqual([link, link]);
    expect(exported.password_reset_requests).toHaveLength(2);
    expect(exported.duty_settings).toEqual({ calendar_feed: true, calendar_feed_since: toClubDateTime(clock.now()), reminder_at: '18:30', signups_in_feed: false });
    const tomorrow = toClubDate(new Date(nowMs + DAY_MS));
    expect(exported.roster.map(({ date, role }) => ({ date, role }))).toEqual([
      { date: tomorrow, role: 'supervisor' },
      { date: tomorrow, role: 'host' },
    ]);
    expect(exported.duty_offers).toEqual([{ id: expect.any(Number), entry_id: exported.roster[1]!.entry_id, date: tomorrow, role: 'host', offered_at: expect.any(String) }]);
    expect(exported.duty_reminders).toEqual([{ entry_id: exported.roster[0]!.entry_id, role: 'supervisor', duty_date: tomorrow, queued_at: expect.any(String) }]);
    expect(exported.uploaded_attachments).toEqual([
      { id: expect.any(Number), filename: 'Anhang Musterfrau.pdf', mime: 'application/pdf', size: 123, appointment_id: null, series_id: null, uploaded_at: expect.any(String) },
    ]);
    expect(exported.news_articles.map((article) => article.title)).toEqual(['Bericht von Musterfrau']);
    expect(exported.news_mail).toEqual({
      receive: false,
      switched_off_at: toClubDateTime(clock.now()),
      mailed_articles: [{ article_id: exported.news_articles[0]!.id, title: 'Bericht von Musterfrau', mailed_at: toClubDateTime(clock.now()) }],
    });
    const mailKinds = exported.mails.map((mail) => [mail.kind, mail.attachments]);
    expect(mailKinds).toEqual([
      // The security notice of the new app password.
      ['security', []],
      ['calendar', [`termin-${erika.uid}.ics`]],
      ['contact', []],
      ['password-reset', []],
      ['password-reset', []],
    ]);
    // The contact form's copy for the club, found by its Reply-To.
    expect(exported.mails[2]).toMatchObject({ recipient: 'info@verein.example', reply_to: expect.stringContaining(erika.email.toUpperCase()), text: expect.stringContaining('Nachricht von Musterfrau') });
    // A reset mail's text holds the link: left out.
    for (const mail of exported.mails.slice(3)) expect(mail).toMatchObject({ recipient: erika.email, text: null });
    expect(exported.contact_messages).toEqual([
      {
        recipient: 'info',
        prename: 'Erika',
        lastname: 'Musterfrau',
        email: erika.email.toUpperCase(),
        subject: 'Frage von Erika',
        text: 'Nachricht von Musterfrau',
        address: '198.51.100.11',
        sent_at: expect.any(String),
      },
    ]);
    expect(exported.registrations).toEqual([
      expect.objectContaining({ appointment: `Kurs ${erika.uid}`, status: 'place', prename: 'Erika', lastname: 'Musterfrau', answers: { f1: 'Recurve' }, paid: false }),
    ]);
    expect(exported.course_book).toEqual([
      { date: '2026-11-27', ticket_code: 'K7M3PX', name: 'Erika Musterfrau', category: 'Erwachsene', checked_in_at: '2026-11-27 10:00:00', checked_out_at: null },
    ]);
    expect(exported.course_annual_passes).toEqual([{ year: 2026, entered_at: '2026-01-15 18:00:00' }]);
    const log = exported.log.map((line) => `${line.actor}: ${line.message}`);
    expect(log).toEqual(
      expect.arrayContaining([
        `Schützennummer ${erika.uid}: Fehlgeschlagene Anmeldung von 203.0.113.50`,
        `${erika.uid} (Erika Musterfrau): Anmeldung von 198.51.100.11`,
        expect.stringMatching(new RegExp(`: Benutzer Erika Musterfrau \\(${erika.uid}\\) geändert$`)),
        `${erika.uid} (Erika Musterfrau): App-Passwort ${exported.app_passwords[0]!.id} „Ergebnisdienst Musterfrau“ angelegt`,
      ]),
    );

    // Every section a table feeds has rows, so no table was left unread.
    for (const section of new Set(Object.values(MEMBER_DATA_TABLES))) {
      const value = exported[section];
      expect(Array.isArray(value) ? value.length : Object.keys(value).length, section).toBeGreaterThan(0);
    }
  });

  it('reads every table of the database or says why it holds nothing about a member', async () => {
    const tables = (await listTables(t.db)).map((table) => table.name).sort();
    const decided = [...Object.keys(MEMBER_DATA_TABLES), ...Object.keys(TABLES_WITHOUT_MEMBER_DATA)].sort();
    expect(decided).toEqual(tables);
  });

  it("holds nothing of another member's", () => {
    const text = JSON.stringify(exported);
    for (const foreign of [other.uid, other.email, 'Normalverbraucher', 'Otto']) expect(text).not.toContain(foreign);
  });

  it('holds no secret, no hash and no field for one', async () => {
    const text = JSON.stringify(exported);
    const [user, factor, codes, apps, sessions, resets, pending, settings, attempts, requests, secrets] = await Promise.all([
      t.db.selectFrom('users').select('password_hash').where('id', '=', erika.id).executeTakeFirstOrThrow(),
      t.db.selectFrom('second_factors').select('secret').where('user_id', '=', erika.id).executeTakeFirstOrThrow(),
      t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', erika.id).execute(),
      t.db.selectFrom('app_passwords').select('secret_hash').where('user_id', '=', erika.id).execute(),
      t.db.selectFrom('sessions').select('id').where('user_id', '=', erika.id).execute(),
      t.db.selectFrom('password_resets').select('id').where('user_id', '=', erika.id).execute(),
      t.db.selectFrom('pending_logins').select('id').where('user_id', '=', erika.id).execute(),
      t.db.selectFrom('duty_settings').select('feed_token_hash').where('user_id', '=', erika.id).executeTakeFirstOrThrow(),
      t.db.selectFrom('login_attempts').select('device').where('device', 'is not', null).execute(),
      t.db.selectFrom('password_reset_requests').select('target').execute(),
      t.db.selectFrom('server_secrets').select('value').execute(),
    ]);
    const unsubscribeLinks = await t.db.selectFrom('news_mail_sends').select('token_hash').where('user_id', '=', erika.id).execute();
    const stored = [
      user.password_hash,
      factor.secret,
      settings.feed_token_hash!,
      ...unsubscribeLinks.map((row) => row.token_hash),
      ...codes.map((row) => row.code_hash),
      ...apps.map((row) => row.secret_hash),
      ...sessions.map((row) => row.id),
      ...resets.map((row) => row.id),
      ...pending.map((row) => row.id),
      ...attempts.map((row) => row.device!),
      ...requests.map((row) => row.target),
      ...secrets.map((row) => row.value),
    ];
    const plain = [erika.sessionToken, erika.appPassword, erika.feedToken, erika.resetToken, erika.ticket, erika.totpSecret, erika.deviceCookie, ...erika.recoveryCodes, MEMBER_PASSWORD];
    expect(stored.length).toBeGreaterThanOrEqual(15);
    for (const secret of [...stored, ...plain]) expect(text, secret).not.toContain(secret);
    // The device cookie's parts too (its id is what login_attempts keeps).
    for (const part of erika.deviceCookie.split('.')) expect(text).not.toContain(part);

    const keys: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          keys.push(key);
          walk(inner);
        }
      }
    };
    walk(exported);
    expect(keys.filter((key) => /hash|secret|token|^password$|^code|^device$|^target$|^body$/i.test(key))).toEqual([]);
  });

  it('is written to the log in the name of the member', async () => {
    const lines = await t.db.selectFrom('log_entries').select(['actor', 'message']).where('message', 'like', 'Eigene Daten heruntergeladen%').execute();
    const erikaActor = describePrincipal({ uid: erika.uid, prename: 'Erika', lastname: 'Musterfrau' });
    expect(lines).toContainEqual({ actor: erikaActor, message: 'Eigene Daten heruntergeladen (Auskunft nach Art. 15 DSGVO)' });
    // The refused app password is logged as a refusal, not as a download.
    expect(lines.filter((line) => line.actor === erikaActor)).toHaveLength(1);
  });
});
