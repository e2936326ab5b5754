import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Each member's own duties (issue 19, point 3): the roster (`host_entries`) stays the one
 * place that says who has which duty; these tables only hold what a member chose about
 * their duties and what was done about them.
 *
 * - `duty_settings`: one row per member who set something. `feed_token_hash` is the
 *   SHA-256 of the secret in the address of their private calendar feed (256 random bits;
 *   the address itself is shown once and never stored), `feed_created_ms` since when it
 *   works; both null: no feed. `remind_at` is the club-local time of day (`HH:mm`) at
 *   which a reminder mail goes out the day before a duty; null: no reminders (the default).
 * - `duty_offers`: a duty its holder offers for swapping, at most one per slot (entry and
 *   role). The offer counts only while its member still holds the slot; the roster's
 *   update drops offers whose slot changed hands, and deleting the entry or the member
 *   drops them by the foreign keys.
 * - `duty_reminders`: the reminders queued, one row per entry, role, member and date,
 *   claimed by its INSERT in the transaction that puts the mail into the outbox: with any
 *   number of server processes a duty is reminded once, and a member who takes a duty over
 *   gets a reminder of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'duty_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('feed_token_hash', 'varchar(64)')
    .addColumn('feed_created_ms', 'bigint')
    .addColumn('remind_at', 'varchar(5)')
    .addUniqueConstraint('duty_settings_feed_unique', ['feed_token_hash'])
    .addForeignKeyConstraint('duty_settings_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await createTable(db, 'duty_offers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('host_entry_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('duty_offers_slot_unique', ['host_entry_id', 'role'])
    .addForeignKeyConstraint('duty_offers_entry_fk', ['host_entry_id'], 'host_entries', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('duty_offers_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('duty_offers_user_idx').on('duty_offers').column('user_id').execute();

  await createTable(db, 'duty_reminders')
    .addColumn('host_entry_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('duty_date', 'date', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('duty_reminders_pk', ['host_entry_id', 'role', 'user_id', 'duty_date'])
    .addForeignKeyConstraint('duty_reminders_entry_fk', ['host_entry_id'], 'host_entries', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('duty_reminders_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('duty_reminders_user_idx').on('duty_reminders').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('duty_reminders').ifExists().execute();
  await db.schema.dropTable('duty_offers').ifExists().execute();
  await db.schema.dropTable('duty_settings').ifExists().execute();
}
