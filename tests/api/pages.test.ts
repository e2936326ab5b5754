import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { PUBLIC_PAGES } from '../../src/client/publicPages.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipartBody, png } from '../helpers/multipart.ts';

/**
 * The public pages rendered on the server (issue 17, DESIGN §9): content in the HTML, the
 * data as a JSON script, each page's head and structured data, the site's own files, the
 * 404s, the back office left to the browser, and rendered pages kept in the one memory of
 * answers.
 */

const ORIGIN = 'https://verein.example';
let nowMs = Date.parse('2026-11-24T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };

const PROFILE = {
  name: 'SV Tell Beispielstadt e. V.',
  street: 'Am Schießstand 1',
  postalCode: '12345',
  city: 'Beispielstadt',
  phone: '01234 567890',
  email: 'info@verein.example',
  social: [{ kind: 'instagram', url: 'https://www.instagram.com/svtell' }],
  course: { lat: 50.55, lon: 9.7, parking: { street: 'Waldweg', postalCode: '12345', city: 'Beispielstadt' } },
};

let t: TestApp;
let profileDir: string;
let groupId: number;
let albumId: number;
let firstPhoto: string;
/** How often each address was rendered. */
const renders = new Map<string, number>();
const countingRenderer: typeof renderPage = (request) => {
  renders.set(request.url, (renders.get(request.url) ?? 0) + 1);
  return renderPage(request);
};

function json(headers: Record<string, string> = {}) {
  return { ...t.admin, ...headers, 'content-type': 'application/json' };
}

async function createAppointment(overrides: Record<string, unknown>) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/calendar',
    headers: json(),
    payload: JSON.stringify({
      name: 'Vereinsmeisterschaft',
      datetime_begin: '2026-12-05 10:00:00',
      datetime_end: '2026-12-05 16:00:00',
      location: 'Schützenhaus',
      visibility: 1,
      description: 'Alle Disziplinen, Startgeld 5 €',
      notes: 'Schlüssel bei Hans',
      assignment: groupId,
      status: 1,
      attachments: [],
      notify: 0,
      ...overrides,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const page = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

/** The content of `<meta property|name="key" content="…">`. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

function pageState(html: string): { queries: { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } } {
  const match = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page state');
  return JSON.parse(match[1]!) as never;
}

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

beforeAll(async () => {
  profileDir = await mkdtemp(join(tmpdir(), 'club-profile-'));
  await writeFile(join(profileDir, 'club.json'), JSON.stringify(PROFILE));
  t = await createTestApp({ renderer: countingRenderer, clock }, { PUBLIC_URL: ORIGIN, CLUB_PROFILE: join(profileDir, 'club.json') });
  // The seed's section group 'Bogen' (issue 26).
  groupId = (await t.db.selectFrom('groups').select('id').where('name', '=', 'Bogen').executeTakeFirstOrThrow()).id;
  await createAppointment({});
  await createAppointment({ name: 'Sommerfest', datetime_begin: '2027-07-03 18:30:00', datetime_end: '2027-07-03 23:00:00', location: 'Vereinsheim', description: '' });
  await createAppointment({ name: 'Geheime Vorstandssitzung', visibility: 0 });
  const album = await t.inject({ method: 'POST', url: '/api/albums', headers: json(), payload: JSON.stringify({ name: 'Königsschießen 2026', section: 'arch' }) });
  albumId = album.json().data.id;
  const upload = multipartBody([
    { name: 'album_id', value: String(albumId) },
    { name: 'files[]', filename: 'koenig.png', content: await png(900, 600), contentType: 'image/png' },
  ]);
  const images = await t.inject({ method: 'POST', url: '/api/images', headers: { ...t.admin, ...upload.headers }, payload: upload.payload });
  expect(images.statusCode, images.body).toBe(201);
  firstPhoto = images.json().data[0].thumbnail_url;
  // An article of the news (issue 27), published through its procedure.
  const article = {
    title: 'Sommerfest 2027',
    teaser: 'Wir laden ein.',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Alle sind willkommen.' }] }] },
    section: 'club',
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'published',
  };
  const news = await t.inject({ method: 'POST', url: '/trpc/news.create', headers: json(), payload: JSON.stringify(article) });
  expect(news.statusCode, news.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  await rm(profileDir, { recursive: true, force: true });
});

describe('every public page comes rendered, from the same components the browser uses', () => {
  const headings: Record<string, string> = {
    '/home': 'Willkommen',
    '/about': 'Über uns',
    '/termine': 'Termine',
    '/downloads': 'Downloads',
    '/galerien': 'Galerien',
    '/galerien/bogen': 'Galerien',
    [`/galerien/bogen?album=ALBUM`]: 'Königsschießen 2026',
    '/zeiten-lg-lp': 'Schießzeiten Luftgewehr/Luftpistole',
    '/ergebnisse-lg-lp': 'Ergebnisse Luftgewehr/Luftpistole',
    '/zeiten-bogen': 'Schießzeiten Bogen',
    '/bogenparcours': '3D-Bogenparcours',
    '/ergebnisse-bogen': 'Ergebnisse Bogen',
    '/parcoursbuch': 'Parcoursbuch',
    '/zeiten-blasrohr': 'Schießzeiten Blasrohr',
    '/ergebnisse-blasrohr': 'Ergebnisse Blasrohr',
    '/kontakt': 'Kontakt',
    '/unterstuetzer': 'Spender',
    '/datenschutz': 'Datenschutz',
    '/disclaimer': 'Disclaimer',
    '/impressum': 'Impressum',
    '/aktuelles': 'Aktuelles',
    '/aktuelles/sommerfest-2027': 'Sommerfest 2027',
  };

  it.each(Object.entries(headings))('%s answers HTML with its content, in German', async (path, heading) => {
    const response = await page(path.replace('ALBUM', String(albumId)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(appMarkup(html)).toContain(heading);
    // The club's name in the bar and the navigation as plain links.
    expect(appMarkup(html)).toContain(PROFILE.name);
    expect(appMarkup(html)).toContain('href="/termine"');
    // Styles for the first paint come with the page; the data as JSON no browser executes.
    expect(html).toMatch(/<style data-emotion="css[^"]*">/);
    for (const script of html.matchAll(/<script\b([^>]*)>/g)) {
      expect(script[1]).toMatch(/type="application\/(json|ld\+json)"|src="/);
    }
  });

  it("covers every public route of the table the browser's router is built from", () => {
    const tested = new Set(Object.keys(headings).map((path) => path.split('?')[0]!.replace(/\/(bogen)$/, '/:section?').replace(/^\/aktuelles\/[a-z0-9-]+$/, '/aktuelles/:slug')));
    // An appointment's sign-up page: rendered, posted and kept apart in signup-pages.test.ts.
    tested.add('/anmeldung/:appointmentId');
    for (const publicPage of PUBLIC_PAGES) expect(tested.has(publicPage.path.replace('/:section?', '')) || tested.has(publicPage.path)).toBe(true);
  });

  it('shows the data in the markup and hands it to the browser, so that it need not ask again', async () => {
    const html = (await page('/termine')).body;
    expect(appMarkup(html)).toContain('Vereinsmeisterschaft');
    expect(appMarkup(html)).toContain('Sa, 05.12.2026, 10:00–16:00');
    expect(appMarkup(html)).not.toContain('Geheime Vorstandssitzung');
    const state = pageState(html);
    const list = state.queries.queries.find((query) => JSON.stringify(query.queryKey).includes('publicList'));
    expect((list?.state.data as Array<{ name: string }>).map((appointment) => appointment.name)).toEqual(['Vereinsmeisterschaft', 'Sommerfest']);
  });

  it('keeps text of the data from ending the JSON script', async () => {
    await createAppointment({ name: '</script><script>alert(1)</script>', description: '<!-- \u2028' });
    const html = (await page('/termine')).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(JSON.stringify(pageState(html))).toContain('</script><script>alert(1)</script>');
  });

  it('redirects / to /home', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home');
  });

  it("renders the course's opening hours for the club-local day on the server", async () => {
    const html = appMarkup((await page('/bogenparcours')).body);
    // 24 November 2026 is a Tuesday; the list starts with it.
    expect(html).toContain('Öffnungszeiten der nächsten 7 Tage');
    expect(html).toMatch(/Di\.?,? 24\.11\./);
  });
});

describe('each page speaks for itself', () => {
  it('has its own title, description, canonical address and Open Graph and Twitter tags', async () => {
    const html = (await page('/termine')).body;
    expect(html).toContain(`<title>Termine – ${PROFILE.name}</title>`);
    expect(meta(html, 'description')).toMatch(/^Die nächsten Termine: Vereinsmeisterschaft am Sa, 05\.12\.2026, 10:00–16:00/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/termine" />`);
    expect(meta(html, 'og:title')).toBe(`Termine – ${PROFILE.name}`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/termine`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:locale')).toBe('de_DE');
    expect(meta(html, 'og:site_name')).toBe(PROFILE.name);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe(`Termine – ${PROFILE.name}`);
  });

  it('names the club alone on the home page and describes it from its profile', async () => {
    const html = (await page('/home')).body;
    expect(html).toContain(`<title>${PROFILE.name}</title>`);
    expect(meta(html, 'description')).toMatch(/^SV Tell Beispielstadt e\. V\. in Beispielstadt: Bei uns wird mit Luftgewehr/);
  });

  it("shows an album's first photo for the album and a sponsor logo for the sponsors", async () => {
    const album = (await page(`/galerien/bogen?album=${albumId}`)).body;
    expect(album).toContain(`<title>Königsschießen 2026 – Galerien – ${PROFILE.name}</title>`);
    expect(meta(album, 'og:image')).toBe(`${ORIGIN}${firstPhoto}`);
    expect(album).toContain(`<link rel="canonical" href="${ORIGIN}/galerien/bogen?album=${albumId}" />`);

    const logo = multipartBody([
      { name: 'name', value: 'Bäckerei Korn' },
      { name: 'url', value: 'https://baeckerei.example' },
      { name: 'logo', filename: 'logo.png', content: await png(300, 100), contentType: 'image/png' },
    ]);
    const sponsor = await t.inject({ method: 'POST', url: '/api/sponsors', headers: { ...t.admin, ...logo.headers }, payload: logo.payload });
    expect(sponsor.statusCode, sponsor.body).toBe(201);
    const sponsors = (await page('/unterstuetzer')).body;
    expect(meta(sponsors, 'og:image')).toBe(`${ORIGIN}${sponsor.json().data.image}`);
    expect(meta(sponsors, 'description')).toContain('Bäckerei Korn');
  });

  it('sends an address with query parameters the page does not read to its canonical address, which names itself', async () => {
    const moved = await page('/termine?utm_source=x&fbclid=1');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/termine');
    expect((await page('/termine')).body).toContain(`<link rel="canonical" href="${ORIGIN}/termine" />`);
  });
});

describe('structured data', () => {
  it('describes the club as a SportsClub on the home page', async () => {
    const [club] = jsonLd((await page('/home')).body);
    expect(club).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsClub',
      name: PROFILE.name,
      url: `${ORIGIN}/home`,
      address: { '@type': 'PostalAddress', streetAddress: 'Am Schießstand 1', postalCode: '12345', addressLocality: 'Beispielstadt', addressCountry: 'DE' },
      telephone: '01234 567890',
      email: 'info@verein.example',
      sameAs: ['https://www.instagram.com/svtell'],
    });
  });

  it('lists each public upcoming appointment as an Event with the properties Google asks for, and nothing else', async () => {
    const html = (await page('/termine')).body;
    const events = jsonLd(html).filter((data) => data['@type'] === 'Event');
    expect(events.map((event) => event.name)).toEqual(['Vereinsmeisterschaft', '</script><script>alert(1)</script>', 'Sommerfest']);
    const [first, , summer] = events;
    expect(first).toMatchObject({
      startDate: '2026-12-05T10:00:00+01:00',
      endDate: '2026-12-05T16:00:00+01:00',
      location: { '@type': 'Place', name: 'Schützenhaus', address: 'Schützenhaus' },
      description: 'Alle Disziplinen, Startgeld 5 €',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      organizer: { '@type': 'SportsClub', name: PROFILE.name, url: `${ORIGIN}/home` },
      image: [`${ORIGIN}/og-image.png`],
    });
    // Summer time in Berlin: +02:00.
    expect(summer).toMatchObject({ startDate: '2027-07-03T18:30:00+02:00', endDate: '2027-07-03T23:00:00+02:00' });
    expect(summer).not.toHaveProperty('description');
    for (const event of events) {
      // Google's required properties, and the dates as valid ISO 8601 instants with offset.
      for (const property of ['name', 'startDate', 'location']) expect(event).toHaveProperty(property);
      expect(Number.isNaN(Date.parse(String(event.startDate)))).toBe(false);
      expect(Date.parse(String(event.endDate))).toBeGreaterThan(Date.parse(String(event.startDate)));
      expect(JSON.stringify(event)).not.toMatch(/Schlüssel bei Hans|status"|Vorstandssitzung/);
    }
  });
});

describe("the site's own files", () => {
  it('robots.txt keeps the back office out and names the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists every public page and album with the date of its newest data', async () => {
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    for (const path of ['/home', '/about', '/termine', '/downloads', '/galerien/verein', '/galerien/bogen', '/bogenparcours', '/impressum']) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    expect(locs).toContain(`${ORIGIN}/galerien/bogen?album=${albumId}`);
    expect(locs).not.toContain(`${ORIGIN}/admin`);
    const today = '2026-11-24';
    expect(xml).toContain(`<loc>${ORIGIN}/galerien/bogen?album=${albumId}</loc>\n    <lastmod>${today}</lastmod>`);
    expect(xml).toContain(`<loc>${ORIGIN}/termine</loc>\n    <lastmod>${today}</lastmod>`);
  });

  it('the web app manifest names the club and its colour', async () => {
    const response = await page('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toMatchObject({ name: PROFILE.name, lang: 'de', theme_color: '#1b5e20', start_url: '/home' });
  });
});

describe('unknown addresses', () => {
  it('sends a page address with a trailing slash to the page, never to another host', async () => {
    const slash = await page('/termine/?monat=12');
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/termine?monat=12');
    const doubled = await page('//example.com/');
    expect(doubled.statusCode).toBe(301);
    expect(doubled.headers.location).toBe('/example.com');
  });

  it.each(['/gibt-es-nicht', '/termine/alt', '/galerien/schach', '/galerien/bogen?album=999999', '/galerien/verein?album=ALBUM', '/galerien/bogen?album=abc'])(
    '%s answers the German not-found page with 404',
    async (path) => {
      const response = await page(path.replace('ALBUM', String(albumId)), { accept: 'text/html' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Seite nicht gefunden – ');
      expect(meta(response.body, 'robots')).toBe('noindex');
      expect(appMarkup(response.body)).toContain('Die aufgerufene Adresse gibt es auf dieser Website nicht.');
    },
  );

  it('keeps answering data paths with JSON', async () => {
    expect((await page('/api/gibt-es-nicht')).json()).toEqual({ message: 'Diese Adresse gibt es nicht.' });
    expect((await page('/trpc/gibt.esNicht')).statusCode).toBe(404);
  });
});

describe('the back office stays with the browser', () => {
  it.each(['/admin', '/admin/dash', '/login', '/logout', '/passwort-zuruecksetzen'])("%s is the app's empty document, marked noindex", async (path) => {
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toContain('page-state');
  });

  it('sends the page of a password reset link with no Referer and for no cache, each header once', async () => {
    const response = await page('/passwort-zuruecksetzen');
    // A header sent twice would read 'strict-origin-when-cross-origin, no-referrer' here.
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await page('/login')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await page('/robots.txt')).body).toContain('Disallow: /passwort-zuruecksetzen');
  });
});

describe('rendered pages are kept like every shared read', () => {
  it('answers again from memory with an ETag, compressed for browsers, and 304 for what the browser holds', async () => {
    const first = await page('/downloads');
    const hits = t.app.services.publicCache.stats.hits;
    const again = await page('/downloads', { 'accept-encoding': 'gzip, deflate, br' });
    expect(t.app.services.publicCache.stats.hits).toBe(hits + 1);
    expect(again.headers['content-encoding']).toBe('br');
    const gzip = await page('/downloads', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(first.body);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect((await page('/downloads', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('drops a page with any write and shows the change at once', async () => {
    await page('/termine');
    await createAppointment({ name: 'Nikolausschießen', datetime_begin: '2026-12-06 14:00:00', datetime_end: '2026-12-06 18:00:00' });
    expect(appMarkup((await page('/termine')).body)).toContain('Nikolausschießen');
  });

  it("keeps a page no longer than the club's midnight", async () => {
    nowMs = Date.parse('2026-11-24T22:59:58Z');
    await page('/bogenparcours');
    const hits = t.app.services.publicCache.stats.hits;
    await page('/bogenparcours');
    expect(t.app.services.publicCache.stats.hits).toBe(hits + 1);
    nowMs = Date.parse('2026-11-24T23:00:01Z');
    const next = appMarkup((await page('/bogenparcours')).body);
    expect(t.app.services.publicCache.stats.hits).toBe(hits + 1);
    expect(next).toMatch(/Mi\.?,? 25\.11\./);
    nowMs = Date.parse('2026-11-24T10:00:00Z');
  });

  it('renders a page once for all the visitors who ask while it is being rendered', async () => {
    // A write drops every kept page; then twenty visitors arrive at once.
    await createAppointment({ name: 'Adventsschießen', datetime_begin: '2026-12-12 14:00:00', datetime_end: '2026-12-12 18:00:00' });
    const before = renders.get('/termine') ?? 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => page('/termine')));
    expect(renders.get('/termine')).toBe(before + 1);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(appMarkup(answers[0]!.body)).toContain('Adventsschießen');
    // A write while nobody waits: the next visitor gets a new render with the change.
    await createAppointment({ name: 'Silvesterschießen', datetime_begin: '2026-12-31 14:00:00', datetime_end: '2026-12-31 18:00:00' });
    expect(appMarkup((await page('/termine')).body)).toContain('Silvesterschießen');
    expect(renders.get('/termine')).toBe(before + 2);
  });

  it('never keeps a 404', async () => {
    const before = t.app.services.publicCache.stats.answers;
    await page('/gibt-es-nicht');
    await page('/galerien/schach');
    expect(t.app.services.publicCache.stats.answers).toBe(before);
  });
});
