import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DutyReminders } from '../../src/server/areas/duties/reminders.ts';
import { DUTY_MESSAGES } from '../../src/server/areas/duties/router.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { SUPERVISOR_GROUP_NAME } from '../../src/shared/permissions.ts';
import { DUTY_INPUT_MESSAGES as INPUT_MESSAGES } from '../../src/shared/schemas/duties.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * Each member's own duties (issue 19, point 3; README „Meine Dienste“): the list on Meine
 * Daten with the appointments of the day, the private calendar feed, the reminder mails
 * the day before through a real SMTP peer, and swaps between members with their rules.
 */

const FROM = 'Schützenverein <web@verein.example>';
/** 11:00 in Berlin on Monday, 23.11.2026. */
const START_MS = Date.parse('2026-11-23T10:00:00Z');
const TODAY = '2026-11-23';
const TOMORROW = '2026-11-24';
const LATER = '2026-12-04';
const YESTERDAY = '2026-11-22';

let nowMs = START_MS;
const clock = { now: () => new Date(nowMs) };
let peer: SmtpPeer;
let t: TestApp;

interface Member {
  id: number;
  uid: string;
  auth: { authorization: string };
}
/** Standaufsichtsberechtigte. */
let sabine: Member;
let karl: Member;
/** Plain members. */
let werner: Member;
let petra: Member;
/** A member who may see the calendar, internal appointments included. */
let clara: Member;
let supervisorGroup: number;

async function member(prename: string, lastname: string, permissions: Parameters<TestApp['createMember']>[0] = []): Promise<Member> {
  const created = await t.createMember(permissions);
  await t.db
    .updateTable('users')
    .set({ prename, lastname, email: `${prename.toLowerCase()}@verein.example` })
    .where('id', '=', created.id)
    .execute();
  return created;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ clock, mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }) }, { SMTP_URL: peer.url, MAIL_FROM: FROM });
  supervisorGroup = (await t.db.selectFrom('groups').select('id').where('name', '=', SUPERVISOR_GROUP_NAME).executeTakeFirstOrThrow()).id;
  sabine = await member('Sabine', 'Aufsicht');
  karl = await member('Karl', 'Kimme');
  werner = await member('Werner', 'Wirt');
  petra = await member('Petra', 'Pokal');
  clara = await member('Clara', 'Kalender', ['calendar_view']);
  for (const supervisor of [sabine, karl]) await t.db.insertInto('user_groups').values({ user_id: supervisor.id, group_id: supervisorGroup }).execute();
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});

beforeEach(async () => {
  nowMs = START_MS;
  peer.received.length = 0;
  await t.db.deleteFrom('host_entries').execute();
  await t.db.deleteFrom('appointments').execute();
  await t.db.deleteFrom('duty_settings').execute();
  await t.db.deleteFrom('mail_outbox').execute();
  await t.db.deleteFrom('log_entries').execute();
  t.app.services.publicCache.invalidate('hosts');
});

function query(path: string, auth: Record<string, string>, input?: unknown) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers: auth });
}

function mutate(path: string, auth: Record<string, string>, input?: unknown) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(input ?? null) });
}

async function data(response: Awaited<ReturnType<typeof query>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

async function entry(date: string, supervisor: number, host: number): Promise<number> {
  const row = await t.db
    .insertInto('host_entries')
    .values({
      date,
      supervisor_user_id: supervisor > 0 ? supervisor : null,
      supervisor_special: supervisor > 0 ? null : supervisor,
      host_user_id: host > 0 ? host : null,
      host_special: host > 0 ? null : host,
    })
    .executeTakeFirstOrThrow();
  return Number(row.insertId);
}

async function appointment(name: string, begin: string, end: string, visibility = 1): Promise<void> {
  await t.db
    .insertInto('appointments')
    .values({
      name,
      datetime_begin: begin,
      datetime_end: end,
      location: 'Schützenhaus',
      visibility,
      description: '',
      notes: 'Nur für den Vorstand',
      assignment: 1,
      status: 0,
      notify: 0,
      created_at: '2026-11-01 10:00:00',
      updated_at: '2026-11-01 10:00:00',
    })
    .execute();
}

async function logLines(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map((row) => row.message);
}

async function newFeed(auth: Record<string, string>): Promise<string> {
  const { message, data: created } = await data(await mutate('duties.renewFeed', auth));
  expect(message).toMatch(/Kalender-Abo|Adresse/);
  expect(created.url).toMatch(/^http:\/\/localhost:3000\/api\/dienste\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(created.url as string).pathname;
}

function feedEvents(body: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

describe('without a login', () => {
  it('every procedure but the feed answers 401', async () => {
    for (const path of ['duties.list', 'duties.offers', 'duties.settings']) {
      expect((await query(path, {})).statusCode, path).toBe(401);
    }
    for (const [path, input] of [
      ['duties.renewFeed', null],
      ['duties.revokeFeed', null],
      ['duties.setReminder', { time: '18:00' }],
      ['duties.offer', { entry_id: 1, role: 'host' }],
      ['duties.withdraw', { entry_id: 1, role: 'host' }],
      ['duties.take', { id: 1 }],
    ] as const) {
      const response = await mutate(path, {}, input);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().error.message).toMatch(/nicht angemeldet/);
    }
  });
});

describe('Meine Dienste', () => {
  it('lists the own duties from today (Berlin) with the appointments of the day, internal ones only with calendar_view', async () => {
    const past = await entry(YESTERDAY, sabine.id, werner.id);
    const today = await entry(TODAY, sabine.id, werner.id);
    const both = await entry(LATER, -1, werner.id);
    await entry(TOMORROW, -2, -4);
    await t.db.updateTable('host_entries').set({ supervisor_user_id: werner.id, supervisor_special: null }).where('id', '=', both).execute();
    await appointment('Königsschießen', `${TODAY} 18:00:00`, `${TODAY} 22:00:00`);
    await appointment('Vorstandssitzung', `${TODAY} 20:00:00`, `${TODAY} 21:00:00`, 0);
    // The evening before and a day that began the day before are not that day's.
    await appointment('Vorabend', `${YESTERDAY} 23:00:00`, `${TODAY} 01:00:00`);

    const list = await data(await query('duties.list', werner.auth));
    expect(list).toEqual([
      {
        entry_id: today,
        date: TODAY,
        role: 'host',
        offered: false,
        appointments: [{ name: 'Königsschießen', begin: `${TODAY} 18:00:00`, end: `${TODAY} 22:00:00`, cancelled: false }],
      },
      { entry_id: both, date: LATER, role: 'supervisor', offered: false, appointments: [] },
      { entry_id: both, date: LATER, role: 'host', offered: false, appointments: [] },
    ]);
    expect(list.map((duty: { entry_id: number }) => duty.entry_id)).not.toContain(past);

    await t.db.updateTable('host_entries').set({ host_user_id: clara.id }).where('id', '=', today).execute();
    const claras = await data(await query('duties.list', clara.auth));
    expect(claras[0].appointments.map((item: { name: string }) => item.name)).toEqual(['Königsschießen', 'Vorstandssitzung']);

    // After midnight in Berlin (23:30 UTC) the day is over, though UTC still says the 23rd.
    nowMs = Date.parse('2026-11-23T23:30:00Z');
    expect((await data(await query('duties.list', clara.auth))).map((duty: { date: string }) => duty.date)).toEqual([]);
    expect(await data(await query('duties.list', petra.auth))).toEqual([]);
  });

  it('keeps the reminder time per member, off by default, and refuses a time that is none in German', async () => {
    expect(await data(await query('duties.settings', werner.auth))).toEqual({ feed_since: null, reminder_time: null, feed_signups: false, has_email: true });
    const saved = await data(await mutate('duties.setReminder', werner.auth, { time: '8:30' }));
    expect(saved).toEqual({ message: 'Erinnerung gespeichert: am Tag vor jedem Dienst um 08:30 Uhr', data: { reminder_time: '08:30' } });
    expect((await data(await query('duties.settings', werner.auth))).reminder_time).toBe('08:30');
    expect((await data(await query('duties.settings', petra.auth))).reminder_time).toBeNull();

    for (const time of ['25:00', '18.00', '', 'abends', 1800]) {
      const refused = await mutate('duties.setReminder', werner.auth, { time });
      expect(refused.statusCode, String(time)).toBe(400);
      expect(refused.json().error.message).toBe(INPUT_MESSAGES.timeInvalid);
      expect(refused.json().error.data.fieldErrors).toEqual({ time: [INPUT_MESSAGES.timeInvalid] });
    }
    expect(await data(await mutate('duties.setReminder', werner.auth, { time: null }))).toEqual({ message: 'Erinnerung ausgeschaltet', data: { reminder_time: null } });

    await t.db.updateTable('users').set({ email: '' }).where('id', '=', petra.id).execute();
    try {
      const warned = await data(await mutate('duties.setReminder', petra.auth, { time: '19:00' }));
      expect(warned.message).toBe(`Erinnerung gespeichert: am Tag vor jedem Dienst um 19:00 Uhr${DUTY_MESSAGES.reminderNoAddress}`);
      expect((await data(await query('duties.settings', petra.auth))).has_email).toBe(false);
    } finally {
      await t.db.updateTable('users').set({ email: 'petra@verein.example' }).where('id', '=', petra.id).execute();
    }
  });
});

describe('the private calendar feed', () => {
  it("holds only the member's own duties as all-day events, names nobody else, and is never cached", async () => {
    const today = await entry(TODAY, sabine.id, werner.id);
    const later = await entry(LATER, werner.id, petra.id);
    await entry(TOMORROW, sabine.id, petra.id);
    await appointment('Königsschießen', `${TODAY} 18:00:00`, `${TODAY} 22:00:00`);
    await appointment('Vorstandssitzung', `${TODAY} 20:00:00`, `${TODAY} 21:00:00`, 0);
    const path = await newFeed(werner.auth);

    const response = await t.inject({ method: 'GET', url: path });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const events = feedEvents(response.body);
    expect(events.map((event) => [event.uid, event.summary, event.startDate.toString(), event.startDate.isDate, event.endDate.toString()])).toEqual([
      [`dienst-${today}-host@localhost`, 'Bewirtung – Königsschießen', TODAY, true, TOMORROW],
      [`dienst-${later}-supervisor@localhost`, 'Standaufsicht', LATER, true, '2026-12-05'],
    ]);
    expect(events[0]!.description).toContain('Dein Dienst: Bewirtung am Montag, 23.11.2026.');
    expect(events[0]!.description).toContain('An diesem Tag: Königsschießen, 18:00–22:00 Uhr');
    expect(events[1]!.description).toContain('An diesem Tag steht kein Termin im Kalender.');
    // Nobody else's name, no internal appointment for a member without calendar_view, no notes.
    for (const other of ['Sabine', 'Aufsicht', 'Petra', 'Pokal', 'Werner', 'Wirt', 'Vorstandssitzung', 'Nur für den Vorstand']) {
      expect(response.body, other).not.toContain(other);
    }
    // Only the hash is stored, and the answer does not repeat the secret.
    const token = path.slice('/api/dienste/'.length, -'.ics'.length);
    const stored = await t.db.selectFrom('duty_settings').selectAll().where('user_id', '=', werner.id).executeTakeFirstOrThrow();
    expect(stored.feed_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(response.body).not.toContain(token);
    expect(await logLines()).toContain('Kalender-Abo der eigenen Dienste eingerichtet');

    // The feed of another member holds theirs.
    const petras = feedEvents((await t.inject({ method: 'GET', url: await newFeed(petra.auth) })).body);
    expect(petras.map((event) => event.summary)).toEqual(['Bewirtung', 'Bewirtung']);
  });

  it("refuses the address of a member whose group requires a second factor they have not set up: 403, as every procedure does", async () => {
    const vera = await member('Vera', 'Vorstand', ['calendar_view']);
    await entry(TODAY, sabine.id, vera.id);
    await appointment('Vorstandssitzung', `${TODAY} 20:00:00`, `${TODAY} 21:00:00`, 0);
    const path = await newFeed(vera.auth);
    expect((await t.inject({ method: 'GET', url: path })).body).toContain('Vorstandssitzung');
    // The address was made before the group asked for the second factor; it must not outlive the rule.
    const group = await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', vera.id).executeTakeFirstOrThrow();
    await t.db.updateTable('groups').set({ require_second_factor: 1 }).where('id', '=', group.group_id).execute();
    const refused = await t.inject({ method: 'GET', url: path });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.secondFactorRequired });
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(refused.body).not.toContain('Vorstandssitzung');
    expect(await logLines()).toContain(`Zugriff verweigert: duties.feed von ${vera.uid} (Vera Vorstand) (zweiter Faktor von der Gruppe verlangt, aber nicht eingerichtet)`);
  });

  it('answers 404 for a renewed, a revoked and an unknown address, without caching the refusal', async () => {
    await entry(TODAY, sabine.id, werner.id);
    const first = await newFeed(werner.auth);
    const settings = await data(await query('duties.settings', werner.auth));
    expect(settings.feed_since).toBe('2026-11-23 11:00:00');

    nowMs += 60_000;
    const renewed = await mutate('duties.renewFeed', werner.auth);
    expect(renewed.json().result.data.message).toBe(DUTY_MESSAGES.feedRenewed);
    const second = new URL(renewed.json().result.data.data.url as string).pathname;
    expect(second).not.toBe(first);
    const gone = await t.inject({ method: 'GET', url: first });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: DUTY_MESSAGES.feedNotFound });
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect((await t.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    expect(await data(await mutate('duties.revokeFeed', werner.auth))).toEqual({ message: DUTY_MESSAGES.feedRevoked, data: { feed_since: null } });
    expect((await t.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await data(await query('duties.settings', werner.auth))).feed_since).toBeNull();
    const again = await mutate('duties.revokeFeed', werner.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(DUTY_MESSAGES.feedNotActive);

    for (const url of ['/api/dienste/kurz.ics', `/api/dienste/${'A'.repeat(43)}.ics`, `/api/dienste/${'A'.repeat(43)}`, '/api/dienste/']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toMatch(/gibt es nicht/);
    }
    expect(await logLines()).toEqual(
      expect.arrayContaining(['Neue Adresse für das Kalender-Abo der eigenen Dienste erzeugt', 'Kalender-Abo der eigenen Dienste beendet']),
    );
  });
});

describe('reminder mails through a real SMTP peer', () => {
  const at = (berlinTime: string) => Date.parse(`${TODAY}T${berlinTime}:00+01:00`);
  const reminders = () => t.app.services.dutyReminders.runOnce();
  const send = () => t.app.services.mail.runOnce();

  it('go out once, from the chosen time on the day before, to members only and only with an address', async () => {
    const duty = await entry(TOMORROW, -1, werner.id);
    await entry(TOMORROW, -5, petra.id);
    await entry(TOMORROW, sabine.id, -4);
    await appointment('Vereinsmeisterschaft LG', `${TOMORROW} 18:30:00`, `${TOMORROW} 22:00:00`);
    await mutate('duties.setReminder', werner.auth, { time: '18:00' });
    // Sabine leaves it off (the default); Petra has no address.
    await mutate('duties.setReminder', petra.auth, { time: '07:00' });
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', petra.id).execute();
    try {
      nowMs = at('17:59');
      expect(await reminders()).toEqual({ queued: 0, withoutAddress: 1 });
      await send();
      expect(peer.received).toHaveLength(0);

      nowMs = at('18:00');
      expect(await reminders()).toEqual({ queued: 1, withoutAddress: 1 });
      expect(await send()).toMatchObject({ sent: 1, failed: 0 });
      expect(peer.received).toHaveLength(1);
      const mail = peer.received[0]!;
      expect(mail.envelope.to).toEqual(['werner@verein.example']);
      expect(mail.parsed.subject).toBe('Erinnerung: morgen Bewirtung (Dienstag, 24.11.2026)');
      expect(mail.parsed.text).toContain('Hallo Werner Wirt,');
      expect(mail.parsed.text).toContain('morgen, am Dienstag, 24.11.2026, hast du Bewirtung.');
      expect(mail.parsed.text).toContain('- Vereinsmeisterschaft LG, 18:30–22:00 Uhr');
      expect(mail.parsed.text).toContain('http://localhost:3000/admin/ich');
      // Without hosts_view the roster page would only send him back to Meine Daten.
      expect(mail.parsed.text).not.toContain('/admin/standaufsicht_bewirtung');

      nowMs = at('21:30');
      expect(await reminders()).toEqual({ queued: 0, withoutAddress: 1 });
      await send();
      expect(peer.received).toHaveLength(1);
      const claimed = await t.db.selectFrom('duty_reminders').select(['host_entry_id', 'role', 'user_id']).execute();
      expect(claimed).toEqual([{ host_entry_id: duty, role: 'host', user_id: werner.id }]);
      const lines = await logLines();
      expect(lines.filter((line) => line.startsWith('Keine Erinnerung an Bewirtung am 24.11.2026'))).toHaveLength(1);
      expect(lines).toContain(`Erinnerung an Dienste in den Postausgang gelegt: Bewirtung am 24.11.2026 (Eintrag ${duty}) an ${werner.uid} (Werner Wirt)`);
    } finally {
      await t.db.updateTable('users').set({ email: 'petra@verein.example' }).where('id', '=', petra.id).execute();
    }
  });

  it('are not sent for a day whose evening was cancelled in the calendar, and name a cancelled evening as such in the list', async () => {
    await entry(TOMORROW, -1, werner.id);
    await appointment('Training', `${TOMORROW} 18:30:00`, `${TOMORROW} 21:00:00`);
    await t.db.updateTable('appointments').set({ cancelled: 1 }).execute();
    await mutate('duties.setReminder', werner.auth, { time: '18:00' });
    nowMs = at('19:00');
    expect(await reminders()).toEqual({ queued: 0, withoutAddress: 0 });
    const [duty] = await data(await query('duties.list', werner.auth));
    expect(duty.appointments).toEqual([{ name: 'Training', begin: `${TOMORROW} 18:30:00`, end: `${TOMORROW} 21:00:00`, cancelled: true }]);
    // Taken back: the reminder still goes out that day.
    await t.db.updateTable('appointments').set({ cancelled: 0 }).execute();
    expect(await reminders()).toEqual({ queued: 1, withoutAddress: 0 });
  });

  it('are queued once with two server processes, and a member who took the duty over gets their own', async () => {
    const duty = await entry(TOMORROW, -1, werner.id);
    await mutate('duties.setReminder', werner.auth, { time: '12:00' });
    await mutate('duties.setReminder', petra.auth, { time: '09:00' });
    const other = new DutyReminders({ db: t.db, clock, logger: t.app.log, serverLog: t.app.services.serverLog, publicUrl: 'http://localhost:3000', onQueued: () => {} });
    nowMs = at('12:05');
    const rounds = await Promise.all([reminders(), other.runOnce(), reminders()]);
    expect(rounds.reduce((sum, round) => sum + round.queued, 0)).toBe(1);
    await send();
    expect(peer.received.map((mail) => mail.envelope.to)).toEqual([['werner@verein.example']]);

    await data(await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'host' }));
    const [offer] = await data(await query('duties.offers', petra.auth));
    await data(await mutate('duties.take', petra.auth, { id: offer.id }));
    nowMs = at('12:06');
    expect((await reminders()).queued).toBe(1);
    expect((await other.runOnce()).queued).toBe(0);
    await send();
    // The take tells Werner; the reminder goes to Petra; Werner gets no second reminder.
    expect(peer.received.map((mail) => [mail.envelope.to[0], mail.parsed.subject])).toEqual([
      ['werner@verein.example', 'Erinnerung: morgen Bewirtung (Dienstag, 24.11.2026)'],
      ['werner@verein.example', 'Dein Dienst wurde übernommen: Bewirtung am Dienstag, 24.11.2026'],
      ['petra@verein.example', 'Erinnerung: morgen Bewirtung (Dienstag, 24.11.2026)'],
    ]);
  });

  it('leave no records of duties long past behind', async () => {
    const old = await entry('2026-11-10', -1, werner.id);
    const recent = await entry(YESTERDAY, -1, werner.id);
    for (const id of [old, recent]) {
      await t.db.insertInto('duty_offers').values({ host_entry_id: id, role: 'host', user_id: werner.id, created_ms: START_MS }).execute();
      const date = id === old ? '2026-11-10' : YESTERDAY;
      await t.db.insertInto('duty_reminders').values({ host_entry_id: id, role: 'host', user_id: werner.id, duty_date: date, created_ms: START_MS }).execute();
    }
    // The retention sweep (retention.ts) runs with the outbox worker, at most once an hour per process.
    nowMs = Date.parse('2026-11-23T23:30:00Z');
    await send();
    expect((await t.db.selectFrom('duty_offers').select('host_entry_id').execute()).map((row) => row.host_entry_id)).toEqual([recent]);
    expect((await t.db.selectFrom('duty_reminders').select('host_entry_id').execute()).map((row) => row.host_entry_id)).toEqual([recent]);
  });

  it('link the roster for members who may open it, and name internal appointments only for those who may see the calendar', async () => {
    await entry(TOMORROW, -1, clara.id);
    await appointment('Arbeitseinsatz', `${TOMORROW} 17:00:00`, `${TOMORROW} 19:00:00`, 0);
    await mutate('duties.setReminder', clara.auth, { time: '10:00' });
    const rosterGroup = (await t.db.insertInto('groups').values({ name: 'Dienstplan lesen' }).executeTakeFirstOrThrow()).insertId;
    const hostsView = await t.db.selectFrom('permissions').select('id').where('name', '=', 'hosts_view').executeTakeFirstOrThrow();
    await t.db.insertInto('group_permissions').values({ group_id: Number(rosterGroup), permission_id: hostsView.id }).execute();
    await t.db.insertInto('user_groups').values({ user_id: clara.id, group_id: Number(rosterGroup) }).execute();
    try {
      nowMs = at('11:00');
      expect((await reminders()).queued).toBe(1);
      await send();
      expect(peer.received[0]!.parsed.text).toContain('- Arbeitseinsatz, 17:00–19:00 Uhr');
      expect(peer.received[0]!.parsed.text).toContain('Dienstplan Standaufsicht & Bewirtung: http://localhost:3000/admin/standaufsicht_bewirtung');
    } finally {
      await t.db.deleteFrom('groups').where('id', '=', Number(rosterGroup)).execute();
    }
  });
});

describe('swaps', () => {
  it('let a member offer only their own upcoming duty, list it to those allowed for the role, and withdraw it', async () => {
    const duty = await entry(LATER, sabine.id, werner.id);
    const past = await entry(YESTERDAY, sabine.id, werner.id);

    const foreign = await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'supervisor' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(DUTY_MESSAGES.notOwnDuty);
    const stale = await mutate('duties.offer', werner.auth, { entry_id: past, role: 'host' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(DUTY_MESSAGES.pastDuty);
    const missing = await mutate('duties.offer', werner.auth, { entry_id: past + 1000, role: 'host' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(DUTY_MESSAGES.entryNotFound);
    const wrongRole = await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'koch' });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().error.message).toBe(INPUT_MESSAGES.roleInvalid);

    expect(await data(await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'host' }))).toEqual({
      message: DUTY_MESSAGES.offered,
      data: { entry_id: duty, role: 'host', date: LATER },
    });
    expect((await data(await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'host' }))).message).toBe(DUTY_MESSAGES.alreadyOffered);
    expect((await data(await query('duties.list', werner.auth)))[0]).toMatchObject({ entry_id: duty, role: 'host', offered: true });
    await data(await mutate('duties.offer', sabine.auth, { entry_id: duty, role: 'supervisor' }));

    // Bewirtung for everyone, Standaufsicht only for Standaufsichtsberechtigte, never one's own.
    const forPetra = await data(await query('duties.offers', petra.auth));
    expect(forPetra).toEqual([{ id: expect.any(Number), entry_id: duty, date: LATER, role: 'host', offered_by: 'Werner Wirt', appointments: [] }]);
    const forKarl = await data(await query('duties.offers', karl.auth));
    expect(forKarl.map((offer: { role: string; offered_by: string }) => [offer.role, offer.offered_by])).toEqual([
      ['host', 'Werner Wirt'],
      ['supervisor', 'Sabine Aufsicht'],
    ]);
    // Werner's own offer is not his to take, and Standaufsicht is not his role.
    expect(await data(await query('duties.offers', werner.auth))).toEqual([]);
    // The roster page marks both slots.
    const viewer = await t.createMember(['hosts_view']);
    expect(await data(await query('duties.offeredSlots', viewer.auth))).toEqual([
      { entry_id: duty, role: 'host' },
      { entry_id: duty, role: 'supervisor' },
    ]);
    expect((await query('duties.offeredSlots', werner.auth)).statusCode).toBe(403);

    expect(await data(await mutate('duties.withdraw', werner.auth, { entry_id: duty, role: 'host' }))).toEqual({
      message: DUTY_MESSAGES.withdrawn,
      data: { entry_id: duty, role: 'host', date: LATER },
    });
    const twice = await mutate('duties.withdraw', werner.auth, { entry_id: duty, role: 'host' });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.message).toBe(DUTY_MESSAGES.notOffered);
    // Someone else's offer cannot be withdrawn.
    expect((await mutate('duties.withdraw', werner.auth, { entry_id: duty, role: 'supervisor' })).statusCode).toBe(404);
    expect(await data(await query('duties.offers', petra.auth))).toEqual([]);
    const lines = await logLines();
    expect(lines).toContain('Dienst zum Tausch angeboten: Bewirtung am 04.12.2026');
    expect(lines).toContain('Tauschangebot zurückgezogen: Bewirtung am 04.12.2026');
    expect(lines).toContain('Zugriff verweigert: duties.offer Standaufsicht am 04.12.2026 (nicht der eigene Dienst)');
  });

  it('move the duty with one click to a member allowed for the role: roster, public roster, feeds and log follow', async () => {
    const duty = await entry(LATER, sabine.id, werner.id);
    const sabinesFeed = await newFeed(sabine.auth);
    const karlsFeed = await newFeed(karl.auth);
    expect((await t.inject({ method: 'GET', url: '/api/public/hosts' })).json().data[0].supervisor).toEqual({ prename: 'Sabine', lastname: 'Aufsicht' });
    await data(await mutate('duties.offer', sabine.auth, { entry_id: duty, role: 'supervisor' }));
    const offerId = (await t.db.selectFrom('duty_offers').select('id').executeTakeFirstOrThrow()).id;

    const notAllowed = await mutate('duties.take', petra.auth, { id: offerId });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().error.message).toBe(DUTY_MESSAGES.supervisorsOnly);
    const own = await mutate('duties.take', sabine.auth, { id: offerId });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(DUTY_MESSAGES.ownOffer);

    expect(await data(await mutate('duties.take', karl.auth, { id: offerId }))).toEqual({
      message: DUTY_MESSAGES.taken,
      data: { entry_id: duty, role: 'supervisor', date: LATER },
    });
    const roster = await t.db.selectFrom('host_entries').selectAll().where('id', '=', duty).executeTakeFirstOrThrow();
    expect(roster).toMatchObject({ supervisor_user_id: karl.id, supervisor_special: null, host_user_id: werner.id });
    expect((await t.inject({ method: 'GET', url: '/api/public/hosts' })).json().data[0].supervisor).toEqual({ prename: 'Karl', lastname: 'Kimme' });
    expect(await t.db.selectFrom('duty_offers').selectAll().execute()).toEqual([]);
    expect(feedEvents((await t.inject({ method: 'GET', url: sabinesFeed })).body)).toEqual([]);
    expect(feedEvents((await t.inject({ method: 'GET', url: karlsFeed })).body).map((event) => event.uid)).toEqual([`dienst-${duty}-supervisor@localhost`]);
    expect(await logLines()).toContain(
      `Dienst getauscht: Standaufsicht am 04.12.2026 von Sabine Aufsicht (${sabine.uid}) an Karl Kimme (${karl.uid}) übergeben`,
    );
    const told = await t.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'body']).where('kind', '=', 'duty').execute();
    expect(told).toEqual([
      {
        recipient: 'sabine@verein.example',
        subject: 'Dein Dienst wurde übernommen: Standaufsicht am Freitag, 04.12.2026',
        body: expect.stringContaining('Karl Kimme hat deinen zum Tausch angebotenen Dienst übernommen: Standaufsicht am Freitag, 04.12.2026.'),
      },
    ]);

    const again = await mutate('duties.take', karl.auth, { id: offerId });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(DUTY_MESSAGES.offerGone);
  });

  it('give an offer to exactly one of two members who take it at once', async () => {
    const duty = await entry(LATER, -1, werner.id);
    await data(await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'host' }));
    const offerId = (await t.db.selectFrom('duty_offers').select('id').executeTakeFirstOrThrow()).id;
    const answers = await Promise.all([petra, clara, karl].map((taker) => mutate('duties.take', taker.auth, { id: offerId })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((response) => response.statusCode !== 200)) {
      expect([404, 409]).toContain(answer.statusCode);
      expect([DUTY_MESSAGES.offerGone, DUTY_MESSAGES.takenMeanwhile]).toContain(answer.json().error.message);
    }
    const winner = [petra, clara, karl][statuses.indexOf(200)]!;
    expect((await t.db.selectFrom('host_entries').select('host_user_id').where('id', '=', duty).executeTakeFirstOrThrow()).host_user_id).toBe(winner.id);
  });

  it('vanish when the roster gives the slot to someone else or the entry is deleted, and past offers cannot be taken', async () => {
    const editor = await t.createMember(['hosts_view', 'hosts_update', 'hosts_delete']);
    const duty = await entry(LATER, sabine.id, werner.id);
    await data(await mutate('duties.offer', werner.auth, { entry_id: duty, role: 'host' }));
    await data(await mutate('duties.offer', sabine.auth, { entry_id: duty, role: 'supervisor' }));
    // The host changes hands; the supervisor stays, and so does her offer.
    const update = await mutate('hosts.update', editor.auth, { id: duty, date: LATER, supervisor: sabine.id, host: petra.id });
    expect(update.statusCode, update.body).toBe(200);
    expect((await t.db.selectFrom('duty_offers').select(['role', 'user_id']).execute())).toEqual([{ role: 'supervisor', user_id: sabine.id }]);
    // Back to Werner: his old offer does not come back.
    await mutate('hosts.update', editor.auth, { id: duty, date: LATER, supervisor: sabine.id, host: werner.id });
    expect((await data(await query('duties.list', werner.auth)))[0].offered).toBe(false);
    expect((await mutate('hosts.delete', editor.auth, { id: duty })).statusCode).toBe(200);
    expect(await t.db.selectFrom('duty_offers').selectAll().execute()).toEqual([]);

    const soon = await entry(TOMORROW, -1, werner.id);
    await data(await mutate('duties.offer', werner.auth, { entry_id: soon, role: 'host' }));
    const offerId = (await t.db.selectFrom('duty_offers').select('id').executeTakeFirstOrThrow()).id;
    nowMs = Date.parse('2026-11-25T10:00:00Z');
    expect(await data(await query('duties.offers', petra.auth))).toEqual([]);
    const late = await mutate('duties.take', petra.auth, { id: offerId });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(DUTY_MESSAGES.pastDuty);
    const invalid = await mutate('duties.take', petra.auth, { id: 'eins' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Die ID muss eine Zahl sein!');
  });
});
