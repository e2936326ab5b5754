import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { toClubDateTime } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isLinkToken, linkTokenHash } from '../../http/link-token.ts';
import { readClubData } from '../club/queries.ts';
import { ANONYMOUS_ACTOR, REPEATED_EVENT_WINDOW_MS } from '../log/server-log.ts';
import { escapeHtml } from './mail-content.ts';
import { NEWS_UNSUBSCRIBE_PATH, NEWS_UNSUBSCRIBE_PURPOSE } from './mail.ts';

/**
 * The unsubscribe link of the article mail (issue 27.4, README „Aktuelles per Mail“): a
 * page of its own, rendered here without the app and without a script, so it works in any
 * mail program's browser. GET only asks (mail scanners follow links and must not
 * unsubscribe anyone); POST unsubscribes, from the page's button or, without a page, from a
 * mail program's one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`).
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

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1f1f1f;background:#f5f5f5}
main{box-sizing:border-box;max-width:36rem;margin:0 auto;padding:1.5rem 1rem;overflow-wrap:anywhere}
.card{background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:#1565c0;border:0;border-radius:4px;padding:.75rem 1.25rem;min-height:48px;cursor:pointer;max-width:100%}
button:focus-visible,a:focus-visible{outline:3px solid #0d47a1;outline-offset:2px}
a{color:#0d47a1}`;

function page(title: string, clubName: string, content: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(clubName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><a href="/home">${escapeHtml(clubName)}</a></p>
<div class="card">
<h1>${escapeHtml(title)}</h1>
${content}
</div>
</main>
</body>
</html>
`;
}

/** Never kept, and the address (with its secret) is sent nowhere as a Referer. */
function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

const ACCOUNT_HINT = '<p>In „Meine Daten“ kannst du das jederzeit wieder einschalten: <a href="/admin/ich">Meine Daten</a> (mit Anmeldung).</p>';

export const newsUnsubscribeRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  // RFC 8058 posts `List-Unsubscribe=One-Click` as a form; its content is not needed, the address says everything.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  }

  async function notFound(reply: FastifyReply) {
    await services.serverLog.writeOnce(
      'news-unsubscribe-unknown',
      ANONYMOUS_ACTOR,
      'Abmeldelink von „Aktuelles per Mail“ mit unbekanntem Schlüssel aufgerufen',
      REPEATED_EVENT_WINDOW_MS,
    );
    const clubName = (await readClubData(services.db)).name;
    return send(
      reply,
      404,
      page(
        'Link ungültig',
        clubName,
        '<p>Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.</p><p>Angemeldete Mitglieder schalten die Mails unter „Meine Daten“ aus: <a href="/admin/ich">Meine Daten</a>.</p>',
      ),
    );
  }

  app.get<{ Params: { token: string } }>(`${NEWS_UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    const { db } = services;
    const member = await memberOfLink(db, request.params.token);
    if (!member) return notFound(reply);
    const clubName = (await readClubData(db)).name;
    const name = escapeHtml(`${member.prename} ${member.lastname}`.trim());
    if (member.off !== null) {
      return send(reply, 200, page('Bereits abgemeldet', clubName, `<p>Hallo ${name}, du bekommst keine Artikel mehr per Mail.</p>${ACCOUNT_HINT}`));
    }
    return send(
      reply,
      200,
      page(
        'Keine Artikel mehr per Mail?',
        clubName,
        `<p>Hallo ${name}, willst du keine neuen Artikel von „${escapeHtml(clubName)}“ mehr per Mail bekommen?</p>
<form method="post"><button type="submit">Abmelden</button></form>
<p>Die Artikel stehen weiter unter <a href="/aktuelles">Aktuelles</a>.</p>`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>(`${NEWS_UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    const { db, clock, serverLog } = services;
    const member = await memberOfLink(db, request.params.token);
    if (!member) return notFound(reply);
    if (member.off === null) {
      await setNewsMailReceiving(db, member.id, false, toClubDateTime(clock.now()));
      await serverLog.write(ANONYMOUS_ACTOR, `${member.uid} (${member.prename} ${member.lastname}) hat „Aktuelles per Mail“ über den Abmeldelink ausgeschaltet`);
    }
    const clubName = (await readClubData(db)).name;
    const name = escapeHtml(`${member.prename} ${member.lastname}`.trim());
    return send(reply, 200, page('Abgemeldet', clubName, `<p>Hallo ${name}, du bekommst keine Artikel mehr per Mail.</p>${ACCOUNT_HINT}`));
  });
};
