import { UPLOAD_MESSAGES } from '../../shared/schemas/files.ts';
import { GALLERY_MESSAGES } from '../../shared/schemas/galleries.ts';
import { CLUB_PICTURE_MESSAGES } from '../../shared/clubPictures.ts';

/** What an upload is for; each kind has its own size limit and accepted types (SPEC §5 'Uploads'). */
export type UploadKind = 'download' | 'result' | 'logo' | 'image' | 'attachment' | 'clubLogo' | 'homePicture' | 'newsPicture';

export type UploadLimits = Record<UploadKind, number>;

const MB = 1024 * 1024;

/** The limits of README.md ('Hochgeladene Dateien'); tests inject smaller ones through AppDeps. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  result: 20 * MB,
  logo: 5 * MB,
  download: 50 * MB,
  image: 25 * MB,
  /** Each file of an appointment's attachments (several per request). */
  attachment: 25 * MB,
  /** The club's own logo and home page picture (issue 26.3), like a sponsor's logo and a gallery photo. */
  clubLogo: 5 * MB,
  homePicture: 25 * MB,
  /** A picture of an article (issue 27), like a gallery photo. */
  newsPicture: 25 * MB,
};

/** A type as sniffed from the content; `ext` is what the stored name ends with. */
export interface FileType {
  ext: string;
  mime: string;
}

export interface KindRules {
  /** null: any type (downloads). */
  accepts: readonly string[] | null;
  wrongType: string;
}

export const KIND_RULES: Record<UploadKind, KindRules> = {
  result: { accepts: ['application/pdf'], wrongType: UPLOAD_MESSAGES.pdfOnly },
  // SVG is refused on purpose: it can carry scripts, and sharp would have to rasterise it anyway.
  logo: { accepts: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], wrongType: UPLOAD_MESSAGES.logoType },
  download: { accepts: null, wrongType: '' },
  // HEIC only where sharp's libvips can decode it; one it cannot is refused as unreadable.
  image: {
    accepts: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'],
    wrongType: GALLERY_MESSAGES.imageType,
  },
  attachment: { accepts: null, wrongType: '' },
  clubLogo: { accepts: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], wrongType: UPLOAD_MESSAGES.logoType },
  homePicture: { accepts: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'], wrongType: CLUB_PICTURE_MESSAGES.pictureType },
  newsPicture: { accepts: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'], wrongType: GALLERY_MESSAGES.imageType },
};

/** '20 MB', '512 KB', '1,5 MB': the limit as the German message names it. */
export function formatBytes(bytes: number): string {
  const format = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  if (bytes >= MB) return `${format(bytes / MB)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024)} KB`;
  return `${bytes} Bytes`;
}

export function tooLargeMessage(limit: number): string {
  return `Die Datei ist zu groß. Erlaubt sind höchstens ${formatBytes(limit)}.`;
}

/**
 * Types a browser could run or render as a page (HTML, SVG, XML, scripts) must never be
 * shown inline under our origin; only these are. Everything else is sent as attachment.
 */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'text/plain',
  'audio/mpeg',
  'video/mp4',
]);

export function isInlineSafe(mime: string): boolean {
  return INLINE_TYPES.has(mime);
}

/**
 * Plain text has no magic number, so file-type cannot name it. These extensions are
 * accepted as text when the content is valid UTF-8 without NUL bytes; anything else
 * unknown is stored as `.bin` and served as application/octet-stream attachment. A Map:
 * the extension is the uploader's, and `liste.constructor` must find nothing, not Object.
 */
export const TEXT_TYPES: ReadonlyMap<string, FileType> = new Map([
  ['txt', { ext: 'txt', mime: 'text/plain' }],
  ['csv', { ext: 'csv', mime: 'text/csv' }],
]);

export const UNKNOWN_TYPE: FileType = { ext: 'bin', mime: 'application/octet-stream' };
