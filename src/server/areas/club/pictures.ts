import type { Transaction } from 'kysely';
import { CLUB_PICTURE_ROLES, type ClubPictureRole, type ClubPictures, type PictureFile } from '../../../shared/clubPictures.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { ReceivedPicture } from '../../storage/storage.ts';

type DbOrTrx = Db | Transaction<Database>;

/**
 * The club's logo and home picture (migration 0024): a row per uploaded picture and a row
 * per file the image pipeline made of it. A new upload replaces the picture's rows whole;
 * the files of the old one go once that has committed (router).
 */

export interface StoredPicture {
  role: ClubPictureRole;
  alt: string;
  sourceWidth: number;
  sourceHeight: number;
  uploadedAt: string;
  files: { purpose: string; storedName: string; mime: string; width: number; height: number }[];
}

function isRole(role: string): role is ClubPictureRole {
  return (CLUB_PICTURE_ROLES as readonly string[]).includes(role);
}

/** Every stored picture with its files; none on a site without uploads. */
export async function readStoredPictures(db: DbOrTrx): Promise<StoredPicture[]> {
  const pictures = await db.selectFrom('club_pictures').selectAll().orderBy('role').execute();
  if (pictures.length === 0) return [];
  const files = await db.selectFrom('club_picture_files').selectAll().orderBy('role').orderBy('purpose').execute();
  return pictures.flatMap((row) =>
    isRole(row.role)
      ? [
          {
            role: row.role,
            alt: row.alt,
            // MySQL may answer integers of some column types as text.
            sourceWidth: Number(row.source_width),
            sourceHeight: Number(row.source_height),
            uploadedAt: row.uploaded_at,
            files: files
              .filter((file) => file.role === row.role)
              .map((file) => ({ purpose: file.purpose, storedName: file.stored_name, mime: file.mime, width: Number(file.width), height: Number(file.height) })),
          },
        ]
      : [],
  );
}

/** The stored names of a picture's files (to remove them once its rows are gone). */
export async function storedNamesOf(db: DbOrTrx, role: ClubPictureRole): Promise<string[]> {
  return (await db.selectFrom('club_picture_files').select('stored_name').where('role', '=', role).execute()).map((row) => row.stored_name);
}

/**
 * Replaces the picture of `role` by the received one, whose files are in place under
 * `names` (in the order of `picture.files`). Returns the stored names of the replaced
 * picture's files. Call it in a transaction.
 */
export async function replacePicture(
  trx: DbOrTrx,
  role: ClubPictureRole,
  picture: ReceivedPicture,
  names: readonly string[],
  alt: string,
  uploadedAt: string,
): Promise<string[]> {
  const replaced = await deletePicture(trx, role);
  await trx
    .insertInto('club_pictures')
    .values({ role, alt, source_width: picture.sourceWidth, source_height: picture.sourceHeight, uploaded_at: uploadedAt })
    .execute();
  await trx
    .insertInto('club_picture_files')
    .values(
      picture.renditions.map((rendition, index) => ({
        stored_name: names[index]!,
        role,
        purpose: rendition.purpose,
        mime: rendition.file.type.mime,
        width: rendition.width,
        height: rendition.height,
      })),
    )
    .execute();
  return replaced;
}

/** Deletes the picture's rows; returns the stored names of its files (none: there was no picture). */
export async function deletePicture(trx: DbOrTrx, role: ClubPictureRole): Promise<string[]> {
  const names = await storedNamesOf(trx, role);
  await trx.deleteFrom('club_picture_files').where('role', '=', role).execute();
  await trx.deleteFrom('club_pictures').where('role', '=', role).execute();
  return names;
}

export async function updatePictureAlt(trx: DbOrTrx, role: ClubPictureRole, alt: string): Promise<boolean> {
  const result = await trx.updateTable('club_pictures').set({ alt }).where('role', '=', role).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The pictures as the pages use them (shared/clubPictures.ts). A picture missing one of
 * the files the pages need (a recipe of an older version) counts as not uploaded, rather
 * than showing half of it.
 */
export function clubPicturesView(stored: readonly StoredPicture[], urlOf: (name: string) => string): ClubPictures {
  const view: ClubPictures = { logo: null, home: null };
  for (const picture of stored) {
    const file = (purpose: string): PictureFile | undefined => {
      const found = picture.files.find((candidate) => candidate.purpose === purpose);
      return found && { url: urlOf(found.storedName), width: found.width, height: found.height };
    };
    const preview = file('preview');
    if (picture.role === 'logo') {
      const [header, header2x, icon32, icon192, icon512, touchIcon] = ['header', 'header2x', 'icon32', 'icon192', 'icon512', 'touch180'].map(file);
      if (header && header2x && icon32 && icon192 && icon512 && touchIcon && preview) view.logo = { header, header2x, icon32, icon192, icon512, touchIcon, preview };
    } else {
      // The srcset's widths, each once (a picture narrower than the largest width gives it at its own).
      const widths = new Map<number, PictureFile>();
      for (const candidate of picture.files) {
        if (!/^w\d+$/.test(candidate.purpose) || widths.has(candidate.width)) continue;
        widths.set(candidate.width, { url: urlOf(candidate.storedName), width: candidate.width, height: candidate.height });
      }
      const sources = [...widths.values()].sort((a, b) => a.width - b.width);
      if (sources.length > 0 && preview) view.home = { alt: picture.alt, sources, preview };
    }
  }
  return view;
}
