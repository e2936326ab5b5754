import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The club's data in the database (issue 18), edited in the back office (panel
 * 'Vereinsdaten'): one row (`id` 1) with the profile that club.json held, the texts of the
 * About, Impressum and Datenschutz pages, and the address of each contact recipient that
 * CONTACT_TO_* held. Coordinates are degrees (double); an unset map is null. Long texts are
 * `text` (no default: MySQL allows none on text columns).
 *
 * `setup_facts` remembers what the first start did that an administrator should undo, by
 * name: `generated_password`, a fingerprint (sha256) of user 1's password hash when the
 * seed generated that password, so the dashboard can tell whether it was changed since.
 *
 * Neither table is filled here: the first start does it (db/seed.ts) from club.json,
 * CLUB_PROFILE, CLUB_LAT/CLUB_LON and CONTACT_TO_*, so a database that was only migrated
 * still counts as empty for a restore, and an upgraded installation starts with what its
 * files said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = createTable(db, 'club_profile')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('street', 'varchar(255)', (c) => c.notNull())
    .addColumn('postal_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('city', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull());
  for (const kind of ['facebook', 'instagram', 'youtube', 'tiktok', 'x', 'mastodon', 'whatsapp']) {
    table = table.addColumn(`social_${kind}`, 'varchar(500)', (c) => c.notNull());
  }
  table = table
    .addColumn('course_lat', 'double precision', (c) => c.notNull())
    .addColumn('course_lon', 'double precision', (c) => c.notNull())
    .addColumn('parking_street', 'varchar(255)', (c) => c.notNull())
    .addColumn('parking_postal_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('parking_city', 'varchar(255)', (c) => c.notNull())
    .addColumn('club_house_lat', 'double precision')
    .addColumn('club_house_lon', 'double precision')
    .addColumn('range_lat', 'double precision')
    .addColumn('range_lon', 'double precision')
    .addColumn('history', 'text', (c) => c.notNull())
    .addColumn('representation', 'text', (c) => c.notNull())
    .addColumn('register', 'text', (c) => c.notNull())
    .addColumn('responsible', 'text', (c) => c.notNull())
    .addColumn('privacy_contact', 'text', (c) => c.notNull());
  for (const recipient of ['info', 'vorstand', 'lg_lp', 'bogen', 'blasrohr', 'webmaster']) {
    table = table.addColumn(`contact_${recipient}`, 'varchar(255)', (c) => c.notNull());
  }
  // When members last saved it (club-local); null: still the values of the first start.
  await table.addColumn('updated_at', 'varchar(19)').execute();

  await createTable(db, 'setup_facts')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setup_facts').ifExists().execute();
  await db.schema.dropTable('club_profile').ifExists().execute();
}
