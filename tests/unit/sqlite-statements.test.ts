import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.db.destroy();
  handle = undefined;
});

function openMemory(): DatabaseHandle & { sqlite: NonNullable<DatabaseHandle['sqlite']> } {
  handle = openDatabase('sqlite::memory:');
  if (!handle.sqlite) throw new Error('no SQLite handle');
  return handle as DatabaseHandle & { sqlite: NonNullable<DatabaseHandle['sqlite']> };
}

describe('SQLite statements', () => {
  it('prepares each SQL text once, whatever the parameters', async () => {
    const { db, sqlite } = openMemory();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    const prepare = vi.spyOn(sqlite, 'prepare');
    for (let id = 1; id <= 5; id++) await sql`insert into t (id, name) values (${id}, ${`n${id}`})`.execute(db);
    for (let id = 1; id <= 5; id++) expect((await sql<{ name: string }>`select name from t where id = ${id}`.execute(db)).rows).toEqual([{ name: `n${id}` }]);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('reuses a streamed statement after the stream, also one broken off early', async () => {
    const { db } = openMemory();
    await sql`create table t (id integer primary key)`.execute(db);
    for (let id = 1; id <= 3; id++) await sql`insert into t (id) values (${id})`.execute(db);
    const query = () => db.selectFrom('t' as never).select(sql<number>`id`.as('id'));
    for await (const row of query().stream()) {
      expect(row).toEqual({ id: 1 });
      break;
    }
    expect(await query().execute()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const streamed: unknown[] = [];
    for await (const row of query().stream()) streamed.push(row);
    expect(streamed).toEqual(await query().execute());
  });
});
