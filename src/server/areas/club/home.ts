import type { Transaction } from 'kysely';
import { DEFAULT_HOME_TEXTS, HOME_CARD_PATHS, type HomeCard, type HomeCardPath, type HomeTexts } from '../../../shared/homeTexts.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** The home page's texts (migration 0022): one row and the cards, read and written whole. */

export const CLUB_HOME_ID = 1;

function isCardPath(path: string): path is HomeCardPath {
  return (HOME_CARD_PATHS as readonly string[]).includes(path);
}

export async function hasHomeTexts(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('club_home').select('id').where('id', '=', CLUB_HOME_ID).executeTakeFirst()) !== undefined;
}

/** The texts as stored; today's on a database where nothing was stored yet. A card missing in the table keeps its default. */
export async function readHomeTexts(db: DbOrTrx): Promise<HomeTexts> {
  const row = await db.selectFrom('club_home').select(['greeting', 'welcome']).where('id', '=', CLUB_HOME_ID).executeTakeFirst();
  if (!row) return DEFAULT_HOME_TEXTS;
  const stored = new Map<string, HomeCard>();
  for (const card of await db.selectFrom('club_home_cards').select(['path', 'title', 'text']).execute()) {
    if (isCardPath(card.path)) stored.set(card.path, { path: card.path, title: card.title, text: card.text });
  }
  return {
    greeting: row.greeting,
    welcome: row.welcome,
    cards: DEFAULT_HOME_TEXTS.cards.map((card) => stored.get(card.path) ?? card),
  };
}

/** Stores the texts whole (`updatedAt` null: the seed's values). Call it in a transaction. */
export async function writeHomeTexts(db: DbOrTrx, texts: HomeTexts, updatedAt: string | null): Promise<void> {
  const values = { greeting: texts.greeting, welcome: texts.welcome, updated_at: updatedAt };
  const result = await db.updateTable('club_home').set(values).where('id', '=', CLUB_HOME_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await db.insertInto('club_home').values({ id: CLUB_HOME_ID, ...values }).execute();
  await db.deleteFrom('club_home_cards').execute();
  await db
    .insertInto('club_home_cards')
    .values(texts.cards.map((card, position) => ({ path: card.path, position, title: card.title, text: card.text })))
    .execute();
}
