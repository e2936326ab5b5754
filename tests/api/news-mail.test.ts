import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { NewsMails } from '../../src/server/areas/news/mail.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import type { Clock } from '../../src/server/services.ts';
import { NEWS_MESSAGES } from '../../src/shared/schemas/news.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { jpegWithExif, postForm } from '../helpers/multipart.ts';
import { startSmtpPeer, type SmtpPeer, type ReceivedMail } from '../helpers/smtp.ts';

/**
 * The article mail to the members (issue 27.4): one mail per member of the chosen groups
 * with a valid address, through a real SMTP peer, as German text and HTML with the cover,
 * the article's link and the unsubscribe headers; nobody twice (re-save, a second publish,
 * two processes); switched off in Meine Daten or by the link without login; a scheduled
 * article mailed when it appears, not before.
 */

const ORIGIN = 'https://verein.example';
const FROM = 'Schützenverein <webmaster@verein.example>';
let now = new Date('2026-11-27T10:00:00Z');
const clock: Clock = { now: () => now };

let t: TestApp;
let peer: SmtpPeer;
let editor: { id: number; auth: { authorization: string } };
let viewer: { authorization: string };
let team: number;
let board: number;
const members: Record<string, { id: number; uid: string; auth: { authorization: string } }> = {};

async function member(prename: string, email: string, groups: number[]) {
  const created = await t.createMember(['dashboard_view']);
  await t.db.updateTable('users').set({ prename, lastname: 'Muster', email }).where('id', '=', created.id).execute();
  for (const group of groups) await t.db.insertInto('user_groups').values({ user_id: created.id, group_id: group }).execute();
  return created;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    // The unsubscribe link's page is the app's, rendered on the server (pages.ts).
    { clock, renderer: renderPage, mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }) },
    { PUBLIC_URL: ORIGIN, SMTP_URL: peer.url, MAIL_FROM: FROM },
  );
  editor = await t.createMember(['news_view', 'news_create', 'news_update', 'news_delete']);
  viewer = (await t.createMember(['news_view'])).auth;
  team = Number((await t.db.insertInto('groups').values({ name: 'Mannschaft' }).executeTakeFirstOrThrow()).insertId);
  board = Number((await t.db.insertInto('groups').values({ name: 'Vorstand' }).executeTakeFirstOrThrow()).insertId);
  members.anna = await member('Anna', 'anna@verein.example', [team]);
  members.bernd = await member('Bernd', 'bernd@verein.example', [team, board]);
  members.carla = await member('Carla', 'carla@verein.example', [board]);
  members.dieter = await member('Dieter', '', [team]);
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});

beforeEach(async () => {
  now = new Date('2026-11-27T10:00:00Z');
  peer.received.length = 0;
  await t.db.deleteFrom('news_articles').execute();
  await t.db.deleteFrom('news_mail_optouts').execute();
  await t.db.deleteFrom('mail_outbox').execute();
  await t.db.deleteFrom('log_entries').execute();
});

function trpcPost(path: string, input: unknown, headers: Record<string, string> = editor.auth) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}
function trpcGet(path: string, headers: Record<string, string>) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const paragraph = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });

function article(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sommerfest am 4. Juli',
    teaser: 'Grillen, Bogenturnier & Musik.',
    body: doc(
      paragraph('Alle sind eingeladen.'),
      paragraph('Anmeldung', [{ type: 'link', attrs: { href: 'https://verein.example/kontakt' } }]),
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Würstchen <b>& Salat</b>')] }] },
    ),
    section: 'club',
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'published',
    mailGroupIds: [team],
    ...overrides,
  };
}

async function saved(response: Awaited<ReturnType<typeof trpcPost>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data as { message: string; data: { id: number; slug: string; mailGroupIds: number[]; mailedCount: number } };
}

const send = () => t.app.services.mail.runOnce();
const recipients = () => peer.received.map((mail) => mail.envelope.to[0]).sort();
/** The headers as sent, folded lines joined (mailparser makes an object of List-Unsubscribe). */
const headersOf = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const unsubscribeUrl = (mail: ReceivedMail) => /^List-Unsubscribe: <(https:\/\/verein\.example\/aktuelles\/abmelden\/[A-Za-z0-9_-]{43})>\r?$/m.exec(headersOf(mail))?.[1];

/** The text of the app's markup in a rendered page, without tags, the head and the JSON data. */
const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('permissions', () => {
  it('news.mailGroups: 401 anonymous, 403 without news_create/news_update, allowed with them', async () => {
    expect((await trpcGet('news.mailGroups', {})).statusCode).toBe(401);
    expect((await trpcGet('news.mailGroups', viewer)).statusCode).toBe(403);
    const response = await trpcGet('news.mailGroups', editor.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual(expect.arrayContaining([{ id: team, name: 'Mannschaft', members: 3 }, { id: board, name: 'Vorstand', members: 2 }]));
  });

  it('news.mailSetting and news.setMailSetting: 401 anonymous, every member for themselves', async () => {
    expect((await trpcGet('news.mailSetting', {})).statusCode).toBe(401);
    expect((await trpcPost('news.setMailSetting', { receive: false }, {})).statusCode).toBe(401);
    expect((await trpcGet('news.mailSetting', members.anna!.auth)).json().result.data).toEqual({ receive: true, hasEmail: true });
    expect((await trpcGet('news.mailSetting', members.dieter!.auth)).json().result.data).toEqual({ receive: true, hasEmail: false });
    const off = await trpcPost('news.setMailSetting', { receive: false }, members.anna!.auth);
    expect(off.json().result.data.message).toBe('Du bekommst keine Artikel mehr per Mail.');
    expect((await trpcGet('news.mailSetting', members.anna!.auth)).json().result.data.receive).toBe(false);
    expect((await trpcGet('news.mailSetting', members.bernd!.auth)).json().result.data.receive).toBe(true);
    expect((await trpcPost('news.setMailSetting', { receive: 'nein' }, members.anna!.auth)).statusCode).toBe(400);
  });

  it('mailing follows the rights per section: a member limited to another section is refused (403) and nothing is mailed', async () => {
    const limited = await t.createMember(['news_view', 'news_create', 'news_update']);
    await t.db.insertInto('group_sections').values({ group_id: limited.groupId, section: 'gun' }).execute();
    expect((await trpcPost('news.create', article({ section: 'arch' }), limited.auth)).statusCode).toBe(403);
    expect((await trpcPost('news.create', article(), {})).statusCode).toBe(401);
    expect((await trpcPost('news.create', article(), viewer)).statusCode).toBe(403);
    const allowed = await saved(await trpcPost('news.create', article({ section: 'gun' }), limited.auth));
    expect(allowed.data.mailedCount).toBe(2);
    await send();
    expect(recipients()).toEqual(['anna@verein.example', 'bernd@verein.example']);
  });
});

describe('the mail', () => {
  it('goes once to every member of the chosen groups with an address: text and HTML, cover, link, List-Unsubscribe (RFC 8058)', async () => {
    const upload = await postForm(t, '/api/news/pictures', [{ name: 'file', filename: 'fest.jpg', content: await jpegWithExif(1600, 900) }], editor.auth);
    expect(upload.statusCode, upload.body).toBe(201);
    const cover = upload.json().data as { id: number; wideUrl: string };
    const result = await saved(await trpcPost('news.create', article({ coverImageId: cover.id, mailGroupIds: [team, board], title: 'Sommerfest <script>alert(1)</script>' })));
    expect(result.message).toBe('Artikel veröffentlicht. 3 Mails an Mitglieder in den Postausgang gelegt.');
    expect(result.data.mailedCount).toBe(3);
    expect(result.data.mailGroupIds).toEqual([]);
    expect((await send()).sent).toBe(3);
    // Bernd is in both groups and gets one mail; Dieter has no address.
    expect(recipients()).toEqual(['anna@verein.example', 'bernd@verein.example', 'carla@verein.example']);

    const mail = peer.received.find((received) => received.envelope.to[0] === 'anna@verein.example')!;
    const articleUrl = `${ORIGIN}/aktuelles/${result.data.slug}`;
    expect(mail.parsed.subject).toBe('Aktuelles: Sommerfest <script>alert(1)</script>');
    const text = mail.parsed.text!;
    expect(text).toContain('Hallo Anna Muster,');
    expect(text).toContain('Grillen, Bogenturnier & Musik.');
    expect(text).toContain('Anmeldung (https://verein.example/kontakt)');
    expect(text).toContain('- Würstchen <b>& Salat</b>');
    expect(text).toContain(`Der Artikel im Internet: ${articleUrl}`);
    const link = unsubscribeUrl(mail)!;
    expect(link).toBeDefined();
    expect(text).toContain(`Keine Artikel mehr per Mail bekommen: ${link}`);
    expect(headersOf(mail)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);

    const html = mail.parsed.html as string;
    // Escaped: the title, the list item's text; only allow-listed elements.
    expect(html).not.toMatch(/<script|<b>/i);
    expect(html).toContain('Sommerfest &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Würstchen &lt;b&gt;&amp; Salat&lt;/b&gt;');
    expect(html).toContain(`<img src="${ORIGIN}${cover.wideUrl}"`);
    expect(html).toContain(`href="${articleUrl}"`);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('<a href="https://verein.example/kontakt">Anmeldung</a>');
    // Each member has a link of their own.
    expect(new Set(peer.received.map(unsubscribeUrl)).size).toBe(3);
    // The log names the mails, never the link.
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message).join('\n');
    expect(log).toContain('per Mail an die Mitglieder: 3 Mails in den Postausgang gelegt; 1 Mitglied ohne gültige E-Mail-Adresse');
    expect(log).not.toContain('/aktuelles/abmelden/');
  });

  it('is not sent again: a re-save, a second publish with the same groups, two parallel saves, two processes', async () => {
    const first = await saved(await trpcPost('news.create', article()));
    await send();
    expect(recipients()).toEqual(['anna@verein.example', 'bernd@verein.example']);
    peer.received.length = 0;
    const again = await saved(await trpcPost('news.update', article({ id: first.data.id, title: 'Sommerfest: neue Uhrzeit' })));
    expect(again.message).toContain('Keine neue Mail');
    await Promise.all([
      trpcPost('news.update', article({ id: first.data.id, mailGroupIds: [team, board] })),
      trpcPost('news.update', article({ id: first.data.id, mailGroupIds: [team, board] })),
    ]);
    await Promise.all([send(), send()]);
    // Only Carla, who is new in the choice, once.
    expect(recipients()).toEqual(['carla@verein.example']);
    expect(Number((await t.db.selectFrom('news_mail_sends').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);

    // A withdrawn and republished article, and a second process's round: nobody twice.
    await saved(await trpcPost('news.update', article({ id: first.data.id, state: 'draft', mailGroupIds: [] })));
    await saved(await trpcPost('news.update', article({ id: first.data.id, mailGroupIds: [team, board] })));
    const other = new NewsMails({ db: t.db, clock, logger: t.app.log, serverLog: t.app.services.serverLog, context: { publicUrl: ORIGIN, urlOf: (name) => `/files/${name}` }, onQueued: () => {} });
    expect(await other.runOnce()).toBe(0);
    await send();
    expect(peer.received).toHaveLength(1);
  });

  it('a draft cannot choose groups, an unknown group is named: German messages, nothing saved', async () => {
    const draft = await trpcPost('news.create', article({ state: 'draft' }));
    expect(draft.statusCode).toBe(400);
    expect(draft.body).toContain(NEWS_MESSAGES.mailOnlyWhenPublished);
    const unknown = await trpcPost('news.create', article({ mailGroupIds: [999_999] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(NEWS_MESSAGES.unknownMailGroup);
    expect(await t.db.selectFrom('news_articles').select('id').execute()).toEqual([]);
  });
});

describe('a scheduled article', () => {
  it('is mailed by the round when it appears, not before, and once', async () => {
    const scheduled = await saved(await trpcPost('news.create', article({ state: 'scheduled', publishAt: '2026-11-27 12:00:00' })));
    expect(scheduled.message).toBe('Artikel geplant. Die Mail an die Mitglieder geht hinaus, wenn er erscheint.');
    expect(scheduled.data.mailGroupIds).toEqual([team]);
    const rounds = t.app.services.newsMails;
    expect(await rounds.runOnce()).toBe(0);
    now = new Date('2026-11-27T10:59:00Z'); // 11:59 club time
    expect(await rounds.runOnce()).toBe(0);
    await send();
    expect(peer.received).toEqual([]);
    now = new Date('2026-11-27T11:00:30Z');
    expect(await rounds.runOnce()).toBe(2);
    expect(await rounds.runOnce()).toBe(0);
    await send();
    expect(recipients()).toEqual(['anna@verein.example', 'bernd@verein.example']);
    const log = (await t.db.selectFrom('log_entries').select(['actor', 'message']).execute()).find((row) => row.message.includes('per Mail an die Mitglieder'));
    expect(log).toMatchObject({ actor: 'System' });
  });

  it('withdrawn before its time is not mailed', async () => {
    const scheduled = await saved(await trpcPost('news.create', article({ state: 'scheduled', publishAt: '2026-11-27 12:00:00' })));
    await saved(await trpcPost('news.update', article({ id: scheduled.data.id, state: 'draft', mailGroupIds: [] })));
    now = new Date('2026-11-27T12:00:00Z');
    expect(await t.app.services.newsMails.runOnce()).toBe(0);
  });
});

describe('switching the mails off', () => {
  it('in Meine Daten: the member gets no article mail', async () => {
    await trpcPost('news.setMailSetting', { receive: false }, members.anna!.auth);
    await saved(await trpcPost('news.create', article()));
    await send();
    expect(recipients()).toEqual(['bernd@verein.example']);
    // On again: the next article reaches her.
    await trpcPost('news.setMailSetting', { receive: true }, members.anna!.auth);
    await saved(await trpcPost('news.create', article({ title: 'Neue Trainingszeiten' })));
    await send();
    expect(recipients()).toEqual(['anna@verein.example', 'bernd@verein.example', 'bernd@verein.example']);
  });

  it('by the link without login: GET asks, POST unsubscribes (also RFC 8058 one-click), a wrong token is a German 404', async () => {
    await saved(await trpcPost('news.create', article()));
    await send();
    const linkOf = (address: string) => new URL(unsubscribeUrl(peer.received.find((received) => received.envelope.to[0] === address)!)!).pathname;
    const path = linkOf('anna@verein.example');
    const forOneReader = (response: Awaited<ReturnType<typeof t.inject>>) => {
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    };

    const clubName = (await trpcGet('club.profile', {})).json().result.data.name as string;
    const keptBefore = t.app.services.publicCache.stats.answers;
    const asked = await t.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    forOneReader(asked);
    // The app's page in the public layout, its button a plain form posted to the page's own address.
    expect(textOf(asked.body)).toContain('Keine Artikel mehr per Mail?');
    expect(textOf(asked.body)).toContain(`Hallo Anna Muster, willst du keine neuen Artikel von „${clubName}“ mehr per Mail bekommen?`);
    const form = /<form[^>]*>/.exec(asked.body)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${path}"`);
    expect(asked.body).toMatch(/<button[^>]*type="submit"[^>]*>Abmelden/);
    expect(asked.body).toContain('<meta name="robots" content="noindex"');
    // The link's secret appears only in the form's own address, never in the head (og:url, canonical).
    expect(asked.body.split('</head>')[0]).not.toContain(path.split('/').pop()!);
    // Asking changes nothing (mail scanners follow links), and a second look is rendered afresh, never kept.
    expect((await trpcGet('news.mailSetting', members.anna!.auth)).json().result.data.receive).toBe(true);
    expect(t.app.services.publicCache.stats.answers).toBe(keptBefore);

    // The mail program's one click: a form post without cookie or CSRF header.
    const clicked = await t.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(clicked.statusCode).toBe(200);
    forOneReader(clicked);
    expect(textOf(clicked.body)).toContain('Abgemeldet');
    expect(textOf(clicked.body)).toContain('Hallo Anna Muster, du bekommst keine Artikel mehr per Mail.');
    expect(textOf(clicked.body)).toContain('In „Meine Daten“ kannst du das jederzeit wieder einschalten');
    expect((await trpcGet('news.mailSetting', members.anna!.auth)).json().result.data.receive).toBe(false);
    // The page's button again: still off, logged once.
    const again = await t.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(200);
    expect(textOf(again.body)).toContain('du bekommst keine Artikel mehr per Mail');
    const off = await t.inject({ method: 'GET', url: path });
    expect(textOf(off.body)).toContain('Bereits abgemeldet');
    expect(off.body).not.toMatch(/<button[^>]*type="submit"[^>]*>Abmelden/);
    const lines = (await t.db.selectFrom('log_entries').select('message').execute()).filter((row) => row.message.includes('über den Abmeldelink'));
    expect(lines.map((row) => row.message)).toEqual([`${members.anna!.uid} (Anna Muster) hat „Aktuelles per Mail“ über den Abmeldelink ausgeschaltet`]);

    // RFC 8058 allows multipart/form-data too.
    const multipart = await postForm(t, linkOf('bernd@verein.example'), [{ name: 'List-Unsubscribe', value: 'One-Click' }], {});
    expect(multipart.statusCode).toBe(200);
    expect(textOf(multipart.body)).toContain('Hallo Bernd Muster, du bekommst keine Artikel mehr per Mail.');
    expect((await trpcGet('news.mailSetting', members.bernd!.auth)).json().result.data.receive).toBe(false);

    // With JavaScript the page asks and unsubscribes through the same procedures: public, the link's secret authorizes.
    await t.db.deleteFrom('news_mail_optouts').execute();
    const token = path.split('/').pop()!;
    const linkQuery = (input: unknown) => trpcGet(`news.unsubscribeLink?input=${encodeURIComponent(JSON.stringify(input))}`, {});
    expect((await linkQuery({ token })).json().result.data).toEqual({ name: 'Anna Muster', off: false });
    const byProcedure = await trpcPost('news.unsubscribe', { token }, {});
    expect(byProcedure.statusCode).toBe(200);
    expect(byProcedure.json().result.data).toEqual({ message: 'Du bekommst keine Artikel mehr per Mail.', data: { name: 'Anna Muster' } });
    expect((await linkQuery({ token })).json().result.data).toEqual({ name: 'Anna Muster', off: true });
    expect((await trpcGet('news.mailSetting', members.anna!.auth)).json().result.data.receive).toBe(false);
    // A token of another kind of link, or none: nobody (the query's null is the page's 404), refused in German.
    expect((await linkQuery({ token: 'A'.repeat(43) })).json().result.data).toBeNull();
    const unknown = await trpcPost('news.unsubscribe', { token: 'kurz' }, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.');
    expect((await trpcPost('news.unsubscribe', { token: 'A'.repeat(1001) }, {})).statusCode).toBe(400);
    expect((await trpcPost('news.unsubscribe', {}, {})).statusCode).toBe(400);

    for (const wrong of [`/aktuelles/abmelden/${'A'.repeat(43)}`, '/aktuelles/abmelden/kurz', `/aktuelles/abmelden/${'A'.repeat(1000)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const refused = await t.inject({ method, url: wrong, ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' } : {}) });
        expect(refused.statusCode, `${method} ${wrong}`).toBe(404);
        forOneReader(refused);
        // The page's own German answer, not the site's generic one.
        expect(textOf(refused.body)).toContain('Link ungültig');
        expect(textOf(refused.body)).toContain('Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.');
        expect(refused.body).toMatch(/<a[^>]*href="\/admin\/ich"[^>]*>Meine Daten<\/a>/);
        expect(textOf(refused.body)).not.toContain('Seite nicht gefunden');
      }
    }
    // Guesses and mangled links (by the procedures and by the page): one line for all of them in a while.
    const unknownLines = (await t.db.selectFrom('log_entries').select('message').execute()).filter((row) => row.message.includes('unbekanntem Schlüssel'));
    expect(unknownLines).toHaveLength(1);
  });

  it('a member deleted takes their sends and their setting with them', async () => {
    const gone = await member('Gerd', 'gerd@verein.example', [team]);
    await trpcPost('news.setMailSetting', { receive: false }, gone.auth);
    await trpcPost('news.setMailSetting', { receive: true }, gone.auth);
    await saved(await trpcPost('news.create', article()));
    await trpcPost('news.setMailSetting', { receive: false }, gone.auth);
    expect(await t.db.selectFrom('news_mail_sends').select('user_id').where('user_id', '=', gone.id).execute()).toHaveLength(1);
    const deleted = await trpcPost('users.delete', { ref: gone.uid }, t.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.selectFrom('news_mail_sends').select('user_id').where('user_id', '=', gone.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('news_mail_optouts').select('user_id').where('user_id', '=', gone.id).execute()).toEqual([]);
  });
});
