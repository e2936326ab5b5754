import { sql } from 'kysely';
import { PUBLIC_PAGES, type PublicPageId } from '../../../client/publicPages.ts';
import { GALLERY_SLUGS, type Section } from '../../../shared/constants.ts';
import { newsArticlePath } from '../../../shared/news.ts';
import { sectionPagePath } from '../../../shared/sectionGroups.ts';
import type { Db } from '../../db/connection.ts';
import { listSectionGroups } from '../calendar/queries.ts';

/** One address of the sitemap (sitemaps.org): where, when it last changed (if known), how it weighs. */
export interface SitemapEntry {
  path: string;
  /** `YYYY-MM-DD`, the latest change of what the page shows; absent when the data does not say. */
  lastmod?: string;
  priority: number;
}

type Latest = string | null | undefined;

/** A published article's address and dates (news/cache.ts: visible ones only). */
export interface NewsDate {
  slug: string;
  publishedAt: string;
  updatedAt: string;
}

/** `YYYY-MM-DD` of the latest of club-local date-times (`YYYY-MM-DD HH:mm:ss`). */
function latestDay(...values: Latest[]): string | undefined {
  const known = values.filter((value): value is string => typeof value === 'string' && value !== '');
  if (known.length === 0) return undefined;
  return known.sort().at(-1)!.slice(0, 10);
}

/**
 * Every public page, every gallery album and /termine of every section, each with the date
 * of the newest data it shows (appointments, downloads, results, sponsors, albums and their
 * images). Texts and notices carry no date, so their pages go without one.
 */
export async function sitemapEntries(db: Db, articles: readonly NewsDate[] = []): Promise<SitemapEntry[]> {
  const max = (column: string) => sql<string | null>`max(${sql.ref(column)})`;
  const [appointments, downloads, sponsors, results, albums, images, sections, sectionAppointments] = await Promise.all([
    db.selectFrom('appointments').select(max('updated_at').as('latest')).where('visibility', '=', 1).executeTakeFirst(),
    db.selectFrom('downloads').select(max('created_at').as('latest')).executeTakeFirst(),
    db.selectFrom('sponsors').select(max('created_at').as('latest')).executeTakeFirst(),
    db.selectFrom('results').select(['section', max('created_at').as('latest')]).groupBy('section').execute(),
    db.selectFrom('albums').select(['id', 'section', 'created_at']).orderBy('id').execute(),
    db.selectFrom('images').select(['album_id', max('created_at').as('latest')]).groupBy('album_id').execute(),
    listSectionGroups(db),
    db.selectFrom('appointments').select(['assignment', max('updated_at').as('latest')]).where('visibility', '=', 1).groupBy('assignment').execute(),
  ]);
  const imagesOf = new Map(images.map((row) => [Number(row.album_id), row.latest]));
  const albumDay = (album: { id: number; created_at: string }) => latestDay(album.created_at, imagesOf.get(Number(album.id)));
  const sectionDay = (section: Section) => latestDay(...albums.filter((album) => album.section === section).map(albumDay));
  const resultDay = (section: Section) => latestDay(results.find((row) => row.section === section)?.latest);

  const appointmentsDay = () => latestDay(appointments?.latest);
  // A scheduled article changes the list when it appears, after its last save.
  const newsDay = () => latestDay(...articles.flatMap((article) => [article.updatedAt, article.publishedAt]));
  const lastmodOf: Partial<Record<PublicPageId, () => string | undefined>> = {
    home: () => latestDay(appointmentsDay(), newsDay()),
    news: newsDay,
    appointments: appointmentsDay,
    downloads: () => latestDay(downloads?.latest),
    sponsors: () => latestDay(sponsors?.latest),
    about: () => sectionDay('club'),
    gunresults: () => resultDay('gun'),
    archresults: () => resultDay('arch'),
    blowpiperesults: () => resultDay('blowpipe'),
  };

  const entries: SitemapEntry[] = [];
  for (const page of PUBLIC_PAGES) {
    if (page.id === 'galleries') {
      for (const [slug, section] of Object.entries(GALLERY_SLUGS)) {
        entries.push({ path: `/galerien/${slug}`, lastmod: sectionDay(section), priority: page.priority });
        for (const album of albums.filter((entry) => entry.section === section)) {
          entries.push({ path: `/galerien/${slug}?album=${album.id}`, lastmod: albumDay(album), priority: page.priority - 0.1 });
        }
      }
      continue;
    }
    // Sign-ups are reached from their appointment on /termine and end with it.
    if (page.id === 'signup') continue;
    if (page.id === 'newsArticle') {
      for (const article of articles) entries.push({ path: newsArticlePath(article.slug), lastmod: latestDay(article.updatedAt, article.publishedAt), priority: page.priority });
      continue;
    }
    const lastmod = lastmodOf[page.id]?.();
    entries.push({ path: page.path, lastmod, priority: page.priority });
    if (page.id === 'appointments') {
      for (const section of sections) {
        const latest = sectionAppointments.find((row) => Number(row.assignment) === section.id)?.latest;
        entries.push({ path: sectionPagePath(section.slug), lastmod: latestDay(latest), priority: page.priority - 0.1 });
      }
    }
  }
  return entries;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The sitemaps.org urlset of the entries, absolute on PUBLIC_URL. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const urls = entries.map((entry) =>
    [
      '  <url>',
      `    <loc>${escapeXml(`${origin}${entry.path}`)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${entry.lastmod}</lastmod>`] : []),
      `    <priority>${entry.priority.toFixed(1)}</priority>`,
      '  </url>',
    ].join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
