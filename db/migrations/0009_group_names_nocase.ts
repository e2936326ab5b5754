import { sql, type Kysely } from 'kysely';
import { isMysql } from './dialect.ts';

/**
 * Group names that differ only in case are one name, as MySQL's collation (utf8mb4_unicode_ci)
 * has always held them. On SQLite the unique key of 0002 compared bytes, so "Vorstand"
 * and "vorstand" could both exist; its key now compares with NOCASE. NOCASE folds only
 * ASCII letters: umlauts are compared by the groups procedures themselves before writing.
 * Case twins a live SQLite database already holds keep members and permissions; every
 * later one (by id) is renamed "<name> (2)", ... as 0002 did, so the oldest keeps its name.
 */

const NAME_MAX = 255;

type GroupsDb = Kysely<{ groups: { id: number; name: string } }>;

async function nameTaken(db: GroupsDb, name: string, beforeId?: number): Promise<boolean> {
  let query = db.selectFrom('groups').select('id').where(sql<string>`name collate nocase`, '=', name);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

async function renameCaseTwins(db: GroupsDb): Promise<void> {
  const groups = await db.selectFrom('groups').select(['id', 'name']).orderBy('id').execute();
  for (const group of groups) {
    if (!(await nameTaken(db, group.name, group.id))) continue;
    for (let n = 2; ; n++) {
      const suffix = ` (${n})`;
      const candidate = `${group.name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
      if (await nameTaken(db, candidate)) continue;
      await db.updateTable('groups').set({ name: candidate }).where('id', '=', group.id).execute();
      break;
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return;
  await renameCaseTwins(db);
  await db.schema.dropIndex('groups_name_unique').execute();
  await sql`create unique index groups_name_unique on groups (name collate nocase)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isMysql(db)) return;
  await db.schema.dropIndex('groups_name_unique').execute();
  await db.schema.createIndex('groups_name_unique').on('groups').column('name').unique().execute();
}
