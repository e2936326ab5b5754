import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Sign-ups with a waiting list (issue 29) and the mechanisms of DESIGN §10 they stand on.
 *
 * - `network_attempts`: the one per-network limiter counted in the database (contact form,
 *   sign-ups, later check-ins): one row per accepted attempt of a kind from a network
 *   (http/network.ts networkOf), counted within the kind's window; the retention sweep
 *   deletes rows older than any window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'network_attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('network_attempts_count_idx').on('network_attempts').columns(['kind', 'network', 'created_ms']).execute();
  await db.schema.createIndex('network_attempts_created_idx').on('network_attempts').columns(['created_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('network_attempts').ifExists().execute();
}
