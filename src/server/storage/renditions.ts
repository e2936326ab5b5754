import { CLUB_PICTURE_MESSAGES } from '../../shared/clubPictures.ts';
import { NEWS_COVER_WIDTH, NEWS_MEDIUM_WIDTH } from '../../shared/news.ts';
import { UPLOAD_MESSAGES } from '../../shared/schemas/files.ts';
import { GALLERY_MESSAGES } from '../../shared/schemas/galleries.ts';
import { AppError } from '../errors.ts';
import type { UploadKind } from './kinds.ts';

/**
 * What the one image pipeline of the storage (storage.ts, sharp) makes of an uploaded
 * picture, per upload kind: the files it is stored as (the original never is), each
 * resized and encoded as given, with the EXIF orientation applied to the pixels and no
 * metadata written (no camera, place or time leaves the server).
 */
export interface RenditionSpec {
  /** What the file is for, as the kind's user names it ('display', 'icon192'). */
  purpose: string;
  width: number;
  /** Without it, only the width bounds the file. */
  height?: number;
  /** sharp's fit: 'inside' keeps the proportions within the box, 'cover' fills it (cropped), 'contain' fits and pads. */
  fit: 'inside' | 'cover' | 'contain';
  /** Small uploads are enlarged to the box (icons must have their size); otherwise never. */
  enlarge?: boolean;
  format: 'webp' | 'png' | 'jpeg';
  quality?: number;
  /** sharp's WebP effort (0–6); lower is faster. */
  effort?: number;
  /** The padding of 'contain' and what transparency becomes in a JPEG; transparent otherwise. */
  background?: string;
  /** Made from the first rendition rather than the upload: far cheaper to decode than a camera's original. */
  fromFirst?: boolean;
  /** Transparency filled with `background` (JPEG always is): iOS shows a transparent home screen icon on black. */
  opaque?: boolean;
}

export interface PictureRecipe {
  /** Refuses decompression bombs: a 5 MB PNG can claim billions of pixels. */
  maxPixels: number;
  /** Refuse files with decoding errors rather than show half an image. */
  strict: boolean;
  renditions: readonly RenditionSpec[];
  /** The German refusal of a file sharp cannot read as an image. */
  unreadable: () => AppError;
}

/** Refuses decompression bombs for logos. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Gallery photos come from cameras and phones with up to 100 megapixels; still far from a bomb. */
const MAX_PHOTO_PIXELS = 100_000_000;

/** DESIGN §8: the long side of a gallery image's display version and of its thumbnail. */
export const GALLERY_DISPLAY_SIZE = 2048;
export const GALLERY_THUMBNAIL_SIZE = 480;
/** The long side of a gallery image's phone version: what a 412 px phone at 1.75× and a 747 px wide carousel take (issue 26.8). */
export const GALLERY_MEDIUM_SIZE = 1024;
const SPONSOR_LOGO_WIDTH = 800;

/** The header shows the club's logo 40 px high and at most 160 px wide (PublicLayout). */
export const LOGO_HEADER_HEIGHT = 40;
export const LOGO_HEADER_MAX_WIDTH = 160;
/** The widths of the home picture's `srcset`: a phone's 328–480 px at 1×, 2× and 3× (720 is what a 412 px phone at 1.75× takes) up to a wide screen's 1152 px at 1.5×. */
export const HOME_PICTURE_WIDTHS = [480, 720, 960, 1440, 1920] as const;
/** Open Graph's recommended link preview size. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const preview: RenditionSpec = { purpose: 'preview', ...PREVIEW_SIZE, fit: 'cover', enlarge: true, format: 'jpeg', quality: 82, background: '#ffffff' };
const icon = (size: number): RenditionSpec => ({ purpose: `icon${size}`, width: size, height: size, fit: 'contain', enlarge: true, format: 'png', background: '#ffffff00' });

export const PICTURE_RECIPES: Partial<Record<UploadKind, PictureRecipe>> = {
  // A sponsor's logo: one WebP, at most 800 px wide.
  logo: {
    maxPixels: MAX_INPUT_PIXELS,
    strict: false,
    renditions: [{ purpose: 'logo', width: SPONSOR_LOGO_WIDTH, fit: 'inside', format: 'webp', quality: 90 }],
    unreadable: () => new AppError('UNPROCESSABLE_CONTENT', UPLOAD_MESSAGES.unreadableImage),
  },
  // A gallery photo: its display version, its thumbnail and its phone version.
  image: {
    maxPixels: MAX_PHOTO_PIXELS,
    strict: true,
    renditions: [
      // effort 2 halves the encoding time of a 12-megapixel photo against the default 4; the files differ by a few percent.
      { purpose: 'display', width: GALLERY_DISPLAY_SIZE, height: GALLERY_DISPLAY_SIZE, fit: 'inside', format: 'webp', quality: 82, effort: 2 },
      { purpose: 'thumbnail', width: GALLERY_THUMBNAIL_SIZE, height: GALLERY_THUMBNAIL_SIZE, fit: 'inside', format: 'webp', quality: 75, fromFirst: true },
      { purpose: 'medium', width: GALLERY_MEDIUM_SIZE, height: GALLERY_MEDIUM_SIZE, fit: 'inside', format: 'webp', quality: 78, effort: 3, fromFirst: true },
    ],
    unreadable: () => AppError.field('files', GALLERY_MESSAGES.unreadableImage),
  },
  // The club's logo (issue 26.3): header 1x/2x, favicon, app icons, link preview (on white: JPEG has no transparency).
  clubLogo: {
    maxPixels: MAX_INPUT_PIXELS,
    strict: false,
    renditions: [
      { purpose: 'header2x', width: 2 * LOGO_HEADER_MAX_WIDTH, height: 2 * LOGO_HEADER_HEIGHT, fit: 'inside', format: 'webp', quality: 90 },
      { purpose: 'header', width: LOGO_HEADER_MAX_WIDTH, height: LOGO_HEADER_HEIGHT, fit: 'inside', format: 'webp', quality: 90 },
      icon(32),
      icon(192),
      icon(512),
      // The home screen icon of iPhones and iPads: on white, in Apple's size.
      { purpose: 'touch180', width: 180, height: 180, fit: 'contain', enlarge: true, format: 'png', background: '#ffffff', opaque: true },
      { ...preview, fit: 'contain' },
    ],
    unreadable: () => AppError.field('file', CLUB_PICTURE_MESSAGES.unreadableLogo),
  },
  // The home page's picture (issue 26.3): the widths of its srcset, largest first, and the link preview.
  homePicture: {
    maxPixels: MAX_PHOTO_PIXELS,
    strict: true,
    renditions: [
      ...[...HOME_PICTURE_WIDTHS]
        .reverse()
        .map((width, index): RenditionSpec => ({ purpose: `w${width}`, width, fit: 'inside', format: 'webp', quality: 78, effort: 3, fromFirst: index > 0 })),
      { ...preview, fromFirst: true },
    ],
    unreadable: () => AppError.field('file', CLUB_PICTURE_MESSAGES.unreadablePicture),
  },
  // A picture of an article (issue 27): as a gallery photo, plus the cover's 800 px WebP for
  // phones and its 1200 px JPEG for link previews and the feed (never enlarged).
  newsPicture: {
    maxPixels: MAX_PHOTO_PIXELS,
    strict: true,
    renditions: [
      { purpose: 'display', width: GALLERY_DISPLAY_SIZE, height: GALLERY_DISPLAY_SIZE, fit: 'inside', format: 'webp', quality: 82, effort: 2 },
      { purpose: 'thumbnail', width: GALLERY_THUMBNAIL_SIZE, height: GALLERY_THUMBNAIL_SIZE, fit: 'inside', format: 'webp', quality: 75, fromFirst: true },
      { purpose: 'medium', width: NEWS_MEDIUM_WIDTH, fit: 'inside', format: 'webp', quality: 80, fromFirst: true },
      { purpose: 'wide', width: NEWS_COVER_WIDTH, fit: 'inside', format: 'jpeg', quality: 82, background: '#ffffff', fromFirst: true },
    ],
    unreadable: () => AppError.field('file', GALLERY_MESSAGES.unreadableImage),
  },
};

export const MIME_OF_FORMAT: Record<RenditionSpec['format'], string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };
