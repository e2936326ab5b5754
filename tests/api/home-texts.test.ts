import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { readHomeTexts } from '../../src/server/areas/club/home.ts';
import { DEFAULT_HOME_TEXTS, type HomeTexts } from '../../src/shared/homeTexts.ts';
import { HOME_TEXTS_MESSAGES } from '../../src/shared/schemas/homeTexts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The home page's words as data (issue 26.1): club.home (public, cached), club.homeTexts
 * and club.updateHomeTexts over tRPC and REST for anonymous, forbidden and allowed callers;
 * validation in German; the log line; the rendered home page after a save.
 */

const CHANGED: HomeTexts = {
  greeting: 'Herzlich willkommen!',
  welcome: 'Wir schießen mit Luftgewehr, Bogen und Blasrohr – kommt vorbei.',
  cards: DEFAULT_HOME_TEXTS.cards.map((card) => (card.path === '/bogenparcours' ? { ...card, title: 'Parcours im Wald', text: 'Alles zum Parcours.' } : card)),
};

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
  t.inject({ method: 'POST', url: '/trpc/club.updateHomeTexts', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
const put = (input: unknown, headers: Record<string, string> = editor) => t.inject({ method: 'PUT', url: '/api/club/home', headers, payload: input as object });
const homePage = async () => (await t.inject({ method: 'GET', url: '/home' })).body;

describe('the home page’s texts', () => {
  it('are seeded with today’s words, and the cards repeat no figure that is data elsewhere', async () => {
    expect(await readHomeTexts(t.db)).toEqual(DEFAULT_HOME_TEXTS);
    expect((await query('club.home')).json().result.data).toEqual(DEFAULT_HOME_TEXTS);
    for (const card of DEFAULT_HOME_TEXTS.cards) expect(card.text).not.toMatch(/\d/);
    const html = await homePage();
    expect(html).toContain('Schön, dass du uns besuchst! Bei uns wird mit Luftgewehr');
    expect(html).toContain('Tierziele im Gelände: Regeln, Preise, Öffnungszeiten und Anfahrt.');
  });

  it('refuse anonymous callers (401) and members without the permission (403)', async () => {
    expect((await query('club.homeTexts')).statusCode).toBe(401);
    expect((await mutate(CHANGED, {})).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/club/home' })).statusCode).toBe(401);
    expect((await put(CHANGED, {})).statusCode).toBe(401);
    expect((await query('club.homeTexts', outsider)).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      expect((await mutate(CHANGED, who)).statusCode).toBe(403);
      expect((await put(CHANGED, who)).statusCode).toBe(403);
    }
    expect(await readHomeTexts(t.db)).toEqual(DEFAULT_HOME_TEXTS);
    const rest = await t.inject({ method: 'GET', url: '/api/club/home', headers: viewer });
    expect(rest.json()).toEqual({ data: DEFAULT_HOME_TEXTS });
  });

  const refused: Array<[string, Record<string, unknown>, string, string]> = [
    ['an empty welcome text', { welcome: ' ' }, 'welcome', 'Der Willkommenstext darf nicht leer gelassen werden!'],
    ['a card without title', { cards: DEFAULT_HOME_TEXTS.cards.map((card, index) => (index === 1 ? { ...card, title: '' } : card)) }, 'cards.1.title', 'Der Titel der Karte darf nicht leer gelassen werden!'],
    ['a card text of 256 characters', { cards: DEFAULT_HOME_TEXTS.cards.map((card, index) => (index === 0 ? { ...card, text: 'x'.repeat(256) } : card)) }, 'cards.0.text', 'Der Text der Karte darf nicht länger als 255 Zeichen sein!'],
    ['a card missing', { cards: DEFAULT_HOME_TEXTS.cards.slice(1) }, 'cards', HOME_TEXTS_MESSAGES.cards],
    ['a card to another page', { cards: DEFAULT_HOME_TEXTS.cards.map((card, index) => (index === 3 ? { ...card, path: '/admin' } : card)) }, 'cards.3.path', HOME_TEXTS_MESSAGES.cards],
  ];
  it.each(refused)('refuse %s in German (REST 422, tRPC 400) and change nothing', async (_case, change, field, message) => {
    const rest = await put({ ...DEFAULT_HOME_TEXTS, ...change });
    expect(rest.statusCode).toBe(422);
    expect(rest.json().errors[field]).toContain(message);
    const trpc = await mutate({ ...DEFAULT_HOME_TEXTS, ...change });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors[field]).toContain(message);
    expect(await readHomeTexts(t.db)).toEqual(DEFAULT_HOME_TEXTS);
  });

  it('are saved, logged by what changed, and shown at once on the home page and in its description', async () => {
    const before = await homePage();
    expect(await homePage()).toBe(before);
    const saved = await put(CHANGED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Texte der Startseite gespeichert', data: CHANGED });
    const [log] = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute()).map((row) => row.message);
    expect(log).toBe('Startseite geändert: Begrüßung, Willkommenstext, Karte 3D-Bogenparcours');
    const html = await homePage();
    expect(html).toContain('Herzlich willkommen! Wir schießen mit Luftgewehr, Bogen und Blasrohr – kommt vorbei.');
    expect(html).toContain('Parcours im Wald');
    expect(html).not.toContain('Schön, dass du uns besuchst!');
    expect(html).toMatch(/<meta name="description" content="[^"]*: Wir schießen mit Luftgewehr/);
    expect((await query('club.home')).json().result.data).toEqual(CHANGED);
  });
});
