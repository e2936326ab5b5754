import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Annual passes for the 3D course (issue 30.2): a member rides free at the course book's
 * check-in only for a club year (1 January to 31 December) a volunteer marked as paid in the
 * user dialog. One row per member and year; it goes with the member (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'course_annual_passes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_annual_passes_pk', ['user_id', 'year'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_annual_passes').ifExists().execute();
}
