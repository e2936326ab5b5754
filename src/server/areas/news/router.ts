import { z } from 'zod';
import type { Section } from '../../../shared/constants.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { NEWS_ON_HOME, NEWS_STATE_LABELS, newsStateOf } from '../../../shared/news.ts';
import {
  NEWS_MESSAGES,
  newsArticleInput,
  newsCoverFromGalleryInput,
  newsIdInput,
  newsListInput,
  newsMailQueuedMessage,
  newsSaveInput,
} from '../../../shared/schemas/news.ts';
import { NEWS_MAIL_SETTING_MESSAGES, newsMailSettingInput, newsUnsubscribeInput } from '../../../shared/schemas/newsMail.ts';
import { imageListInput } from '../../../shared/schemas/galleries.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { receivedPicture } from '../../storage/schema.ts';
import { removeStoredFiles, storeAllWithRows, type ReceivedPicture } from '../../storage/storage.ts';
import type { Context } from '../../trpc/context.ts';
import { authedProcedure, can, canAny, canIn, publicProcedure, router, sharedReadProcedure } from '../../trpc/index.ts';
import { mailboxOf } from '../../mail/outbox.ts';
import { listImages } from '../galleries/queries.ts';
import { readUnsubscribeLink, setNewsMailReceiving, unsubscribeByLink } from './unsubscribe.ts';
import { queueArticleMails, queuedMailsText, setMailGroups, type QueuedArticleMails } from './mail.ts';
import { NEWS_CACHE_AREA, latestNews, publicNewsArticle, publicNewsLinksCached, publicNewsPage } from './cache.ts';
import {
  deleteArticleWithPictures,
  findArticle,
  findPicture,
  freeSlug,
  insertArticle,
  insertPicture,
  linkOptions,
  listArticles,
  mailGroupOptions,
  updateArticle,
  type ArticleValues,
} from './queries.ts';

/** The picture the upload route received, made into its files (renditions.ts 'newsPicture'); JSON never makes one. */
export const newsPictureInput = z.object({
  file: receivedPicture('newsPicture', NEWS_MESSAGES.missingPicture),
});

const nowOf = (ctx: Context) => toClubDateTime(ctx.services.clock.now());

/** The article's links must name things that exist: a clear message instead of a foreign key's refusal. */
async function checkReferences(db: Db, input: z.output<typeof newsSaveInput>): Promise<void> {
  if (input.coverImageId !== null && !(await db.selectFrom('news_images').select('id').where('id', '=', input.coverImageId).executeTakeFirst())) {
    throw AppError.field('coverImageId', NEWS_MESSAGES.unknownCover);
  }
  if (input.appointmentId !== null && !(await db.selectFrom('appointments').select('id').where('id', '=', input.appointmentId).executeTakeFirst())) {
    throw AppError.field('appointmentId', NEWS_MESSAGES.unknownAppointment);
  }
  if (input.albumId !== null && !(await db.selectFrom('albums').select('id').where('id', '=', input.albumId).executeTakeFirst())) {
    throw AppError.field('albumId', NEWS_MESSAGES.unknownAlbum);
  }
}

/**
 * When the article appears: a draft never; 'published' now, or when it already appeared,
 * then (its date stays); 'scheduled' at the chosen time, which must lie ahead.
 */
function publishAtOf(input: z.output<typeof newsSaveInput>, previous: string | null, now: string): string | null {
  if (input.state === 'draft') return null;
  if (input.state === 'published') return previous !== null && previous <= now ? previous : now;
  const chosen = input.publishAt!;
  if (chosen <= now) throw AppError.field('publishAt', NEWS_MESSAGES.publishAtPast);
  return chosen;
}

function savedMessage(publishAt: string | null, now: string, mail: { queued: QueuedArticleMails | undefined; waiting: boolean }): string {
  const state = newsStateOf(publishAt, now);
  const saved = state === 'published' ? NEWS_MESSAGES.published : state === 'scheduled' ? NEWS_MESSAGES.scheduled : NEWS_MESSAGES.saved;
  if (mail.queued) return `${saved}. ${newsMailQueuedMessage(mail.queued.queued)}`;
  return mail.waiting ? `${saved}. Die Mail an die Mitglieder geht hinaus, wenn er erscheint.` : saved;
}

/** The chosen groups must exist: a clear message instead of a foreign key's refusal. */
async function checkMailGroups(db: Db, groupIds: readonly number[]): Promise<void> {
  if (groupIds.length === 0) return;
  const found = await db.selectFrom('groups').select('id').where('id', 'in', [...groupIds]).execute();
  if (found.length !== new Set(groupIds).size) throw AppError.field('mailGroupIds', NEWS_MESSAGES.unknownMailGroup);
}

const mailContextOf = (ctx: Context) => ({ publicUrl: ctx.services.config.publicUrl, urlOf: ctx.services.storage.urlOf });

/**
 * The chosen groups replace those chosen before, and an article that is visible now is
 * mailed to them in the transaction that saves it (a scheduled one by the rounds of
 * mail.ts when it appears).
 */
async function saveMailChoice(trx: Db, ctx: Context, articleId: number, groupIds: readonly number[]): Promise<QueuedArticleMails | undefined> {
  await setMailGroups(trx, articleId, groupIds);
  return groupIds.length === 0 ? undefined : queueArticleMails(trx, mailContextOf(ctx), articleId, ctx.services.clock.now());
}

/** After the commit: the outbox sends at once, and the log names the mails. */
async function afterMailChoice(ctx: Context, articleId: number, queued: QueuedArticleMails | undefined): Promise<void> {
  if (!queued) return;
  if (queued.queued > 0) ctx.services.mail.wake();
  await ctx.log(queuedMailsText(articleId, queued));
}

function logState(publishAt: string | null, now: string): string {
  const state = newsStateOf(publishAt, now);
  return state === 'scheduled' ? `${NEWS_STATE_LABELS.scheduled} für ${publishAt}` : NEWS_STATE_LABELS[state];
}

/** Stores a picture's files (display, thumbnail, 800 px WebP, 1200 px JPEG), files before the row. */
async function storePicture(ctx: Context, picture: ReceivedPicture, name: string) {
  const { db, storage } = ctx.services;
  const display = picture.rendition('display');
  const files = ['display', 'thumbnail', 'medium', 'wide'].map((purpose) => picture.rendition(purpose).file);
  return storeAllWithRows(storage, files, async ([storedName, thumbName, mediumName, wideName]) => {
    const id = await insertPicture(
      db,
      { name, storedName: storedName!, thumbName: thumbName!, mediumName: mediumName!, wideName: wideName!, width: display.width, height: display.height },
      nowOf(ctx),
    );
    return (await findPicture(db, id, storage.urlOf))!;
  });
}

/** The stored article's section, or undefined when there is none (the procedure answers 404). */
async function sectionOfArticle(db: Db, id: number): Promise<Section | undefined> {
  return (await db.selectFrom('news_articles').select('section').where('id', '=', id).executeTakeFirst())?.section as Section | undefined;
}

export const newsRouter = router({
  /** One page of /aktuelles, optionally of one section (`sparte`). */
  publicList: sharedReadProcedure.input(newsListInput).query(({ ctx, input }) => publicNewsPage(ctx.services, input?.sparte, input?.seite ?? 1)),

  /** The newest three for the home page. */
  publicLatest: sharedReadProcedure.query(({ ctx }) => latestNews(ctx.services, NEWS_ON_HOME)),

  /** One visible article, or the address it moved to, or neither (the page says 404). */
  publicArticle: sharedReadProcedure
    .input(newsArticleInput)
    .query(({ ctx, input }) => publicNewsArticle(ctx.services, input.slug, (value) => ctx.sharedRead?.builtFrom(value))),

  /** The visible articles linked to appointments and albums, which link back to them. */
  publicLinks: sharedReadProcedure.query(({ ctx }) => publicNewsLinksCached(ctx.services)),

  // The back office reads the database itself: an editor must see what was just saved.
  list: can('news_view').query(async ({ ctx }) => ({ articles: await listArticles(ctx.services.db, ctx.services.storage.urlOf, nowOf(ctx)) })),

  get: can('news_view')
    .input(newsIdInput)
    .query(({ ctx, input }) => findArticle(ctx.services.db, ctx.services.storage.urlOf, input.id, nowOf(ctx))),

  /** What an article can be linked to: appointments of a year around today and every album. */
  linkOptions: can('news_view').query(({ ctx }) => linkOptions(ctx.services.db, nowOf(ctx).slice(0, 10))),

  /** The pictures of a gallery album, to choose a cover from. */
  galleryPictures: can('news_view')
    .input(imageListInput)
    .query(({ ctx, input }) => listImages(ctx.services.db, ctx.services.storage.urlOf, { albumId: input?.album_id, section: input?.section })),

  /** A new article; whoever writes it is its author. */
  // Rights per section (issue 28.1): a section head writes only their section's articles.
  create: canIn('news_create', newsSaveInput, (input) => input.section)
    .mutation(async ({ ctx, input }) => {
      if (input.id !== undefined) throw AppError.field('id', NEWS_MESSAGES.notFound);
      const { db, storage, publicCache } = ctx.services;
      const now = nowOf(ctx);
      await checkReferences(db, input);
      await checkMailGroups(db, input.mailGroupIds);
      const publishAt = publishAtOf(input, null, now);
      const { article, queued } = await db.transaction().execute(async (trx) => {
        const values: ArticleValues = { ...input, slug: await freeSlug(trx, input.title, undefined), publishAt };
        const id = await insertArticle(trx, values, ctx.user.id, now);
        const queued = await saveMailChoice(trx, ctx, id, input.mailGroupIds);
        return { article: await findArticle(trx, storage.urlOf, id, now), queued };
      });
      publicCache.invalidate(NEWS_CACHE_AREA);
      await ctx.log(`Artikel ${article.id} („${article.title}“) angelegt: ${logState(publishAt, now)}`);
      await afterMailChoice(ctx, article.id, queued);
      return { message: savedMessage(publishAt, now, { queued, waiting: article.mailGroupIds.length > 0 }), data: article };
    }),

  /** Saves, publishes, schedules or withdraws an article; its address follows the title (old ones redirect). */
  // Moving an article to another section needs the rights of both.
  update: canIn('news_update', newsSaveInput.refine((value) => value.id !== undefined, { error: NEWS_MESSAGES.notFound, path: ['id'] }), async (input, ctx) => [
    await sectionOfArticle(ctx.services.db, input.id!),
    input.section,
  ])
    .mutation(async ({ ctx, input }) => {
      const { db, storage, publicCache } = ctx.services;
      const now = nowOf(ctx);
      const id = input.id!;
      await checkReferences(db, input);
      await checkMailGroups(db, input.mailGroupIds);
      const { before, article, publishAt, queued } = await db.transaction().execute(async (trx) => {
        const previous = await findArticle(trx, storage.urlOf, id, now);
        const publishAt = publishAtOf(input, previous.publishAt, now);
        const slug = previous.title === input.title ? previous.slug : await freeSlug(trx, input.title, id);
        await updateArticle(trx, id, { ...input, slug, publishAt }, { slug: previous.slug, wasVisible: previous.state === 'published' }, now);
        const queued = await saveMailChoice(trx, ctx, id, input.mailGroupIds);
        return { before: previous, article: await findArticle(trx, storage.urlOf, id, now), publishAt, queued };
      });
      publicCache.invalidate(NEWS_CACHE_AREA);
      const moved = before.slug === article.slug ? '' : `, Adresse ${before.slug} → ${article.slug}`;
      await ctx.log(`Artikel ${article.id} („${article.title}“) gespeichert: ${logState(publishAt, now)}${moved}`);
      await afterMailChoice(ctx, article.id, queued);
      return { message: savedMessage(publishAt, now, { queued, waiting: article.mailGroupIds.length > 0 }), data: article };
    }),

  delete: canIn('news_delete', newsIdInput, (input, ctx) => sectionOfArticle(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage, publicCache } = ctx.services;
      const article = await findArticle(db, storage.urlOf, input.id, nowOf(ctx));
      // Its pictures that no other article shows go with it; the files once the rows are gone.
      const { deleted, files } = await db.transaction().execute((trx) => deleteArticleWithPictures(trx, input.id, storage.urlOf));
      if (!deleted) throw new AppError('NOT_FOUND', NEWS_MESSAGES.notFound);
      await removeStoredFiles(storage, files, (message) => ctx.log(message));
      publicCache.invalidate(NEWS_CACHE_AREA);
      await ctx.log(`Artikel ${article.id} („${article.title}“) gelöscht`);
      return { message: NEWS_MESSAGES.deleted, data: { id: article.id } };
    }),

  /** The groups an article can be mailed to (issue 27.4), with their number of members. */
  mailGroups: canAny('news_create', 'news_update').query(({ ctx }) => mailGroupOptions(ctx.services.db)),

  /** 'Aktuelles per Mail erhalten' in Meine Daten: on unless the member switched it off. */
  mailSetting: authedProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services;
    const optout = await db.selectFrom('news_mail_optouts').select('user_id').where('user_id', '=', ctx.user.id).executeTakeFirst();
    const user = await db.selectFrom('users').select('email').where('id', '=', ctx.user.id).executeTakeFirst();
    return { receive: optout === undefined, hasEmail: user !== undefined && mailboxOf(user.email.trim()) !== undefined };
  }),

  setMailSetting: authedProcedure.input(newsMailSettingInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    await setNewsMailReceiving(db, ctx.user.id, input.receive, nowOf(ctx));
    await ctx.log(input.receive ? 'Aktuelles per Mail eingeschaltet' : 'Aktuelles per Mail ausgeschaltet');
    return { message: input.receive ? NEWS_MAIL_SETTING_MESSAGES.on : NEWS_MAIL_SETTING_MESSAGES.off, data: { receive: input.receive } };
  }),

  /**
   * The mail's unsubscribe link without login (unsubscribe.ts): the secret in the link is
   * what authorizes, so both are public; each answers for one reader and is never kept.
   */
  unsubscribeLink: publicProcedure.input(newsUnsubscribeInput).query(({ ctx, input }) => readUnsubscribeLink(ctx, input.token)),

  unsubscribe: publicProcedure.input(newsUnsubscribeInput).mutation(({ ctx, input }) => unsubscribeByLink(ctx, input.token)),

  /** Asked by the upload route before a byte is read. */
  checkUpload: canAny('news_create', 'news_update').query(() => ({ allowed: true })),

  /** A picture for an article (cover or body), from POST /api/news/pictures. */
  createPicture: canAny('news_create', 'news_update')
    .input(newsPictureInput)
    .mutation(async ({ ctx, input }) => {
      const picture = await storePicture(ctx, input.file, input.file.originalName);
      await ctx.log(`Bild ${picture.id} (${input.file.originalName}) für Aktuelles hochgeladen`);
      return { message: NEWS_MESSAGES.pictureStored, data: picture };
    }),

  /** A gallery picture as an article's picture: copied, so the article keeps it when the album goes. */
  pictureFromGallery: canAny('news_create', 'news_update')
    .input(newsCoverFromGalleryInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const image = await db.selectFrom('images').select(['id', 'name', 'stored_name']).where('id', '=', input.imageId).executeTakeFirst();
      const path = image ? storage.pathOf(image.stored_name) : undefined;
      if (!image || !path) throw AppError.field('imageId', NEWS_MESSAGES.unknownImage);
      // Made as an upload of an article's picture is; the gallery keeps its own file.
      const picture = await storage.render(path, 'newsPicture', image.name);
      try {
        const stored = await storePicture(ctx, picture, image.name);
        await ctx.log(`Bild ${stored.id} aus Galeriebild ${image.id} (${image.name}) für Aktuelles übernommen`);
        return { message: NEWS_MESSAGES.pictureStored, data: stored };
      } finally {
        await storage.discard(picture);
      }
    }),
});
