import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECIPIENTS_REFUSED } from '../../src/server/areas/groups/grants.ts';
import { MESSAGE_NOT_FOUND } from '../../src/server/areas/messages/queries.ts';
import type { Clock } from '../../src/server/services.ts';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { MESSAGES_PATH } from '../../src/shared/setupChecklist.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * The inbox 'Nachrichten' (issue 27.5): messages.list, messages.newCount, messages.setDone and
 * messages.delete over tRPC and REST for anonymous (401), forbidden (403) and allowed
 * callers; the mail state of each message with and without SMTP_URL; 'Nachrichten nur an'
 * of a group, in the list, the count and the changes; the log line of a deletion; the
 * set-up checklist's entry while no mail server is configured.
 */

const CONTACT_ENV = {
  CONTACT_TO_INFO: 'info@verein.example',
  CONTACT_TO_BOGEN: 'bogen@verein.example',
  CONTACT_TO_VORSTAND: 'vorstand@verein.example',
  PUBLIC_URL: 'https://verein.example',
};

let nowMs = Date.parse('2026-11-27T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let address = 0;

type Headers = Record<string, string>;

function query(app: TestApp, path: string, headers: Headers = {}) {
  return app.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function mutate(app: TestApp, path: string, input: unknown, headers: Headers = {}) {
  return app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

/** A visitor's message through the form, each from a network of its own (the limit per address stays out of the way). */
async function send(app: TestApp, to: string, subject: string, text = 'Hallo,\nwann ist Training?') {
  address += 1;
  nowMs += 60_000;
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/contact',
    remoteAddress: `198.51.100.${address}`,
    payload: { to, prename: 'Jürgen', lastname: 'Größer', email: 'juergen@besucher.example', subject, text },
  });
  expect(response.statusCode, response.body).toBe(200);
}

interface Listed {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  mail: string;
  done_at: string | null;
  created_at: string;
}

async function list(app: TestApp, headers: Headers): Promise<{ smtpConfigured: boolean; messages: Listed[] }> {
  const response = await query(app, 'messages.list', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

async function newCount(app: TestApp, headers: Headers): Promise<number> {
  const response = await query(app, 'messages.newCount', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.count;
}

async function checklist(app: TestApp): Promise<Array<{ id: string; text: string; link: unknown }>> {
  const response = await app.inject({ method: 'GET', url: '/api/club/checklist', headers: app.admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A member in a group with these permissions and, when given, 'Nachrichten nur an'. */
async function member(app: TestApp, permissions: PermissionName[], recipients: string[] = []) {
  const created = await app.createMember(permissions);
  if (recipients.length > 0) {
    await app.db.insertInto('group_message_recipients').values(recipients.map((recipient) => ({ group_id: created.groupId, recipient }))).execute();
  }
  return created;
}

const lastLog = async (app: TestApp) => (await app.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).message;

describe('without a mail server (no SMTP_URL)', () => {
  let t: TestApp;
  let reader: Headers;
  let handler: Headers;
  let outsider: Headers;

  beforeAll(async () => {
    t = await createTestApp({ clock }, CONTACT_ENV);
    reader = (await member(t, ['messages_view'])).auth;
    handler = (await member(t, ['messages_view', 'messages_update'])).auth;
    outsider = (await member(t, ['dashboard_view', 'dashboard_update', 'log_view'])).auth;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('contact_messages').execute();
    await t.db.deleteFrom('mail_outbox').execute();
  });

  it('answers 401 to anonymous callers and 403 to members without the permission, over tRPC and REST', async () => {
    await send(t, 'info', 'Frage');
    const [message] = (await list(t, reader)).messages;
    const calls = (headers: Headers) => [
      query(t, 'messages.list', headers),
      query(t, 'messages.newCount', headers),
      mutate(t, 'messages.setDone', { id: message!.id, done: true }, headers),
      mutate(t, 'messages.delete', { id: message!.id }, headers),
      t.inject({ method: 'GET', url: '/api/messages', headers }),
      t.inject({ method: 'PUT', url: `/api/messages/${message!.id}`, headers, payload: { done: true } }),
      t.inject({ method: 'DELETE', url: `/api/messages/${message!.id}`, headers }),
    ];
    expect((await Promise.all(calls({}))).map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect((await Promise.all(calls(outsider))).map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    // Reading is not handling: marking and deleting need messages_update.
    expect((await Promise.all(calls(reader))).map((response) => response.statusCode)).toEqual([200, 200, 403, 403, 200, 403, 403]);
    expect((await list(t, handler)).messages).toHaveLength(1);
  });

  it('lists the messages newest first with what was written and that their mail waits', async () => {
    await send(t, 'info', 'Erste Frage');
    await send(t, 'bogen', 'Schnuppertraining & Preise?', 'Hallo,\n\nich möchte Bogen schießen. 🎯');
    await t.app.services.mail.runOnce();
    expect(await t.db.selectFrom('mail_outbox').select('status').distinct().execute()).toEqual([{ status: 'held' }]);

    const inbox = await list(t, reader);
    expect(inbox.smtpConfigured).toBe(false);
    expect(inbox.messages).toEqual([
      {
        id: expect.any(Number),
        recipient: 'bogen',
        prename: 'Jürgen',
        lastname: 'Größer',
        email: 'juergen@besucher.example',
        subject: 'Schnuppertraining & Preise?',
        text: 'Hallo,\n\nich möchte Bogen schießen. 🎯',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        mail: 'waiting',
        done_at: null,
      },
      expect.objectContaining({ recipient: 'info', subject: 'Erste Frage', mail: 'waiting' }),
    ]);
    expect(inbox.messages[0]!.created_at > inbox.messages[1]!.created_at).toBe(true);
    expect(await newCount(t, reader)).toBe(2);
    const rest = await t.inject({ method: 'GET', url: '/api/messages', headers: reader });
    expect(rest.json().data).toEqual(inbox.messages);
  });

  it('marks a message as done and new again (messages_update), which the count follows', async () => {
    await send(t, 'info', 'Frage');
    const [message] = (await list(t, handler)).messages;
    const done = await mutate(t, 'messages.setDone', { id: message!.id, done: true }, handler);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result.data).toMatchObject({ message: 'Als erledigt markiert', data: { id: message!.id, done_at: expect.stringMatching(/^\d{4}-/) } });
    expect(await newCount(t, reader)).toBe(0);
    const firstDone = done.json().result.data.data.done_at;
    // Marking it again keeps when it was first done.
    nowMs += 3_600_000;
    const again = await t.inject({ method: 'PUT', url: `/api/messages/${message!.id}`, headers: handler, payload: { done: true } });
    expect(again.json()).toMatchObject({ message: 'Als erledigt markiert', data: { done_at: firstDone } });

    const undone = await mutate(t, 'messages.setDone', { id: message!.id, done: false }, handler);
    expect(undone.json().result.data).toMatchObject({ message: 'Wieder als neu markiert', data: { done_at: null } });
    expect(await newCount(t, reader)).toBe(1);
  });

  it('refuses bad input in German and an unknown message with 404', async () => {
    const bad = await t.inject({ method: 'PUT', url: '/api/messages/x', headers: handler, payload: { done: 'ja' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: ['Die ID muss eine Zahl sein!'], done: ['Die Angabe „erledigt“ muss ja oder nein sein!'] });
    const overTrpc = await mutate(t, 'messages.setDone', { id: 1, done: 'ja' }, handler);
    expect(overTrpc.json().error.data.fieldErrors).toEqual({ done: ['Die Angabe „erledigt“ muss ja oder nein sein!'] });
    const unknown = await t.inject({ method: 'DELETE', url: '/api/messages/999999', headers: handler });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGE_NOT_FOUND });
  });

  it('deletes a message by hand with its waiting mail, and logs it', async () => {
    await send(t, 'vorstand', 'Spam „Gewinn“');
    await t.app.services.mail.runOnce();
    const [message] = (await list(t, handler)).messages;
    const response = await t.inject({ method: 'DELETE', url: `/api/messages/${message!.id}`, headers: handler });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Nachricht gelöscht', data: { id: message!.id } });
    expect((await list(t, handler)).messages).toEqual([]);
    // Nothing of it is delivered once a mail server is set up.
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    expect(await lastLog(t)).toMatch(/^Nachricht \d+ an Vorstand vom \d\d\.\d\d\.2026 \d\d:\d\d \(„Spam „Gewinn““\) gelöscht, ihre noch wartende Mail mit$/);
  });

  it('puts the inbox on the set-up checklist, with the number of new messages', async () => {
    const entry = async () => (await checklist(t)).find((item) => item.id === 'contact_inbox');
    expect(await entry()).toEqual({
      id: 'contact_inbox',
      text: 'Ohne Mailserver erreichen Nachrichten aus dem Kontaktformular den Verein nur hier im Back-Office unter „Nachrichten“.',
      link: { kind: 'screen', path: MESSAGES_PATH, label: 'Nachrichten' },
    });
    await send(t, 'info', 'Eins');
    expect((await entry())?.text).toContain('(derzeit eine neue Nachricht)');
    await send(t, 'info', 'Zwei');
    expect((await entry())?.text).toContain('(derzeit 2 neue Nachrichten)');
  });
});

describe('with a mail server (SMTP_URL)', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let reader: Headers;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ clock }, { ...CONTACT_ENV, SMTP_URL: peer.url, MAIL_FROM: 'web@verein.example' });
    reader = (await member(t, ['messages_view'])).auth;
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it('shows a sent mail as sent, a given-up one as failed, and a mail that is gone as unknown', async () => {
    await send(t, 'info', 'Wird verschickt');
    expect((await list(t, reader)).messages[0]).toMatchObject({ mail: 'waiting' });
    expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(1);
    const inbox = await list(t, reader);
    expect(inbox.smtpConfigured).toBe(true);
    expect(inbox.messages[0]).toMatchObject({ subject: 'Wird verschickt', mail: 'sent', done_at: null });

    await send(t, 'bogen', 'Scheitert');
    const [failing] = (await list(t, reader)).messages;
    const mail = await t.db.selectFrom('contact_messages').select('mail_id').where('id', '=', failing!.id).executeTakeFirstOrThrow();
    await t.db.updateTable('mail_outbox').set({ status: 'failed' }).where('id', '=', mail.mail_id!).execute();
    expect((await list(t, reader)).messages[0]).toMatchObject({ subject: 'Scheitert', mail: 'failed' });
    // The retention removes mails and messages together; a mail gone first leaves the message without a state.
    await t.db.deleteFrom('mail_outbox').where('id', '=', mail.mail_id!).execute();
    expect((await list(t, reader)).messages[0]).toMatchObject({ subject: 'Scheitert', mail: 'unknown' });
  });

  it('leaves the inbox off the set-up checklist', async () => {
    expect((await checklist(t)).map((item) => item.id)).not.toContain('contact_inbox');
  });
});

describe("'Nachrichten nur an' of a group", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock }, CONTACT_ENV);
    await send(t, 'info', 'An Info');
    await send(t, 'bogen', 'An Bogen');
    await send(t, 'vorstand', 'An Vorstand');
  });
  afterAll(() => t.close());

  const subjects = async (headers: Headers) => (await list(t, headers)).messages.map((message) => message.subject);

  it('limits what a member reads and counts to the recipients of their groups, united', async () => {
    const archers = await member(t, ['messages_view'], ['bogen']);
    expect(await subjects(archers.auth)).toEqual(['An Bogen']);
    expect(await newCount(t, archers.auth)).toBe(1);

    // A second group adds its recipients.
    const board = await t.db.insertInto('groups').values({ name: 'Vorstand liest' }).executeTakeFirstOrThrow();
    const view = await t.db.selectFrom('permissions').select('id').where('name', '=', 'messages_view').executeTakeFirstOrThrow();
    await t.db.insertInto('group_permissions').values({ group_id: Number(board.insertId), permission_id: view.id }).execute();
    await t.db.insertInto('group_message_recipients').values({ group_id: Number(board.insertId), recipient: 'vorstand' }).execute();
    await t.db.insertInto('user_groups').values({ user_id: archers.id, group_id: Number(board.insertId) }).execute();
    expect(await subjects(archers.auth)).toEqual(['An Vorstand', 'An Bogen']);
    expect(await newCount(t, archers.auth)).toBe(2);

    // A group without messages_view widens nothing, even without a list.
    const other = await t.db.insertInto('groups').values({ name: 'Ohne Nachrichten' }).executeTakeFirstOrThrow();
    await t.db.insertInto('user_groups').values({ user_id: archers.id, group_id: Number(other.insertId) }).execute();
    expect(await subjects(archers.auth)).toEqual(['An Vorstand', 'An Bogen']);

    // Without a list a group reads all.
    const all = await member(t, ['messages_view']);
    expect(await subjects(all.auth)).toEqual(['An Vorstand', 'An Bogen', 'An Info']);
    expect(await newCount(t, all.auth)).toBe(3);
  });

  it('lets a member handle only the messages of their recipients; others are not found', async () => {
    const archers = await member(t, ['messages_view', 'messages_update'], ['bogen']);
    const everything = await member(t, ['messages_view']);
    const messages = (await list(t, everything.auth)).messages;
    const info = messages.find((message) => message.recipient === 'info')!;
    const bogen = messages.find((message) => message.recipient === 'bogen')!;
    const refused = await mutate(t, 'messages.setDone', { id: info.id, done: true }, archers.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(MESSAGE_NOT_FOUND);
    expect((await t.inject({ method: 'DELETE', url: `/api/messages/${info.id}`, headers: archers.auth })).statusCode).toBe(404);
    expect((await mutate(t, 'messages.setDone', { id: bogen.id, done: true }, archers.auth)).statusCode).toBe(200);
    expect(await newCount(t, everything.auth)).toBe(2);
  });

  it('is saved with the group (groups.create, groups.update), kept when an update leaves it out, and logged', async () => {
    const create = await t.inject({
      method: 'POST',
      url: '/api/groups',
      headers: t.admin,
      payload: { name: 'Bogenleitung', permissions: [], message_recipients: ['bogen', 'info', 'bogen'] },
    });
    expect(create.statusCode, create.body).toBe(201);
    const group = create.json().data;
    // In the order of the contact form, each once.
    expect(group.message_recipients).toEqual(['info', 'bogen']);
    expect(await lastLog(t)).toBe('Gruppe „Bogenleitung“ angelegt (Nachrichten nur an Info, Bogen)');

    const renamed = await t.inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: t.admin, payload: { name: 'Bogenleitung 2', permissions: [] } });
    expect(renamed.json().data.message_recipients).toEqual(['info', 'bogen']);

    const cleared = await t.inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: t.admin, payload: { name: 'Bogenleitung 2', permissions: [], message_recipients: [] } });
    expect(cleared.json().data.message_recipients).toEqual([]);
    expect(await lastLog(t)).toBe('Gruppe „Bogenleitung 2“ geändert (Nachrichten an alle Adressaten)');

    const unknown = await t.inject({ method: 'PUT', url: `/api/groups/${group.id}`, headers: t.admin, payload: { name: 'X', permissions: [], message_recipients: ['kassenwart'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'message_recipients.0': ['Diesen Adressaten gibt es nicht!'] });
    const listed = (await t.inject({ method: 'GET', url: '/api/groups', headers: t.admin })).json().data.find((each: { id: number }) => each.id === group.id);
    expect(listed).toMatchObject({ name: 'Bogenleitung 2', message_recipients: [] });
  });

  it('is passed on only by who reads those recipients: a member reading Bogen cannot make or join a group that reads more', async () => {
    const ids = Object.fromEntries((await t.db.selectFrom('permissions').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
    const leader = await member(t, ['messages_view', 'groups_view', 'groups_create', 'groups_update', 'users_update'], ['bogen']);
    const save = (method: 'POST' | 'PUT', url: string, payload: object) => t.inject({ method, url, headers: leader.auth, payload });

    // Reading all (no list) or another recipient is more than the leader reads.
    for (const recipients of [[], ['info'], ['bogen', 'info']]) {
      const refused = await save('POST', '/api/groups', { name: `Leser ${recipients.join()}`, permissions: [ids.messages_view], message_recipients: recipients });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message: RECIPIENTS_REFUSED });
    }
    expect(await t.db.selectFrom('groups').select('id').where('name', 'like', 'Leser%').execute()).toEqual([]);
    const allowed = await save('POST', '/api/groups', { name: 'Bogenleser', permissions: [ids.messages_view], message_recipients: ['bogen'] });
    expect(allowed.statusCode, allowed.body).toBe(201);
    // A group that reads no messages has nothing to pass on.
    expect((await save('POST', '/api/groups', { name: 'Ohne Nachrichten 2', permissions: [ids.groups_view] })).statusCode).toBe(201);

    // Nor can the leader lift the limit of their own group, or add the messages permission to a group without one.
    const own = await save('PUT', `/api/groups/${leader.groupId}`, { name: 'Bogenleitung eigen', permissions: [ids.messages_view, ids.groups_view, ids.groups_create, ids.groups_update, ids.users_update], message_recipients: [] });
    expect(own.statusCode).toBe(403);
    expect((await t.db.selectFrom('group_message_recipients').select('recipient').where('group_id', '=', leader.groupId).execute()).map((row) => row.recipient)).toEqual(['bogen']);
    const plain = (await t.createMember(['groups_view'])).groupId;
    const gaining = await save('PUT', `/api/groups/${plain}`, { name: 'Neu lesend', permissions: [ids.groups_view, ids.messages_view] });
    expect(gaining.statusCode).toBe(403);
    expect(await lastLog(t)).toBe(`Zugriff verweigert: Nachrichten für Gruppe ${plain} (Nachrichten an alle nicht selbst lesbar)`);

    // Joining a group that reads everything is refused as well.
    const everything = await member(t, ['messages_view']);
    const target = await t.createMember([]);
    const user = (await t.inject({ method: 'GET', url: `/api/users/${target.id}`, headers: t.admin })).json().data;
    const join = await t.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers: leader.auth,
      payload: { prename: user.prename, lastname: user.lastname, uid: user.uid, email: user.email, phone: user.phone, groups: [target.groupId, everything.groupId] },
    });
    expect(join.statusCode, join.body).toBe(403);
    expect(join.json()).toEqual({ message: RECIPIENTS_REFUSED });
  });
});
