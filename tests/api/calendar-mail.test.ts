import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
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

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    { mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }), clock: { now: () => new Date('2026-11-23T10:00:00Z') } },
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
