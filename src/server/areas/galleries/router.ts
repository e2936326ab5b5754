import { z } from 'zod';
import type { Section } from '../../../shared/constants.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { counted, quoted, sectionName } from '../../../shared/logNames.ts';
import {
  albumCreateInput,
  albumListInput,
  albumUpdateInput,
  GALLERY_MESSAGES,
  imageListInput,
  imagesUploadedMessage,
  imageUpdateInput,
  imageUploadFields,
  imageUploadFieldsInput,
  MAX_IMAGES_PER_UPLOAD,
  type FailedImage,
} from '../../../shared/schemas/galleries.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { AppError } from '../../errors.ts';
import { receivedImages } from '../../storage/schema.ts';
import { deleteRowById } from '../../db/rows.ts';
import { deleteWithFiles, storeAllWithRows } from '../../storage/storage.ts';
import type { Context } from '../../trpc/context.ts';
import { can, canIn, router, sharedReadProcedure } from '../../trpc/index.ts';
import {
  albumFileNames,
  deleteAlbumRows,
  findAlbum,
  findAlbumRow,
  findImageRow,
  imageView,
  insertAlbum,
  insertImage,
  listAlbums,
  listImages,
  sectionOfAlbum,
  sectionOfImage,
  updateAlbum,
  updateImageTitle,
} from './queries.ts';

/** The PublicCache area of albums and images; every write below drops it. */
export const GALLERIES_CACHE_AREA = 'galleries';

/** An album as the log names it: its name and section, as the dashboard lists it. */
function albumName(album: { name: string; section: string }): string {
  return `Album ${quoted(album.name)} (${sectionName(album.section as Section)})`;
}

function cached<T extends object>(ctx: Context, key: string, compute: () => Promise<T>): Promise<T> {
  return ctx.services.publicCache.read(GALLERIES_CACHE_AREA, key, compute);
}

/**
 * Files the upload route received but could not store (wrong type, too large,
 * unreadable), passed on so that the answer names them beside the stored ones.
 */
const failedUploads = z
  .array(z.object({ name: z.string(), message: z.string(), code: z.enum(['UNPROCESSABLE_CONTENT', 'PAYLOAD_TOO_LARGE']) }))
  .max(MAX_IMAGES_PER_UPLOAD)
  .default([]);

/** The images come through POST /api/images only (multipart section, album_id, files[]); see rest.ts. */
export const imagesCreateInput = z.object({
  ...imageUploadFields,
  files: receivedImages(GALLERY_MESSAGES.missingImages).max(MAX_IMAGES_PER_UPLOAD),
  failed: failedUploads,
});

async function checkAlbumSection(ctx: Context, albumId: number, section: string | undefined) {
  const album = await findAlbumRow(ctx.services.db, albumId);
  if (section !== undefined && section !== album.section) throw AppError.field('section', GALLERY_MESSAGES.wrongSection);
  return album;
}

export const galleriesRouter = router({
  publicAlbums: sharedReadProcedure
    .input(albumListInput)
    .query(({ ctx, input }) =>
      cached(ctx, `albums:${input?.section ?? ''}`, () => listAlbums(ctx.services.db, ctx.services.storage.urlOf, input?.section)),
    ),

  /** All images, one album's (unknown: 404, never cached) or one section's. */
  publicImages: sharedReadProcedure.input(imageListInput).query(({ ctx, input }) => {
    const { db, storage } = ctx.services;
    const albumId = input?.album_id;
    const section = input?.section;
    return cached(ctx, `images:${albumId ?? ''}:${section ?? ''}`, async () => {
      if (albumId !== undefined) await findAlbumRow(db, albumId);
      return listImages(db, storage.urlOf, { albumId, section });
    });
  }),

  // The back office reads the database itself: an editor must see what was just saved.
  albums: can('dashboard_view')
    .input(albumListInput)
    .query(({ ctx, input }) => listAlbums(ctx.services.db, ctx.services.storage.urlOf, input?.section)),

  images: can('dashboard_view')
    .input(imageListInput)
    .query(({ ctx, input }) => listImages(ctx.services.db, ctx.services.storage.urlOf, { albumId: input?.album_id, section: input?.section })),

  createAlbum: canIn('dashboard_create', albumCreateInput, (input) => input.section)
    .mutation(async ({ ctx, input }) => {
      const { db, storage, clock } = ctx.services;
      const album = await db.transaction().execute(async (trx) => {
        const id = await insertAlbum(trx, { name: input.name, section: input.section, createdAt: toClubDateTime(clock.now()) });
        return findAlbum(trx, id, storage.urlOf);
      });
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`${albumName(album)} angelegt`);
      return { message: GALLERY_MESSAGES.albumCreated, data: album };
    }),

  // A move needs the rights of both sections.
  updateAlbum: canIn('dashboard_update', albumUpdateInput, async (input, ctx) => [await sectionOfAlbum(ctx.services.db, input.id), input.section])
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const { before, album } = await db.transaction().execute(async (trx) => {
        const row = await findAlbumRow(trx, input.id);
        await updateAlbum(trx, input.id, { name: input.name, section: input.section });
        return { before: row, album: await findAlbum(trx, input.id, storage.urlOf) };
      });
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`${albumName(before)} geändert: ${quoted(album.name)} (${sectionName(album.section)})`);
      return { message: GALLERY_MESSAGES.albumUpdated, data: album };
    }),

  /** Deletes the album with its images and, once that has committed, their files. */
  deleteAlbum: canIn('dashboard_delete', idInput, (input, ctx) => sectionOfAlbum(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const album = await findAlbumRow(db, input.id);
      let files: { names: string[]; images: number } = { names: [], images: 0 };
      await deleteWithFiles(
        storage,
        () => files.names,
        () =>
          db.transaction().execute(async (trx) => {
            files = await albumFileNames(trx, input.id);
            return deleteAlbumRows(trx, input.id);
          }),
        (message) => ctx.log(message),
      );
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`${albumName(album)} mit ${counted(files.images, 'Bild', 'Bildern')} gelöscht`);
      return { message: GALLERY_MESSAGES.albumDeleted, data: { id: album.id } };
    }),

  /** The fields sent before the files: permission and album are checked before a file is stored. */
  checkUpload: canIn('dashboard_create', imageUploadFieldsInput.partial(), (input, ctx) =>
    input.album_id === undefined ? input.section : sectionOfAlbum(ctx.services.db, input.album_id),
  )
    .query(async ({ ctx, input }) => {
      if (input.album_id !== undefined) await checkAlbumSection(ctx, input.album_id, input.section);
      return { allowed: true };
    }),

  /**
   * Stores the images an upload received, all rows in one transaction after all files
   * are in place. Files refused on the way are answered in `failed`; when none is left,
   * the first refusal is the answer.
   */
  createImages: canIn('dashboard_create', imagesCreateInput, (input, ctx) => sectionOfAlbum(ctx.services.db, input.album_id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage, clock } = ctx.services;
      const album = await checkAlbumSection(ctx, input.album_id, input.section);
      const failed: FailedImage[] = input.failed.map(({ name, message }) => ({ name, message }));
      const [first] = input.failed;
      if (input.files.length === 0) {
        if (!first) throw AppError.field('files', GALLERY_MESSAGES.missingImages);
        throw new AppError(first.code, first.message, { files: failed.map((file) => `${file.name}: ${file.message}`) });
      }
      const files = input.files.flatMap((image) => [image, image.thumbnail, image.medium]);
      const createdAt = toClubDateTime(clock.now());
      const images = await storeAllWithRows(storage, files, (names) =>
        db.transaction().execute(async (trx) => {
          const ids: number[] = [];
          for (const [index, image] of input.files.entries()) {
            ids.push(
              await insertImage(trx, {
                albumId: album.id,
                name: image.originalName,
                storedName: names[3 * index]!,
                thumbName: names[3 * index + 1]!,
                mediumName: names[3 * index + 2]!,
                width: image.width,
                height: image.height,
                createdAt,
              }),
            );
          }
          return Promise.all(ids.map(async (id) => imageView(await findImageRow(trx, id), storage.urlOf)));
        }),
      );
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`${counted(images.length, 'Bild', 'Bilder')} in ${albumName(album)} hochgeladen: ${images.map((image) => image.name).join(', ')}`);
      return { message: imagesUploadedMessage(images.length, failed.length), data: images, failed };
    }),

  updateImage: canIn('dashboard_update', imageUpdateInput, (input, ctx) => sectionOfImage(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const { image, album } = await db.transaction().execute(async (trx) => {
        const row = await findImageRow(trx, input.id);
        await updateImageTitle(trx, input.id, input.title);
        return { image: imageView(await findImageRow(trx, input.id), storage.urlOf), album: await findAlbumRow(trx, row.album_id) };
      });
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`Bild ${image.name} in ${albumName(album)} betitelt: ${image.title === '' ? '(leer)' : quoted(image.title)}`);
      return { message: GALLERY_MESSAGES.imageUpdated, data: image };
    }),

  deleteImage: canIn('dashboard_delete', idInput, (input, ctx) => sectionOfImage(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const row = await findImageRow(db, input.id);
      const album = await findAlbumRow(db, row.album_id);
      await deleteWithFiles(storage, [row.stored_name, row.thumb_name, ...(row.medium_name === null ? [] : [row.medium_name])], () => deleteRowById(db, 'images', input.id), (message) => ctx.log(message));
      ctx.services.publicCache.invalidate(GALLERIES_CACHE_AREA);
      await ctx.log(`Bild ${row.name} aus ${albumName(album)} gelöscht`);
      return { message: GALLERY_MESSAGES.imageDeleted, data: { id: row.id } };
    }),
});
