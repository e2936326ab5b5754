import type { Kysely } from 'kysely';

/**
 * A month's appointments are those that begin before its end and end after its start.
 * The begin index alone walks every older appointment of the club's history; with the end
 * first, a recent month reads only what ends after its start, and the database picks the
 * narrower of the two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('appointments_end_idx').on('appointments').columns(['datetime_end', 'datetime_begin']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_end_idx').on('appointments').execute();
}
