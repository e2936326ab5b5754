import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../../src/server/areas/contact/router.ts';
import { NETWORK_ATTEMPTS_KEPT_MS, withinNetworkLimit } from '../../src/server/http/network-limit.ts';
import { RETENTION_RULES, sweepRetention, type RetentionRule } from '../../src/server/retention.ts';
import { freshDatabase } from '../helpers/database.ts';
import { insertMember } from '../helpers/members.ts';

/**
 * The shared mechanisms of DESIGN §10 on their own: the per-network limiter counted in the
 * database and the one retention sweep every area registers its deletion with. The areas'
 * own suites (contact, mail outbox, sign-ups) test them through their forms.
 */

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

const services = () => ({ db: database.db, dialect: database.dialect });
const limit = { kind: 'test', perNetwork: 3, windowMs: 60_000 };

describe('the per-network limiter', () => {
  it('admits the budget within the window, counts only what ran through, and keeps kinds and networks apart', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const admitted: boolean[] = [];
    for (let i = 0; i < 4; i += 1) admitted.push((await withinNetworkLimit(services(), limit, '198.51.100.7', at, async () => i)).admitted);
    expect(admitted).toEqual([true, true, true, false]);
    // A run that throws books nothing: its transaction (and the attempt) rolls back.
    await expect(withinNetworkLimit(services(), limit, '198.51.100.8', at, async () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    for (let i = 0; i < 3; i += 1) expect((await withinNetworkLimit(services(), limit, '198.51.100.8', at, async () => i)).admitted).toBe(true);
    // Another kind has its own budget; after the window the network may again.
    expect((await withinNetworkLimit(services(), { ...limit, kind: 'other' }, '198.51.100.7', at, async () => 1)).admitted).toBe(true);
    expect((await withinNetworkLimit(services(), limit, '198.51.100.7', new Date(at.getTime() + 60_001), async () => 1)).admitted).toBe(true);
  });

  it('holds the budget for a burst arriving at once', async () => {
    const at = new Date('2026-11-27T11:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => withinNetworkLimit(services(), limit, '203.0.113.50', at, async () => 1)));
    expect(results.filter((result) => result.admitted)).toHaveLength(limit.perNetwork);
  });
});

describe('the retention sweep', () => {
  it('has the contact/outbox, limiter, duty, sign-up and course-book rules registered', () => {
    expect(RETENTION_RULES.map((rule) => rule.name)).toEqual(['mails and contact messages', 'network attempts', 'duty records', 'sign-ups', 'course book']);
    expect(CONTACT_LIMIT.windowMs).toBeLessThanOrEqual(NETWORK_ATTEMPTS_KEPT_MS);
  });

  it('deletes attempts older than any window and keeps the younger ones', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    await database.db.deleteFrom('network_attempts').execute();
    await database.db
      .insertInto('network_attempts')
      .values([
        { kind: 'contact', network: '192.0.2.1', created_ms: now.getTime() - NETWORK_ATTEMPTS_KEPT_MS - 1 },
        { kind: 'contact', network: '192.0.2.1', created_ms: now.getTime() - NETWORK_ATTEMPTS_KEPT_MS + 1000 },
      ])
      .execute();
    const result = await sweepRetention(database.db, now);
    expect(result.deleted['network attempts']).toBe(1);
    expect(await database.db.selectFrom('network_attempts').select('created_ms').execute()).toHaveLength(1);
  });

  it('deletes duty reminders and offers of duties more than a week past (moved here from the reminders’ round)', async () => {
    const { id: userId } = await insertMember(database.db, { uid: '40000001', passwordHash: 'x', prename: 'Dieter', lastname: 'Dienst', groupName: 'Dienste', permissions: [] });
    const entry = async (date: string) =>
      Number((await database.db.insertInto('host_entries').values({ date, supervisor_user_id: null, supervisor_special: -1, host_user_id: userId, host_special: null }).executeTakeFirstOrThrow()).insertId);
    const old = await entry('2026-11-10');
    const recent = await entry('2026-11-20');
    for (const [id, date] of [[old, '2026-11-10'], [recent, '2026-11-20']] as const) {
      await database.db.insertInto('duty_reminders').values({ host_entry_id: id, role: 'host', user_id: userId, duty_date: date, created_ms: 0 }).execute();
      await database.db.insertInto('duty_offers').values({ host_entry_id: id, role: 'host', user_id: userId, created_ms: 0 }).execute();
    }
    const result = await sweepRetention(database.db, new Date('2026-11-27T12:00:00Z'));
    expect(result.deleted['duty records']).toBe(2);
    expect((await database.db.selectFrom('duty_reminders').select('host_entry_id').execute()).map((row) => row.host_entry_id)).toEqual([recent]);
    expect((await database.db.selectFrom('duty_offers').select('host_entry_id').execute()).map((row) => row.host_entry_id)).toEqual([recent]);
  });

  it('runs every rule even when one fails, and reports the failure', async () => {
    const ran: string[] = [];
    const rules: RetentionRule[] = [
      { name: 'kaputt', prune: async () => Promise.reject(new Error('weg')) },
      { name: 'heil', prune: async () => (ran.push('heil'), 2) },
    ];
    const result = await sweepRetention(database.db, new Date(), rules);
    expect(ran).toEqual(['heil']);
    expect(result.deleted).toEqual({ heil: 2 });
    expect(result.failed.map((failure) => failure.name)).toEqual(['kaputt']);
  });
});
