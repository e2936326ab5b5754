import { z } from 'zod';
import { LIMITS, SECTIONS, type Section } from '../constants.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';

export const GALLERY_SECTION_MESSAGE = 'Die Sparte muss club, gun, arch oder blowpipe sein!';

export const gallerySection = z.enum(SECTIONS, { error: GALLERY_SECTION_MESSAGE });

/** SPEC §5 'Gallery': album name required, max 255. */
export const albumFields = {
  name: requiredText('Der Albumname'),
  section: gallerySection,
};
export const albumCreateInput = z.object(albumFields);
export type AlbumCreateInput = z.input<typeof albumCreateInput>;

/** Renaming is the usual change; the section may move with it. */
export const albumUpdateInput = z.object({ id: idSchema, name: albumFields.name, section: gallerySection.optional() });
export type AlbumUpdateInput = z.input<typeof albumUpdateInput>;

/** SPEC §5 'Gallery': image title max 255 (may be empty). */
export const imageTitle = optionalText('Der Bildtitel', LIMITS.name);
export const imageUpdateInput = z.object({ id: idSchema, title: imageTitle });
export type ImageUpdateInput = z.input<typeof imageUpdateInput>;

/**
 * Strict, as the input of every shared read: its answer is kept under the validated input,
 * so an unknown field is refused (400) instead of asking for a new place in memory.
 */
export const albumListInput = z.strictObject({ section: gallerySection.optional() }).optional();
export const imageListInput = z.strictObject({ album_id: idSchema.optional(), section: gallerySection.optional() }).optional();

/** The fields of POST /api/images besides the files: the album, and its section as the old client sends it. */
export const imageUploadFields = {
  album_id: idSchema,
  section: gallerySection.optional(),
};
export const imageUploadFieldsInput = z.object(imageUploadFields);

export const GALLERY_MESSAGES = {
  unknownAlbum: 'Das Album gibt es nicht.',
  wrongSection: 'Das Album gehört zu einer anderen Sparte.',
  missingImages: 'Bitte wähle mindestens ein Bild aus.',
  imageType: 'Nur Bilder im Format JPEG, PNG, WebP, GIF oder HEIC sind erlaubt.',
  unreadableImage: 'Die Datei konnte nicht als Bild gelesen werden.',
  albumCreated: 'Album angelegt',
  albumUpdated: 'Album gespeichert',
  albumDeleted: 'Album gelöscht',
  imageUpdated: 'Bildtitel gespeichert',
  imageDeleted: 'Bild gelöscht',
} as const;

/** Images of one POST /api/images: enough for a day's photos, bounded so one request cannot run for ever. */
export const MAX_IMAGES_PER_UPLOAD = 50;

export function tooManyImagesMessage(): string {
  return `Es können höchstens ${MAX_IMAGES_PER_UPLOAD} Bilder auf einmal hochgeladen werden.`;
}

export function imagesUploadedMessage(stored: number, failed: number): string {
  const noun = (n: number) => (n === 1 ? 'Bild' : 'Bilder');
  if (failed === 0) return `${stored} ${noun(stored)} hochgeladen`;
  return `${stored} von ${stored + failed} Bildern hochgeladen`;
}

export interface AlbumView {
  id: number;
  name: string;
  section: Section;
  /** Thumbnail URLs of at most 4 of its images (the first uploaded). */
  thumbnails: string[];
}

export interface ImageView {
  id: number;
  album_id: number;
  title: string;
  /** The uploader's file name. */
  name: string;
  /** The display version: WebP, long side at most 2048 px. */
  url: string;
  /** WebP, long side at most 480 px. */
  thumbnail_url: string;
  /** WebP, long side at most 1024 px, for phones; null for an image stored before it existed, until the server has made it. */
  medium_url: string | null;
  /** Of the display version. */
  width: number;
  height: number;
}

/** A file of an upload that was not stored, and why. */
export interface FailedImage {
  name: string;
  message: string;
}
