import { SYSTEM_ACTOR } from '../log/server-log.ts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { toClubDateTime } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import type { Storage } from '../../storage/storage.ts';
import { deleteOrphanAttachments } from './queries.ts';

/** An upload no appointment names after this long was abandoned (the dialog closed without saving). */
export const ORPHAN_ATTACHMENT_MS = 24 * 60 * 60 * 1000;
/** How often a running server looks for abandoned uploads. */
export const ATTACHMENT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Removes abandoned uploads: rows first, then the files of the rows it deleted; returns how many went. */
export async function removeOrphanAttachments(db: Db, storage: Storage, now: Date): Promise<number> {
  const names = await deleteOrphanAttachments(db, toClubDateTime(new Date(now.getTime() - ORPHAN_ATTACHMENT_MS)));
  for (const name of names) await storage.remove(name);
  return names.length;
}

/**
 * Runs the cleanup once the app is ready and then every hour, until the app closes. The
 * timer belongs to this app instance, so tests and several apps in one process never share it.
 */
export const attachmentCleanup: FastifyPluginAsync = fp(async (app) => {
  const { db, storage, clock, serverLog, outage } = app.services;
  const run = async () => {
    try {
      const removed = await removeOrphanAttachments(db, storage, clock.now());
      if (removed > 0) await serverLog.write(SYSTEM_ACTOR, `${removed} nicht verwendete Terminanhänge gelöscht`);
    } catch (error) {
      // A database that is down now is the outage's to report; the next run tries again.
      if (!outage.failed(error)) app.log.warn({ err: error }, 'attachment cleanup failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), ATTACHMENT_CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
});
