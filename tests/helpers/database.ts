import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';

/**
 * A fresh, migrated database for one test file: SQLite in memory, or with
 * TEST_DATABASE=mysql a new database on the server of TEST_MYSQL_URL, dropped afterwards.
 */
export async function freshDatabase(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'mysql') {
    const handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
    return { ...handle, drop: () => handle.db.destroy() };
  }
  const serverUrl = process.env.TEST_MYSQL_URL;
  if (!serverUrl) throw new Error('TEST_MYSQL_URL fehlt (z. B. mysql://root@127.0.0.1:3306)');
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  const server = new URL(serverUrl);
  server.pathname = '';
  const admin = await createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.db.destroy();
      const cleanup = await createConnection({ uri: server.toString() });
      await cleanup.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await cleanup.end();
    },
  };
}
