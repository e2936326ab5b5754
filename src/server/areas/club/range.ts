import type { Transaction } from 'kysely';
import { DEFAULT_RANGE_FACTS, type RangeFacts } from '../../../shared/rangeFacts.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** The air gun range's facts (migration 0023): one row of typed columns, read and written whole. */

/** The one row of `club_range`. */
export const CLUB_RANGE_ID = 1;

/** Whether the seed has stored the facts yet. */
export async function hasRangeFacts(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('club_range').select('id').where('id', '=', CLUB_RANGE_ID).executeTakeFirst()) !== undefined;
}

/** The facts as stored; the seed's values on a database where nothing was stored yet. */
export async function readRangeFacts(db: DbOrTrx): Promise<RangeFacts> {
  const row = await db.selectFrom('club_range').select(['lanes', 'min_age']).where('id', '=', CLUB_RANGE_ID).executeTakeFirst();
  if (!row) return DEFAULT_RANGE_FACTS;
  // MySQL may answer integers of some column types as text.
  return { lanes: Number(row.lanes), minimumAge: row.min_age === null ? null : Number(row.min_age) };
}

/** Stores the facts, inserting the row when missing. `updatedAt` null: the seed's values. */
export async function writeRangeFacts(db: DbOrTrx, facts: RangeFacts, updatedAt: string | null): Promise<void> {
  const values = { lanes: facts.lanes, min_age: facts.minimumAge, updated_at: updatedAt };
  const result = await db.updateTable('club_range').set(values).where('id', '=', CLUB_RANGE_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await db.insertInto('club_range').values({ id: CLUB_RANGE_ID, ...values }).execute();
}
