import type { AboutCaption } from '../../../shared/aboutSlides.ts';
import type { ClubTexts } from '../../../shared/clubData.ts';
import type { CourseFacts } from '../../../shared/courseFacts.ts';
import type { HomeTexts } from '../../../shared/homeTexts.ts';
import type { RangeFacts } from '../../../shared/rangeFacts.ts';
import type { ClubPictures } from '../../../shared/clubPictures.ts';
import type { AppServices } from '../../services.ts';
import { readAboutCaptions } from './about.ts';
import { readCourseFacts } from './facts.ts';
import { readHomeTexts } from './home.ts';
import { readRangeFacts } from './range.ts';
import { clubPicturesView, readStoredPictures } from './pictures.ts';
import { publicProfileOf, readClubData, textsOf, type PublicClubProfile } from './queries.ts';

/** The PublicCache area of the club data; a save drops it (and every kept answer, the pages included). */
export const CLUB_CACHE_AREA = 'club';

/**
 * The club's profile as every visitor sees it, from the database through the one cache of
 * shared reads (DESIGN §8): a save on this instance drops it at once, another instance
 * reads it again within PUBLIC_CACHE_TTL_MS (10 s). Public pages, the calendar feed and
 * the web app manifest all read it here.
 */
export function clubProfile(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<PublicClubProfile> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'profile', async () => publicProfileOf(await readClubData(services.db)));
}

/** The texts of the About, Impressum and Datenschutz pages, cached like the profile. */
export function clubTexts(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<ClubTexts> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'texts', async () => textsOf(await readClubData(services.db)));
}

/** The 3D course's facts, prices, rules and opening rule (issue 26.1), cached like the profile; a save of them drops the area. */
export function courseFacts(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<CourseFacts> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'course', () => readCourseFacts(services.db));
}

/** The air gun range's lanes and minimum age (issue 26.1), cached like the profile; a save of them drops the area. */
export function rangeFacts(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<RangeFacts> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'range', () => readRangeFacts(services.db));
}

/** The home page's greeting, welcome text and cards (issue 26.1), cached like the profile. */
export function homeTexts(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<HomeTexts> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'home', () => readHomeTexts(services.db));
}

/** The titles and captions of the About carousel's drawings (issue 26.1), cached like the profile; wrapped, as a cached value is an object. */
export function aboutCaptions(services: Pick<AppServices, 'db' | 'publicCache'>): Promise<{ captions: AboutCaption[] }> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'about', async () => ({ captions: await readAboutCaptions(services.db) }));
}

/**
 * The club's logo and home picture (issue 26.3) as the pages, the manifest and the head use
 * them, cached like the profile; an upload or a removal drops the area, and with it every
 * kept page and the manifest that name the old files.
 */
export function clubPictures(services: Pick<AppServices, 'db' | 'publicCache' | 'storage'>): Promise<ClubPictures> {
  return services.publicCache.read(CLUB_CACHE_AREA, 'pictures', async () => clubPicturesView(await readStoredPictures(services.db), services.storage.urlOf));
}
