import type { Section } from '../../../shared/constants.ts';
import {
  NEWS_PAGE_SIZE,
  newsSlug,
  newsStateOf,
  type NewsArticle,
  type NewsLinks,
  type NewsMailGroup,
  type NewsPicture,
  type PublicNewsArticle,
  type PublicNewsArticleWithBody,
  type PublicNewsPage,
} from '../../../shared/news.ts';
import { newsImageSources, type NewsDocument } from '../../../shared/newsDocument.ts';
import { NEWS_MESSAGES } from '../../../shared/schemas/news.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

type UrlOf = (name: string) => string;

/** Every read of an article: the row with its author's name, cover, appointment and album. */
function articleQuery(db: Db) {
  return db
    .selectFrom('news_articles as a')
    .leftJoin('users as u', 'u.id', 'a.author_id')
    .leftJoin('news_images as i', 'i.id', 'a.cover_image_id')
    .leftJoin('appointments as t', 't.id', 'a.appointment_id')
    .leftJoin('albums as g', 'g.id', 'a.album_id')
    .select([
      'a.id',
      'a.slug',
      'a.title',
      'a.teaser',
      'a.section',
      'a.appointment_id',
      'a.album_id',
      'a.publish_at',
      'a.created_at',
      'a.updated_at',
      'u.prename',
      'u.lastname',
      'i.id as cover_id',
      'i.stored_name as cover_stored',
      'i.thumb_name as cover_thumb',
      'i.medium_name as cover_medium',
      'i.wide_name as cover_wide',
      'i.width as cover_width',
      'i.height as cover_height',
      't.name as appointment_name',
      't.datetime_begin as appointment_begin',
      't.visibility as appointment_visibility',
      'g.name as album_name',
      'g.section as album_section',
    ]);
}

type ArticleRow = Awaited<ReturnType<ReturnType<typeof articleQuery>['executeTakeFirstOrThrow']>>;

function coverOf(row: ArticleRow, urlOf: UrlOf): NewsPicture | null {
  if (row.cover_id === null || row.cover_stored === null) return null;
  return {
    id: Number(row.cover_id),
    url: urlOf(row.cover_stored),
    thumbnailUrl: urlOf(row.cover_thumb!),
    mediumUrl: urlOf(row.cover_medium!),
    wideUrl: urlOf(row.cover_wide!),
    width: Number(row.cover_width),
    height: Number(row.cover_height),
  };
}

/** The member's name as the article shows it; 'Der Verein' once the member is gone. */
function authorOf(row: ArticleRow): string {
  const name = [row.prename, row.lastname].filter(Boolean).join(' ').trim();
  return name === '' ? 'Der Verein' : name;
}

function publicView(row: ArticleRow, urlOf: UrlOf): PublicNewsArticle {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    teaser: row.teaser,
    section: row.section as Section,
    cover: coverOf(row, urlOf),
    publishedAt: row.publish_at!,
    updatedAt: row.updated_at,
    author: authorOf(row),
    // Only a public appointment is named to visitors.
    appointment:
      row.appointment_id !== null && row.appointment_name !== null && Number(row.appointment_visibility) === 1
        ? { id: Number(row.appointment_id), name: row.appointment_name, begin: row.appointment_begin! }
        : null,
    album: row.album_id !== null && row.album_name !== null ? { id: Number(row.album_id), name: row.album_name, section: row.album_section as Section } : null,
  };
}

/** Visible to visitors at `now` (club-local): published, and not in the future. Drafts have no time. */
function visible(db: Db, now: string) {
  return articleQuery(db).where('a.publish_at', 'is not', null).where('a.publish_at', '<=', now);
}

/** One page of the visible articles, newest first; a page past the last is empty (the page says 404). */
export async function listPublicArticles(db: Db, urlOf: UrlOf, now: string, section: Section | undefined, page: number): Promise<PublicNewsPage> {
  let count = db.selectFrom('news_articles').select((eb) => eb.fn.countAll<number>().as('n')).where('publish_at', 'is not', null).where('publish_at', '<=', now);
  let rows = visible(db, now);
  if (section) {
    count = count.where('section', '=', section);
    rows = rows.where('a.section', '=', section);
  }
  const total = Number((await count.executeTakeFirst())?.n ?? 0);
  const found = await rows
    .orderBy('a.publish_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(NEWS_PAGE_SIZE)
    .offset((page - 1) * NEWS_PAGE_SIZE)
    .execute();
  return { articles: found.map((row) => publicView(row, urlOf)), page, pages: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)) };
}

/** The newest visible articles without their bodies (home page, feed): the home page's data stays small. */
export async function latestPublicArticles(db: Db, urlOf: UrlOf, now: string, limit: number): Promise<PublicNewsArticle[]> {
  const rows = await visible(db, now).orderBy('a.publish_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  return rows.map((row) => publicView(row, urlOf));
}

/** Every visible article's address and last change (sitemap). */
export async function publicArticleDates(db: Db, now: string): Promise<{ slug: string; updatedAt: string; publishedAt: string }[]> {
  const rows = await db
    .selectFrom('news_articles')
    .select(['slug', 'updated_at', 'publish_at'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .orderBy('publish_at', 'desc')
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at, publishedAt: row.publish_at! }));
}

/** The visible article of a slug, or the current slug of the article it used to name, or nothing. */
export async function findPublicArticle(
  db: Db,
  urlOf: UrlOf,
  now: string,
  slug: string,
): Promise<{ article: PublicNewsArticleWithBody | null; movedTo: string | null }> {
  const row = await visible(db, now).select('a.body').where('a.slug', '=', slug).executeTakeFirst();
  if (row) return { article: { ...publicView(row, urlOf), body: JSON.parse(row.body) as NewsDocument }, movedTo: null };
  const old = await db
    .selectFrom('news_slugs as s')
    .innerJoin('news_articles as a', 'a.id', 's.article_id')
    .select('a.slug')
    .where('s.slug', '=', slug)
    .where('a.publish_at', 'is not', null)
    .where('a.publish_at', '<=', now)
    .executeTakeFirst();
  return { article: null, movedTo: old?.slug ?? null };
}

/** When the next scheduled article appears (club-local), so no kept answer outlives that moment. */
export async function nextPublishAt(db: Db, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('news_articles')
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/** Which visible articles each appointment and album is linked to (they link back). */
export async function publicNewsLinks(db: Db, now: string): Promise<NewsLinks> {
  const rows = await db
    .selectFrom('news_articles')
    .select(['slug', 'title', 'appointment_id', 'album_id'])
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', now)
    .where((eb) => eb.or([eb('appointment_id', 'is not', null), eb('album_id', 'is not', null)]))
    .orderBy('publish_at', 'desc')
    .execute();
  const links: NewsLinks = { appointments: {}, albums: {} };
  for (const row of rows) {
    const link = { slug: row.slug, title: row.title };
    if (row.appointment_id !== null) (links.appointments[String(row.appointment_id)] ??= []).push(link);
    if (row.album_id !== null) (links.albums[String(row.album_id)] ??= []).push(link);
  }
  return links;
}

interface MailState {
  groups: Map<number, number[]>;
  mailed: Map<number, number>;
}

/** The chosen groups waiting and the members mailed, of the given articles (issue 27.4). */
async function mailStateOf(db: Db, ids: number[]): Promise<MailState> {
  const state: MailState = { groups: new Map(), mailed: new Map() };
  if (ids.length === 0) return state;
  const groups = await db.selectFrom('news_mail_groups').select(['article_id', 'group_id']).where('article_id', 'in', ids).orderBy('group_id').execute();
  for (const row of groups) state.groups.set(Number(row.article_id), [...(state.groups.get(Number(row.article_id)) ?? []), Number(row.group_id)]);
  const mailed = await db
    .selectFrom('news_mail_sends')
    .select((eb) => ['article_id', eb.fn.countAll<number | string>().as('n')])
    .where('article_id', 'in', ids)
    .groupBy('article_id')
    .execute();
  for (const row of mailed) state.mailed.set(Number(row.article_id), Number(row.n));
  return state;
}

function adminView(row: ArticleRow & { body: string }, urlOf: UrlOf, now: string, mail: MailState): NewsArticle {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    teaser: row.teaser,
    body: JSON.parse(row.body) as NewsDocument,
    section: row.section as Section,
    cover: coverOf(row, urlOf),
    appointmentId: row.appointment_id === null ? null : Number(row.appointment_id),
    albumId: row.album_id === null ? null : Number(row.album_id),
    publishAt: row.publish_at,
    state: newsStateOf(row.publish_at, now),
    author: authorOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mailGroupIds: mail.groups.get(Number(row.id)) ?? [],
    mailedCount: mail.mailed.get(Number(row.id)) ?? 0,
  };
}

/** Every article for the back office: drafts and scheduled ones first, then newest first. */
export async function listArticles(db: Db, urlOf: UrlOf, now: string): Promise<NewsArticle[]> {
  const rows = await articleQuery(db).select('a.body').orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').execute();
  const mail = await mailStateOf(db, rows.map((row) => Number(row.id)));
  const views = rows.map((row) => adminView(row, urlOf, now, mail));
  const rank = (article: NewsArticle) => (article.state === 'published' ? 1 : 0);
  return views.sort((a, b) => rank(a) - rank(b));
}

export async function findArticle(db: Db, urlOf: UrlOf, id: number, now: string): Promise<NewsArticle> {
  const row = await articleQuery(db).select('a.body').where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NEWS_MESSAGES.notFound);
  return adminView(row, urlOf, now, await mailStateOf(db, [id]));
}

/**
 * A slug for the title no other article has or had: the title's slug, or with '-2', '-3', …
 * An address the article itself had before is its own again.
 */
export async function freeSlug(db: Db, title: string, articleId: number | undefined): Promise<string> {
  const base = newsSlug(title);
  const taken = new Set<string>();
  const current = await db.selectFrom('news_articles').select(['slug', 'id']).where('slug', 'like', `${base}%`).execute();
  for (const row of current) if (Number(row.id) !== articleId) taken.add(row.slug);
  const old = await db.selectFrom('news_slugs').select(['slug', 'article_id']).where('slug', 'like', `${base}%`).execute();
  for (const row of old) if (Number(row.article_id) !== articleId) taken.add(row.slug);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** The groups an article mail can go to, with their number of members (the dialog's choice). */
export async function mailGroupOptions(db: Db): Promise<NewsMailGroup[]> {
  const rows = await db
    .selectFrom('groups as g')
    .leftJoin('user_groups as m', 'm.group_id', 'g.id')
    .select((eb) => ['g.id', 'g.name', eb.fn.count<number | string>('m.user_id').as('members')])
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.name')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, members: Number(row.members) }));
}

export interface ArticleValues {
  title: string;
  slug: string;
  teaser: string;
  body: NewsDocument;
  section: Section;
  coverImageId: number | null;
  appointmentId: number | null;
  albumId: number | null;
  publishAt: string | null;
}

function columns(values: ArticleValues) {
  return {
    title: values.title,
    slug: values.slug,
    teaser: values.teaser,
    body: JSON.stringify(values.body),
    section: values.section,
    cover_image_id: values.coverImageId,
    appointment_id: values.appointmentId,
    album_id: values.albumId,
    publish_at: values.publishAt,
  };
}

export async function insertArticle(db: Db, values: ArticleValues, authorId: number, now: string): Promise<number> {
  const result = await db
    .insertInto('news_articles')
    .values({ ...columns(values), author_id: authorId, created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * Saves the article; when its address changes after visitors could see it under the old
 * one, the old one is kept and sends them on (301). An address it had before and now gets
 * again is no longer an old one.
 */
export async function updateArticle(db: Db, id: number, values: ArticleValues, previous: { slug: string; wasVisible: boolean }, now: string): Promise<void> {
  if (previous.slug !== values.slug && previous.wasVisible) {
    await db.insertInto('news_slugs').values({ slug: previous.slug, article_id: id }).execute();
  }
  await db.deleteFrom('news_slugs').where('slug', '=', values.slug).execute();
  await db.updateTable('news_articles').set({ ...columns(values), updated_at: now }).where('id', '=', id).execute();
}

export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('news_articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

interface PictureRow {
  id: number;
  stored_name: string;
  thumb_name: string;
  medium_name: string;
  wide_name: string;
  width: number;
  height: number;
}

export function pictureView(row: PictureRow, urlOf: UrlOf): NewsPicture {
  return {
    id: Number(row.id),
    url: urlOf(row.stored_name),
    thumbnailUrl: urlOf(row.thumb_name),
    mediumUrl: urlOf(row.medium_name),
    wideUrl: urlOf(row.wide_name),
    width: Number(row.width),
    height: Number(row.height),
  };
}

export async function insertPicture(
  db: Db,
  values: { name: string; storedName: string; thumbName: string; mediumName: string; wideName: string; width: number; height: number },
  now: string,
): Promise<number> {
  const result = await db
    .insertInto('news_images')
    .values({
      name: values.name,
      stored_name: values.storedName,
      thumb_name: values.thumbName,
      medium_name: values.mediumName,
      wide_name: values.wideName,
      width: values.width,
      height: values.height,
      created_at: now,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function findPicture(db: Db, id: number, urlOf: UrlOf): Promise<NewsPicture | undefined> {
  const row = await db.selectFrom('news_images').select(['id', 'stored_name', 'thumb_name', 'medium_name', 'wide_name', 'width', 'height']).where('id', '=', id).executeTakeFirst();
  return row ? pictureView(row, urlOf) : undefined;
}

/** Appointments and albums an article can be linked to: the club's public appointments of a year around today, and every album. */
export async function linkOptions(db: Db, today: string) {
  const year = Number(today.slice(0, 4));
  const from = `${year - 1}${today.slice(4, 10)} 00:00:00`;
  const to = `${year + 1}${today.slice(4, 10)} 23:59:59`;
  const [appointments, albums] = await Promise.all([
    db
      .selectFrom('appointments')
      .select(['id', 'name', 'datetime_begin'])
      .where('visibility', '=', 1)
      .where('datetime_begin', '>=', from)
      .where('datetime_begin', '<=', to)
      .orderBy('datetime_begin', 'desc')
      .limit(500)
      .execute(),
    db.selectFrom('albums').select(['id', 'name', 'section']).orderBy('id', 'desc').execute(),
  ]);
  return {
    appointments: appointments.map((row) => ({ id: Number(row.id), name: row.name, begin: row.datetime_begin })),
    albums: albums.map((row) => ({ id: Number(row.id), name: row.name, section: row.section as Section })),
  };
}

/**
 * The pictures the deleted article used (cover and body) that no other article uses: their
 * rows go in the same transaction as the article, their files once it has committed.
 */
export async function deleteArticleWithPictures(db: Db, id: number, urlOf: UrlOf): Promise<{ deleted: boolean; files: string[] }> {
  const article = await db.selectFrom('news_articles').select(['body', 'cover_image_id']).where('id', '=', id).executeTakeFirst();
  if (!article) return { deleted: false, files: [] };
  const pictures = await db.selectFrom('news_images').select(['id', 'stored_name', 'thumb_name', 'medium_name', 'wide_name']).execute();
  const usedBy = (row: { body: string; cover_image_id: number | null }) => {
    const sources = new Set(newsImageSources(JSON.parse(row.body) as NewsDocument));
    return pictures.filter((picture) => Number(row.cover_image_id) === Number(picture.id) || sources.has(urlOf(picture.stored_name)));
  };
  const candidates = usedBy(article);
  if (!(await deleteArticle(db, id))) return { deleted: false, files: [] };
  if (candidates.length === 0) return { deleted: true, files: [] };
  const others = await db.selectFrom('news_articles').select(['body', 'cover_image_id']).execute();
  const stillUsed = new Set(others.flatMap((row) => usedBy(row).map((picture) => Number(picture.id))));
  const unused = candidates.filter((picture) => !stillUsed.has(Number(picture.id)));
  if (unused.length > 0) await db.deleteFrom('news_images').where('id', 'in', unused.map((picture) => Number(picture.id))).execute();
  return { deleted: true, files: unused.flatMap((picture) => [picture.stored_name, picture.thumb_name, picture.medium_name, picture.wide_name]) };
}
