import type { Kysely } from 'kysely';
import { createTable, isMysql } from './dialect.ts';

/**
 * 'Passwort vergessen?' (issue 18):
 *
 * - `password_resets`: one row per link sent. The link's token is never stored, only its
 *   sha256 (`id`), so a copy of the database opens no link; `used_ms` makes it single-use,
 *   `expires_ms` ends it after an hour. The rows go with their member.
 * - `password_reset_requests`: one row per accepted request, for the limits per network
 *   (`address`, an IPv6 /64) and per shooter number or e-mail address asked for (`target`,
 *   a sha256 of what was typed, so no typed address of a stranger is kept). Pruned after
 *   the window.
 * - `mail_outbox.expires_ms`: a mail whose text holds a secret valid until then (the reset
 *   link): its text is erased once it was sent, and it is given up unsent after that
 *   instant, since the link in it would no longer work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'password_resets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_ms', 'bigint')
    .addForeignKeyConstraint('password_resets_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id', 'created_ms']).execute();
  await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_ms').execute();

  await createTable(db, 'password_reset_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('requested_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_requests_address_idx').on('password_reset_requests').columns(['address', 'requested_ms']).execute();
  await db.schema.createIndex('password_reset_requests_target_idx').on('password_reset_requests').columns(['target', 'requested_ms']).execute();
  await db.schema.createIndex('password_reset_requests_time_idx').on('password_reset_requests').column('requested_ms').execute();

  await db.schema.alterTable('mail_outbox').addColumn('expires_ms', 'bigint').execute();
  await db.schema.createIndex('mail_outbox_expires_idx').on('mail_outbox').column('expires_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  const dropIndex = (name: string, table: string) => (mysql ? db.schema.dropIndex(name).on(table) : db.schema.dropIndex(name));
  await dropIndex('mail_outbox_expires_idx', 'mail_outbox').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('expires_ms').execute();
  await db.schema.dropTable('password_reset_requests').ifExists().execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
}
