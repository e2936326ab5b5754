import type { Kysely } from 'kysely';

/**
 * A title and a description for every download (issue 26.6): the public list showed the
 * bare file name ('Aufnahmeantrag.pdf'). Both are edited in the dashboard; the legacy REST
 * answers keep their fields. Lengths as src/shared/schemas/downloads.ts checks them.
 *
 * The columns come with '' as their default so that both dialects can add them to a table
 * that has rows (SQLite adds a NOT NULL column only with a default); the rows that exist
 * then get the title a new download gets, computed here row by row, since the rule (strip the
 * extension, keep names that are all extension, cut to 120 characters) is not one SQL
 * expression both dialects share. Clubs keep a few dozen downloads, not thousands.
 */

const TITLE_MAX = 120;

/**
 * The rule of `defaultDownloadTitle` (src/shared/schemas/downloads.ts) as it was when this
 * migration was written: a migration must do the same on every database it ever runs on.
 */
function titleOf(filename: string): string {
  const name = filename.trim();
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot).trim() : name;
  const title = stem || name || 'Download';
  if (title.length <= TITLE_MAX) return title;
  let cut = '';
  for (const character of title) {
    if (cut.length + character.length > TITLE_MAX) break;
    cut += character;
  }
  return cut.trimEnd();
}

interface DownloadsBefore {
  downloads: { id: number; filename: string; title: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('downloads')
    .addColumn('title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('downloads')
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  const typed = db as unknown as Kysely<DownloadsBefore>;
  const rows = await typed.selectFrom('downloads').select(['id', 'filename']).execute();
  for (const row of rows) {
    await typed.updateTable('downloads').set({ title: titleOf(row.filename) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').dropColumn('description').execute();
  await db.schema.alterTable('downloads').dropColumn('title').execute();
}
