import { z } from 'zod';
import { CLUB_PICTURE_LABELS, CLUB_PICTURE_MESSAGES, HOME_PICTURE_MIN_WIDTH, type ClubPictureRole } from '../../../shared/clubPictures.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { clubPictureRoleInput, homePictureAltInput, pictureAlt } from '../../../shared/schemas/clubPictures.ts';
import { AppError } from '../../errors.ts';
import { receivedPicture } from '../../storage/schema.ts';
import { removeStoredFiles, storeAllWithRows, type ReceivedPicture } from '../../storage/storage.ts';
import { can, canFor, sharedReadProcedure } from '../../trpc/index.ts';
import { CONTENT_SECTION } from '../../../shared/sectionRights.ts';
import type { Context } from '../../trpc/context.ts';
import { CLUB_CACHE_AREA, clubPictures } from './cache.ts';
import { clubPicturesView, deletePicture, readStoredPictures, replacePicture, updatePictureAlt } from './pictures.ts';

/** The logo comes through POST /api/club/logo only (multipart `file`); see rest.ts. */
export const clubLogoInput = z.object({ file: receivedPicture('clubLogo', CLUB_PICTURE_MESSAGES.missingLogo) });

/** The home picture through POST /api/club/picture (multipart `file` and `alt`). */
export const homePictureInput = z.object({
  file: receivedPicture('homePicture', CLUB_PICTURE_MESSAGES.missingPicture).refine((picture) => picture.sourceWidth >= HOME_PICTURE_MIN_WIDTH, {
    error: CLUB_PICTURE_MESSAGES.tooNarrow,
  }),
  alt: pictureAlt,
});

const NO_PICTURE: Record<ClubPictureRole, string> = { logo: 'Es ist kein Logo hochgeladen.', home: CLUB_PICTURE_MESSAGES.noPicture };
const REMOVED: Record<ClubPictureRole, string> = { logo: CLUB_PICTURE_MESSAGES.logoRemoved, home: CLUB_PICTURE_MESSAGES.pictureRemoved };

type ServicesContext = Pick<Context, 'services' | 'log'>;

/**
 * Stores an uploaded picture in place of the role's old one: its files first, then its rows
 * in one transaction (files removed again when that fails), then the old files; the answer
 * cache is dropped, so every page, the manifest and the head name the new files at once.
 */
async function storePicture(ctx: ServicesContext, role: ClubPictureRole, picture: ReceivedPicture, alt: string) {
  const { db, storage, clock, publicCache } = ctx.services;
  const uploadedAt = toClubDateTime(clock.now());
  const replaced = await storeAllWithRows(storage, picture.files, (names) =>
    db.transaction().execute((trx) => replacePicture(trx, role, picture, names, alt, uploadedAt)),
  );
  publicCache.invalidate(CLUB_CACHE_AREA);
  await removeStoredFiles(storage, replaced, (message) => ctx.log(message));
  const size = `${picture.sourceWidth} × ${picture.sourceHeight} Pixel`;
  await ctx.log(`${CLUB_PICTURE_LABELS[role]} ${replaced.length > 0 ? 'ersetzt' : 'hochgeladen'}: ${picture.originalName} (${size})`);
  return clubPicturesView(await readStoredPictures(db), storage.urlOf);
}

/** The procedures of the club's logo and home picture (issue 26.3), part of the club router. */
export const clubPictureProcedures = {
  /** The logo and home picture as the public pages use them (null: not uploaded). */
  pictures: sharedReadProcedure.query(({ ctx }) => clubPictures(ctx.services)),

  /** The same for the back office, from the database itself (an editor must see what was just saved). */
  pictureSettings: can('dashboard_view').query(async ({ ctx }) => clubPicturesView(await readStoredPictures(ctx.services.db), ctx.services.storage.urlOf)),

  /** The permission (and an alternative text sent before the file) before a byte of an upload is stored. */
  checkPictureUpload: canFor('dashboard_update', CONTENT_SECTION.clubPictures)
    .input(z.object({ alt: pictureAlt.optional() }))
    .query(() => ({ allowed: true })),

  uploadLogo: canFor('dashboard_update', CONTENT_SECTION.clubPictures)
    .input(clubLogoInput)
    .mutation(async ({ ctx, input }) => ({ message: CLUB_PICTURE_MESSAGES.logoSaved, data: await storePicture(ctx, 'logo', input.file, '') })),

  uploadHomePicture: canFor('dashboard_update', CONTENT_SECTION.clubPictures)
    .input(homePictureInput)
    .mutation(async ({ ctx, input }) => ({ message: CLUB_PICTURE_MESSAGES.pictureSaved, data: await storePicture(ctx, 'home', input.file, input.alt) })),

  updateHomePictureAlt: canFor('dashboard_update', CONTENT_SECTION.clubPictures)
    .input(homePictureAltInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage, publicCache } = ctx.services;
      if (!(await updatePictureAlt(db, 'home', input.alt))) throw new AppError('NOT_FOUND', NO_PICTURE.home);
      publicCache.invalidate(CLUB_CACHE_AREA);
      await ctx.log(`Bildbeschreibung des Titelbilds geändert: „${input.alt}“`);
      return { message: CLUB_PICTURE_MESSAGES.altSaved, data: clubPicturesView(await readStoredPictures(db), storage.urlOf) };
    }),

  removePicture: canFor('dashboard_update', CONTENT_SECTION.clubPictures)
    .input(clubPictureRoleInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage, publicCache } = ctx.services;
      const removed = await db.transaction().execute((trx) => deletePicture(trx, input.role));
      if (removed.length === 0) throw new AppError('NOT_FOUND', NO_PICTURE[input.role]);
      publicCache.invalidate(CLUB_CACHE_AREA);
      await removeStoredFiles(storage, removed, (message) => ctx.log(message));
      await ctx.log(`${CLUB_PICTURE_LABELS[input.role]} entfernt`);
      return { message: REMOVED[input.role], data: clubPicturesView(await readStoredPictures(db), storage.urlOf) };
    }),
};
