import type { Kysely } from 'kysely';
import { addPermissionsForAdministrators, removePermissions } from './permissions.ts';
import { createTable } from './dialect.ts';

/**
 * The 3D course's state and the club's bank data (issue 30, points 1 and 5):
 * - `course_state`: one row (id 1), the targets closed for now (`closed_targets`, ascending
 *   numbers separated by commas; empty: the whole course is open) and the detour around them.
 * - `course_closures`: days the course is closed, `from_date` to `to_date` inclusive
 *   (`YYYY-MM-DD`, club-local), with a reason (storm, forestry, tournament, other) and a note.
 *   Planned ones wait; ended ones are no longer shown. Tournament days from the calendar are
 *   not rows here: they follow the appointments.
 * - `club_profile`: IBAN, BIC, account holder and the months the course book keeps names and
 *   phone numbers (default 12).
 * - the permissions parcours_view and parcours_update, which group 1 gets in an existing
 *   database; a new one gets them from the seed like every other.
 *
 * The names are written here and not taken from src/shared: a migration does what it did
 * when it was written.
 */

const PARCOURS_PERMISSIONS = ['parcours_view', 'parcours_update'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'course_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('closed_targets', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('detour', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'datetime')
    .execute();

  await createTable(db, 'course_closures')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('from_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addColumn('updated_at', 'datetime', (c) => c.notNull())
    .execute();
  // The public state reads the closures that have not ended.
  await db.schema.createIndex('course_closures_to_idx').on('course_closures').column('to_date').execute();

  await db.schema.alterTable('club_profile').addColumn('iban', 'varchar(34)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('club_profile').addColumn('bic', 'varchar(11)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('club_profile').addColumn('account_holder', 'varchar(70)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('club_profile').addColumn('course_book_retention_months', 'integer', (c) => c.notNull().defaultTo(12)).execute();

  await addPermissionsForAdministrators(db, PARCOURS_PERMISSIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removePermissions(db, PARCOURS_PERMISSIONS);
  for (const column of ['course_book_retention_months', 'account_holder', 'bic', 'iban']) {
    await db.schema.alterTable('club_profile').dropColumn(column).execute();
  }
  await db.schema.dropTable('course_closures').ifExists().execute();
  await db.schema.dropTable('course_state').ifExists().execute();
}
