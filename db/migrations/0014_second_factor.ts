import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * A second factor for the back office and app passwords for programs (issue 18):
 *
 * - `second_factors`: one row per member who set up a time-based one-time code (TOTP,
 *   RFC 6238). `secret` is the base32 key the authenticator app holds too; the server needs
 *   it to check codes, so it is kept as it is. `confirmed_ms` is null while the setup waits
 *   for its first code. `last_step` is the time step of the last accepted code: a code is
 *   accepted once.
 * - `recovery_codes`: ten single-use codes per member, only their SHA-256 (a code is 80
 *   random bits); a used code is deleted.
 * - `pending_logins`: the password step of a member with a second factor opens no
 *   session; it leaves this row (SHA-256 of the reference the browser holds, a few minutes
 *   long), and the code step turns it into a session.
 * - `app_passwords`: named passwords for programs using Basic authentication, only their
 *   SHA-256 (128 random bits and more); `last_used_ms` is written at most once a minute.
 * - `groups.require_second_factor`: members of such a group must set up the second factor
 *   before they reach anything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'second_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_ms', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint('second_factors_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await createTable(db, 'recovery_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addForeignKeyConstraint('recovery_codes_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await createTable(db, 'pending_logins')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint('pending_logins_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('pending_logins_expires_idx').on('pending_logins').column('expires_ms').execute();

  await createTable(db, 'app_passwords')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_used_ms', 'bigint')
    .addUniqueConstraint('app_passwords_secret_unique', ['secret_hash'])
    .addForeignKeyConstraint('app_passwords_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('app_passwords_user_idx').on('app_passwords').column('user_id').execute();

  await db.schema.alterTable('groups').addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('require_second_factor').execute();
  await db.schema.dropTable('app_passwords').ifExists().execute();
  await db.schema.dropTable('pending_logins').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('second_factors').ifExists().execute();
}
