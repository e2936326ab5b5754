import { sql, type Kysely } from 'kysely';
import { isMysql, MYSQL_TABLE_CHARSET, MYSQL_TABLE_COLLATION } from './dialect.ts';
import { renameDuplicateGroups } from './group-names.ts';

/**
 * 1. On MySQL, tables that 0001 created in a database whose default was not utf8mb4
 *    become utf8mb4 (0001 now says so itself; this converts databases migrated earlier).
 * 2. Group names become unique, decided by the key rather than a read before the write.
 *    Duplicates that a live database may already hold keep their members and
 *    permissions; every later one (by id) is renamed "<name> (2)", "<name> (3)", ... to
 *    the first free name, so the oldest group keeps its name.
 */

async function convertTablesToUtf8mb4(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select TABLE_NAME as name from information_schema.TABLES
    where TABLE_SCHEMA = database() and TABLE_TYPE = 'BASE TABLE'
      and TABLE_COLLATION not like ${`${MYSQL_TABLE_CHARSET}\\_%`} and TABLE_NAME not like 'kysely\\_%'`.execute(db);
  for (const { name } of rows) {
    await sql`alter table ${sql.table(name)} convert to character set ${sql.raw(MYSQL_TABLE_CHARSET)} collate ${sql.raw(MYSQL_TABLE_COLLATION)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) await convertTablesToUtf8mb4(db);
  // Equality as the database (and so the key) sees it: MySQL's collation ignores case and trailing spaces.
  await renameDuplicateGroups(db, 'name');
  await db.schema.createIndex('groups_name_unique').on('groups').column('name').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // MySQL needs the table to drop an index; SQLite knows index names per database.
  if (isMysql(db)) await db.schema.dropIndex('groups_name_unique').on('groups').execute();
  else await db.schema.dropIndex('groups_name_unique').execute();
}
