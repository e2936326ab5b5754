import { sql, type Kysely } from 'kysely';
import { isMysql } from './dialect.ts';

/**
 * Who uploaded each calendar attachment. Until an appointment names it, an upload is that
 * member's alone: only they may attach it (a guessed id claims nothing) and only they are
 * served its file. A deleted member leaves null, which nobody can claim; the hourly cleanup
 * removes such an upload like any other abandoned one. Rows from before this migration
 * are null as well: the attached ones keep their appointment, the unattached ones expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    // MySQL ignores REFERENCES written on a column, so the key is a constraint of its own.
    await db.schema.alterTable('attachments').addColumn('uploaded_by', 'integer').execute();
    await db.schema
      .alterTable('attachments')
      .addForeignKeyConstraint('attachments_uploaded_by_fk', ['uploaded_by'], 'users', ['id'], (fk) => fk.onDelete('set null'))
      .execute();
    return;
  }
  // SQLite cannot add a constraint to an existing table, only a column that carries one.
  await db.schema
    .alterTable('attachments')
    .addColumn('uploaded_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) {
    // MariaDB drops a foreign key only by this name, not as a generic constraint.
    await sql`alter table attachments drop foreign key attachments_uploaded_by_fk`.execute(db);
  }
  await db.schema.alterTable('attachments').dropColumn('uploaded_by').execute();
}
