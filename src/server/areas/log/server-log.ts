import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { DatabaseFailures } from '../../db/outage.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { claimLogOnce, insertLogEntry, pruneLog, type LogRetention } from './queries.ts';

export const ANONYMOUS_ACTOR = 'anonym';
export const SYSTEM_ACTOR = 'System';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the log keeps (README, „Server-Log“). */
export const DEFAULT_LOG_RETENTION: LogRetention = { maxAgeDays: 180, maxEntries: 100_000 };

/** Pruning costs a few deletes; once an hour keeps the log bounded without a cost per entry. */
export const LOG_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Events anybody can repeat at will (refusals) are written once per key in this window. */
export const REPEATED_EVENT_WINDOW_MS = 15 * 60 * 1000;

/**
 * An unexpected server error reaches the server log at most once per procedure or route
 * in this window (the process log keeps every one): a request that fails the same way in
 * a loop must not flood it.
 */
export const SERVER_ERROR_LOG_WINDOW_MS = 60 * 1000;

/**
 * The server log members read in the back office: one line per event with date, time and
 * who. Writing never fails the request that caused it; a failure goes to the process log.
 */
export interface ServerLog {
  write: (actor: string, message: string) => Promise<void>;
  /**
   * Writes the entry unless an entry with the same key was written within `windowMs`, so
   * that a request repeated in a loop cannot flood the log. The key lives in the database:
   * every server process on it shares the window.
   */
  writeOnce: (key: string, actor: string, message: string, windowMs: number) => Promise<void>;
  /**
   * True for exactly one caller per key and window (also across processes), without
   * writing: for an entry that names several events, each of which is named only once in
   * the window. A failure to check counts as true, as in writeOnce.
   */
  claimOnce: (key: string, windowMs: number) => Promise<boolean>;
}

export interface ServerLogOptions {
  retention?: LogRetention;
  pruneIntervalMs?: number;
  /** Takes the failures that mean the database is gone, which the outage logs once instead of each here. */
  outage?: DatabaseFailures;
}

/**
 * One entry is one line: a line break in a user-supplied part must not forge a further
 * entry, for whatever reads the log, so every character some reader breaks a line at
 * becomes a space (Unicode's line and paragraph separators and NEL, vertical tab and form
 * feed besides CR and LF).
 */
function oneLine(text: string): string {
  return text.replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, ' ');
}

export function databaseServerLog(db: Db, now: () => Date, logger: FastifyBaseLogger, options: ServerLogOptions = {}): ServerLog {
  const retention = options.retention ?? DEFAULT_LOG_RETENTION;
  const pruneIntervalMs = options.pruneIntervalMs ?? LOG_PRUNE_INTERVAL_MS;
  const gone = (error: unknown) => options.outage?.failed(error) ?? false;
  // Per log object (one per app, kept in its services): each process prunes at most once an interval.
  let lastPruneMs = Number.NEGATIVE_INFINITY;

  async function pruneWhenDue(instant: Date): Promise<void> {
    const nowMs = instant.getTime();
    if (nowMs - lastPruneMs < pruneIntervalMs) return;
    lastPruneMs = nowMs;
    const cutoff = toClubDateTime(new Date(nowMs - retention.maxAgeDays * DAY_MS));
    await pruneLog(db, retention, cutoff, nowMs);
  }

  async function write(actor: string, message: string): Promise<void> {
    const line = oneLine(message).slice(0, 2000);
    const instant = now();
    try {
      await insertLogEntry(db, toClubDateTime(instant), oneLine(actor), line);
    } catch (error) {
      if (!gone(error)) logger.error({ err: error, actor, message: line }, 'could not write the server log');
      return;
    }
    try {
      await pruneWhenDue(instant);
    } catch (error) {
      if (!gone(error)) logger.error({ err: error }, 'could not prune the server log');
    }
  }

  async function claimOnce(key: string, windowMs: number): Promise<boolean> {
    try {
      return await claimLogOnce(db, key, now().getTime(), windowMs);
    } catch (error) {
      if (!gone(error)) logger.error({ err: error, key }, 'could not check the server log for a repeated entry');
      return true;
    }
  }

  return {
    write,
    claimOnce,
    async writeOnce(key, actor, message, windowMs) {
      if (await claimOnce(key, windowMs)) await write(actor, message);
    },
  };
}
