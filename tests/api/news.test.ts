import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import type { Clock } from '../../src/server/services.ts';
import { NEWS_DOCUMENT_MESSAGES } from '../../src/shared/schemas/newsDocument.ts';
import { NEWS_MESSAGES } from '../../src/shared/schemas/news.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import sharp from 'sharp';
import { HTML_PAGE, filesIn, jpegWithExif, png, postForm } from '../helpers/multipart.ts';

/**
 * The club's news (issue 27.1–27.3): articles saved, published, scheduled and deleted by
 * members with the news permissions, the body validated against the allow-list, the
 * public list, article pages, home page, feed and sitemap, which never show a draft or a
 * future article, not even from a kept answer, and show a scheduled one at its time.
 */

const ORIGIN = 'https://verein.example';
let now = new Date('2026-11-27T10:00:00Z');
const setNow = (iso: string) => void (now = new Date(iso));
const clock: Clock = { now: () => now };

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['news_view', 'news_create', 'news_update', 'news_delete'])).auth;
  viewer = (await t.createMember(['news_view'])).auth;
  outsider = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
});
afterAll(() => t.close());

function doc(...content: unknown[]): unknown {
  return { type: 'doc', content };
}
const paragraph = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });

function trpcPost(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}
function trpcGet(path: string, input?: unknown, headers: Record<string, string> = {}) {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
}

function article(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Kreismeisterschaft 2026',
    teaser: 'Drei Titel für unsere Bogenschützen.',
    body: doc(paragraph('Ein großer Tag für den Verein.')),
    section: 'arch',
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'published',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await trpcPost('news.create', article(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data as { id: number; slug: string; state: string; publishAt: string | null };
}

const page = (url: string) => t.inject({ method: 'GET', url });

describe('permissions', () => {
  it('refuses anonymous (401) and members without the permission (403), allows with it', async () => {
    expect((await trpcPost('news.create', article(), {})).statusCode).toBe(401);
    expect((await trpcPost('news.create', article(), outsider)).statusCode).toBe(403);
    expect((await trpcPost('news.create', article(), viewer)).statusCode).toBe(403);
    expect((await trpcGet('news.list', undefined, {})).statusCode).toBe(401);
    expect((await trpcGet('news.list', undefined, outsider)).statusCode).toBe(403);
    expect((await trpcGet('news.list', undefined, viewer)).statusCode).toBe(200);
  });

  it('lists the news permissions in GET /api/permissions', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/permissions', headers: t.admin });
    expect(response.statusCode).toBe(200);
    const names = JSON.stringify(response.json());
    for (const name of ['news_view', 'news_create', 'news_update', 'news_delete']) expect(names).toContain(name);
  });
});

describe('saving and publishing', () => {
  it('publishes an article: slug from the title, shown on /aktuelles, its page and the home page, logged', async () => {
    const saved = await create({ title: 'Sommerfest am 5. Juli – Einladung!' });
    expect(saved.slug).toBe('sommerfest-am-5-juli-einladung');
    expect(saved.state).toBe('published');
    const list = await trpcGet('news.publicList');
    expect(list.json().result.data.articles.map((entry: { slug: string }) => entry.slug)).toContain(saved.slug);
    const articlePage = await page(`/aktuelles/${saved.slug}`);
    expect(articlePage.statusCode).toBe(200);
    expect(articlePage.body).toContain('Sommerfest am 5. Juli – Einladung!');
    expect(articlePage.body).toContain(`<link rel="canonical" href="${ORIGIN}/aktuelles/${saved.slug}" />`);
    const home = (await page('/home')).body;
    expect(home).toContain('Sommerfest am 5. Juli – Einladung!');
    // The home page hands the browser titles and teasers, never whole bodies.
    expect(home).not.toContain('Ein großer Tag für den Verein.');
    const log = await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log.message).toContain(`Artikel ${saved.id} („Sommerfest am 5. Juli – Einladung!“) angelegt: Veröffentlicht`);
  });
});

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

describe('the body allow-list', () => {
  async function refusal(body: unknown) {
    const response = await trpcPost('news.create', article({ title: `Feindlich ${Math.random()}`, body }));
    return { status: response.statusCode, message: response.json<{ error?: { message: string } }>().error?.message };
  }

  it('refuses scripts, iframes, HTML marks and dangerous links with German messages', async () => {
    expect(await refusal(doc({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.node('script') });
    expect(await refusal(doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.node('iframe') });
    expect(await refusal(doc(paragraph('x', [{ type: 'html', attrs: { value: '<b>' } }])))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.mark('html') });
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', ' javascript:alert(1)', 'vbscript:x', '//evil.example']) {
      expect(await refusal(doc(paragraph('Klick', [{ type: 'link', attrs: { href } }])))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.link });
    }
    expect(await refusal(doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: '' } }))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.image });
    expect(await refusal(doc({ type: 'image', attrs: { src: 'data:image/png;base64,AAAA', alt: '' } }))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.image });
    expect(await refusal(doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Groß' }] }))).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.heading });
    expect(await refusal('<p onclick="alert(1)">Hallo</p>')).toEqual({ status: 400, message: NEWS_DOCUMENT_MESSAGES.invalid });
  });

  it('refuses 10,000 nested lists and a 5 MB document (over HTTP by size, through a caller by depth and size)', async () => {
    // Written as text: JSON.stringify itself would run out of stack on 10,000 levels.
    const levels = 10_000;
    const nestedJson = `{"type":"doc","content":[${'{"type":"bulletList","content":[{"type":"listItem","content":['.repeat(levels)}${JSON.stringify(paragraph('tief'))}${']}]}'.repeat(levels)}]}`;
    const input = JSON.stringify(article()).replace('"body":', `"body":${nestedJson},"unused":`);
    const deep = await t.inject({ method: 'POST', url: '/trpc/news.create', headers: { ...editor, 'content-type': 'application/json' }, payload: input });
    expect(deep.statusCode).toBe(413);
    const caller = await t.callerAs(1);
    await expect(caller.news.create(article({ body: JSON.parse(nestedJson) as unknown }) as never)).rejects.toThrow(NEWS_DOCUMENT_MESSAGES.tooDeep);
    const huge = doc(...Array.from({ length: 100 }, () => paragraph('x'.repeat(50_000))));
    expect((await trpcPost('news.create', article({ body: huge }))).statusCode).toBe(413);
    await expect(caller.news.create(article({ body: huge }) as never)).rejects.toThrow(NEWS_DOCUMENT_MESSAGES.tooLong);
    expect(await t.db.selectFrom('news_articles').select('id').where('title', 'like', 'Feindlich%').execute()).toEqual([]);
  });

  it('stores event handlers and unknown attributes harmless and renders the article without them', async () => {
    const saved = await create({
      title: 'Harmlos gespeichert',
      body: doc(
        { type: 'paragraph', attrs: { onclick: 'alert(1)', style: 'x' }, content: [{ type: 'text', text: '<script>alert(1)</script>', marks: [{ type: 'bold', attrs: { onmouseover: 'alert(2)' } }] }] },
        paragraph('Zur Seite', [{ type: 'link', attrs: { href: 'https://example.org/', target: '_blank', onclick: 'alert(3)', class: 'x' } }]),
        paragraph('Schreib uns', [{ type: 'link', attrs: { href: 'mailto:vorstand@example.org' } }]),
      ),
    });
    const row = await t.db.selectFrom('news_articles').select('body').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.body).not.toMatch(/onclick|onmouseover|style|target|class/);
    const html = appMarkup((await page(`/aktuelles/${saved.slug}`)).body);
    // Parsed, the article has no script element and no attribute starting with "on".
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', unpairedTags: ['br', 'img', 'hr', 'meta', 'link', 'input'], htmlEntities: true });
    const tree = JSON.stringify(parser.parse(`<root>${html.replace(/<!--.*?-->/g, '')}</root>`));
    expect(tree).not.toContain('"script"');
    expect(tree).not.toMatch(/"@on[a-z]+"/);
    expect(tree).toContain('"@href":"https://example.org/"');
    expect(tree).toContain('"@href":"mailto:vorstand@example.org"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('drafts and scheduled articles', () => {
  it('never shows a draft or a future article, and shows a scheduled one at its time, also after a page was kept', async () => {
    setNow('2026-11-27T10:00:00Z');
    const draft = await create({ title: 'Geheimer Entwurf', state: 'draft' });
    expect(draft.state).toBe('draft');
    const scheduled = await create({ title: 'Neue Trainingszeiten', state: 'scheduled', publishAt: '2026-11-27 12:00:00' });
    expect(scheduled.state).toBe('scheduled');
    // Kept before the scheduled time: list, home, feed, sitemap and the article's own address.
    const addresses = ['/aktuelles', '/home', '/aktuelles/feed.xml', '/sitemap.xml', `/aktuelles/${scheduled.slug}`, `/aktuelles/${draft.slug}`, '/trpc/news.publicLatest'];
    for (const address of addresses) {
      const body = (await page(address)).body;
      expect(body, address).not.toContain('Geheimer Entwurf');
      expect(body, address).not.toContain('Neue Trainingszeiten');
    }
    expect((await page(`/aktuelles/${scheduled.slug}`)).statusCode).toBe(404);
    expect((await page(`/aktuelles/${draft.slug}`)).statusCode).toBe(404);
    // 11:00 Berlin is 10:00 UTC; at 11:59:59 it is still hidden, at 12:00 it is there, without a write.
    setNow('2026-11-27T10:59:59Z');
    expect((await page('/aktuelles')).body).not.toContain('Neue Trainingszeiten');
    setNow('2026-11-27T11:00:00Z');
    for (const address of ['/aktuelles', '/home', '/aktuelles/feed.xml', '/sitemap.xml', '/trpc/news.publicLatest']) {
      expect((await page(address)).body, address).toContain(address === '/sitemap.xml' ? `/aktuelles/${scheduled.slug}` : 'Neue Trainingszeiten');
    }
    expect((await page(`/aktuelles/${scheduled.slug}`)).statusCode).toBe(200);
    for (const address of addresses) expect((await page(address)).body, address).not.toContain('Geheimer Entwurf');
  });

  it('refuses a scheduled time in the past or without a time', async () => {
    setNow('2026-11-27T10:00:00Z');
    const past = await trpcPost('news.create', article({ title: 'Zu spät', state: 'scheduled', publishAt: '2026-11-27 10:00:00' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().error.message).toBe(NEWS_MESSAGES.publishAtPast);
    const missing = await trpcPost('news.create', article({ title: 'Ohne Zeit', state: 'scheduled' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(NEWS_MESSAGES.publishAtMissing);
  });
});

interface Picture {
  id: number;
  url: string;
  thumbnailUrl: string;
  mediumUrl: string;
  wideUrl: string;
  width: number;
  height: number;
}

async function uploadPicture(content: Buffer | string, filename: string, headers: Record<string, string> = editor) {
  return postForm(t, '/api/news/pictures', [{ name: 'file', filename, content }], headers);
}

describe('pictures', () => {
  it('go through the upload pipeline: WebP display and thumbnail, a 1200 px JPEG, metadata stripped; 401/403 first', async () => {
    const photo = await jpegWithExif(3000, 2000);
    expect((await uploadPicture(photo, 'foto.jpg', {})).statusCode).toBe(401);
    expect((await uploadPicture(photo, 'foto.jpg', viewer)).statusCode).toBe(403);
    const response = await uploadPicture(photo, 'foto.jpg');
    expect(response.statusCode, response.body).toBe(201);
    const picture = response.json().data as Picture;
    expect(picture.url).toMatch(/^\/files\/[a-f0-9-]+\.webp$/);
    const wide = await t.inject({ method: 'GET', url: picture.wideUrl });
    expect(wide.statusCode).toBe(200);
    expect(wide.headers['content-type']).toContain('image/jpeg');
    const meta = await sharp(wide.rawPayload).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.exif).toBeUndefined();
    const medium = await t.inject({ method: 'GET', url: picture.mediumUrl });
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(800);
    const display = await t.inject({ method: 'GET', url: picture.url });
    expect((await sharp(display.rawPayload).metadata()).exif).toBeUndefined();
    expect((await uploadPicture(HTML_PAGE, 'seite.jpg')).statusCode).toBe(422);
  });

  it('copies a gallery picture as a cover; the article page shows it with Open Graph and JSON-LD', async () => {
    const album = await t.db.insertInto('albums').values({ name: 'Meisterschaft', section: 'arch', created_at: '2026-11-20 10:00:00' }).executeTakeFirstOrThrow();
    const albumId = Number(album.insertId);
    const gallery = await postForm(t, '/api/images', [{ name: 'album_id', value: String(albumId) }, { name: 'files[]', filename: 'sieg.png', content: await png(1600, 900) }], t.admin);
    expect(gallery.statusCode, gallery.body).toBe(201);
    const imageId = (gallery.json().data as { id: number }[])[0]!.id;
    expect((await trpcPost('news.pictureFromGallery', { imageId }, viewer)).statusCode).toBe(403);
    const copied = await trpcPost('news.pictureFromGallery', { imageId });
    expect(copied.statusCode, copied.body).toBe(200);
    const cover = copied.json().result.data.data as Picture;
    expect(cover).toMatchObject({ width: 1600, height: 900 });
    // Through the calendar's own procedure, which drops its kept answers.
    const created = await trpcPost(
      'calendar.create',
      { name: 'Kreismeisterschaft', datetime_begin: '2026-12-05 09:00:00', datetime_end: '2026-12-05 17:00:00', location: 'Halle', visibility: 1, assignment: 1, status: 0 },
      t.admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const appointment = { insertId: (created.json().result.data.data as { id: number }).id };
    const saved = await create({ title: 'Bericht mit Bild', coverImageId: cover.id, albumId, appointmentId: Number(appointment.insertId) });
    const html = (await page(`/aktuelles/${saved.slug}`)).body;
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}${cover.wideUrl}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="description" content="Drei Titel für unsere Bogenschützen." />');
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml"`);
    const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const news = data.find((entry) => entry['@type'] === 'NewsArticle')!;
    expect(news).toMatchObject({ headline: 'Bericht mit Bild', image: [`${ORIGIN}${cover.wideUrl}`], author: [{ '@type': 'Person', name: 'Test Mitglied ' + String(news.author && (news.author as { name: string }[])[0]!.name.split(' ').at(-1)) }] });
    expect(news.datePublished).toMatch(/^2026-11-27T\d\d:\d\d:\d\d\+01:00$/);
    expect((news.publisher as { logo: { url: string } }).logo.url).toBe(`${ORIGIN}/icon-512.png`);
    // With the club's own logo (issue 26.3), the publisher carries that one.
    const logo = await postForm(t, '/api/club/logo', [{ name: 'file', filename: 'wappen.png', content: await png(600, 200) }], t.admin);
    expect(logo.statusCode, logo.body).toBe(201);
    const icon = (logo.json().data as { logo: { icon512: { url: string } } }).logo.icon512.url;
    const withLogo = (await page(`/aktuelles/${saved.slug}`)).body;
    const published = [...withLogo.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>).find((entry) => entry['@type'] === 'NewsArticle')!;
    expect((published.publisher as { logo: { url: string } }).logo.url).toBe(`${ORIGIN}${icon}`);
    expect((await t.inject({ method: 'DELETE', url: '/api/club/logo', headers: t.admin })).statusCode).toBe(200);
    // The appointment and the album link back to the article.
    const links = (await trpcGet('news.publicLinks')).json().result.data as { appointments: Record<string, { slug: string }[]>; albums: Record<string, { slug: string }[]> };
    expect(links.appointments[String(appointment.insertId)]).toEqual([{ slug: saved.slug, title: 'Bericht mit Bild' }]);
    expect(links.albums[String(albumId)]).toEqual([{ slug: saved.slug, title: 'Bericht mit Bild' }]);
    expect((await page(`/galerien/bogen?album=${albumId}`)).body).toContain(`href="/aktuelles/${saved.slug}"`);
    expect((await page('/termine')).body).toContain(`href="/aktuelles/${saved.slug}"`);
  });
});

describe('addresses, updates and deletes', () => {
  it('keeps a published article reachable under its old address after a title change (301), logs every save and delete', async () => {
    const saved = await create({ title: 'Alter Titel' });
    const update = await trpcPost('news.update', article({ id: saved.id, title: 'Neuer Titel' }));
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().result.data.data.slug).toBe('neuer-titel');
    const moved = await page('/aktuelles/alter-titel');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/aktuelles/neuer-titel');
    // Another article with the old title gets another address: the old one stays the first article's.
    expect((await create({ title: 'Alter Titel' })).slug).toBe('alter-titel-2');
    let log = await t.db.selectFrom('log_entries').select('message').where('message', 'like', `Artikel ${saved.id} %`).orderBy('id').execute();
    expect(log.map((entry) => entry.message)).toEqual([
      `Artikel ${saved.id} („Alter Titel“) angelegt: Veröffentlicht`,
      `Artikel ${saved.id} („Neuer Titel“) gespeichert: Veröffentlicht, Adresse alter-titel → neuer-titel`,
    ]);
    expect((await trpcPost('news.delete', { id: saved.id }, viewer)).statusCode).toBe(403);
    const removed = await trpcPost('news.delete', { id: saved.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.data.message).toBe(NEWS_MESSAGES.deleted);
    expect((await page('/aktuelles/neuer-titel')).statusCode).toBe(404);
    expect((await page('/aktuelles/alter-titel')).statusCode).toBe(404);
    log = await t.db.selectFrom('log_entries').select('message').where('message', 'like', `Artikel ${saved.id} %`).orderBy('id').execute();
    expect(log.at(-1)?.message).toBe(`Artikel ${saved.id} („Neuer Titel“) gelöscht`);
  });

  it('a draft renamed before it was ever visible leaves no old address', async () => {
    const saved = await create({ title: 'Entwurf A', state: 'draft' });
    await trpcPost('news.update', article({ id: saved.id, title: 'Entwurf B', state: 'draft' }));
    expect(await t.db.selectFrom('news_slugs').select('slug').where('article_id', '=', saved.id).execute()).toEqual([]);
  });
});

describe('list, feed and sitemap', () => {
  it('pages the list ten at a time, newest first, filterable by section, pages past the last not found', async () => {
    setNow('2026-11-28T10:00:00Z');
    for (let index = 1; index <= 12; index += 1) {
      setNow(`2026-11-28T10:${String(index).padStart(2, '0')}:00Z`);
      await create({ title: `Blasrohr-Nachricht ${index}`, section: 'blowpipe' });
    }
    const first = (await trpcGet('news.publicList', { sparte: 'blasrohr' })).json().result.data as { articles: { title: string }[]; pages: number };
    expect(first.articles).toHaveLength(10);
    expect(first.pages).toBe(2);
    expect(first.articles[0]!.title).toBe('Blasrohr-Nachricht 12');
    const second = (await trpcGet('news.publicList', { sparte: 'blasrohr', seite: 2 })).json().result.data as { articles: { title: string }[] };
    expect(second.articles.map((entry) => entry.title)).toEqual(['Blasrohr-Nachricht 2', 'Blasrohr-Nachricht 1']);
    const html = (await page('/aktuelles?sparte=blasrohr')).body;
    expect(html).toContain('href="/aktuelles?sparte=blasrohr&amp;seite=2"');
    expect((await page('/aktuelles?sparte=blasrohr&seite=2')).statusCode).toBe(200);
    expect((await page('/aktuelles?sparte=blasrohr&seite=3')).statusCode).toBe(404);
    expect((await page('/aktuelles?sparte=unbekannt')).statusCode).toBe(404);
  });

  it('serves an Atom feed of the latest 20 that a feed parser reads, with absolute links and covers', async () => {
    for (let index = 1; index <= 5; index += 1) await create({ title: `Vereinsnachricht ${index}`, section: 'club' });
    const response = await page('/aktuelles/feed.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(response.body) as {
      feed: { title: string; link: { '@rel': string; '@href': string }[]; entry: { title: string; id: string; link: { '@rel': string; '@href': string } | { '@rel': string; '@href': string }[]; published: string; updated: string }[] };
    };
    expect(parsed.feed.title).toContain('Aktuelles');
    expect(parsed.feed.link.find((link) => link['@rel'] === 'self')?.['@href']).toBe(`${ORIGIN}/aktuelles/feed.xml`);
    expect(parsed.feed.entry).toHaveLength(20);
    for (const entry of parsed.feed.entry) {
      const links = Array.isArray(entry.link) ? entry.link : [entry.link];
      for (const link of links) expect(link['@href']).toMatch(/^https:\/\/verein\.example\//);
      expect(entry.published).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    }
    const withCover = parsed.feed.entry.find((entry) => entry.title === 'Bericht mit Bild');
    if (withCover) expect((withCover.link as { '@rel': string }[]).some((link) => link['@rel'] === 'enclosure')).toBe(true);
    expect((await page('/home')).body).toContain(`href="${ORIGIN}/aktuelles/feed.xml"`);
  });

  it('lists every published article in the sitemap with its lastmod, and no draft', async () => {
    const xml = (await page('/sitemap.xml')).body;
    expect(xml).toContain(`<loc>${ORIGIN}/aktuelles/blasrohr-nachricht-12</loc>\n    <lastmod>2026-11-28</lastmod>`);
    expect(xml).toContain(`<loc>${ORIGIN}/aktuelles</loc>`);
    expect(xml).not.toContain('entwurf');
  });
});

describe('deleting an article with pictures', () => {
  it('removes the pictures only it used, rows and files, and keeps those another article shows', async () => {
    const own = (await uploadPicture(await png(400, 300), 'eigen.png')).json().data as Picture;
    const shared = (await uploadPicture(await png(400, 300), 'geteilt.png')).json().data as Picture;
    const image = (picture: Picture) => ({ type: 'image', attrs: { src: picture.url, alt: '' } });
    const first = await create({ title: 'Mit zwei Bildern', coverImageId: own.id, body: doc(image(shared), paragraph('Text')) });
    await create({ title: 'Zeigt das geteilte Bild', body: doc(image(shared)) });
    expect((await trpcPost('news.delete', { id: first.id })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: own.url })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: own.wideUrl })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: shared.url })).statusCode).toBe(200);
    const names = await t.db.selectFrom('news_images').select('id').where('id', 'in', [own.id, shared.id]).execute();
    expect(names.map((row) => Number(row.id))).toEqual([shared.id]);
    expect(await filesIn(t.uploadsDir)).not.toContain(own.url.slice('/files/'.length));
  });
});
