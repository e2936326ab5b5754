import { PASSWORD_RESET_PATH } from '../shared/constants.ts';
import { CHECK_IN_PROBLEM_QUERY, CHECK_IN_PROBLEMS } from '../shared/courseBook.ts';
import { GALLERY_SLUGS } from '../shared/constants.ts';
import { NEWS_PAGE_QUERY, NEWS_SECTION_QUERY } from '../shared/news.ts';
import { SECTION_QUERY, sectionSlug } from '../shared/sectionGroups.ts';
import type { TimetableSection } from '../shared/timetable.ts';

/**
 * The canonical spelling of a query parameter's value, or undefined when the value names
 * nothing (the page is not found).
 */
export type QueryValue = (value: string) => string | undefined;

/** The query parameters a page reads, each with its canonical spelling, in the order of the canonical address. */
export type PageQuery = Readonly<Record<string, QueryValue>>;

/** A positive whole number as a number is written (`1`, never `01` or `+1`), as an album's id. */
const positiveId: QueryValue = (value) => {
  // Fifteen digits stay an exact number in JavaScript.
  if (!/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? String(id) : undefined;
};

/** `?album=<id>` shows that album of the gallery's section. */
export const GALLERY_QUERY: PageQuery = { album: positiveId };

/** `?sparte=<slug>` shows one section's appointments (issue 26); 'Bogen' is spelled 'bogen'. Whether it names a section, the page says. */
export const APPOINTMENTS_QUERY: PageQuery = { [SECTION_QUERY]: (value) => sectionSlug(value) || undefined };

/** /parcoursbuch?fehler=<key>: why the plain form's check-in was refused (issue 30.2). */
export const COURSE_BOOK_QUERY: PageQuery = { [CHECK_IN_PROBLEM_QUERY]: (value) => (Object.hasOwn(CHECK_IN_PROBLEMS, value) ? value : undefined) };

/** /aktuelles?sparte=<slug>&seite=<n> (issue 27): one section's articles, and which page of ten. */
export const NEWS_QUERY: PageQuery = {
  [NEWS_SECTION_QUERY]: (value) => (Object.hasOwn(GALLERY_SLUGS, value) ? value : undefined),
  [NEWS_PAGE_QUERY]: positiveId,
};

/**
 * The page's query as the page reads it: the canonical value of each parameter given, or
 * null when one is given twice or names nothing (the page is not found). Parameters the
 * page does not read are left out. The server sends a visitor whose address spells the
 * values otherwise to the canonical address (pages.ts); the page reads them the same way.
 */
export function readPageQuery(query: PageQuery | undefined, search: URLSearchParams): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const [name, canonical] of Object.entries(query ?? {})) {
    const given = search.getAll(name);
    if (given.length === 0) continue;
    const value = given.length === 1 ? canonical(given[0]!) : undefined;
    if (value === undefined) return null;
    values[name] = value;
  }
  return values;
}

/**
 * The public pages of SPEC §2 (DESIGN §9): their route ids and paths, the module of each
 * page (its chunk is announced with the rendered page) and the query parameters that change
 * what a page shows. The client's router (routes.tsx) and the server (pages.ts, the
 * sitemap) read the same table.
 */
export interface PublicPage {
  id: string;
  /** A React Router path; Fastify reads the same syntax. */
  path: string;
  /** The page's source module, as the build's manifest names it; absent for Home (in the first chunk). */
  module?: string;
  /** Query parameters the page reads (`readPageQuery`); any other leaves the page as it is, and the server drops it with a redirect. */
  query?: PageQuery;
  /** How search engines should weigh the page among the site's pages (sitemap). */
  priority: number;
}

const page = <Id extends string>(id: Id, path: string, file: string | undefined, priority: number, query?: PageQuery): PublicPage & { id: Id } => ({
  id,
  path,
  priority,
  ...(file ? { module: `src/client/pages/public/${file}.tsx` } : {}),
  ...(query ? { query } : {}),
});

export const PUBLIC_PAGES = [
  page('home', '/home', undefined, 1),
  page('about', '/about', 'AboutPage', 0.8),
  // ?sparte=<slug>: one section's appointments (issue 26).
  page('appointments', '/termine', 'AppointmentsPage', 0.9, APPOINTMENTS_QUERY),
  // The club's news (issue 27): the list, filtered by section and paged, and each article.
  page('news', '/aktuelles', 'NewsPage', 0.9, NEWS_QUERY),
  page('newsArticle', '/aktuelles/:slug', 'NewsArticlePage', 0.8),
  page('downloads', '/downloads', 'DownloadsPage', 0.6),
  page('galleries', '/galerien/:section?', 'GalleriesPage', 0.7, GALLERY_QUERY),
  page('guntimes', '/zeiten-lg-lp', 'GunTimesPage', 0.8),
  page('gunresults', '/ergebnisse-lg-lp', 'GunResultsPage', 0.7),
  page('archtimes', '/zeiten-bogen', 'ArchTimesPage', 0.8),
  page('archparcours', '/bogenparcours', 'ArchParcoursPage', 0.9),
  // The course book at the course's entrance (issue 30.2): the poster's QR code leads here.
  page('courseBook', '/parcoursbuch', 'CourseBookPage', 0.3, COURSE_BOOK_QUERY),
  page('archresults', '/ergebnisse-bogen', 'ArchResultsPage', 0.7),
  page('blowpipetimes', '/zeiten-blasrohr', 'BlowpipeTimesPage', 0.8),
  page('blowpiperesults', '/ergebnisse-blasrohr', 'BlowpipeResultsPage', 0.7),
  page('contact', '/kontakt', 'ContactPage', 0.8),
  // The sign-up of an appointment (issue 29.2); reached from /termine, so not in the sitemap.
  page('signup', '/anmeldung/:appointmentId', 'SignupPage', 0.3),
  page('sponsors', '/unterstuetzer', 'SponsorsPage', 0.5),
  page('privacy', '/datenschutz', 'PrivacyPage', 0.2),
  page('disclaimer', '/disclaimer', 'DisclaimerPage', 0.2),
  page('impressum', '/impressum', 'ImpressumPage', 0.3),
] as const satisfies readonly PublicPage[];

export type PublicPageId = (typeof PUBLIC_PAGES)[number]['id'];

/** The path of a page without parameters, as the table above gives it. */
export function publicPagePath(id: PublicPageId): string {
  return PUBLIC_PAGES.find((entry) => entry.id === id)!.path;
}

/** The /zeiten-* page of each section that shoots, where its timetable is shown (issue 26). */
export const TIMETABLE_PAGES = { gun: 'guntimes', arch: 'archtimes', blowpipe: 'blowpipetimes' } as const satisfies Record<TimetableSection, PublicPageId>;

/**
 * The personal link of a sign-up (issue 29.2): rendered on the server like a public page, but
 * for one person only, so kept by no cache (pages.ts) and not a page of the table above.
 */
export const SIGNUP_LINK_PATH = '/anmeldung/:appointmentId/:token';

/** Rendered in the browser only (DESIGN §9): the login screen, the page of a password reset link and the back office. */
export const CLIENT_ONLY_PATHS = ['/login', '/logout', PASSWORD_RESET_PATH, '/admin', '/admin/*'] as const;
