import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The electronic course book at the 3D course's entrance (issue 30, points 2 to 4):
 * - `course_book_groups`: one checked-in group: the SHA-256 of its ticket's link token (the
 *   token itself is never stored), a short ticket code for the envelope and the transfer,
 *   the club-local day and time of check-in and check-out, the emergency phone number, the
 *   payment way chosen ('cash' or 'transfer'), the amount in cents from the price table at
 *   check-in, when a member marked it received, and the categories as text for the
 *   treasurer's list (it stays when the names go).
 * - `course_book_shooters`: the group's shooters in order: name, category label and price
 *   at check-in, the shooter number of a member with an annual pass (empty otherwise).
 * The retention sweep empties names and phone numbers after the club's period; the rows
 * stay as the month lists' bookings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'course_book_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ticket_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('checked_in_at', 'datetime', (c) => c.notNull())
    .addColumn('checked_out_at', 'datetime')
    .addColumn('checked_out_by', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'datetime')
    .addColumn('categories', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('personal_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The live list reads a day; the month list a range of days.
  await db.schema.createIndex('course_book_groups_day_idx').on('course_book_groups').column('day').execute();

  await createTable(db, 'course_book_shooters')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('course_book_groups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(120)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('member_number', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('course_book_shooters_group_idx').on('course_book_shooters').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_book_shooters').ifExists().execute();
  await db.schema.dropTable('course_book_groups').ifExists().execute();
}
