import type { CreateTableBuilder, Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Every entity of SPEC §3 plus sessions, login attempts, the mail outbox and the log,
 * written once for SQLite and MySQL/MariaDB. Foreign keys are table constraints because
 * MySQL ignores REFERENCES written on a column.
 */

type AnyTable = CreateTableBuilder<string, string>;

function withId(table: AnyTable): AnyTable {
  return table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement().notNull());
}

function createdAt(table: AnyTable): AnyTable {
  return table.addColumn('created_at', 'datetime', (column) => column.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(createTable(db, 'permissions'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('permissions_name_unique', ['name'])
    .execute();

  await withId(createTable(db, 'groups'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .execute();

  await createTable(db, 'group_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('permission_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_permissions_pk', ['group_id', 'permission_id'])
    .addForeignKeyConstraint('group_permissions_group_fk', ['group_id'], 'groups', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('group_permissions_permission_fk', ['permission_id'], 'permissions', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await createdAt(withId(createTable(db, 'users')))
    .addColumn('prename', 'varchar(255)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('uid', 'varchar(8)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'datetime', (c) => c.notNull())
    .addUniqueConstraint('users_uid_unique', ['uid'])
    .execute();

  await createTable(db, 'user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .addForeignKeyConstraint('user_groups_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('user_groups_group_fk', ['group_id'], 'groups', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();

  await createTable(db, 'sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
    .addForeignKeyConstraint('sessions_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_ms').execute();

  await withId(createTable(db, 'login_attempts'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempted_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_uid_idx').on('login_attempts').columns(['uid', 'attempted_ms']).execute();
  await db.schema
    .createIndex('login_attempts_address_idx')
    .on('login_attempts')
    .columns(['address', 'attempted_ms'])
    .execute();

  await createdAt(withId(createTable(db, 'log_entries')))
    .addColumn('actor', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();

  await createdAt(withId(createTable(db, 'mail_outbox')))
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('reply_to', 'varchar(255)')
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'datetime')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(1023)')
    .execute();
  await db.schema.createIndex('mail_outbox_sent_idx').on('mail_outbox').column('sent_at').execute();

  await createdAt(withId(createTable(db, 'contact_messages')))
    .addColumn('recipient', 'varchar(32)', (c) => c.notNull())
    .addColumn('prename', 'varchar(255)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();

  await createTable(db, 'info_texts')
    .addColumn('identifier', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('text', 'varchar(255)', (c) => c.notNull())
    .execute();

  await createTable(db, 'section_alerts')
    .addColumn('identifier', 'varchar(32)', (c) => c.primaryKey().notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'varchar(255)', (c) => c.notNull())
    .execute();

  // An assigned group cannot be deleted while appointments name it (no silent loss of appointments).
  await createdAt(withId(createTable(db, 'appointments')))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('datetime_begin', 'datetime', (c) => c.notNull())
    .addColumn('datetime_end', 'datetime', (c) => c.notNull())
    .addColumn('location', 'varchar(255)', (c) => c.notNull())
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(1023)', (c) => c.notNull())
    .addColumn('notes', 'varchar(2047)', (c) => c.notNull())
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'datetime', (c) => c.notNull())
    .addForeignKeyConstraint('appointments_group_fk', ['assignment'], 'groups', ['id'], (fk) => fk.onDelete('restrict'))
    .execute();
  await db.schema
    .createIndex('appointments_public_idx')
    .on('appointments')
    .columns(['visibility', 'datetime_end'])
    .execute();
  await db.schema.createIndex('appointments_month_idx').on('appointments').columns(['datetime_begin', 'datetime_end']).execute();

  await createdAt(withId(createTable(db, 'attachments')))
    .addColumn('appointment_id', 'integer')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addForeignKeyConstraint('attachments_appointment_fk', ['appointment_id'], 'appointments', ['id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('attachments_appointment_idx').on('attachments').column('appointment_id').execute();

  // A deleted user leaves the entry with an open slot (null on both columns reads as 'ungeklärt').
  await withId(createTable(db, 'host_entries'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('supervisor_user_id', 'integer')
    .addColumn('supervisor_special', 'integer')
    .addColumn('host_user_id', 'integer')
    .addColumn('host_special', 'integer')
    .addForeignKeyConstraint('host_entries_supervisor_fk', ['supervisor_user_id'], 'users', ['id'], (fk) =>
      fk.onDelete('set null'),
    )
    .addForeignKeyConstraint('host_entries_host_fk', ['host_user_id'], 'users', ['id'], (fk) => fk.onDelete('set null'))
    .execute();
  await db.schema.createIndex('host_entries_date_idx').on('host_entries').column('date').execute();

  await createdAt(withId(createTable(db, 'downloads')))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();

  await createdAt(withId(createTable(db, 'results')))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('section', 'varchar(16)', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('results_section_idx').on('results').columns(['section', 'internal']).execute();

  await createdAt(withId(createTable(db, 'albums')))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('section', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_section_idx').on('albums').column('section').execute();

  await createdAt(withId(createTable(db, 'images')))
    .addColumn('album_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumb_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(255)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addForeignKeyConstraint('images_album_fk', ['album_id'], 'albums', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('images_album_idx').on('images').column('album_id').execute();

  await createdAt(withId(createTable(db, 'sponsors')))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('logo_stored_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('logo_mime', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sponsors',
    'images',
    'albums',
    'results',
    'downloads',
    'host_entries',
    'attachments',
    'appointments',
    'section_alerts',
    'info_texts',
    'contact_messages',
    'mail_outbox',
    'log_entries',
    'login_attempts',
    'sessions',
    'user_groups',
    'users',
    'group_permissions',
    'groups',
    'permissions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
