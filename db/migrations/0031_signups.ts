import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * Sign-ups with a waiting list (issue 29) and the mechanisms of DESIGN §10 they stand on.
 *
 * - `network_attempts`: the one per-network limiter counted in the database (contact form,
 *   sign-ups, later check-ins): one row per accepted attempt of a kind from a network
 *   (http/network.ts networkOf), counted within the kind's window; the retention sweep
 *   deletes rows older than any window.
 * - `registration_settings`: sign-ups opened on one appointment (an occurrence of a series
 *   is an appointment row of its own, whose id a series change keeps): places, places per
 *   sign-up, the period, who may sign up, the note, the guardian's consent for minors and
 *   the fields asked (JSON text of src/shared/schemas/registrations.ts, as a series keeps
 *   its rule). Goes with its appointment.
 * - `registrations`: one sign-up each, in arrival order (`position`, unique per
 *   appointment): its status (place, waiting, cancelled), places, the values, paid and
 *   present, the SHA-256 of its personal link's token (http/link-token.ts), the member who
 *   signed up logged in, the guardian's name and the time of the consent. A cancellation
 *   by link empties the values at once and keeps status and time.
 * - `registration_mails`: the mails of a sign-up in the outbox (confirmation, promotion,
 *   organiser's mails), deleted with its data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'network_attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('network', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('network_attempts_count_idx').on('network_attempts').columns(['kind', 'network', 'created_ms']).execute();
  await db.schema.createIndex('network_attempts_created_idx').on('network_attempts').columns(['created_ms']).execute();

  await createTable(db, 'registration_settings')
    .addColumn('appointment_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('places_per_signup', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opens_at', 'varchar(19)')
    .addColumn('closes_at', 'varchar(19)')
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('guardian_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .addForeignKeyConstraint('registration_settings_appointment_fk', ['appointment_id'], 'appointments', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();

  await createTable(db, 'registrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('appointment_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('prename', 'varchar(100)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull())
    .addColumn('birthdate', 'varchar(10)', (c) => c.notNull())
    .addColumn('club', 'varchar(100)', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('user_id', 'integer')
    .addColumn('guardian_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('guardian_consent_at', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('cancelled_at', 'varchar(19)')
    .addForeignKeyConstraint('registrations_appointment_fk', ['appointment_id'], 'appointments', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('registrations_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('set null'))
    .addUniqueConstraint('registrations_position_unique', ['appointment_id', 'position'])
    .addUniqueConstraint('registrations_token_unique', ['token_hash'])
    .execute();
  await db.schema.createIndex('registrations_list_idx').on('registrations').columns(['appointment_id', 'status', 'position']).execute();
  await db.schema.createIndex('registrations_user_idx').on('registrations').columns(['user_id']).execute();

  await createTable(db, 'registration_mails')
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('mail_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('registration_mails_pk', ['registration_id', 'mail_id'])
    .addForeignKeyConstraint('registration_mails_registration_fk', ['registration_id'], 'registrations', ['id'], (fk) => fk.onDelete('cascade'))
    .addForeignKeyConstraint('registration_mails_mail_fk', ['mail_id'], 'mail_outbox', ['id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('registration_mails_mail_idx').on('registration_mails').columns(['mail_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_mails').ifExists().execute();
  await db.schema.dropTable('registrations').ifExists().execute();
  await db.schema.dropTable('registration_settings').ifExists().execute();
  await db.schema.dropTable('network_attempts').ifExists().execute();
}
