import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { CALENDAR_MESSAGES } from '../../src/server/areas/calendar/router.ts';
import { NOTIFY_INTERVAL_MS } from '../../src/server/areas/calendar/notify.ts';
import { readConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/connection.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { freshDatabase } from '../helpers/database.ts';
import { insertMember } from '../helpers/members.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * Notification mails of the calendar issue end to end: saved with the appointment, sent by
 * the outbox worker to a real SMTP peer, each carrying the event as .ics.
 */

const FROM = 'Schützenverein <web@verein.example>';
let peer: SmtpPeer;
let t: TestApp;
let editor: { authorization: string };
let groupId: number;
let nowMs = Date.parse('2026-11-23T10:00:00Z');

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    { mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }), clock: { now: () => new Date(nowMs) } },
    { SMTP_URL: peer.url, MAIL_FROM: FROM },
  );
  const member = await t.createMember(['calendar_create', 'calendar_update'], '42000001');
  editor = member.auth;
  groupId = member.groupId;
  await t.db.updateTable('users').set({ email: 'jörg.schütze@example.org', prename: 'Jörg' }).where('id', '=', member.id).execute();
  const silent = await t.createMember([], '42000002');
  await t.db.insertInto('user_groups').values({ user_id: silent.id, group_id: groupId }).execute();
  await t.db.updateTable('users').set({ email: '' }).where('id', '=', silent.id).execute();
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});

const appointment = (overrides: Record<string, unknown> = {}) => ({
  name: 'Königsschießen, Finale',
  datetime_begin: '2026-12-05 10:00:00',
  datetime_end: '2026-12-05 16:00:00',
  location: 'Schützenhaus; Stand 3',
  visibility: 1,
  description: 'Grüße an alle Schützen',
  notes: 'Nur für den Vorstand',
  assignment: groupId,
  status: 1,
  attachments: [],
  notify: 1,
  ...overrides,
});

function eventOf(mail: (typeof peer.received)[number]): ICAL.Event {
  const ics = mail.parsed.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
  expect(ics, 'the mail carries the event as .ics').toBeDefined();
  return new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')) as unknown[]).getFirstSubcomponent('vevent')!);
}

describe('notification mails through a real SMTP peer', () => {
  it('reach each member of the group with an address, in German with the event, and an update keeps the UID with a higher SEQUENCE', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/calendar', headers: { ...editor, 'content-type': 'application/json' }, payload: JSON.stringify(appointment()) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 1, failed: 0 });

    expect(peer.received).toHaveLength(1);
    const first = peer.received[0]!;
    expect(first.envelope.to).toEqual(['jörg.schütze@example.org']);
    expect(first.parsed.subject).toContain('Königsschießen, Finale');
    expect(first.parsed.text).toContain('Schützenhaus; Stand 3');
    expect(first.parsed.text).not.toContain('Nur für den Vorstand');
    const event = eventOf(first);
    expect(event.summary).toBe('Königsschießen, Finale');
    expect(event.location).toBe('Schützenhaus; Stand 3');
    expect(event.sequence).toBe(0);

    nowMs += NOTIFY_INTERVAL_MS;
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/calendar/${id}`,
      headers: { ...editor, 'content-type': 'application/json' },
      payload: JSON.stringify(appointment({ location: 'Parcours' })),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(2);
    const update = eventOf(peer.received[1]!);
    expect(update.uid).toBe(event.uid);
    expect(update.sequence).toBeGreaterThan(event.sequence);
    expect(update.location).toBe('Parcours');
    // Sent once: the worker has nothing left.
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 0 });
  });
});

describe('at most one notification per appointment in 10 minutes', () => {
  const calendarMails = async (db: Db = t.db) =>
    Number((await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'calendar').executeTakeFirstOrThrow()).n);
  const save = (id: number, overrides: Record<string, unknown> = {}) =>
    t.inject({ method: 'PUT', url: `/api/calendar/${id}`, headers: { ...editor, 'content-type': 'application/json' }, payload: JSON.stringify(appointment(overrides)) });

  it('saves a second change within 10 minutes, says so in German and sends nothing; after 10 minutes it notifies again', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/calendar', headers: { ...editor, 'content-type': 'application/json' }, payload: JSON.stringify(appointment()) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    const before = await calendarMails();

    // A typo fixed right after the notifying save: notify is still ticked.
    nowMs += 60_000;
    const fixed = await save(id, { name: 'Königsschießen, Finale!' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ message: CALENDAR_MESSAGES.updatedNotNotified, data: { name: 'Königsschießen, Finale!' } });
    expect(CALENDAR_MESSAGES.updatedNotNotified).toBe(
      'Termin gespeichert. Die Gruppe wurde vor weniger als 10 Minuten benachrichtigt; es wurde keine weitere Benachrichtigung gesendet.',
    );
    expect(await calendarMails()).toBe(before);

    // The same over tRPC, at the last millisecond of the window.
    nowMs += NOTIFY_INTERVAL_MS - 60_000 - 1;
    const trpc = await t.inject({
      method: 'POST',
      url: '/trpc/calendar.update',
      headers: { ...editor, 'content-type': 'application/json' },
      payload: JSON.stringify({ id, ...appointment({ location: 'Stand 4' }) }),
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.message).toBe(CALENDAR_MESSAGES.updatedNotNotified);
    expect(await calendarMails()).toBe(before);

    nowMs += 1;
    const later = await save(id, { location: 'Stand 5' });
    expect(later.json().message).toBe(CALENDAR_MESSAGES.updated);
    expect(await calendarMails()).toBe(before + 1);

    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    // The appointment by its title and start, the group by its name (issue 28.4).
    expect(log.filter((line) => /^Keine Benachrichtigung zu Termin „Königsschießen, Finale!?“ am 05\.12\.2026 10:00 \(Version \d+\): Die Gruppe „.+“ wurde vor weniger als 10 Minuten benachrichtigt$/.test(line))).toHaveLength(2);
    // Saved mails leave the outbox for the next test.
    await t.app.services.mail.runOnce();
  });

  it('lets exactly one of two servers notify when both save at the same moment', async () => {
    const database = await freshDatabase();
    const passwords = bcryptHasher(4);
    await seed(database.db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords, now: new Date(nowMs) });
    const member = await insertMember(database.db, {
      uid: '43000001',
      passwordHash: await passwords.hash(MEMBER_PASSWORD),
      prename: 'Jörg',
      lastname: 'Zwei',
      groupName: 'Zwei Server',
      permissions: ['calendar_create', 'calendar_update'],
    });
    const auth = { authorization: `Basic ${Buffer.from(`43000001:${MEMBER_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
    const config = readConfig({ ADMIN_UID, ADMIN_PASSWORD, PORT: '3000', UPLOADS_DIR: t.uploadsDir });
    // Each server with its own connections, as two processes; SQLite in memory has only the one.
    const secondDb = database.dialect === 'mysql' ? openDatabase(database.url).db : database.db;
    const clock = { now: () => new Date(nowMs) };
    const servers: FastifyInstance[] = [
      await buildApp({ db: database.db, dialect: database.dialect, config, passwords, clock, mailTransport: null }),
      await buildApp({ db: secondDb, dialect: database.dialect, config, passwords, clock, mailTransport: null }),
    ];
    try {
      const body = (overrides: Record<string, unknown>) => JSON.stringify(appointment({ assignment: member.groupId, ...overrides }));
      const created = await servers[0]!.inject({ method: 'POST', url: '/api/calendar', headers: auth, payload: body({}) });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ data: { id: number } }>().data.id;
      expect(await calendarMails(database.db)).toBe(1);

      nowMs += NOTIFY_INTERVAL_MS;
      const answers = await Promise.all(
        servers.map((server, index) => server.inject({ method: 'PUT', url: `/api/calendar/${id}`, headers: auth, payload: body({ location: `Stand ${index}` }) })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.json<{ message: string }>().message).sort()).toEqual([CALENDAR_MESSAGES.updated, CALENDAR_MESSAGES.updatedNotNotified].sort());
      expect(await calendarMails(database.db)).toBe(2);
    } finally {
      for (const server of servers) await server.close();
      if (secondDb !== database.db) await secondDb.destroy();
      await database.drop();
    }
  });
});
