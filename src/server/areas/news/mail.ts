import type { FastifyBaseLogger } from 'fastify';
import { toClubDateTime } from '../../../shared/dates.ts';
import type { NewsDocument } from '../../../shared/newsDocument.ts';
import { NEWS_UNSUBSCRIBE_PATH } from '../../../shared/newsUnsubscribe.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { NO_OUTAGE, type DatabaseFailures } from '../../db/outage.ts';
import { PeriodicRounds } from '../../rounds.ts';
import { linkTokenHash, newLinkToken } from '../../http/link-token.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { Clock } from '../../services.ts';
import { readClubData } from '../club/queries.ts';
import { SYSTEM_ACTOR, type ServerLog } from '../log/server-log.ts';
import { buildArticleMail } from './mail-content.ts';

/**
 * The article mail to the members (issue 27.4, README „Aktuelles per Mail“). Whoever
 * publishes an article may choose groups; their members get it once, through the outbox.
 * The chosen groups wait in `news_mail_groups` until the article is visible: a published
 * one is mailed in the transaction that publishes it, a scheduled one by the rounds below
 * when its time has come. Each mail is claimed by its row in `news_mail_sends` (article,
 * member), inserted in the transaction that queues the mail, so a second publish, a re-save,
 * two processes or a retry never mail a member twice; the outbox then sends it at least
 * once (DESIGN §8).
 */

/** The purpose of the unsubscribe links' tokens (link-token.ts). */
export const NEWS_UNSUBSCRIBE_PURPOSE = 'news-unsubscribe';


/** How often a round looks for scheduled articles whose time has come: publishing times are whole minutes. */
export const NEWS_MAIL_INTERVAL_MS = 30_000;

export interface NewsMailContext {
  publicUrl: string;
  urlOf: (name: string) => string;
}

export interface QueuedArticleMails {
  /** Mails put into the outbox now. */
  queued: number;
  /** Members of the groups who could not be mailed: no valid address. */
  withoutAddress: number;
  /** The article's title, for the log. */
  title: string;
}

/** The chosen groups of an article replace those chosen before (a save of the dialog). */
export async function setMailGroups(trx: Db, articleId: number, groupIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('news_mail_groups').where('article_id', '=', articleId).execute();
  if (groupIds.length > 0) {
    await trx
      .insertInto('news_mail_groups')
      .values([...new Set(groupIds)].map((group_id) => ({ article_id: articleId, group_id })))
      .execute();
  }
}

/**
 * Queues the article's mails to the members of its chosen groups who have not had it,
 * have not switched these mails off and have a valid address; the chosen groups are then
 * done. Call inside a transaction. Nothing happens unless the article is visible at `now`
 * (read after locking its row, so an article withdrawn meanwhile is not mailed).
 */
export async function queueArticleMails(trx: Db, context: NewsMailContext, articleId: number, now: Date): Promise<QueuedArticleMails | undefined> {
  const stamp = toClubDateTime(now);
  // Locks the article's row first, as every save does: a save and a round take their locks in the same order.
  await trx
    .updateTable('news_articles')
    .set((eb) => ({ publish_at: eb.ref('publish_at') }))
    .where('id', '=', articleId)
    .execute();
  const article = await trx
    .selectFrom('news_articles as a')
    .leftJoin('news_images as i', 'i.id', 'a.cover_image_id')
    .select(['a.id', 'a.slug', 'a.title', 'a.teaser', 'a.body', 'a.publish_at', 'i.wide_name'])
    .where('a.id', '=', articleId)
    .executeTakeFirst();
  if (!article || article.publish_at === null || article.publish_at > stamp) return undefined;
  const groupIds = (await trx.selectFrom('news_mail_groups').select('group_id').where('article_id', '=', articleId).execute()).map((row) => row.group_id);
  if (groupIds.length === 0) return undefined;
  await trx.deleteFrom('news_mail_groups').where('article_id', '=', articleId).execute();

  const members = await trx
    .selectFrom('users as u')
    .innerJoin('user_groups as g', 'g.user_id', 'u.id')
    .leftJoin('news_mail_optouts as o', 'o.user_id', 'u.id')
    .leftJoin('news_mail_sends as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.article_id', '=', articleId))
    .select(['u.id', 'u.prename', 'u.lastname', 'u.email'])
    .distinct()
    .where('g.group_id', 'in', groupIds)
    .where('o.user_id', 'is', null)
    .where('s.user_id', 'is', null)
    .orderBy('u.id')
    .execute();

  const clubName = (await readClubData(trx)).name;
  const { publicUrl } = context;
  const result: QueuedArticleMails = { queued: 0, withoutAddress: 0, title: article.title };
  const body = JSON.parse(article.body) as NewsDocument;
  for (const member of members) {
    const to = mailboxOf(member.email.trim());
    if (to === undefined) {
      result.withoutAddress += 1;
      continue;
    }
    const token = newLinkToken();
    try {
      await trx
        .insertInto('news_mail_sends')
        .values({ article_id: articleId, user_id: member.id, token_hash: linkTokenHash(NEWS_UNSUBSCRIBE_PURPOSE, token), created_at: stamp })
        .execute();
    } catch (error) {
      // Another process mailed this member the article first.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const mail = buildArticleMail({
      clubName,
      origin: publicUrl,
      prename: member.prename,
      lastname: member.lastname,
      title: article.title,
      teaser: article.teaser,
      body,
      articleUrl: `${publicUrl}/aktuelles/${article.slug}`,
      coverUrl: article.wide_name === null ? null : `${publicUrl}${context.urlOf(article.wide_name)}`,
      unsubscribeUrl: `${publicUrl}${NEWS_UNSUBSCRIBE_PATH}/${token}`,
      accountUrl: `${publicUrl}/admin/ich`,
    });
    await enqueueMail(trx, { kind: 'news', to, ...mail }, now);
    result.queued += 1;
  }
  return result;
}

/** The log's sentence about an article's mails. */
export function queuedMailsText(articleId: number, queued: QueuedArticleMails): string {
  const mails = `${queued.queued} ${queued.queued === 1 ? 'Mail' : 'Mails'}`;
  const missing = queued.withoutAddress === 0 ? '' : `; ${queued.withoutAddress} ${queued.withoutAddress === 1 ? 'Mitglied' : 'Mitglieder'} ohne gültige E-Mail-Adresse`;
  return `Artikel ${articleId} („${queued.title}“) per Mail an die Mitglieder: ${mails} in den Postausgang gelegt${missing}`;
}

/** Articles whose chosen groups wait and whose time has come. */
async function dueArticles(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('news_mail_groups as m')
    .innerJoin('news_articles as a', 'a.id', 'm.article_id')
    .select('m.article_id')
    .distinct()
    .where('a.publish_at', 'is not', null)
    .where('a.publish_at', '<=', now)
    .orderBy('m.article_id')
    .execute();
  return rows.map((row) => row.article_id);
}

export interface NewsMailsOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  serverLog: ServerLog;
  context: NewsMailContext;
  /** Called once mails were queued: the outbox worker sends them at once. */
  onQueued: () => void;
  outage?: DatabaseFailures;
  intervalMs?: number;
}

/**
 * The rounds that mail scheduled articles when they appear, as the rounds of the duty
 * reminders: started and stopped with the app, driven by its clock; tests call runOnce.
 */
export class NewsMails {
  private readonly options: Required<NewsMailsOptions>;
  readonly #rounds: PeriodicRounds;

  constructor(options: NewsMailsOptions) {
    this.options = { intervalMs: NEWS_MAIL_INTERVAL_MS, outage: NO_OUTAGE, ...options };
    this.#rounds = new PeriodicRounds({ name: 'news mails', intervalMs: this.options.intervalMs, logger: this.options.logger, outage: this.options.outage }, () => this.runOnce());
  }

  start(): void {
    this.#rounds.start();
  }

  /** Ends the rounds; a round running now finishes first (its mails are in the outbox or not at all). */
  async stop(): Promise<void> {
    await this.#rounds.stop();
  }

  /** One round: every article that has appeared since and has groups chosen is mailed; returns the mails queued. */
  async runOnce(): Promise<number> {
    const { db, clock, serverLog, context } = this.options;
    const now = clock.now();
    let total = 0;
    for (const articleId of await dueArticles(db, toClubDateTime(now))) {
      const queued = await db.transaction().execute((trx) => queueArticleMails(trx, context, articleId, now));
      if (!queued) continue;
      total += queued.queued;
      await serverLog.write(SYSTEM_ACTOR, queuedMailsText(articleId, queued));
    }
    if (total > 0) this.options.onQueued();
    return total;
  }
}
