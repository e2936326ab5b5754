import { z } from 'zod';
import { idInput } from '../../../shared/schemas/groups.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { receivedFile } from '../../storage/schema.ts';
import { deleteRowById } from '../../db/rows.ts';
import { deleteWithFiles, storeWithRow } from '../../storage/storage.ts';
import { can, router, sharedReadProcedure } from '../../trpc/index.ts';
import { findDownload, findDownloadRow, insertDownload, listDownloads } from './queries.ts';

/** The file comes through POST /api/downloads only (multipart); see rest.ts. */
export const downloadCreateInput = z.object({ file: receivedFile('download') });

/** The PublicCache area of the downloads; every create and delete drops it. */
export const DOWNLOADS_CACHE_AREA = 'downloads';

export const downloadsRouter = router({
  publicList: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(DOWNLOADS_CACHE_AREA, 'list', () => listDownloads(ctx.services.db, ctx.services.storage.urlOf)),
  ),

  list: can('dashboard_view').query(({ ctx }) => listDownloads(ctx.services.db, ctx.services.storage.urlOf)),

  /** Lets the upload route refuse a member before a byte of the file is stored; the client may ask first too. */
  checkUpload: can('dashboard_create').query(() => ({ allowed: true })),

  create: can('dashboard_create')
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
          createdAt: toClubDateTime(clock.now()),
        });
        return findDownload(db, id, storage.urlOf);
      });
      ctx.services.publicCache.invalidate(DOWNLOADS_CACHE_AREA);
      await ctx.log(`Download ${download.id} (${download.filename}, ${download.type}, ${download.size} Bytes) angelegt`);
      return { message: 'Download angelegt', data: download };
    }),

  delete: can('dashboard_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const row = await findDownloadRow(db, input.id);
      await deleteWithFiles(storage, [row.stored_name], () => deleteRowById(db, 'downloads', input.id), (message) => ctx.log(message));
      ctx.services.publicCache.invalidate(DOWNLOADS_CACHE_AREA);
      await ctx.log(`Download ${row.id} (${row.filename}) gelöscht`);
      return { message: 'Download gelöscht', data: { id: row.id } };
    }),
});
