import { sql, type Kysely } from 'kysely';
import { createTable, isMysql } from './dialect.ts';

/**
 * Appointment series (issue 19, point 1). A series is one row with the first occurrence's
 * values and its repetition rule (JSON of src/shared/recurrence.ts); its occurrences are
 * ordinary appointment rows, one per date, so the month view, the public list and the
 * legacy API read them as they read any appointment and each keeps its id for good.
 *
 * On an occurrence: `series_id` and `occurrence_date` (the date the rule gives it, its
 * iCal RECURRENCE-ID, unique per series), `detached` (changed on its own: later changes of
 * the whole series leave it alone), `cancelled` (stays as a row so the back office and the
 * roster can show it; the feed writes an EXDATE) and `own_attachments` (its attachments
 * are rows of its own instead of the series'). Attachments of a series carry `series_id`.
 * Several attachment rows may name one stored file (an occurrence's copy of the series'
 * attachment, made when the occurrence's attachments are changed on their own): the unique
 * index of 0004 on attachments.stored_name becomes a plain one, and a file goes with the
 * last row that names it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'appointment_series')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('datetime_begin', 'datetime', (c) => c.notNull())
    .addColumn('datetime_end', 'datetime', (c) => c.notNull())
    .addColumn('location', 'varchar(255)', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(1023)', (c) => c.notNull())
    .addColumn('notes', 'varchar(2047)', (c) => c.notNull())
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rule', 'varchar(255)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_ms', 'bigint')
    .addColumn('created_at', 'datetime', (c) => c.notNull())
    .addColumn('updated_at', 'datetime', (c) => c.notNull())
    .addForeignKeyConstraint('appointment_series_group_fk', ['assignment'], 'groups', ['id'], (fk) => fk.onDelete('restrict'))
    .execute();

  if (isMysql(db)) {
    // MySQL ignores REFERENCES written on a column, so the keys are constraints of their own.
    await db.schema
      .alterTable('appointments')
      .addColumn('series_id', 'integer')
      .addColumn('occurrence_date', 'varchar(10)')
      .addColumn('detached', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('own_attachments', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('appointments')
      .addForeignKeyConstraint('appointments_series_fk', ['series_id'], 'appointment_series', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
    await db.schema.alterTable('attachments').addColumn('series_id', 'integer').execute();
    await db.schema
      .alterTable('attachments')
      .addForeignKeyConstraint('attachments_series_fk', ['series_id'], 'appointment_series', ['id'], (fk) => fk.onDelete('cascade'))
      .execute();
  } else {
    // SQLite adds one column per statement, and a constraint only as part of a column.
    await db.schema
      .alterTable('appointments')
      .addColumn('series_id', 'integer', (c) => c.references('appointment_series.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('appointments').addColumn('occurrence_date', 'varchar(10)').execute();
    for (const flag of ['detached', 'cancelled', 'own_attachments']) {
      await db.schema.alterTable('appointments').addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
    await db.schema
      .alterTable('attachments')
      .addColumn('series_id', 'integer', (c) => c.references('appointment_series.id').onDelete('cascade'))
      .execute();
  }
  await db.schema.createIndex('appointments_series_idx').on('appointments').columns(['series_id', 'occurrence_date']).unique().execute();
  await db.schema.createIndex('attachments_series_idx').on('attachments').column('series_id').execute();
  // Which rows still name a file, when one of them goes (and the file route's lookup).
  await db.schema.createIndex('attachments_stored_name_idx').on('attachments').column('stored_name').execute();
  const unique = db.schema.dropIndex('attachments_stored_name_unique');
  await (isMysql(db) ? unique.on('attachments') : unique).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const mysql = isMysql(db);
  const dropIndex = (name: string, table: string) => (mysql ? db.schema.dropIndex(name).on(table) : db.schema.dropIndex(name)).execute();
  // The series go with their occurrences and attachments: the unique index takes one row per stored name again.
  await sql`delete from attachments where series_id is not null or appointment_id in (select id from appointments where series_id is not null)`.execute(db);
  await sql`delete from appointments where series_id is not null`.execute(db);
  await db.schema.createIndex('attachments_stored_name_unique').unique().on('attachments').column('stored_name').execute();
  await dropIndex('attachments_stored_name_idx', 'attachments');
  if (mysql) {
    // MariaDB keeps an index a foreign key needs: the keys go first.
    await sql`alter table attachments drop foreign key attachments_series_fk`.execute(db);
    await sql`alter table appointments drop foreign key appointments_series_fk`.execute(db);
  }
  await dropIndex('attachments_series_idx', 'attachments');
  await dropIndex('appointments_series_idx', 'appointments');
  await db.schema.alterTable('attachments').dropColumn('series_id').execute();
  for (const column of ['own_attachments', 'cancelled', 'detached', 'occurrence_date', 'series_id']) {
    await db.schema.alterTable('appointments').dropColumn(column).execute();
  }
  await db.schema.dropTable('appointment_series').execute();
}
