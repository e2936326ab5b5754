import type { Section } from '../../../shared/constants.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { GALLERY_MESSAGES, type AlbumView, type ImageView } from '../../../shared/schemas/galleries.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

type UrlOf = (name: string) => string;

export interface AlbumRow {
  id: number;
  name: string;
  section: string;
}

export interface ImageRow {
  id: number;
  album_id: number;
  title: string;
  name: string;
  stored_name: string;
  thumb_name: string;
  medium_name: string | null;
  width: number;
  height: number;
}

const IMAGE_COLUMNS = ['id', 'album_id', 'title', 'name', 'stored_name', 'thumb_name', 'medium_name', 'width', 'height'] as const;

export const imageView = (row: ImageRow, urlOf: UrlOf): ImageView => ({
  id: row.id,
  album_id: row.album_id,
  title: row.title,
  name: row.name,
  url: urlOf(row.stored_name),
  thumbnail_url: urlOf(row.thumb_name),
  medium_url: row.medium_name === null ? null : urlOf(row.medium_name),
  width: Number(row.width),
  height: Number(row.height),
});

/**
 * Newest album first, each with the thumbnails of its first four images. The window
 * function keeps the four in the database, however many images an album holds.
 */
export async function listAlbums(db: Db, urlOf: UrlOf, section?: Section): Promise<AlbumView[]> {
  let albums = db.selectFrom('albums').select(['id', 'name', 'section']).orderBy('id', 'desc');
  if (section) albums = albums.where('section', '=', section);
  const rows = await albums.execute();
  if (rows.length === 0) return [];

  const ranked = db
    .selectFrom('images')
    .select((eb) => [
      'id',
      'album_id',
      'thumb_name',
      eb.fn.agg<number>('row_number').over((over) => over.partitionBy('album_id').orderBy('id')).as('position'),
    ]);
  let thumbs = db.selectFrom(ranked.as('ranked')).select(['album_id', 'thumb_name']).where('position', '<=', LIMITS.albumThumbnails);
  if (section) thumbs = thumbs.where('album_id', 'in', rows.map((row) => row.id));
  const byAlbum = new Map<number, string[]>();
  for (const thumb of await thumbs.orderBy('album_id').orderBy('id').execute()) {
    const list = byAlbum.get(thumb.album_id) ?? [];
    list.push(urlOf(thumb.thumb_name));
    byAlbum.set(thumb.album_id, list);
  }
  return rows.map((row) => ({ id: row.id, name: row.name, section: row.section as Section, thumbnails: byAlbum.get(row.id) ?? [] }));
}

export async function findAlbumRow(db: Db, id: number): Promise<AlbumRow> {
  const row = await db.selectFrom('albums').select(['id', 'name', 'section']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', GALLERY_MESSAGES.unknownAlbum);
  return row;
}

export async function findAlbum(db: Db, id: number, urlOf: UrlOf): Promise<AlbumView> {
  const row = await findAlbumRow(db, id);
  const thumbs = await db
    .selectFrom('images')
    .select('thumb_name')
    .where('album_id', '=', id)
    .orderBy('id')
    .limit(LIMITS.albumThumbnails)
    .execute();
  return { id: row.id, name: row.name, section: row.section as Section, thumbnails: thumbs.map((thumb) => urlOf(thumb.thumb_name)) };
}

export async function insertAlbum(db: Db, album: { name: string; section: Section; createdAt: string }): Promise<number> {
  const result = await db
    .insertInto('albums')
    .values({ name: album.name, section: album.section, created_at: album.createdAt })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateAlbum(db: Db, id: number, changes: { name: string; section?: Section | undefined }): Promise<void> {
  await db
    .updateTable('albums')
    .set({ name: changes.name, ...(changes.section ? { section: changes.section } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The stored names (display versions, thumbnails, phone versions) of an album's images, and how many images they are. */
export async function albumFileNames(db: Db, albumId: number): Promise<{ names: string[]; images: number }> {
  const rows = await db.selectFrom('images').select(['stored_name', 'thumb_name', 'medium_name']).where('album_id', '=', albumId).execute();
  return { names: rows.flatMap((row) => [row.stored_name, row.thumb_name, ...(row.medium_name === null ? [] : [row.medium_name])]), images: rows.length };
}

/** Deletes the album and its image rows (explicitly, not trusting every database to cascade). */
export async function deleteAlbumRows(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('images').where('album_id', '=', id).execute();
  const result = await db.deleteFrom('albums').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ImageFilter {
  albumId?: number | undefined;
  section?: Section | undefined;
}

/** In upload order; narrowed to one album or one section's albums. */
export async function listImages(db: Db, urlOf: UrlOf, filter: ImageFilter = {}): Promise<ImageView[]> {
  let query = db.selectFrom('images').select(IMAGE_COLUMNS.map((column) => `images.${column}` as const));
  if (filter.albumId !== undefined) query = query.where('images.album_id', '=', filter.albumId);
  if (filter.section) query = query.innerJoin('albums', 'albums.id', 'images.album_id').where('albums.section', '=', filter.section);
  const rows = await query.orderBy('images.id').execute();
  return rows.map((row) => imageView(row, urlOf));
}

export async function findImageRow(db: Db, id: number): Promise<ImageRow> {
  const row = await db.selectFrom('images').select(IMAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Das Bild gibt es nicht.');
  return row;
}

export interface NewImage {
  albumId: number;
  name: string;
  storedName: string;
  thumbName: string;
  mediumName: string;
  width: number;
  height: number;
  createdAt: string;
}

export async function insertImage(db: Db, image: NewImage): Promise<number> {
  const result = await db
    .insertInto('images')
    .values({
      album_id: image.albumId,
      title: '',
      name: image.name,
      stored_name: image.storedName,
      thumb_name: image.thumbName,
      medium_name: image.mediumName,
      mime: 'image/webp',
      width: image.width,
      height: image.height,
      created_at: image.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateImageTitle(db: Db, id: number, title: string): Promise<void> {
  await db.updateTable('images').set({ title }).where('id', '=', id).execute();
}

/** The section of an album (rights per section, issue 28.1); undefined when there is none, which the procedure answers. */
export async function sectionOfAlbum(db: Db, id: number): Promise<Section | undefined> {
  const row = await db.selectFrom('albums').select('section').where('id', '=', id).executeTakeFirst();
  return row?.section as Section | undefined;
}

/** The section of an image: its album's. */
export async function sectionOfImage(db: Db, id: number): Promise<Section | undefined> {
  const row = await db
    .selectFrom('images')
    .innerJoin('albums', 'albums.id', 'images.album_id')
    .select('albums.section')
    .where('images.id', '=', id)
    .executeTakeFirst();
  return row?.section as Section | undefined;
}
