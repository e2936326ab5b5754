import { GALLERY_SLUGS, SECTION_LABELS, type Section } from './constants.ts';
import type { NewsDocument } from './newsDocument.ts';

/**
 * The club's news (issue 27): articles written in the back office ('Aktuelles'), shown on
 * /aktuelles, on their own page /aktuelles/<slug>, on the home page and in the feed. No
 * zod here: the public pages read these without the schemas.
 */

export const NEWS_PATH = '/aktuelles';
export const NEWS_FEED_PATH = '/aktuelles/feed.xml';
/** Articles per page of /aktuelles (SPEC: ten, newest first). */
export const NEWS_PAGE_SIZE = 10;
/** Articles on the home page. */
export const NEWS_ON_HOME = 3;
/** Articles in the feed. */
export const NEWS_IN_FEED = 20;
export const NEWS_TITLE_MAX = 150;
export const NEWS_TEASER_MAX = 300;
/** Long enough for a title's words; an address of hundreds of characters helps nobody. */
export const NEWS_SLUG_MAX = 80;
/** The width of a cover's picture for shared links and feeds (Open Graph). */
export const NEWS_COVER_WIDTH = 1200;
/** The width of the version a phone's article page shows (a 480 px thumbnail is too coarse there, the display version too heavy). */
export const NEWS_MEDIUM_WIDTH = 800;

/** `?sparte=<slug>` filters the list, `?seite=<n>` pages it; the slugs are the galleries' (verein, lg-lp, bogen, blasrohr). */
export const NEWS_SECTION_QUERY = 'sparte';
export const NEWS_PAGE_QUERY = 'seite';

export const NEWS_SECTION_SLUGS: Record<Section, string> = Object.fromEntries(
  Object.entries(GALLERY_SLUGS).map(([slug, section]) => [section, slug]),
) as Record<Section, string>;

export function newsSectionOfSlug(slug: string): Section | undefined {
  return (GALLERY_SLUGS as Record<string, Section>)[slug];
}

export function newsSectionLabel(section: Section): string {
  return SECTION_LABELS[section];
}

/** The address of an article. */
export function newsArticlePath(slug: string): string {
  return `${NEWS_PATH}/${encodeURIComponent(slug)}`;
}

/** The address of a page of the list, with its filter: the canonical spelling (no `seite=1`). */
export function newsListPath(section: Section | undefined, page = 1): string {
  const query = new URLSearchParams();
  if (section) query.set(NEWS_SECTION_QUERY, NEWS_SECTION_SLUGS[section]);
  if (page > 1) query.set(NEWS_PAGE_QUERY, String(page));
  const search = query.toString();
  return search === '' ? NEWS_PATH : `${NEWS_PATH}?${search}`;
}

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The slug of a title: 'Sommerfest am 5. Juli' is 'sommerfest-am-5-juli'; 'artikel' when nothing is left. */
export function newsSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, NEWS_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'artikel' : slug;
}

/** Whether the text is spelled as a slug is. */
export function isNewsSlug(value: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= NEWS_SLUG_MAX + 4;
}

/** A picture of an article: the display version, its thumbnail, an 800 px version and the 1200 px wide JPEG. */
export interface NewsPicture {
  id: number;
  url: string;
  thumbnailUrl: string;
  /** 800 px wide (or smaller): the cover on a phone. */
  mediumUrl: string;
  /** 1200 px wide (or the picture's width, if smaller), for Open Graph and the feed. */
  wideUrl: string;
  width: number;
  height: number;
}

/** An article as visitors see it. */
export interface PublicNewsArticle {
  /** Stable for the article's life (the feed's entry id); the slug may change with the title. */
  id: number;
  slug: string;
  title: string;
  teaser: string;
  section: Section;
  cover: NewsPicture | null;
  /** Club-local `YYYY-MM-DD HH:mm:ss`. */
  publishedAt: string;
  updatedAt: string;
  author: string;
  appointment: { id: number; name: string; begin: string } | null;
  album: { id: number; name: string; section: Section } | null;
}

export interface PublicNewsArticleWithBody extends PublicNewsArticle {
  body: NewsDocument;
}

export interface PublicNewsPage {
  articles: PublicNewsArticle[];
  page: number;
  pages: number;
}

/** What is linked to visible articles: appointments and albums link back to them. */
export interface NewsLinks {
  appointments: Record<string, { slug: string; title: string }[]>;
  albums: Record<string, { slug: string; title: string }[]>;
}

/** An article's state as the editor chooses it. */
export const NEWS_STATES = ['draft', 'published', 'scheduled'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const NEWS_STATE_LABELS: Record<NewsState, string> = {
  draft: 'Entwurf',
  published: 'Veröffentlicht',
  scheduled: 'Geplant',
};

/** An article as the back office edits it. */
export interface NewsArticle {
  id: number;
  slug: string;
  title: string;
  teaser: string;
  body: NewsDocument;
  section: Section;
  cover: NewsPicture | null;
  appointmentId: number | null;
  albumId: number | null;
  /** Null for a draft; club-local `YYYY-MM-DD HH:mm:ss` otherwise (in the future: scheduled). */
  publishAt: string | null;
  state: NewsState;
  author: string;
  createdAt: string;
  updatedAt: string;
  /** Groups whose members get the article by mail when it appears (issue 27.4); empty once mailed. */
  mailGroupIds: number[];
  /** Members who were mailed the article so far. */
  mailedCount: number;
}

/** A group the article mail can go to, with how many members it has. */
export interface NewsMailGroup {
  id: number;
  name: string;
  members: number;
}

/** The state an article is in at `now` (club-local date-time). */
export function newsStateOf(publishAt: string | null, now: string): NewsState {
  if (publishAt === null) return 'draft';
  return publishAt <= now ? 'published' : 'scheduled';
}
