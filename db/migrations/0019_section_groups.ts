import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import { isMysql } from './dialect.ts';

/**
 * Sections are sections (issue 26, point 4): `groups.public_section` marks the groups that
 * visitors see as a 'Sparte'; every other group's name stays internal.
 *
 * An existing installation gets the section groups a new one starts with: for each name, a
 * group that already holds it (in any case, as the unique key of 0009 compares names) is
 * flagged, otherwise a new group without members or permissions is added. No other group
 * changes. A database without any group yet is a new one: its seed creates them after
 * group 1, which must keep id 1.
 *
 * The names are written here and not taken from src/shared: a migration does what it did
 * when it was written, whatever later versions call their sections.
 */

const SECTION_GROUP_NAMES = ['LG/LP', 'Bogen', 'Blasrohr'];

type GroupsDb = Kysely<{ groups: { id: Generated<number>; name: string; public_section: number } }>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').addColumn('public_section', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const groups = db as unknown as GroupsDb;
  if ((await groups.selectFrom('groups').select('id').limit(1).executeTakeFirst()) === undefined) return;
  // The name as the unique key compares it: MySQL's collation, SQLite's NOCASE (0009).
  const compared: 'name' | RawBuilder<string> = isMysql(db) ? 'name' : sql<string>`name collate nocase`;
  for (const name of SECTION_GROUP_NAMES) {
    const existing = await groups.selectFrom('groups').select('id').where(compared, '=', name).orderBy('id').limit(1).executeTakeFirst();
    if (existing) await groups.updateTable('groups').set({ public_section: 1 }).where('id', '=', existing.id).execute();
    else await groups.insertInto('groups').values({ name, public_section: 1 }).execute();
  }
}

/** The groups stay (members may have been added to them); only the flag goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('public_section').execute();
}
