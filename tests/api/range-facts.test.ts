import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS } from '../../db/seed.ts';
import { renderPage } from '../../src/client/entry-server.tsx';
import { readRangeFacts } from '../../src/server/areas/club/range.ts';
import { DEFAULT_COURSE_FACTS } from '../../src/shared/courseFacts.ts';
import { DEFAULT_RANGE_FACTS } from '../../src/shared/rangeFacts.ts';
import { COURSE_FACTS_MESSAGES } from '../../src/shared/schemas/courseFacts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The air gun range's facts as data (issue 26.1): club.range (public, cached),
 * club.rangeFacts and club.updateRangeFacts over tRPC and REST for anonymous, forbidden and
 * allowed callers; validation in German; the log line; /zeiten-lg-lp after a save; the
 * times pages and default texts state no figure that is data (lanes, age, targets, price).
 */

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
});
afterAll(() => t.close());

const put = (input: unknown, headers: Record<string, string> = editor) => t.inject({ method: 'PUT', url: '/api/club/range', headers, payload: input as object });
const mutate = (input: unknown, headers: Record<string, string> = editor) =>
  t.inject({ method: 'POST', url: '/trpc/club.updateRangeFacts', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });

/** The app's markup inside #root, without the head and the JSON data. */
async function page(path: string): Promise<string> {
  const html = (await t.inject({ method: 'GET', url: path })).body;
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

const lastLog = async () => (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).message;

describe('the seeded facts', () => {
  it('are in the database and answer the public read; the gun page states them once, from the data', async () => {
    expect(await readRangeFacts(t.db)).toEqual(DEFAULT_RANGE_FACTS);
    const response = await t.inject({ method: 'GET', url: '/trpc/club.range' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ lanes: 10, minimumAge: 12 });
    const markup = await page('/zeiten-lg-lp');
    expect(markup).toContain('Auf unserem Luftdruckstand mit 10 Ständen wird');
    expect(markup).toContain('Wer mindestens 12 Jahre alt ist');
    // Nothing a member can change appears twice: the times text and notice no longer repeat the figures.
    expect(markup.match(/10 Ständen/g)).toHaveLength(1);
    expect(markup.match(/12 Jahre/g)).toHaveLength(1);
  });

  it('leaves no figure that is data in the default texts of the times pages, their notices or the history', () => {
    for (const text of [DEFAULT_INFO_TEXTS.shootingtimes_gun, DEFAULT_INFO_TEXTS.shootingtimes_arch, DEFAULT_INFO_TEXTS.shootingtimes_blowpipe, DEFAULT_ALERT_TEXTS.gun, DEFAULT_ALERT_TEXTS.blowpipe]) {
      expect(text).not.toMatch(/Ständen|Zielen|€|12 Jahre/);
    }
  });

  it('has the archery and blowpipe pages take the targets and the blowpipe’s day price from the course’s facts', async () => {
    expect(await page('/zeiten-bogen')).toContain(`mit ${DEFAULT_COURSE_FACTS.targets} Zielen.`);
    expect(await page('/zeiten-blasrohr')).toContain('kostet die Tageskarte für das Blasrohr 8,00 € (alle).');
    const course = { ...DEFAULT_COURSE_FACTS, targets: 31, dayPrices: [{ section: 'Bogen', persons: 'Erwachsene', price: 12 }, { section: 'Blasrohr', persons: 'Erwachsene', price: 7.5 }, { section: 'blasrohr', persons: 'Kinder', price: 4 }] };
    const saved = await t.inject({ method: 'PUT', url: '/api/club/course', headers: editor, payload: course });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await page('/zeiten-bogen')).toContain('mit 31 Zielen.');
    expect(await page('/zeiten-blasrohr')).toContain('kostet die Tageskarte für das Blasrohr 7,50 € (Erwachsene), 4,00 € (Kinder).');
    expect((await put(DEFAULT_RANGE_FACTS)).statusCode).toBe(200);
    expect((await t.inject({ method: 'PUT', url: '/api/club/course', headers: editor, payload: DEFAULT_COURSE_FACTS })).statusCode).toBe(200);
  });
});

describe('who may read and save (tRPC and REST)', () => {
  it('refuses anonymous callers with 401, members without dashboard_view or dashboard_update with 403', async () => {
    expect((await t.inject({ method: 'GET', url: '/trpc/club.rangeFacts' })).statusCode).toBe(401);
    expect((await mutate(DEFAULT_RANGE_FACTS, {})).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/club/range' })).statusCode).toBe(401);
    expect((await put({ lanes: 4, minimumAge: 10 }, {})).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/club/range', headers: outsider })).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      expect((await put({ lanes: 4, minimumAge: 10 }, who)).statusCode).toBe(403);
      expect((await mutate({ lanes: 4, minimumAge: 10 }, who)).statusCode).toBe(403);
    }
    expect(await readRangeFacts(t.db)).toEqual(DEFAULT_RANGE_FACTS);
    const read = await t.inject({ method: 'GET', url: '/api/club/range', headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: DEFAULT_RANGE_FACTS });
  });
});

describe('validation', () => {
  const lanes = COURSE_FACTS_MESSAGES.whole('Die Anzahl der Stände', 1, 200);
  const age = COURSE_FACTS_MESSAGES.whole('Das Mindestalter', 1, 99);
  it.each([
    ['no lanes', { lanes: 0, minimumAge: 12 }, 'lanes', lanes],
    ['lanes in words', { lanes: 'zehn', minimumAge: 12 }, 'lanes', lanes],
    ['half a lane', { lanes: '2,5', minimumAge: 12 }, 'lanes', lanes],
    ['201 lanes', { lanes: 201, minimumAge: 12 }, 'lanes', lanes],
    ['a minimum age of 100', { lanes: 10, minimumAge: 100 }, 'minimumAge', age],
    ['a minimum age of 0', { lanes: 10, minimumAge: 0 }, 'minimumAge', age],
  ])('refuses %s with a German message naming the field (REST 422, tRPC 400) and changes nothing', async (_case, body, field, message) => {
    const rest = await put(body);
    expect(rest.statusCode, rest.body).toBe(422);
    expect(rest.json().errors[field]).toContain(message);
    const trpc = await mutate(body);
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors[field]).toContain(message);
    expect(await readRangeFacts(t.db)).toEqual(DEFAULT_RANGE_FACTS);
  });

  it('refuses a body that is not the facts with 422, never 500', async () => {
    for (const body of [{}, [], { lanes: null }, { lanes: 10, minimumAge: 'zwölf' }]) expect((await put(body)).statusCode, JSON.stringify(body)).toBe(422);
  });
});

describe('a save', () => {
  it('is stored, logged by the names of what changed, and shown at once on /zeiten-lg-lp (also a kept page)', async () => {
    const kept = await page('/zeiten-lg-lp');
    expect(await page('/zeiten-lg-lp')).toBe(kept);
    expect((await t.inject({ method: 'GET', url: '/trpc/club.range' })).json().result.data).toEqual(DEFAULT_RANGE_FACTS);

    const saved = await put({ lanes: '1', minimumAge: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Fakten des Luftdruckstands gespeichert', data: { lanes: 1, minimumAge: null } });
    expect(await lastLog()).toBe('Luftdruckstand geändert: Anzahl der Stände, Mindestalter');
    expect((await t.inject({ method: 'GET', url: '/trpc/club.range' })).json().result.data).toEqual({ lanes: 1, minimumAge: null });
    const markup = await page('/zeiten-lg-lp');
    expect(markup).toContain('Auf unserem Luftdruckstand mit einem Stand wird');
    expect(markup).not.toContain('Wer mindestens');
    expect(markup).toContain('Gäste und Interessierte sind zu den Schießzeiten willkommen.');

    const again = await mutate({ lanes: 1, minimumAge: null });
    expect(again.statusCode).toBe(200);
    expect(await lastLog()).toBe('Luftdruckstand gespeichert (unverändert)');
    expect((await put({ lanes: 14, minimumAge: 10 })).statusCode).toBe(200);
    expect(await lastLog()).toBe('Luftdruckstand geändert: Anzahl der Stände, Mindestalter');
    expect(await page('/zeiten-lg-lp')).toContain('mit 14 Ständen wird mit Luftgewehr und Luftpistole auf 10 m geschossen. Wer mindestens 10 Jahre alt ist');
  });

  it('leaves the legacy info texts and alerts answering as SPEC §7 says', async () => {
    const info = await t.inject({ method: 'GET', url: '/api/public/info/shootingtimes_gun' });
    expect(info.json()).toEqual({ identifier: 'shootingtimes_gun', text: DEFAULT_INFO_TEXTS.shootingtimes_gun });
    const alert = await t.inject({ method: 'GET', url: '/api/sectionalert', headers: t.admin });
    expect((alert.json().data as Array<{ identifier: string; text: string }>).find((entry) => entry.identifier === 'gun')?.text).toBe(DEFAULT_ALERT_TEXTS.gun);
  });
});
