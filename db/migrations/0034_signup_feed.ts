import type { Kysely } from 'kysely';

/**
 * A member's sign-ups in their duty feed, if they wish (issue 29.6): `duty_settings.feed_signups`,
 * 1 when the private calendar feed of „Meine Dienste“ also holds the member's own sign-ups
 * to appointments. Off for every member until they switch it on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('duty_settings').addColumn('feed_signups', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('duty_settings').dropColumn('feed_signups').execute();
}
