import type { Transaction } from 'kysely';
import { DEFAULT_COURSE_FACTS, toCents, type CourseFacts, type PriceRow } from '../../../shared/courseFacts.ts';
import type { Db } from '../../db/connection.ts';
import type { ClubFactsTable, Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/**
 * The facts of the public pages (migration 0022): one row of typed columns, the price
 * tables and the rules as child rows in order. Read and written whole, in one transaction
 * of the caller's, like the club data of queries.ts.
 */

/** The one row of `club_facts`. */
export const CLUB_FACTS_ID = 1;

type PriceList = 'day' | 'annual';
type FactsRow = Omit<ClubFactsTable, 'id' | 'updated_at'>;

function toRow(facts: CourseFacts): FactsRow {
  return {
    course_targets: facts.targets,
    course_walk_m: facts.walkMeters,
    course_min_age: facts.minimumAge,
    course_annual_note: facts.annualNote,
    opening_earliest: facts.opening.earliestOpen,
    opening_latest: facts.opening.latestClose,
    opening_after_sunrise: facts.opening.minutesAfterSunrise,
    opening_before_sunset: facts.opening.minutesBeforeSunset,
  };
}

/** Whether the seed has stored the facts yet. */
export async function hasCourseFacts(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('club_facts').select('id').where('id', '=', CLUB_FACTS_ID).executeTakeFirst()) !== undefined;
}

/** The facts as stored; SPEC's values on a database where nothing was stored yet. */
export async function readCourseFacts(db: DbOrTrx): Promise<CourseFacts> {
  const row = await db.selectFrom('club_facts').selectAll().where('id', '=', CLUB_FACTS_ID).executeTakeFirst();
  if (!row) return DEFAULT_COURSE_FACTS;
  const prices = await db.selectFrom('club_prices').select(['list', 'section', 'persons', 'price_cents']).orderBy('list').orderBy('position').orderBy('id').execute();
  const rules = await db.selectFrom('club_rules').select('text').orderBy('position').orderBy('id').execute();
  // MySQL may answer integers of some column types as text.
  const list = (name: PriceList): PriceRow[] =>
    prices.filter((price) => price.list === name).map((price) => ({ section: price.section, persons: price.persons, price: Number(price.price_cents) / 100 }));
  return {
    targets: Number(row.course_targets),
    walkMeters: Number(row.course_walk_m),
    minimumAge: row.course_min_age === null ? null : Number(row.course_min_age),
    dayPrices: list('day'),
    annualPrices: list('annual'),
    annualNote: row.course_annual_note,
    rules: rules.map((rule) => rule.text),
    opening: {
      earliestOpen: row.opening_earliest,
      latestClose: row.opening_latest,
      minutesAfterSunrise: Number(row.opening_after_sunrise),
      minutesBeforeSunset: Number(row.opening_before_sunset),
    },
  };
}

/**
 * Stores the facts whole: the row (inserted when missing), and the price tables and rules
 * replaced by the given ones. `updatedAt` null: the seed's values. Call it in a transaction.
 */
export async function writeCourseFacts(db: DbOrTrx, facts: CourseFacts, updatedAt: string | null): Promise<void> {
  const values = { ...toRow(facts), updated_at: updatedAt };
  const result = await db.updateTable('club_facts').set(values).where('id', '=', CLUB_FACTS_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await db.insertInto('club_facts').values({ id: CLUB_FACTS_ID, ...values }).execute();

  await db.deleteFrom('club_prices').execute();
  const prices = [
    ...facts.dayPrices.map((row, position) => ({ list: 'day' satisfies PriceList, position, row })),
    ...facts.annualPrices.map((row, position) => ({ list: 'annual' satisfies PriceList, position, row })),
  ].map(({ list, position, row }) => ({ list, position, section: row.section, persons: row.persons, price_cents: toCents(row.price) }));
  if (prices.length > 0) await db.insertInto('club_prices').values(prices).execute();

  await db.deleteFrom('club_rules').execute();
  if (facts.rules.length > 0) await db.insertInto('club_rules').values(facts.rules.map((text, position) => ({ position, text }))).execute();
}
