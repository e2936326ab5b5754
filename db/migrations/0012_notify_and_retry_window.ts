import { sql, type Kysely } from 'kysely';

/**
 * Two instants in epoch milliseconds (issue 16):
 *
 * - `appointments.notified_ms`: when the appointment last notified its group. A save with
 *   `notify` sends mails only if this is empty or 10 minutes old, decided by one
 *   conditional UPDATE in the saving transaction, so two servers cannot both send.
 * - `mail_outbox.retry_since_ms`: where the 3 days of retries of a mail start. Its
 *   acceptance, or its release once a mail server is configured: a mail held longer than
 *   3 days must not fail on its first temporary error. `created_at` stays the acceptance,
 *   which the retention counts from. Existing mails start from their acceptance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('notified_ms', 'bigint').execute();
  await db.schema.alterTable('mail_outbox').addColumn('retry_since_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update mail_outbox set retry_since_ms = created_ms`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('retry_since_ms').execute();
  await db.schema.alterTable('appointments').dropColumn('notified_ms').execute();
}
