import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOG_READ_LIMIT } from '../../src/server/areas/log/queries.ts';
import { DEFAULT_LOG_RETENTION, LOG_PRUNE_INTERVAL_MS, REPEATED_EVENT_WINDOW_MS, databaseServerLog } from '../../src/server/areas/log/server-log.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const DAY = 24 * 60 * 60 * 1000;
const TOO_MANY_IDS = 'Die Auswahl darf höchstens 100 Einträge enthalten!';

/** A clock the tests move forward to let windows and retention pass. */
let nowMs = Date.parse('2026-06-01T10:00:00Z');
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function messagesOf(actor: string): Promise<string[]> {
  const rows = await t.db.selectFrom('log_entries').select('message').where('actor', '=', actor).orderBy('id').execute();
  return rows.map((row) => row.message);
}

describe('permission refusals in the log', () => {
  it('are written once per member and refusal within the window, then again', async () => {
    const member = await t.createMember([]);
    const actor = `${member.uid} (Test Mitglied ${member.uid})`;
    for (let i = 0; i < 3; i++) {
      expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);
    }
    // The same refusal through tRPC counts as the same event.
    await expect((await t.callerAs(member.id)).users.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await messagesOf(actor)).toEqual(['Zugriff verweigert: users.list (fehlende Berechtigung users_view)']);

    // Another refusal, and another member, are entries of their own.
    expect((await t.inject({ method: 'GET', url: '/api/log', headers: member.auth })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/log', headers: member.auth })).statusCode).toBe(403);
    const other = await t.createMember([]);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: other.auth })).statusCode).toBe(403);
    expect(await messagesOf(actor)).toEqual([
      'Zugriff verweigert: users.list (fehlende Berechtigung users_view)',
      'Zugriff verweigert: log.read (fehlende Berechtigung log_view)',
    ]);
    expect(await messagesOf(`${other.uid} (Test Mitglied ${other.uid})`)).toHaveLength(1);

    nowMs += REPEATED_EVENT_WINDOW_MS + 1;
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);
    expect(await messagesOf(actor)).toHaveLength(3);
  });

  it('share the window between server processes on one database', async () => {
    const processes = [0, 1, 2].map(() => databaseServerLog(t.db, clock.now, t.app.log));
    await Promise.all(processes.map((log) => log.writeOnce('shared key', 'Prozesstest', 'einmal', 60_000)));
    await processes[1]?.writeOnce('shared key', 'Prozesstest', 'einmal', 60_000);
    expect(await messagesOf('Prozesstest')).toEqual(['einmal']);
  });
});

describe('reading the log', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('log_entries').execute();
    const createdAt = toClubDateTime(clock.now());
    const rows = Array.from({ length: LOG_READ_LIMIT + 5 }, (_, i) => ({ created_at: createdAt, actor: 'Massentest', message: `Eintrag ${i + 1}` }));
    await t.db.insertInto('log_entries').values(rows).execute();
  });

  function expectNewest(text: string) {
    const lines = text.split('\n');
    expect(lines).toHaveLength(LOG_READ_LIMIT);
    expect(lines[0]).toMatch(/\[Massentest\] Eintrag 6$/);
    expect(lines.at(-1)).toMatch(/\[Massentest\] Eintrag 1005$/);
  }

  it('returns the newest 1000 entries, oldest first, through tRPC', async () => {
    expect(LOG_READ_LIMIT).toBe(1000);
    expectNewest(await (await t.callerAs(1)).log.read());
  });

  it('returns the newest 1000 entries, oldest first, through GET /api/log', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/log', headers: t.admin });
    expect(response.statusCode).toBe(200);
    expectNewest(response.body);
  });
});

describe('log retention', () => {
  it('keeps 180 days and at most 100000 entries', () => {
    expect(DEFAULT_LOG_RETENTION).toEqual({ maxAgeDays: 180, maxEntries: 100_000 });
    expect(LOG_PRUNE_INTERVAL_MS).toBe(60 * 60 * 1000);
  });

  it('deletes entries older than 180 days, at most once an hour', async () => {
    const log = databaseServerLog(t.db, clock.now, t.app.log);
    await log.write('Aufbewahrung', 'erster Eintrag');
    const at = (msAgo: number) => toClubDateTime(new Date(nowMs - msAgo));
    await t.db
      .insertInto('log_entries')
      .values([
        { created_at: at(181 * DAY), actor: 'Aufbewahrung', message: 'zu alt' },
        { created_at: at(179 * DAY), actor: 'Aufbewahrung', message: 'noch da' },
      ])
      .execute();

    nowMs += 30 * 60 * 1000;
    await log.write('Aufbewahrung', 'nach einer halben Stunde');
    expect(await messagesOf('Aufbewahrung')).toContain('zu alt');

    nowMs += 31 * 60 * 1000;
    await log.write('Aufbewahrung', 'nach über einer Stunde');
    expect(await messagesOf('Aufbewahrung')).toEqual(['erster Eintrag', 'noch da', 'nach einer halben Stunde', 'nach über einer Stunde']);
  });

  it('the app prunes on its own writes', async () => {
    await t.db.insertInto('log_entries').values({ created_at: toClubDateTime(new Date(nowMs - 200 * DAY)), actor: 'Altlast', message: 'alt' }).execute();
    nowMs += LOG_PRUNE_INTERVAL_MS + 1;
    const member = await t.createMember([]);
    expect((await t.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode).toBe(403);
    expect(await messagesOf('Altlast')).toEqual([]);
  });

  it('keeps only the newest entries beyond the maximum count, and forgets expired once-keys', async () => {
    const log = databaseServerLog(t.db, clock.now, t.app.log, { retention: { maxAgeDays: 180, maxEntries: 3 }, pruneIntervalMs: 0 });
    await log.writeOnce('kurz', 'Zähltest', 'einmal', 1000);
    nowMs += 1001;
    for (let i = 1; i <= 5; i++) await log.write('Zähltest', `Nummer ${i}`);
    const count = await t.db.selectFrom('log_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    expect(await messagesOf('Zähltest')).toEqual(['Nummer 3', 'Nummer 4', 'Nummer 5']);
    const keys = await t.db.selectFrom('log_once').select('expires_ms').execute();
    expect(keys.every((key) => Number(key.expires_ms) > nowMs)).toBe(true);
  });
});

describe('lists of ids', () => {
  const ids = Array.from({ length: 101 }, (_, i) => i + 1);

  it('refuses a group with 101 permission ids (422, German message) and creates nothing', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/groups',
      headers: t.admin,
      payload: { name: 'Zu viele Rechte', permissions: ids },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TOO_MANY_IDS, errors: { permissions: [TOO_MANY_IDS] } });
    const trpc = await t.inject({
      method: 'POST',
      url: '/trpc/groups.create',
      headers: { ...t.admin, 'content-type': 'application/json' },
      payload: { name: 'Zu viele Rechte', permissions: ids },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe(TOO_MANY_IDS);
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Zu viele Rechte').execute()).toEqual([]);
  });

  it('refuses a user with 101 group ids (422, German message) and creates nothing', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users',
      headers: t.admin,
      payload: { prename: 'Viele', lastname: 'Gruppen', uid: '55556666', password: 'Geheim123', email: 'viele@example.org', groups: ids },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TOO_MANY_IDS, errors: { groups: [TOO_MANY_IDS] } });
    expect(await t.db.selectFrom('users').select('id').where('uid', '=', '55556666').execute()).toEqual([]);
  });

  it('still accepts 100 ids as far as the list goes', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/groups',
      headers: t.admin,
      payload: { name: 'Hundert', permissions: ids.slice(0, 100) },
    });
    // Ids beyond the 26 permissions are unknown, which is a different message.
    expect(response.statusCode).toBe(422);
    expect(response.json().message).not.toBe(TOO_MANY_IDS);
  });
});
