import { sql, type Kysely } from 'kysely';
import { createTable, isMysql } from './dialect.ts';

/**
 * The inbox 'Nachrichten' (issue 27.5): what visitors send through the contact form is read
 * and handled in the back office, also without a mail server.
 *
 * - `contact_messages.mail_id`: the message's mail in the outbox, whose state (sent, waiting,
 *   failed) the inbox shows. Null once the mail is gone (ON DELETE SET NULL). Messages from
 *   before this migration get the contact mail accepted in the same millisecond (the form
 *   wrote both in one transaction with one clock reading); none matches for older ones.
 * - `contact_messages.done_at`: when a member marked it as done (club-local), null while new.
 *   A message whose mail was already delivered before this migration reached the club by
 *   mail: it starts as done (at the time of its delivery), so an installation with a mail
 *   server does not find months of answered messages counted as new.
 * - `group_message_recipients`: the contact recipients (SPEC §3: info, vorstand, …) whose
 *   messages the members of a group may read; a group without rows reads all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    // MySQL ignores REFERENCES written on a column, so the key is a constraint of its own (as 0011).
    await db.schema.alterTable('contact_messages').addColumn('mail_id', 'integer').execute();
    await db.schema
      .alterTable('contact_messages')
      .addForeignKeyConstraint('contact_messages_mail_fk', ['mail_id'], 'mail_outbox', ['id'], (fk) => fk.onDelete('set null'))
      .execute();
  } else {
    // SQLite cannot add a constraint to an existing table, only a column that carries one.
    await db.schema
      .alterTable('contact_messages')
      .addColumn('mail_id', 'integer', (column) => column.references('mail_outbox.id').onDelete('set null'))
      .execute();
  }
  await db.schema.alterTable('contact_messages').addColumn('done_at', 'varchar(19)').execute();
  // The menu counts the new messages of the recipients a member reads.
  await db.schema.createIndex('contact_messages_inbox_idx').on('contact_messages').columns(['recipient', 'done_at']).execute();

  await createTable(db, 'group_message_recipients')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('recipient', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_message_recipients_pk', ['group_id', 'recipient'])
    .addForeignKeyConstraint('group_message_recipients_group_fk', ['group_id'], 'groups', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  // Correlated subqueries over another table: the same statement on both dialects.
  await sql`
    update contact_messages set mail_id = (
      select min(mail_outbox.id) from mail_outbox
      where mail_outbox.kind = 'contact' and mail_outbox.created_ms = contact_messages.created_ms
    )
    where contact_messages.created_ms > 0`.execute(db);
  await sql`
    update contact_messages set done_at = (
      select ${isMysql(db) ? sql`date_format(mail_outbox.sent_at, '%Y-%m-%d %H:%i:%s')` : sql`mail_outbox.sent_at`} from mail_outbox
      where mail_outbox.id = contact_messages.mail_id and mail_outbox.status = 'sent'
    )
    where contact_messages.mail_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_message_recipients').ifExists().execute();
  if (isMysql(db)) await db.schema.dropIndex('contact_messages_inbox_idx').on('contact_messages').execute();
  else await db.schema.dropIndex('contact_messages_inbox_idx').execute();
  await db.schema.alterTable('contact_messages').dropColumn('done_at').execute();
  if (isMysql(db)) await sql`alter table contact_messages drop foreign key contact_messages_mail_fk`.execute(db);
  await db.schema.alterTable('contact_messages').dropColumn('mail_id').execute();
}
