import type { Section } from '../shared/constants.ts';
import { GALLERY_SLUGS } from '../shared/constants.ts';
import type { ImageView } from '../shared/schemas/galleries.ts';
import { trpc } from './trpc.ts';

/** SPEC §8: the prefix of a failed read of albums or images. */
export const ALBUMS_ERROR_PREFIX = 'Fehler beim Abrufen der Alben';

export type GallerySlug = keyof typeof GALLERY_SLUGS;

/** The tabs of the gallery page and the dashboard panel, in SPEC order. */
export const GALLERY_TABS: readonly { slug: GallerySlug; section: Section; label: string }[] = [
  { slug: 'verein', section: 'club', label: 'Verein' },
  { slug: 'lg-lp', section: 'gun', label: 'LG/LP' },
  { slug: 'bogen', section: 'arch', label: 'Bogen' },
  { slug: 'blasrohr', section: 'blowpipe', label: 'Blasrohr' },
];

export function isGallerySlug(value: string): value is GallerySlug {
  return Object.hasOwn(GALLERY_SLUGS, value);
}

/** Albums change seldom; moving between tabs need not ask again each time. */
const GALLERY_STALE_MS = 60_000;

export function usePublicAlbums(section: Section) {
  return trpc.galleries.publicAlbums.useQuery({ section }, { meta: { errorPrefix: ALBUMS_ERROR_PREFIX }, staleTime: GALLERY_STALE_MS });
}

export function usePublicImages(input: { album_id: number } | { section: Section }, enabled = true) {
  return trpc.galleries.publicImages.useQuery(input, { meta: { errorPrefix: ALBUMS_ERROR_PREFIX }, staleTime: GALLERY_STALE_MS, enabled });
}

/** Long sides of the thumbnail and of the phone version (DESIGN §8, issue 26.8). */
const THUMBNAIL_SIZE = 480;
const MEDIUM_SIZE = 1024;

/**
 * The stored versions with their widths, for `srcset`: the thumbnail and the phone version
 * are the display version scaled to 480 and 1024 px on the long side (never enlarged, so a
 * small picture lists only the widths it has).
 */
export function imageSources(image: Pick<ImageView, 'url' | 'thumbnail_url' | 'medium_url' | 'width' | 'height'>): string {
  const longSide = Math.max(image.width, image.height);
  const widthAt = (size: number) => Math.round((image.width * size) / longSide);
  const sources = new Map<number, string>();
  if (longSide > THUMBNAIL_SIZE) sources.set(widthAt(THUMBNAIL_SIZE), image.thumbnail_url);
  if (image.medium_url !== null && longSide > MEDIUM_SIZE) sources.set(widthAt(MEDIUM_SIZE), image.medium_url);
  sources.set(image.width, image.url);
  return [...sources].map(([width, url]) => `${url} ${width}w`).join(', ');
}

/** The image's text alternative: its title, or where it stands in its album when it has none. */
export function imageAlt(image: ImageView, index: number, count: number, albumName: string): string {
  return image.title.trim() !== '' ? image.title : `${albumName}, Bild ${index + 1} von ${count}`;
}
