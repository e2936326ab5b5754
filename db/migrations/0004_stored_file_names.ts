import { MysqlAdapter, type Kysely } from 'kysely';

/**
 * The file route looks a stored name up in every table that keeps one (to send its type
 * and original name); unique, because a stored name belongs to exactly one row.
 */
const INDEXES = [
  ['downloads_stored_name_unique', 'downloads', 'stored_name'],
  ['results_stored_name_unique', 'results', 'stored_name'],
  ['sponsors_logo_stored_name_unique', 'sponsors', 'logo_stored_name'],
  ['attachments_stored_name_unique', 'attachments', 'stored_name'],
  ['images_stored_name_unique', 'images', 'stored_name'],
  ['images_thumb_name_unique', 'images', 'thumb_name'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await db.schema.createIndex(name).unique().on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // MySQL names the table of an index to drop; SQLite refuses that syntax.
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  for (const [name, table] of INDEXES) {
    const drop = db.schema.dropIndex(name);
    await (mysql ? drop.on(table) : drop).execute();
  }
}
