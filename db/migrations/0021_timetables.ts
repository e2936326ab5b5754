import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The weekly shooting times of the sections (issue 26, point 2), shown on the /zeiten-*
 * pages and edited in the dashboard's panel 'Schießzeiten'. One row per time span:
 *
 * - `section`: gun, arch or blowpipe (src/shared/timetable.ts).
 * - `weekday`: 1 (Monday) to 7 (Sunday), as ISO and SPEC §1 count.
 * - `time_from`, `time_to`: club-local `HH:mm`, zero-padded so that they compare and sort
 *   as text; `time_to` is later than `time_from` on the same day (the procedures check it).
 *   Not `from`/`to`: both are reserved words in SQL.
 * - `what`: e.g. 'Training', 'Jugendtraining', 'Freies Schießen' (60 characters).
 * - `note`: optional, empty when there is none (255 characters, as every text of SPEC §9).
 * - `active`: 0 while paused (the summer break, say): the row stays for the back office
 *   and shows again once it is switched on.
 * - `sort_order`: the row's place in its section's table, smallest first.
 *
 * Nothing is seeded: SPEC names no weekly times, so a new installation starts empty and
 * the pages say how to fill them. The public pages read a section's rows in order, hence
 * the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'timetable_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('section', 'varchar(16)', (c) => c.notNull())
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('time_from', 'varchar(5)', (c) => c.notNull())
    .addColumn('time_to', 'varchar(5)', (c) => c.notNull())
    .addColumn('what', 'varchar(60)', (c) => c.notNull())
    .addColumn('note', 'varchar(255)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('timetable_entries_section_idx').on('timetable_entries').columns(['section', 'sort_order']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('timetable_entries').ifExists().execute();
}
