import { sql, type Kysely } from 'kysely';
import { isMysql } from './dialect.ts';
import { renameDuplicateGroups } from './group-names.ts';

/**
 * Group names that differ only in case are one name, as MySQL's collation (utf8mb4_unicode_ci)
 * has always held them. On SQLite the unique key of 0002 compared bytes, so "Vorstand"
 * and "vorstand" could both exist; its key now compares with NOCASE. NOCASE folds only
 * ASCII letters: umlauts are compared by the groups procedures themselves before writing.
 * Case twins a live SQLite database already holds keep members and permissions; every
 * later one (by id) is renamed "<name> (2)", ... as 0002 did, so the oldest keeps its name.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return;
  await renameDuplicateGroups(db, sql<string>`name collate nocase`);
  await db.schema.dropIndex('groups_name_unique').execute();
  await sql`create unique index groups_name_unique on groups (name collate nocase)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return;
  await db.schema.dropIndex('groups_name_unique').execute();
  await db.schema.createIndex('groups_name_unique').on('groups').column('name').unique().execute();
}
