import type { ClubLogo, PictureFile } from '../../shared/clubPictures.ts';
import { NEWS_FEED_PATH } from '../../shared/news.ts';
import type { PageHeadData } from './serverRender.ts';

/** The browser tab and search results name the page and then the club. */
export function documentTitle(title: string, clubName: string): string {
  if (clubName === '') return title;
  return title === '' || title === clubName ? clubName : `${title} – ${clubName}`;
}

/** What a page says when it has no words of its own for search results and shared links. */
export function defaultDescription(clubName: string): string {
  return `${clubName}: Luftgewehr und Luftpistole, Bogen mit 3D-Bogenparcours und Blasrohr – Termine, Schießzeiten, Ergebnisse, Galerien und Kontakt.`;
}

/** The picture a shared link shows when the page has none (public/og-image.png, made by scripts/site-images.ts). */
export const SITE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/** A description is a sentence or two: search engines show about 160 characters. */
const MAX_DESCRIPTION = 200;

export interface SiteHead {
  clubName: string;
  /** PUBLIC_URL without a trailing slash: canonical and Open Graph addresses are absolute. */
  origin: string;
  /** The page's own address, path and the query parameters that change it. */
  canonicalPath: string;
  /** The club's picture for pages without one of their own (issue 26.3: home picture or logo); the site's drawing without. */
  image?: PictureFile | undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text for a meta description: one line, markers and spaces folded, cut at a word. */
export function descriptionText(text: string): string {
  const plain = text
    .replace(/\[fett:(an|aus)\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= MAX_DESCRIPTION) return plain;
  const cut = plain.slice(0, MAX_DESCRIPTION - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_DESCRIPTION / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')} …`;
}

function absolute(origin: string, address: string): string {
  return /^https?:\/\//.test(address) ? address : `${origin}${address.startsWith('/') ? '' : '/'}${address}`;
}

/** JSON for a `<script type="application/ld+json">`: nothing in the data can end the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The head of a page rendered on the server (DESIGN §9): title, description, canonical
 * address, Open Graph and Twitter card, structured data. Everything comes from what the
 * page declared while it was rendered (PageHead), with the club's name and image as the
 * fallback.
 */
export function headTags(head: Partial<PageHeadData>, site: SiteHead): string {
  const title = documentTitle(head.title ?? '', site.clubName);
  const description = descriptionText(head.description ?? defaultDescription(site.clubName));
  const url = `${site.origin}${site.canonicalPath}`;
  const fallback = site.image ?? { url: SITE_IMAGE.path, width: SITE_IMAGE.width, height: SITE_IMAGE.height };
  const image = head.image
    ? { url: absolute(site.origin, head.image), ...head.imageSize }
    : { url: absolute(site.origin, fallback.url), width: fallback.width, height: fallback.height };
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', head.type ?? 'website'),
    // A page for one reader (a ticket, a personal or unsubscribe link) keeps its secret address out of its head.
    ...(head.noindex ? [] : [meta('property', 'og:url', url)]),
    meta('property', 'og:site_name', site.clubName),
    meta('property', 'og:locale', 'de_DE'),
    meta('property', 'og:image', image.url),
    ...('width' in image && image.width !== undefined
      ? [meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height))]
      : []),
    meta('name', 'twitter:card', head.image && !head.imageSize ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    // The news feed (issue 27.3), for feed readers and browsers that look for one on any page.
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(documentTitle('Aktuelles', site.clubName))}" href="${escapeHtml(`${site.origin}${NEWS_FEED_PATH}`)}" />`,
    ...(head.structuredData ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.join('\n    ');
}

/**
 * The icon links of a page's head where the club has uploaded a logo (issue 26.3): its
 * generated PNGs instead of the site's drawing (index.html between `<!--icons-->` and
 * `<!--/icons-->`); /favicon.ico stays as the static file browsers ask for on their own.
 */
export function iconLinks(logo: ClubLogo | null | undefined): string | undefined {
  if (!logo) return undefined;
  return [
    `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(logo.icon32.url)}" />`,
    `<link rel="icon" type="image/png" sizes="192x192" href="${escapeHtml(logo.icon192.url)}" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(logo.touchIcon.url)}" />`,
  ].join('\n    ');
}
