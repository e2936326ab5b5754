import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Dialect } from './connection.ts';

/**
 * Runs `run` while holding a named lock that every server process on the database sees,
 * for a check followed by a write that must not interleave (count, then insert). On MySQL
 * a GET_LOCK on one connection of the pool, which `run` must use and which is released
 * after it (and so after its transaction has committed). SQLite lets one writer at a time
 * anyway, and this process uses a single connection: `run` gets the database itself.
 * Returns undefined when the lock was not had within `timeoutSeconds`.
 */
export async function withNamedLock<T>(
  db: Db,
  dialect: Dialect,
  name: string,
  timeoutSeconds: number,
  run: (db: Db) => Promise<T>,
): Promise<{ value: T } | undefined> {
  if (dialect !== 'mysql') return { value: await run(db) };
  // Lock names are at most 64 characters and server-wide, so they carry the database's name.
  return db.connection().execute(async (connection) => {
    const { rows: names } = await sql<{ name: string | null }>`select database() as name`.execute(connection);
    const lockName = createHash('sha256').update(`${names[0]?.name ?? ''}\n${name}`).digest('hex').slice(0, 64);
    const { rows } = await sql<{ locked: number | null }>`select get_lock(${lockName}, ${timeoutSeconds}) as locked`.execute(connection);
    if (Number(rows[0]?.locked) !== 1) return undefined;
    try {
      return { value: await run(connection) };
    } finally {
      await sql`select release_lock(${lockName})`.execute(connection);
    }
  });
}
