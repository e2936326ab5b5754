import { z } from 'zod';
import { idInput } from '../../../shared/schemas/groups.ts';
import { defaultDownloadTitle, DOWNLOAD_MESSAGES, downloadUpdateInput } from '../../../shared/schemas/downloads.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { quoted } from '../../../shared/logNames.ts';
import { receivedFile } from '../../storage/schema.ts';
import { deleteRowById } from '../../db/rows.ts';
import { deleteWithFiles, storeWithRow } from '../../storage/storage.ts';
import { can, canFor, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CONTENT_SECTION } from '../../../shared/sectionRights.ts';
import { findDownload, findDownloadRow, insertDownload, listDownloads, updateDownloadText } from './queries.ts';

/** The file comes through POST /api/downloads only (multipart); see rest.ts. */
export const downloadCreateInput = z.object({ file: receivedFile('download') });

/** The PublicCache area of the downloads; every create, update and delete drops it. */
export const DOWNLOADS_CACHE_AREA = 'downloads';

/** A description in the log: the words, or that there is none. */
function describedAs(description: string): string {
  return description === '' ? '(keine)' : `„${description}“`;
}

export const downloadsRouter = router({
  publicList: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(DOWNLOADS_CACHE_AREA, 'list', () => listDownloads(ctx.services.db, ctx.services.storage.urlOf)),
  ),

  list: can('dashboard_view').query(({ ctx }) => listDownloads(ctx.services.db, ctx.services.storage.urlOf)),

  /** Lets the upload route refuse a member before a byte of the file is stored; the client may ask first too. */
  checkUpload: canFor('dashboard_create', CONTENT_SECTION.downloads).query(() => ({ allowed: true })),

  create: canFor('dashboard_create', CONTENT_SECTION.downloads)
    .input(downloadCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage, clock } = ctx.services;
      const { file } = input;
      const download = await storeWithRow(storage, file, async (storedName) => {
        const id = await insertDownload(db, {
          filename: file.originalName,
          storedName,
          mime: file.type.mime,
          size: file.size,
          title: defaultDownloadTitle(file.originalName),
          createdAt: toClubDateTime(clock.now()),
        });
        return findDownload(db, id, storage.urlOf);
      });
      ctx.services.publicCache.invalidate(DOWNLOADS_CACHE_AREA);
      await ctx.log(`Download ${quoted(download.filename)} (${download.size} Bytes) angelegt`);
      return { message: DOWNLOAD_MESSAGES.created, data: download };
    }),

  /**
   * Title and description (issue 26.6), as the dashboard's other texts: dashboard_update.
   * The file stays as it is; replacing it is a delete and a new upload.
   */
  update: canFor('dashboard_update', CONTENT_SECTION.downloads)
    .input(downloadUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const download = await db.transaction().execute(async (trx) => {
        await findDownloadRow(trx, input.id);
        await updateDownloadText(trx, input.id, { title: input.title, description: input.description });
        return findDownload(trx, input.id, storage.urlOf);
      });
      ctx.services.publicCache.invalidate(DOWNLOADS_CACHE_AREA);
      await ctx.log(`Download ${quoted(download.filename)} gespeichert: Titel „${download.title}“, Beschreibung ${describedAs(download.description)}`);
      return { message: DOWNLOAD_MESSAGES.updated, data: download };
    }),

  delete: canFor('dashboard_delete', CONTENT_SECTION.downloads)
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const row = await findDownloadRow(db, input.id);
      await deleteWithFiles(storage, [row.stored_name], () => deleteRowById(db, 'downloads', input.id), (message) => ctx.log(message));
      ctx.services.publicCache.invalidate(DOWNLOADS_CACHE_AREA);
      await ctx.log(`Download ${quoted(row.filename)} gelöscht`);
      return { message: DOWNLOAD_MESSAGES.deleted, data: { id: row.id } };
    }),
});
