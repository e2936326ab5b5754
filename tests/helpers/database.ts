import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { createConnection } from 'mysql2/promise';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';

export interface FreshDatabaseOptions {
  /** Migrate to the latest version (default); false leaves the database empty. */
  migrate?: boolean;
  /** MySQL only: the database's default character set, as a shared host might hand it out. */
  mysqlCharset?: string;
  /** The dialect regardless of TEST_DATABASE (a backup test moves data between both). */
  dialect?: 'sqlite' | 'mysql';
  /** Kysely plugins on the returned db (a test that acts between an app's queries, see race.ts). */
  plugins?: KyselyPlugin[];
}

export function usesMysql(): boolean {
  return process.env.TEST_DATABASE === 'mysql';
}

/**
 * A fresh, migrated database for one test file: SQLite in memory, or with
 * TEST_DATABASE=mysql a new database on the server of TEST_MYSQL_URL, dropped afterwards.
 */
export async function freshDatabase(
  options: FreshDatabaseOptions = {},
): Promise<DatabaseHandle & { drop(): Promise<void>; url: string }> {
  const { migrate = true, mysqlCharset = 'utf8mb4', dialect = usesMysql() ? 'mysql' : 'sqlite', plugins = [] } = options;
  const withPlugins = <H extends DatabaseHandle>(handle: H): H => ({ ...handle, db: plugins.reduce((db, plugin) => db.withPlugin(plugin), handle.db) });
  if (dialect === 'sqlite') {
    const handle = withPlugins(openDatabase('sqlite::memory:'));
    if (migrate) await migrateToLatest(handle.db);
    return { ...handle, url: 'sqlite::memory:', drop: () => handle.db.destroy() };
  }
  const serverUrl = process.env.TEST_MYSQL_URL;
  if (!serverUrl) throw new Error('TEST_MYSQL_URL fehlt (z. B. mysql://root@127.0.0.1:3306)');
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  const server = new URL(serverUrl);
  server.pathname = '';
  const admin = await createConnection({ uri: server.toString() });
  const collation = mysqlCharset === 'utf8mb4' ? ' COLLATE utf8mb4_unicode_ci' : '';
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET ${mysqlCharset}${collation}`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const handle = withPlugins(openDatabase(url.toString()));
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.db.destroy();
      const cleanup = await createConnection({ uri: server.toString() });
      await cleanup.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await cleanup.end();
    },
  };
}

/**
 * Options of a describe block that migrates a database down through many migrations: on
 * MariaDB every step is DDL that commits on its own, seconds on a busy machine, and each
 * new migration lengthens the chain, so the default 20 s of a test does not hold.
 */
export const MIGRATION_CHAIN = { timeout: 90_000 } as const;
