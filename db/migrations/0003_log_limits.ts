import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Bookkeeping that keeps the log and the login limits bounded: `log_once` remembers which
 * repeatable events (a refused login, a refused permission) were already written in their
 * window, shared by every server process on the database. The indexes serve the pruning of
 * old log entries and the limit per shooter number and address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'log_once')
    // sha256 of the event's key: keys hold free text (addresses, refusal texts) of any length.
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('log_once_expires_idx').on('log_once').column('expires_ms').execute();

  await db.schema.createIndex('log_entries_created_idx').on('log_entries').column('created_at').execute();

  await db.schema
    .createIndex('login_attempts_uid_address_idx')
    .on('login_attempts')
    .columns(['uid', 'address', 'attempted_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_uid_address_idx').on('login_attempts').execute();
  await db.schema.dropIndex('log_entries_created_idx').on('log_entries').execute();
  await db.schema.dropTable('log_once').ifExists().execute();
}
