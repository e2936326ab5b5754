import { toIsoWithClubOffset } from '../../../shared/dates.ts';
import { NEWS_FEED_PATH, NEWS_PATH, newsArticlePath, type PublicNewsArticle } from '../../../shared/news.ts';

/**
 * The news as an Atom feed (RFC 4287; issue 27.3): the latest articles with absolute links,
 * their teasers as summaries and the cover's 1200 px JPEG as enclosure and Media RSS
 * content, which feed readers show as the entry's picture.
 */

function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Atom's date-time (RFC 3339) of a club-local time; a time the clocks skip is read as UTC. */
function atomTime(value: string): string {
  return toIsoWithClubOffset(value) ?? `${value.replace(' ', 'T')}Z`;
}

export interface FeedSite {
  origin: string;
  clubName: string;
  /** Club-local now: the feed's own date when it has no article yet. */
  now: string;
}

export function newsFeedXml(articles: readonly PublicNewsArticle[], site: FeedSite): string {
  const { origin, clubName } = site;
  const host = new URL(origin).hostname;
  const updated = articles.map((article) => article.updatedAt).sort().at(-1) ?? site.now;
  const entries = articles.map((article) => {
    const url = `${origin}${newsArticlePath(article.slug)}`;
    const cover = article.cover ? `${origin}${article.cover.wideUrl}` : undefined;
    return [
      '  <entry>',
      `    <title>${escapeXml(article.title)}</title>`,
      // Stable for the article's life, whatever its title and address become.
      `    <id>tag:${escapeXml(host)},${article.publishedAt.slice(0, 10)}:aktuelles-${article.id}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${atomTime(article.publishedAt)}</published>`,
      `    <updated>${atomTime(article.updatedAt > article.publishedAt ? article.updatedAt : article.publishedAt)}</updated>`,
      `    <author><name>${escapeXml(article.author)}</name></author>`,
      `    <summary>${escapeXml(article.teaser)}</summary>`,
      ...(cover
        ? [`    <link rel="enclosure" type="image/jpeg" href="${escapeXml(cover)}"/>`, `    <media:content url="${escapeXml(cover)}" medium="image" type="image/jpeg"/>`]
        : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="de">',
    `  <title>${escapeXml(clubName === '' ? 'Aktuelles' : `Aktuelles – ${clubName}`)}</title>`,
    `  <id>${escapeXml(`${origin}${NEWS_PATH}`)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}${NEWS_FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}${NEWS_PATH}`)}"/>`,
    `  <updated>${atomTime(updated)}</updated>`,
    `  <author><name>${escapeXml(clubName === '' ? 'Verein' : clubName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
