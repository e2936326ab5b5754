import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Wrong second-factor codes per member (issue 25, point 7): the code step has a budget of
 * its own across all networks, so a password known to an attacker with many networks
 * does not turn the login limits' budget per number into thousands of code guesses a day.
 * A row is booked before the code is checked (parallel guesses see each other) and kept
 * only when the code was wrong; rows older than the window are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'code_failures')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('failed_ms', 'bigint', (c) => c.notNull())
    .addForeignKeyConstraint('code_failures_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('code_failures_user_idx').on('code_failures').columns(['user_id', 'failed_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_failures').ifExists().execute();
}
