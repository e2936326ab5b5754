import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { DatabaseOutage, formatDuration } from '../../src/server/db/outage.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { capturedLog, mysqlErrors, switchableOutage } from '../helpers/outage.ts';

/**
 * The outage of db/outage.ts on its own: when it begins and ends, what it counts, and the
 * two lines it writes, with a database that fails on command.
 */

let nowMs = 0;
const clock = { now: () => new Date(nowMs) };
const closers: Array<() => Promise<void> | void> = [];
beforeEach(() => {
  nowMs = Date.parse('2026-11-24T18:00:00Z');
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function setUp(probeIntervalMs = 60_000) {
  const log = capturedLog();
  const app = Fastify({ logger: log.logger });
  const outage = new DatabaseOutage({ logger: app.log, clock, probeIntervalMs });
  const switchable = switchableOutage();
  const raw = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) }).withPlugin(switchable.plugin);
  const db: Db = outage.watch(raw);
  closers.push(() => outage.close(), () => raw.destroy(), () => app.close());
  const query = () => sql`select 1`.execute(db);
  const messages = () => log.lines().map((line) => line.msg);
  return { outage, switchable, db, query, log, messages };
}

describe('DatabaseOutage', () => {
  it('logs its start once, counts each refused request once, and logs one summary at the first success', async () => {
    const { outage, switchable, query, log, messages } = setUp();
    await query();
    expect(outage.state).toBeUndefined();
    switchable.fail(mysqlErrors.closedState());
    const requests = [{}, {}, {}];
    for (const request of requests) {
      const error = await query().catch((caught: unknown) => caught);
      outage.refuse(request, error);
      // A tRPC batch reports each failing call of the request.
      outage.refuse(request, error);
      nowMs += 1000;
    }
    expect(outage.state).toMatchObject({ refused: 3, reason: "Can't add new command when connection is in closed state" });
    expect(outage.refusalOf(requests[0]!)).toEqual({ reason: "Can't add new command when connection is in closed state", gone: true });
    expect(outage.refusalOf({})).toBeUndefined();
    expect(messages()).toEqual(['Datenbank nicht erreichbar seit 24.11.2026 19:00:00']);
    expect(log.lines()[0]).toMatchObject({ level: 50, reason: "Can't add new command when connection is in closed state" });

    switchable.recover();
    nowMs += 500;
    await query();
    expect(outage.state).toBeUndefined();
    expect(messages()).toEqual(['Datenbank nicht erreichbar seit 24.11.2026 19:00:00', 'Datenbank wieder erreichbar nach 3,5 s, 3 Anfragen abgelehnt']);
    expect(log.lines()[1]).toMatchObject({ level: 40, refused: 3, durationMs: 3500 });
    // Whatever follows is no outage any more.
    await query();
    expect(messages()).toHaveLength(2);
  });

  it('is not ended by a query that started before the latest failure (MariaDB finishes some as it shuts down)', async () => {
    const { outage, switchable, db, query } = setUp();
    // Compiled (started) while the database still answered, finished after the failure was noted.
    const early = sql`select 2`.compile(db);
    switchable.fail(mysqlErrors.lost());
    outage.refuse({}, await query().catch((caught: unknown) => caught));
    switchable.recover();
    await db.executeQuery(early);
    expect(outage.state?.refused).toBe(1);
    // A query started after the failure does.
    await query();
    expect(outage.state).toBeUndefined();
  });

  it('a full queue of waiting requests begins no outage (the database may only be slow), but counts within one', async () => {
    const { outage, switchable, query, messages } = setUp();
    outage.refuse({}, mysqlErrors.queueLimit());
    expect(outage.state).toBeUndefined();
    // The mail outbox's round that finds the queue full logs nothing; its next round tries again.
    expect(outage.failed(mysqlErrors.queueLimit())).toBe(true);
    expect(outage.state).toBeUndefined();
    const request = {};
    outage.refuse(request, mysqlErrors.queueLimit());
    expect(outage.refusalOf(request)).toEqual({ reason: 'Queue limit reached.', gone: false });
    switchable.fail(mysqlErrors.refused());
    outage.refuse({}, await query().catch((caught: unknown) => caught));
    outage.refuse({}, mysqlErrors.queueLimit());
    expect(outage.state).toMatchObject({ refused: 2, reason: 'ECONNREFUSED' });
    expect(messages()).toEqual(['Datenbank nicht erreichbar seit 24.11.2026 19:00:00']);
  });

  it('a failure outside a request (mail outbox, reminders) begins an outage without counting; other errors are the caller’s', async () => {
    const { outage, messages } = setUp();
    expect(outage.failed(new Error('boom'))).toBe(false);
    expect(outage.state).toBeUndefined();
    expect(outage.failed(mysqlErrors.shutdown())).toBe(true);
    expect(outage.failed(mysqlErrors.poolClosed())).toBe(true);
    expect(outage.state).toMatchObject({ refused: 0, reason: 'Pool is closed.' });
    expect(messages()).toEqual(['Datenbank nicht erreichbar seit 24.11.2026 19:00:00']);
  });

  it('finds the end by itself when no request comes, and keeps probing while the database is down', async () => {
    const { outage, switchable, query, messages } = setUp(20);
    switchable.fail(mysqlErrors.refused());
    outage.refuse({}, await query().catch((caught: unknown) => caught));
    // Several probes fail meanwhile; none of them writes a line.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outage.state?.refused).toBe(1);
    expect(messages()).toHaveLength(1);
    switchable.recover();
    for (let i = 0; i < 50 && outage.state; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outage.state).toBeUndefined();
    expect(messages()[1]).toMatch(/^Datenbank wieder erreichbar nach .+, 1 Anfrage abgelehnt$/);
  });

  it('an outage still going on when the app closes gets its summary then, and nothing begins after', async () => {
    const { outage, switchable, query, messages } = setUp();
    switchable.fail(mysqlErrors.closedState());
    const error = await query().catch((caught: unknown) => caught);
    outage.refuse({}, error);
    outage.refuse({}, error);
    nowMs += 90_000;
    outage.close();
    expect(messages()).toEqual(['Datenbank nicht erreichbar seit 24.11.2026 19:00:00', 'Datenbank bis zum Ende nicht erreichbar (1 min 30 s), 2 Anfragen abgelehnt']);
    outage.refuse({}, error);
    expect(outage.failed(error)).toBe(true);
    expect(messages()).toHaveLength(2);
    expect(outage.state).toBeUndefined();
  });
});

it('formats durations as an operator reads them', () => {
  expect(formatDuration(0)).toBe('0,0 s');
  expect(formatDuration(12_345)).toBe('12,3 s');
  expect(formatDuration(125_000)).toBe('2 min 5 s');
  expect(formatDuration(2 * 3600_000 + 7 * 60_000)).toBe('2 h 7 min');
});
