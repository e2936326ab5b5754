import { toClubDateTime } from '../../../shared/dates.ts';
import { NEWS_UNSUBSCRIBE_MESSAGES, type NewsUnsubscribeAnswer, type NewsUnsubscribeLink } from '../../../shared/newsUnsubscribe.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, formRefusal } from '../../errors.ts';
import { isLinkToken, linkTokenHash } from '../../http/link-token.ts';
import type { AppCaller } from '../../router.ts';
import type { Context } from '../../trpc/context.ts';
import { ANONYMOUS_ACTOR, REPEATED_EVENT_WINDOW_MS } from '../log/server-log.ts';
import { NEWS_UNSUBSCRIBE_PURPOSE } from './mail.ts';

/**
 * The unsubscribe link of the article mail (issue 27.4, README „Aktuelles per Mail“): the
 * page /aktuelles/abmelden/<token> is the app's (NewsUnsubscribePage), rendered on the
 * server for its one reader (pages.ts); these are its procedures. Reading the link only
 * asks (mail scanners follow links and must not unsubscribe anyone); the mutation
 * unsubscribes, called by the page's button, by its form posted without JavaScript, or by a
 * mail program's one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`) posting to the
 * page's address.
 *
 * The POST takes no CSRF header, as RFC 8058 requires: the secret in the address is what
 * authorizes it, not a session. Another site could only make a browser post a link it
 * already knows, and all it can do is switch these mails off, which the member can switch
 * on again in Meine Daten; it opens nothing and shows nothing about the member.
 */

/** Switches 'Aktuelles per Mail erhalten' on or off (Meine Daten, the link). */
export async function setNewsMailReceiving(db: Db, userId: number, receive: boolean, now: string): Promise<void> {
  if (receive) {
    await db.deleteFrom('news_mail_optouts').where('user_id', '=', userId).execute();
    return;
  }
  try {
    await db.insertInto('news_mail_optouts').values({ user_id: userId, created_at: now }).execute();
  } catch (error) {
    // Off already (another tab, a second click): nothing to change.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The member a link was sent to; a token that is no link token never reaches the database. */
async function memberOfLink(db: Db, token: string) {
  if (!isLinkToken(token)) return undefined;
  return db
    .selectFrom('news_mail_sends as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('news_mail_optouts as o', 'o.user_id', 'u.id')
    .select(['u.id', 'u.uid', 'u.prename', 'u.lastname', 'o.user_id as off'])
    .where('s.token_hash', '=', linkTokenHash(NEWS_UNSUBSCRIBE_PURPOSE, token))
    .executeTakeFirst();
}

/** One line for any number of guesses or mangled links in a while, so they cannot flood the log. */
async function logUnknownLink(ctx: Context): Promise<void> {
  await ctx.services.serverLog.writeOnce(
    'news-unsubscribe-unknown',
    ANONYMOUS_ACTOR,
    'Abmeldelink von „Aktuelles per Mail“ mit unbekanntem Schlüssel aufgerufen',
    REPEATED_EVENT_WINDOW_MS,
  );
}

const nameOf = (member: { prename: string; lastname: string }) => `${member.prename} ${member.lastname}`.trim();

/**
 * What the link's page shows: whom it is for and whether the mails are off already; null
 * for a link that names nobody, which the page shows as its own German not-found answer
 * (a failed query would give the site's generic one, and a snackbar in the browser).
 */
export async function readUnsubscribeLink(ctx: Context, token: string): Promise<NewsUnsubscribeLink | null> {
  const member = await memberOfLink(ctx.services.db, token);
  if (!member) {
    await logUnknownLink(ctx);
    return null;
  }
  return { name: nameOf(member), off: member.off !== null };
}

/** Switches the link's member's mails off; logged once, when it changes something. */
export async function unsubscribeByLink(ctx: Context, token: string): Promise<{ message: string; data: { name: string } }> {
  const { db, clock, serverLog } = ctx.services;
  const member = await memberOfLink(db, token);
  if (!member) {
    await logUnknownLink(ctx);
    throw new AppError('NOT_FOUND', NEWS_UNSUBSCRIBE_MESSAGES.unknownLink);
  }
  if (member.off === null) {
    await setNewsMailReceiving(db, member.id, false, toClubDateTime(clock.now()));
    await serverLog.write(ANONYMOUS_ACTOR, `${member.uid} (${member.prename} ${member.lastname}) hat „Aktuelles per Mail“ über den Abmeldelink ausgeschaltet`);
  }
  return { message: NEWS_UNSUBSCRIBE_MESSAGES.unsubscribed, data: { name: nameOf(member) } };
}

/**
 * POST /aktuelles/abmelden/<token>: the page's form without JavaScript or a mail program's
 * one click; both only name the link, whatever the body holds. The answer is what the page
 * renders and the HTTP status of that page; a failure of the server itself is thrown.
 */
export async function postNewsUnsubscribe(caller: AppCaller, token: string): Promise<{ status: number; answer: NewsUnsubscribeAnswer }> {
  try {
    const result = await caller.news.unsubscribe({ token });
    return { status: 200, answer: { kind: 'unsubscribed', message: result.message } };
  } catch (error) {
    const { status, body } = formRefusal(error);
    return { status, answer: { kind: 'refused', message: body.message } };
  }
}
