import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that logged in to a shooter number before carries a cookie signed with a server secret,
 * and stays exempt from the lock of that number while it keeps within its own limit.
 *
 * `server_secrets` keeps the secret in the database: the first instance that needs it
 * generates it and every other one reads the same row, so all instances on the database
 * sign and check alike, restarts keep it and a backup carries it. It is not written here,
 * so a database that was only migrated still counts as empty for a restore.
 * `login_attempts.device` names the device a failure counted against (null: an unknown
 * browser, counted against the shooter number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('login_attempts').addColumn('device', 'varchar(64)').execute();
  await db.schema.createIndex('login_attempts_device_idx').on('login_attempts').columns(['device', 'attempted_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_device_idx').on('login_attempts').execute();
  await db.schema.alterTable('login_attempts').dropColumn('device').execute();
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
