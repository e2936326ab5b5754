import type { Kysely } from 'kysely';
import { createTable } from './dialect.ts';

/**
 * The facts of the public pages as data (issue 26.1), beside the club data of 0015 and
 * edited the same way in the back office:
 * - `club_facts`, one row (`id` 1) of typed columns: the 3D course's number of targets,
 *   walk from the parking in metres, minimum age (null: none stated), the note under its
 *   annual passes, and its opening-hour rule (earliest opening and latest closing as
 *   club-local `HH:mm`, minutes after sunrise and before sunset);
 * - `club_prices`, the rows of the course's price tables (`list` 'day' or 'annual'), in
 *   `position` order, prices in whole cents (exact, no floating point in the database);
 * - `club_rules`, the course's rules in `position` order;
 * - `club_home`, one row (`id` 1): the home page's greeting and welcome text;
 * - `club_home_cards`, the home page's cards, one per page they lead to (`path`), in
 *   `position` order;
 * - `club_about_slides`, the title and caption of each drawing of the About carousel
 *   (`slide`), in `position` order.
 *
 * None is filled here: the seed does it on every start where they are missing (db/seed.ts,
 * SPEC §9's values), so a database that was only migrated still counts as empty for a
 * restore, as with 0015.
 *
 * The default texts 'Nutzung' (archparcours_usage) and 'Öffnungszeiten'
 * (archparcours_openings) repeated the price table and the opening rule, and the course
 * page's default notice (alert archparcours) its number of targets and walk; now that
 * those are data, the page shows them from the data, and a default text still unchanged
 * gets the new wording without figures. A text the club has written itself is left as it is.
 */

/** The defaults up to this migration, word for word (what db/seed.ts wrote). */
export const REPLACED_DEFAULT_TEXTS = {
  archparcours_usage: {
    before:
      'Tageskarte Bogen: Erwachsene [fett:an]12,00 €[fett:aus], Jugendliche (13–17) 8,00 €, Kinder unter 13 5,00 €; Blasrohr 8,00 €. Jahreskarte nur für Mitglieder, gültig 1. Januar bis 31. Dezember: 150 € / 90 € / 60 €.',
    after: 'Gäste nutzen den Parcours mit einer Tageskarte, Mitglieder auch mit einer Jahreskarte. Die Preise stehen oben unter [fett:an]Preise[fett:aus].',
  },
  archparcours_openings: {
    before:
      'Täglich geöffnet: ab einer Stunde nach Sonnenaufgang, frühestens [fett:an]08:00 Uhr[fett:aus], bis eine Stunde vor Sonnenuntergang, spätestens [fett:an]19:00 Uhr[fett:aus]. Die Zeiten der nächsten 7 Tage stehen unten.',
    after: 'Der Parcours ist täglich geöffnet; die Zeiten richten sich nach Sonnenauf- und -untergang.',
  },
} as const;

/** The course page's notice as seeded up to this migration, and its new default (switched off either way). */
export const REPLACED_DEFAULT_ALERT = {
  identifier: 'archparcours',
  before: '[fett:an]28 Ziele[fett:aus] auf einem Rundweg, [fett:an]600 m[fett:aus] Fußweg vom Parkplatz. Bitte nur auf die Ziele schießen und die Parcoursregeln beachten.',
  after: 'Der Parcours führt auf einem Rundweg durch Wald und Wiese. Bitte nur auf die Ziele schießen und die Parcoursregeln beachten.',
} as const;

interface InfoTexts {
  info_texts: { identifier: string; text: string };
  section_alerts: { identifier: string; text: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'club_facts')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('course_targets', 'integer', (c) => c.notNull())
    .addColumn('course_walk_m', 'integer', (c) => c.notNull())
    .addColumn('course_min_age', 'integer')
    .addColumn('course_annual_note', 'varchar(255)', (c) => c.notNull())
    .addColumn('opening_earliest', 'varchar(5)', (c) => c.notNull())
    .addColumn('opening_latest', 'varchar(5)', (c) => c.notNull())
    .addColumn('opening_after_sunrise', 'integer', (c) => c.notNull())
    .addColumn('opening_before_sunset', 'integer', (c) => c.notNull())
    // When members last saved it (club-local); null: still the values of the seed.
    .addColumn('updated_at', 'varchar(19)')
    .execute();

  await createTable(db, 'club_prices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('list', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('section', 'varchar(64)', (c) => c.notNull())
    .addColumn('persons', 'varchar(255)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('club_prices_list_idx').on('club_prices').columns(['list', 'position']).execute();

  await createTable(db, 'club_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement().notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .execute();

  await createTable(db, 'club_home')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('greeting', 'varchar(255)', (c) => c.notNull())
    .addColumn('welcome', 'varchar(1000)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)')
    .execute();

  await createTable(db, 'club_home_cards')
    .addColumn('path', 'varchar(64)', (c) => c.primaryKey().notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('text', 'varchar(255)', (c) => c.notNull())
    .execute();

  await createTable(db, 'club_about_slides')
    .addColumn('slide', 'varchar(32)', (c) => c.primaryKey().notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('caption', 'varchar(255)', (c) => c.notNull())
    .execute();

  const texts = db as unknown as Kysely<InfoTexts>;
  for (const [identifier, { before, after }] of Object.entries(REPLACED_DEFAULT_TEXTS)) {
    await texts.updateTable('info_texts').set({ text: after }).where('identifier', '=', identifier).where('text', '=', before).execute();
  }
  const alert = REPLACED_DEFAULT_ALERT;
  await texts.updateTable('section_alerts').set({ text: alert.after }).where('identifier', '=', alert.identifier).where('text', '=', alert.before).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const texts = db as unknown as Kysely<InfoTexts>;
  for (const [identifier, { before, after }] of Object.entries(REPLACED_DEFAULT_TEXTS)) {
    await texts.updateTable('info_texts').set({ text: before }).where('identifier', '=', identifier).where('text', '=', after).execute();
  }
  const alert = REPLACED_DEFAULT_ALERT;
  await texts.updateTable('section_alerts').set({ text: alert.before }).where('identifier', '=', alert.identifier).where('text', '=', alert.after).execute();
  await db.schema.dropTable('club_about_slides').ifExists().execute();
  await db.schema.dropTable('club_home_cards').ifExists().execute();
  await db.schema.dropTable('club_home').ifExists().execute();
  await db.schema.dropTable('club_rules').ifExists().execute();
  await db.schema.dropTable('club_prices').ifExists().execute();
  await db.schema.dropTable('club_facts').ifExists().execute();
}
