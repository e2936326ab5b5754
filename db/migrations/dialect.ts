import { MysqlAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/** Whether a migration runs on MySQL/MariaDB (the only dialect with per-table character sets). */
export function isMysql(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof MysqlAdapter;
}

/** The character set and collation of every table on MySQL; the connection uses the same. */
export const MYSQL_TABLE_CHARSET = 'utf8mb4';
export const MYSQL_TABLE_COLLATION = 'utf8mb4_unicode_ci';

/**
 * `CREATE TABLE` for every migration: on MySQL the table is utf8mb4 whatever the
 * database's default is (shared hosts often still hand out latin1), so umlauts and
 * emoji are stored as sent.
 */
export function createTable(db: Kysely<unknown>, name: string): CreateTableBuilder<string, string> {
  const builder = db.schema.createTable(name);
  if (!isMysql(db)) return builder;
  return builder.modifyEnd(sql.raw(`DEFAULT CHARACTER SET ${MYSQL_TABLE_CHARSET} COLLATE ${MYSQL_TABLE_COLLATION}`));
}
