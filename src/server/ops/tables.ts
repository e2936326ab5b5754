import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Backup and restore know the tables only from the database itself (what the migrations
 * made), so a table added by a later migration is saved and restored without a change here.
 */

/** Any table by name. */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
export const anyDb = (db: Db): AnyDb => db as unknown as AnyDb;

export interface TableInfo {
  name: string;
  columns: string[];
  /** The column whose values the database counts up (an `id`), if any. */
  autoIncrement: string | undefined;
}

const MIGRATION_TABLE = 'kysely_migration';

/** The project's tables, by name; Kysely's migration bookkeeping and SQLite's own tables excluded. */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  return tables
    .filter((table) => !table.isView && !table.name.startsWith('sqlite_') && !table.name.startsWith('kysely_'))
    .map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      autoIncrement: table.columns.find((column) => column.isAutoIncrementing)?.name,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The names of the applied migrations in order; none on a database never migrated. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const rows = await anyDb(db).selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((row) => String(row.name));
}

export async function countRows(db: Db, table: string): Promise<number> {
  const row = await anyDb(db)
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function maxValue(db: Db, table: string, column: string): Promise<number> {
  const row = await anyDb(db)
    .selectFrom(table)
    .select(sql<number | string | null>`max(${sql.ref(column)})`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n === null ? 0 : Number(row.n);
}

/** Sizes as the README gives upload limits: 1 MB = 1,048,576 bytes, German decimals. */
export function formatSize(bytes: number): string {
  const format = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / (1024 * 1024))} MB`;
}

/** A refusal or fault the operator can act on; its German message is all the command prints. */
export class OpsError extends Error {}
