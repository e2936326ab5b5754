import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { formatGermanDateTime } from '../../../shared/dates.ts';

/** How many entries the log screen and `GET /api/log` show: the newest ones. */
export const LOG_READ_LIMIT = 1000;

export async function insertLogEntry(db: Db, createdAt: string, actor: string, message: string): Promise<void> {
  await db.insertInto('log_entries').values({ created_at: createdAt, actor: actor.slice(0, 255), message }).execute();
}

/** The newest `limit` entries as text, one entry a line, oldest first (SPEC §7). */
export async function readLogText(db: Db, limit: number = LOG_READ_LIMIT): Promise<string> {
  const newest = await db
    .selectFrom('log_entries')
    .select(['created_at', 'actor', 'message'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return newest
    .reverse()
    .map((row) => `${formatGermanDateTime(row.created_at, true)} [${row.actor}] ${row.message}`)
    .join('\n');
}

export async function clearLogEntries(db: Db): Promise<void> {
  await db.deleteFrom('log_entries').execute();
}

/**
 * Claims the event `key` for the window: true for exactly one caller per window, also
 * across server processes sharing the database. An expired claim is renewed with a
 * conditional update, a new one is an insert that the primary key lets only one win.
 */
export async function claimLogOnce(db: Db, key: string, nowMs: number, windowMs: number): Promise<boolean> {
  const keyHash = createHash('sha256').update(key).digest('hex');
  const renewed = await db
    .updateTable('log_once')
    .set({ expires_ms: nowMs + windowMs })
    .where('key_hash', '=', keyHash)
    .where('expires_ms', '<=', nowMs)
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) > 0) return true;
  try {
    await db.insertInto('log_once').values({ key_hash: keyHash, expires_ms: nowMs + windowMs }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export interface LogRetention {
  /** Entries older than this many days are deleted. */
  maxAgeDays: number;
  /** Beyond this many entries the oldest are deleted. */
  maxEntries: number;
}

/** Deletes entries beyond the retention and claims of `log_once` that have expired. */
export async function pruneLog(db: Db, retention: LogRetention, cutoffCreatedAt: string, nowMs: number): Promise<void> {
  await db.deleteFrom('log_entries').where('created_at', '<', cutoffCreatedAt).execute();
  // The id of the oldest entry still kept; ids grow with every entry.
  const oldestKept = await db
    .selectFrom('log_entries')
    .select('id')
    .orderBy('id', 'desc')
    .offset(retention.maxEntries - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('log_entries').where('id', '<', oldestKept.id).execute();
  await db.deleteFrom('log_once').where('expires_ms', '<=', nowMs).execute();
}
