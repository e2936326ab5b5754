import { sql, type Kysely } from 'kysely';
import { createTable, isMysql } from './dialect.ts';

/**
 * The mail outbox of DESIGN §8 grows what a worker needs to send every message exactly
 * once, also with several server processes on one database: a state, the time of the
 * next try, and a claim (a random token with a lease) that a crashed worker's successor
 * can take over once the lease has run out. Times in epoch milliseconds, so the backoff
 * and the lease never depend on the club's clock changes. Attachments (the calendar's
 * .ics) live in their own table, as text or base64.
 *
 * Contact messages get the instant they were accepted, for the limit per address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  await db.schema.alterTable('mail_outbox').addColumn('kind', 'varchar(32)', (c) => c.notNull().defaultTo('mail')).execute();
  await db.schema.alterTable('mail_outbox').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('mail_outbox').addColumn('created_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('mail_outbox').addColumn('claim_token', 'varchar(64)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_until_ms', 'bigint').execute();
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'datetime').execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_ms']).execute();

  await createTable(db, 'mail_attachments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('mail_id', 'integer', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    // 'utf8' or 'base64'
    .addColumn('encoding', 'varchar(8)', (c) => c.notNull())
    // MySQL's TEXT ends at 64 KB; an attachment may be larger.
    .addColumn('content', mysql ? sql`longtext` : 'text', (c) => c.notNull())
    .addForeignKeyConstraint('mail_attachments_mail_fk', ['mail_id'], 'mail_outbox', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('mail_attachments_mail_idx').on('mail_attachments').column('mail_id').execute();

  await db.schema.alterTable('contact_messages').addColumn('created_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('contact_messages_address_idx').on('contact_messages').columns(['address', 'created_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  const dropIndex = (name: string, table: string) => (mysql ? db.schema.dropIndex(name).on(table) : db.schema.dropIndex(name));
  await dropIndex('contact_messages_address_idx', 'contact_messages').execute();
  await db.schema.alterTable('contact_messages').dropColumn('created_ms').execute();
  await db.schema.dropTable('mail_attachments').ifExists().execute();
  await dropIndex('mail_outbox_due_idx', 'mail_outbox').execute();
  for (const column of ['failed_at', 'lease_until_ms', 'claim_token', 'next_attempt_ms', 'created_ms', 'status', 'kind']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
}
