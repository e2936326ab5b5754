import type { Kysely, RawBuilder } from 'kysely';

/**
 * Makes group names unique before a unique key on them is created (0002, 0009): of the
 * groups whose names the key would call equal, the oldest (by id) keeps its name, every
 * later one becomes "<name> (2)", "<name> (3)", ... the first free name, keeping its
 * members and permissions. `compared` is the name as the key compares it: the column
 * itself (the database's collation) or an expression such as `name collate nocase`.
 */

const NAME_MAX = 255;

export type GroupsDb = Kysely<{ groups: { id: number; name: string } }>;

async function nameTaken(db: GroupsDb, compared: 'name' | RawBuilder<string>, name: string, beforeId?: number): Promise<boolean> {
  let query = db.selectFrom('groups').select('id').where(compared, '=', name);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function renameDuplicateGroups(db: GroupsDb, compared: 'name' | RawBuilder<string>): Promise<void> {
  const groups = await db.selectFrom('groups').select(['id', 'name']).orderBy('id').execute();
  for (const group of groups) {
    if (!(await nameTaken(db, compared, group.name, group.id))) continue;
    for (let n = 2; ; n++) {
      const suffix = ` (${n})`;
      const candidate = `${group.name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
      if (await nameTaken(db, compared, candidate)) continue;
      await db.updateTable('groups').set({ name: candidate }).where('id', '=', group.id).execute();
      break;
    }
  }
}
