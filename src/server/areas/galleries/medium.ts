import type { AppServices } from '../../services.ts';
import { storeWithRow } from '../../storage/storage.ts';
import { GALLERIES_CACHE_AREA } from './router.ts';

/** Images read per query; each is rendered before the next is read. */
const BATCH = 50;

class TakenMeanwhile extends Error {}

/**
 * Images stored before their phone version existed (migration 0029) get it, made from their
 * display version, one after the other in the image queue after the app started: a club
 * must not upload its pictures again to have /ueber-uns fast on a phone. Another process
 * doing the same, or an image deleted meanwhile, leaves the row as it is and the new file
 * goes again. An image whose display version cannot be read is left to the display
 * version (logged). Returns how many were made.
 */
export async function addMissingMediumVersions(services: Pick<AppServices, 'db' | 'storage' | 'publicCache' | 'logger'>): Promise<number> {
  const { db, storage, publicCache, logger } = services;
  let made = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'name', 'stored_name'])
      .where('medium_name', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      const path = storage.pathOf(row.stored_name);
      if (!path) continue;
      try {
        const picture = await storage.render(path, 'image', row.name, ['medium']);
        await storeWithRow(storage, picture, async (name) => {
          const updated = await db.updateTable('images').set({ medium_name: name }).where('id', '=', row.id).where('medium_name', 'is', null).executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw new TakenMeanwhile();
        });
        made += 1;
      } catch (error) {
        if (!(error instanceof TakenMeanwhile)) logger.warn({ err: error, image: row.id }, 'gallery image: no phone version made, the display version stays in use');
      }
    }
  }
  if (made > 0) {
    publicCache.invalidate(GALLERIES_CACHE_AREA);
    logger.info({ images: made }, 'gallery images: phone versions made');
  }
  return made;
}
