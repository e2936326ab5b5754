import type { Db } from '../../db/connection.ts';
import { formatGermanDateTime } from '../../../shared/dates.ts';

export async function insertLogEntry(db: Db, createdAt: string, actor: string, message: string): Promise<void> {
  await db.insertInto('log_entries').values({ created_at: createdAt, actor: actor.slice(0, 255), message }).execute();
}

/** The log as text, one entry a line, oldest first (SPEC §7). */
export async function readLogText(db: Db): Promise<string> {
  const rows = await db.selectFrom('log_entries').select(['created_at', 'actor', 'message']).orderBy('id', 'asc').execute();
  return rows.map((row) => `${formatGermanDateTime(row.created_at, true)} [${row.actor}] ${row.message}`).join('\n');
}

export async function clearLogEntries(db: Db): Promise<void> {
  await db.deleteFrom('log_entries').execute();
}
