import type { Section } from '../../../shared/constants.ts';
import { fromClubDateTime, toClubDateTime } from '../../../shared/dates.ts';
import { NEWS_IN_FEED, NEWS_ON_HOME, type NewsLinks, type PublicNewsArticle, type PublicNewsArticleWithBody, type PublicNewsPage } from '../../../shared/news.ts';
import type { AppServices } from '../../services.ts';
import { findPublicArticle, latestPublicArticles, listPublicArticles, nextPublishAt, publicArticleDates, publicNewsLinks } from './queries.ts';

/** The PublicCache area of the news; every write of an article drops it. */
export const NEWS_CACHE_AREA = 'news';

type NewsServices = Pick<AppServices, 'db' | 'publicCache' | 'clock' | 'storage'>;

/**
 * A public read of the news through the one cache (DESIGN §8), computed for the clock's
 * now: it expires no later than the next scheduled article's time, and so does every kept
 * answer built from it (pages, the feed, the sitemap), so the article appears at its time
 * without a write or a restart, and never before.
 */
function cachedNews<T extends object>(services: NewsServices, key: string, compute: (now: string) => Promise<T>): Promise<T> {
  const now = toClubDateTime(services.clock.now());
  let next: string | undefined;
  return services.publicCache.read(
    NEWS_CACHE_AREA,
    key,
    async () => {
      const [value, upcoming] = await Promise.all([compute(now), nextPublishAt(services.db, now)]);
      next = upcoming;
      return value;
    },
    () => (next === undefined ? undefined : fromClubDateTime(next)?.getTime()),
  );
}

export function publicNewsPage(services: NewsServices, section: Section | undefined, page: number): Promise<PublicNewsPage> {
  return cachedNews(services, `page:${section ?? ''}:${page}`, (now) => listPublicArticles(services.db, services.storage.urlOf, now, section, page));
}

/** The newest articles, without their bodies: the home page takes three, the feed twenty. */
export function latestNews(services: NewsServices, limit: typeof NEWS_ON_HOME | typeof NEWS_IN_FEED): Promise<{ articles: PublicNewsArticle[] }> {
  return cachedNews(services, `latest:${limit}`, async (now) => ({ articles: await latestPublicArticles(services.db, services.storage.urlOf, now, limit) }));
}

export function publicNewsDates(services: NewsServices): Promise<{ articles: { slug: string; updatedAt: string; publishedAt: string }[] }> {
  return cachedNews(services, 'dates', async (now) => ({ articles: await publicArticleDates(services.db, now) }));
}

export function publicNewsLinksCached(services: NewsServices): Promise<NewsLinks> {
  return cachedNews(services, 'links', (now) => publicNewsLinks(services.db, now));
}

/**
 * One article by its address. Only addresses that name an article (or named one) are kept:
 * any other is looked up in the kept list of addresses, so strangers cannot fill the memory
 * with made-up slugs.
 */
export async function publicNewsArticle(
  services: NewsServices,
  slug: string,
  builtFrom: (value: object) => void = () => undefined,
): Promise<{ article: PublicNewsArticleWithBody | null; movedTo: string | null }> {
  const known = await cachedNews(services, 'slugs', async (now) => {
    const current = await publicArticleDates(services.db, now);
    const old = await services.db
      .selectFrom('news_slugs')
      .select('slug')
      .execute();
    return { slugs: [...current.map((entry) => entry.slug), ...old.map((row) => row.slug)] };
  });
  // An answer of 'not found' expires with the list it was read from (a scheduled article appears).
  builtFrom(known);
  if (!known.slugs.includes(slug)) return NOT_FOUND;
  return cachedNews(services, `article:${slug}`, (now) => findPublicArticle(services.db, services.storage.urlOf, now, slug));
}

const NOT_FOUND = Object.freeze({ article: null, movedTo: null });
