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

/** Long side of the thumbnail (DESIGN §8). */
const THUMBNAIL_SIZE = 480;

/** The widths of both stored versions, for `srcset`: the thumbnail is the display version scaled to 480 px. */
export function imageSources(image: ImageView): string {
  const longSide = Math.max(image.width, image.height);
  const thumbWidth = longSide > THUMBNAIL_SIZE ? Math.round((image.width * THUMBNAIL_SIZE) / longSide) : image.width;
  return `${image.thumbnail_url} ${thumbWidth}w, ${image.url} ${image.width}w`;
}

/** The image's text alternative: its title, or where it stands in its album when it has none. */
export function imageAlt(image: ImageView, index: number, count: number, albumName: string): string {
  return image.title.trim() !== '' ? image.title : `${albumName}, Bild ${index + 1} von ${count}`;
}
