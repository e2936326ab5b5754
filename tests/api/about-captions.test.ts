import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { readAboutCaptions } from '../../src/server/areas/club/about.ts';
import { DEFAULT_ABOUT_CAPTIONS, type AboutCaption } from '../../src/shared/aboutSlides.ts';
import { ABOUT_CAPTIONS_MESSAGES } from '../../src/shared/schemas/aboutSlides.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The About carousel's captions as data (issue 26.1): club.about (public, cached),
 * club.aboutCaptions and club.updateAboutCaptions over tRPC and REST for anonymous,
 * forbidden and allowed callers; validation in German; the log line; /about after a save.
 */

const CHANGED: AboutCaption[] = DEFAULT_ABOUT_CAPTIONS.map((entry) => (entry.slide === 'parcours' ? { ...entry, title: 'Parcours', caption: 'Mitten im Wald, für Gäste und Mitglieder.' } : entry));

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage }, { PUBLIC_URL: 'https://verein.example' });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
});
afterAll(() => t.close());

const query = (path: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
const mutate = (input: unknown, headers: Record<string, string> = editor) =>
  t.inject({ method: 'POST', url: '/trpc/club.updateAboutCaptions', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
const put = (input: unknown, headers: Record<string, string> = editor) => t.inject({ method: 'PUT', url: '/api/club/about', headers, payload: input as object });
const aboutPage = async () => (await t.inject({ method: 'GET', url: '/about' })).body;

describe('the About carousel’s captions', () => {
  it('are seeded with today’s words without the figures that are data elsewhere, and rendered on /about', async () => {
    expect(await readAboutCaptions(t.db)).toEqual(DEFAULT_ABOUT_CAPTIONS);
    expect((await query('club.about')).json().result.data).toEqual({ captions: DEFAULT_ABOUT_CAPTIONS });
    for (const entry of DEFAULT_ABOUT_CAPTIONS) expect(entry.caption).not.toMatch(/\d|zehn/i);
    const html = await aboutPage();
    expect(html).toContain('Unser Luftdruckstand für Training und Wettkampf.');
  });

  it('refuse anonymous callers (401) and members without the permission (403)', async () => {
    expect((await query('club.aboutCaptions')).statusCode).toBe(401);
    expect((await mutate({ captions: CHANGED }, {})).statusCode).toBe(401);
    expect((await put({ captions: CHANGED }, {})).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/club/about', headers: outsider })).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      expect((await mutate({ captions: CHANGED }, who)).statusCode).toBe(403);
      expect((await put({ captions: CHANGED }, who)).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/club/about', headers: viewer })).json()).toEqual({ data: { captions: DEFAULT_ABOUT_CAPTIONS } });
    expect(await readAboutCaptions(t.db)).toEqual(DEFAULT_ABOUT_CAPTIONS);
  });

  const refused: Array<[string, unknown, string, string]> = [
    ['an empty caption', { captions: DEFAULT_ABOUT_CAPTIONS.map((entry, index) => (index === 2 ? { ...entry, caption: ' ' } : entry)) }, 'captions.2.caption', 'Die Bildunterschrift darf nicht leer gelassen werden!'],
    ['a title of 101 characters', { captions: DEFAULT_ABOUT_CAPTIONS.map((entry, index) => (index === 0 ? { ...entry, title: 'x'.repeat(101) } : entry)) }, 'captions.0.title', 'Der Titel des Bildes darf nicht länger als 100 Zeichen sein!'],
    ['a drawing missing', { captions: DEFAULT_ABOUT_CAPTIONS.slice(0, 3) }, 'captions', ABOUT_CAPTIONS_MESSAGES.slides],
  ];
  it.each(refused)('refuse %s in German (REST 422, tRPC 400) and change nothing', async (_case, body, field, message) => {
    const rest = await put(body);
    expect(rest.statusCode).toBe(422);
    expect(rest.json().errors[field]).toContain(message);
    const trpc = await mutate(body);
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors[field]).toContain(message);
    expect(await readAboutCaptions(t.db)).toEqual(DEFAULT_ABOUT_CAPTIONS);
  });

  it('are saved, logged by the drawing, and shown at once on /about', async () => {
    const before = await aboutPage();
    expect(await aboutPage()).toBe(before);
    const saved = await put({ captions: CHANGED });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Bildunterschriften gespeichert', data: { captions: CHANGED } });
    const [log] = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute()).map((row) => row.message);
    expect(log).toBe('Bildunterschriften (Über uns) geändert: Bild 3D-Bogenparcours');
    const html = await aboutPage();
    expect(html).toContain('Mitten im Wald, für Gäste und Mitglieder.');
    expect(html).not.toContain('Tierziele im Gelände, zu Fuß vom Parkplatz aus erreichbar.');
  });
});
