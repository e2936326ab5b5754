import type { FastifyPluginAsync } from 'fastify';
import { clubPictures, clubProfile } from '../areas/club/cache.ts';
import { latestNews, publicNewsDates } from '../areas/news/cache.ts';
import { newsFeedXml } from '../areas/news/feed.ts';
import { sitemapEntries, sitemapXml } from '../areas/site/sitemap.ts';
import { toClubDateTime } from '../../shared/dates.ts';
import { NEWS_FEED_PATH, NEWS_IN_FEED } from '../../shared/news.ts';
import { PASSWORD_RESET_PATH } from '../../shared/constants.ts';
import { keepSharedReads, routeAnswerKey } from './public-cache.ts';

export interface SiteFilesOptions {
  /** Without the server render there are no pages for search engines to find. */
  withPages: boolean;
}

/** The primary green of the site (theme.ts), for the browser's bar and the installed app. */
export const THEME_COLOUR = '#1b5e20';

/**
 * The files a website answers besides its pages (DESIGN §9): robots.txt (the back office
 * stays out of search engines), the sitemap of every public page and album with the date
 * of its newest data, and the web app manifest (with the uploaded logo's icons, issue 26.3). Shared reads like any other: kept in the
 * one memory, dropped by writes. favicon.ico and the icons are static files of the build.
 */
export const siteFiles: FastifyPluginAsync<SiteFilesOptions> = async (app, { withPages }) => {
  const { services } = app;
  const origin = services.config.publicUrl;
  const answers = keepSharedReads(services.publicCache, (request) => request.routeOptions.config.answerKey !== undefined);
  app.addHook('onRequest', answers.started);
  app.addHook('onSend', answers.keep);
  const kept = { config: { answerKey: routeAnswerKey() } };

  app.get('/robots.txt', kept, async (_request, reply) => {
    const lines = ['User-agent: *', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /logout', `Disallow: ${PASSWORD_RESET_PATH}`, 'Disallow: /api/', 'Disallow: /trpc/'];
    if (withPages) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  if (withPages) {
    app.get('/sitemap.xml', kept, async (request, reply) => {
      // Published articles only: the kept sitemap expires when the next scheduled one appears.
      const news = await publicNewsDates(services);
      request.sharedRead?.builtFrom(news);
      return reply.type('application/xml; charset=utf-8').send(sitemapXml(await sitemapEntries(services.db, news.articles), origin));
    });
  }

  // The news feed (issue 27.3), linked from every page's head; kept like a page and expiring
  // with the articles it lists (a scheduled one appears at its time).
  app.get(NEWS_FEED_PATH, kept, async (request, reply) => {
    const [news, profile] = await Promise.all([latestNews(services, NEWS_IN_FEED), clubProfile(services)]);
    request.sharedRead?.builtFrom(news);
    request.sharedRead?.builtFrom(profile);
    const xml = newsFeedXml(news.articles, { origin, clubName: profile.name, now: toClubDateTime(services.clock.now()) });
    return reply.type('application/atom+xml; charset=utf-8').send(xml);
  });

  app.get('/manifest.webmanifest', kept, async (request, reply) => {
    const [profile, pictures] = await Promise.all([clubProfile(services), clubPictures(services)]);
    // The kept manifest expires with the club data and pictures it names (a save elsewhere shows within 10 s).
    request.sharedRead?.builtFrom(profile);
    request.sharedRead?.builtFrom(pictures);
    const logo = pictures.logo;
    const name = profile.name;
    const manifest = {
      name,
      short_name: name.length <= 12 ? name : 'Verein',
      description: `${name}: Termine, Schießzeiten, Ergebnisse und Galerien`,
      lang: 'de',
      start_url: '/home',
      scope: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: THEME_COLOUR,
      // The uploaded logo's generated icons (issue 26.3), otherwise the site's drawing.
      icons: logo
        ? [
            { src: logo.icon192.url, type: 'image/png', sizes: '192x192' },
            { src: logo.icon512.url, type: 'image/png', sizes: '512x512' },
          ]
        : [
            { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
            { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
            { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
          ],
    };
    return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(manifest));
  });
};
