import type { Kysely } from 'kysely';

/**
 * The iCal SEQUENCE of an appointment (RFC 5545 §3.8.7.4): calendars that subscribed to
 * the feed or got a notification mail replace their copy only when it grows, so every
 * change of the appointment increments it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').dropColumn('sequence').execute();
}
