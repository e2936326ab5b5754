import type { Transaction } from 'kysely';
import { ABOUT_DRAWING_KEYS, DEFAULT_ABOUT_CAPTIONS, type AboutCaption, type AboutDrawing } from '../../../shared/aboutSlides.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** The About carousel's captions (migration 0022), one row per drawing, read and written whole. */

function isDrawing(slide: string): slide is AboutDrawing {
  return (ABOUT_DRAWING_KEYS as readonly string[]).includes(slide);
}

export async function hasAboutCaptions(db: DbOrTrx): Promise<boolean> {
  return (await db.selectFrom('club_about_slides').select('slide').limit(1).executeTakeFirst()) !== undefined;
}

/** The captions as stored, in the drawings' order; a drawing without a row keeps today's caption. */
export async function readAboutCaptions(db: DbOrTrx): Promise<AboutCaption[]> {
  const stored = new Map<string, AboutCaption>();
  for (const row of await db.selectFrom('club_about_slides').select(['slide', 'title', 'caption']).execute()) {
    if (isDrawing(row.slide)) stored.set(row.slide, { slide: row.slide, title: row.title, caption: row.caption });
  }
  return DEFAULT_ABOUT_CAPTIONS.map((entry) => stored.get(entry.slide) ?? entry);
}

/** Stores the captions whole. Call it in a transaction. */
export async function writeAboutCaptions(db: DbOrTrx, captions: readonly AboutCaption[]): Promise<void> {
  await db.deleteFrom('club_about_slides').execute();
  await db
    .insertInto('club_about_slides')
    .values(captions.map((entry, position) => ({ slide: entry.slide, position, title: entry.title, caption: entry.caption })))
    .execute();
}
