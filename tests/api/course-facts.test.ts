import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS } from '../../db/seed.ts';
import { renderPage } from '../../src/client/entry-server.tsx';
import { readCourseFacts } from '../../src/server/areas/club/facts.ts';
import { DEFAULT_COURSE_FACTS, type CourseFacts } from '../../src/shared/courseFacts.ts';
import { COURSE_FACTS_MESSAGES } from '../../src/shared/schemas/courseFacts.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The 3D course's facts as data (issue 26.1): club.course (public, cached),
 * club.courseFacts and club.updateCourseFacts over tRPC and REST for anonymous, forbidden
 * and allowed callers; validation in German; the log line; the rendered course page and
 * its JSON-LD after a save; the legacy info texts and alerts as before.
 */

const ORIGIN = 'https://verein.example';
const clock: Clock = { now: () => new Date('2026-11-24T10:00:00Z') };

const CHANGED: CourseFacts = {
  ...DEFAULT_COURSE_FACTS,
  targets: 32,
  walkMeters: 1200,
  minimumAge: 8,
  dayPrices: [
    { section: 'Bogen', persons: 'Erwachsene', price: 10 },
    { section: 'Bogen', persons: 'Kinder', price: 4.5 },
    { section: 'Blasrohr', persons: 'alle', price: 8 },
  ],
  annualPrices: [{ section: '', persons: 'Erwachsene', price: 1500 }],
  annualNote: 'nur für Mitglieder',
  rules: ['Erst schauen, dann schießen.', 'Pfeile nur mit Warnung suchen.'],
  opening: { earliestOpen: '09:00', latestClose: '18:30', minutesAfterSunrise: 30, minutesBeforeSunset: 45 },
};

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
});
afterAll(() => t.close());

function query(path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function mutate(input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: '/trpc/club.updateCourseFacts', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

function put(input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'PUT', url: '/api/club/course', headers, payload: input as object });
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

const coursePage = async () => (await t.inject({ method: 'GET', url: '/bogenparcours' })).body;

describe('the seeded facts', () => {
  it('are SPEC §9’s, in the database, and answer the public read', async () => {
    expect(await readCourseFacts(t.db)).toEqual(DEFAULT_COURSE_FACTS);
    expect((await t.db.selectFrom('club_prices').select('price_cents').where('list', '=', 'day').orderBy('position').execute()).map((row) => Number(row.price_cents))).toEqual([1200, 800, 500, 800]);
    const response = await query('club.course');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual(DEFAULT_COURSE_FACTS);
  });

  it('render the course page with the prices of SPEC §9 and the default texts without any figure of the table', async () => {
    const html = appMarkup(await coursePage());
    expect(html).toContain('28 Tierzielen');
    expect(html).toContain('600 m Fußweg');
    expect(html).toContain('12,00 €');
    expect(html).toContain('150,00 €');
    expect(html).toContain('frühestens um 08:00 Uhr');
    // 'Nutzung' no longer repeats the table: 12,00 € appears once, in the table.
    expect(html.match(/12,00 €/g)).toHaveLength(1);
    expect(DEFAULT_INFO_TEXTS.archparcours_usage).not.toMatch(/€|\d/);
    expect(DEFAULT_INFO_TEXTS.archparcours_openings).not.toMatch(/\d\d:\d\d/);
  });
});

describe('who may read and save (tRPC and REST)', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await query('club.courseFacts')).statusCode).toBe(401);
    expect((await mutate(CHANGED, {})).statusCode).toBe(401);
    for (const request of [
      { method: 'GET' as const, url: '/api/club/course' },
      { method: 'PUT' as const, url: '/api/club/course', payload: CHANGED },
    ]) {
      const response = await t.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/anmelden|angemeldet/i);
    }
  });

  it('refuses members without dashboard_view, and saving without dashboard_update, with 403', async () => {
    expect((await query('club.courseFacts', outsider)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/club/course', headers: outsider })).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      expect((await mutate(CHANGED, who)).statusCode).toBe(403);
      expect((await put(CHANGED, who)).statusCode).toBe(403);
    }
    expect(await readCourseFacts(t.db)).toEqual(DEFAULT_COURSE_FACTS);
  });

  it('lets dashboard_view read them', async () => {
    const trpc = await query('club.courseFacts', viewer);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(DEFAULT_COURSE_FACTS);
    const rest = await t.inject({ method: 'GET', url: '/api/club/course', headers: viewer });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ data: DEFAULT_COURSE_FACTS });
  });
});

describe('validation', () => {
  const day = (change: Record<string, unknown>) => ({ dayPrices: [{ ...DEFAULT_COURSE_FACTS.dayPrices[0], ...change }] });
  const opening = (change: Record<string, unknown>) => ({ opening: { ...DEFAULT_COURSE_FACTS.opening, ...change } });
  const refused: Array<[string, Record<string, unknown>, string, string]> = [
    ['a negative price', day({ price: -1 }), 'dayPrices.0.price', COURSE_FACTS_MESSAGES.negative],
    ['a price with three decimals', day({ price: '12,345' }), 'dayPrices.0.price', COURSE_FACTS_MESSAGES.cents],
    ['a price in words', day({ price: 'zwölf' }), 'dayPrices.0.price', COURSE_FACTS_MESSAGES.price],
    ['a price of 10 001 €', day({ price: 10_001 }), 'dayPrices.0.price', COURSE_FACTS_MESSAGES.tooHigh],
    ['a row without persons', day({ persons: '  ' }), 'dayPrices.0.persons', 'Die Personengruppe darf nicht leer gelassen werden!'],
    ['no day ticket at all', { dayPrices: [] }, 'dayPrices', COURSE_FACTS_MESSAGES.noDayPrices],
    ['no rule', { rules: [] }, 'rules', COURSE_FACTS_MESSAGES.noRules],
    ['an empty rule', { rules: ['Gut zielen.', ' '] }, 'rules.1', 'Die Regel darf nicht leer gelassen werden!'],
    ['no targets', { targets: 0 }, 'targets', COURSE_FACTS_MESSAGES.whole('Die Anzahl der Ziele', 1, 500)],
    ['an opening after the closing', opening({ earliestOpen: '19:00', latestClose: '08:00' }), 'opening.latestClose', COURSE_FACTS_MESSAGES.order],
    ['an opening equal to the closing', opening({ earliestOpen: '12:00', latestClose: '12:00' }), 'opening.latestClose', COURSE_FACTS_MESSAGES.order],
    ['a time of 25:00', opening({ latestClose: '25:00' }), 'opening.latestClose', COURSE_FACTS_MESSAGES.time('Der späteste Schluss')],
    ['300 minutes after sunrise', opening({ minutesAfterSunrise: 300 }), 'opening.minutesAfterSunrise', COURSE_FACTS_MESSAGES.offset('Die Zahl der Minuten nach Sonnenaufgang')],
    ['a negative offset before sunset', opening({ minutesBeforeSunset: -15 }), 'opening.minutesBeforeSunset', COURSE_FACTS_MESSAGES.offset('Die Zahl der Minuten vor Sonnenuntergang')],
  ];

  it.each(refused)('refuses %s with a German message naming the field (REST 422, tRPC 400) and changes nothing', async (_case, change, field, message) => {
    const before = await readCourseFacts(t.db);
    const rest = await put({ ...DEFAULT_COURSE_FACTS, ...change });
    expect(rest.statusCode, rest.body).toBe(422);
    expect(rest.json().errors[field]).toContain(message);
    const trpc = await mutate({ ...DEFAULT_COURSE_FACTS, ...change });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors[field]).toContain(message);
    expect(await readCourseFacts(t.db)).toEqual(before);
  });

  it('takes prices as the form writes them (12,5 or 12,50) and a blank minimum age as none', async () => {
    const response = await put({ ...DEFAULT_COURSE_FACTS, minimumAge: '', dayPrices: [{ section: 'Bogen', persons: 'Erwachsene', price: '12,5' }, { section: '', persons: 'alle', price: '0,10' }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.dayPrices).toEqual([
      { section: 'Bogen', persons: 'Erwachsene', price: 12.5 },
      { section: '', persons: 'alle', price: 0.1 },
    ]);
    expect(response.json().data.minimumAge).toBeNull();
    expect(await put(DEFAULT_COURSE_FACTS)).toMatchObject({ statusCode: 200 });
  });

  it('refuses a body that is not the facts with 422, never 500', async () => {
    for (const body of [{}, { targets: 'viele' }, [], { ...DEFAULT_COURSE_FACTS, rules: 'Regel' }, { ...DEFAULT_COURSE_FACTS, opening: null }]) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('a save', () => {
  it('is stored, logged by the names of what changed, and shown at once on the course page and in its JSON-LD', async () => {
    // Kept first: the public read and the rendered page are in memory before the save.
    expect((await query('club.course')).json().result.data).toEqual(DEFAULT_COURSE_FACTS);
    const before = await coursePage();
    expect(await coursePage()).toBe(before);

    const rest = await put(CHANGED);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ message: 'Fakten und Preise des Bogenparcours gespeichert', data: CHANGED });
    expect(await readCourseFacts(t.db)).toEqual(CHANGED);
    const [log] = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute()).map((row) => row.message);
    expect(log).toBe('Bogenparcours geändert: Anzahl der Ziele, Fußweg vom Parkplatz, Mindestalter, Tageskarten, Jahreskarten, Hinweis zu den Jahreskarten, Regeln, Öffnungszeiten-Regel');

    expect((await query('club.course')).json().result.data).toEqual(CHANGED);
    const html = await coursePage();
    const markup = appMarkup(html);
    expect(markup).toContain('32 Tierzielen');
    expect(markup).toContain('1.200 m Fußweg');
    expect(markup).toContain('Mindestalter: 8 Jahre');
    expect(markup).toContain('10,00 €');
    expect(markup).toContain('4,50 €');
    expect(markup).toContain('1.500,00 €');
    expect(markup).not.toContain('12,00 €');
    expect(markup).toContain('Erst schauen, dann schießen.');
    expect(markup).not.toContain(DEFAULT_COURSE_FACTS.rules[0]);
    expect(markup).toContain('Geöffnet ab 30 Minuten nach Sonnenaufgang, frühestens um 09:00 Uhr, bis 45 Minuten vor Sonnenuntergang, spätestens um 18:30 Uhr');
    // 24 November 2026 at 50.55/9.7 (club.json's example): sunrise 07:40 -> 07:45 + 30 min, held to 09:00.
    expect(markup).toMatch(/Di, 24\.11\.2026 09:00 – \d\d:\d\d/);

    const course = jsonLd(html).find((entry) => entry['@type'] === 'SportsActivityLocation');
    expect(course).toBeDefined();
    expect(course!.makesOffer).toEqual([
      { '@type': 'Offer', name: 'Tageskarte – Bogen – Erwachsene', price: '10.00', priceCurrency: 'EUR', url: `${ORIGIN}/bogenparcours` },
      { '@type': 'Offer', name: 'Tageskarte – Bogen – Kinder', price: '4.50', priceCurrency: 'EUR', url: `${ORIGIN}/bogenparcours` },
      { '@type': 'Offer', name: 'Tageskarte – Blasrohr – alle', price: '8.00', priceCurrency: 'EUR', url: `${ORIGIN}/bogenparcours` },
      { '@type': 'Offer', name: 'Jahreskarte – Erwachsene', price: '1500.00', priceCurrency: 'EUR', url: `${ORIGIN}/bogenparcours` },
    ]);
    const hours = course!.openingHoursSpecification as Array<Record<string, string>>;
    expect(hours[0]).toMatchObject({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '09:00', validFrom: '2026-11-24', validThrough: '2026-11-24' });
    for (const day of hours) {
      expect(day.opens! >= '09:00').toBe(true);
      expect(day.closes! <= '18:30').toBe(true);
    }
    expect(html).toContain('32 Tierzielen durch Wald und Wiese');

    const again = await mutate(CHANGED);
    expect(again.statusCode).toBe(200);
    const [unchanged] = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute()).map((row) => row.message);
    expect(unchanged).toBe('Bogenparcours gespeichert (unverändert)');
  });

  it('leaves the legacy info texts and alerts answering as SPEC §7 says', async () => {
    const info = await t.inject({ method: 'GET', url: '/api/public/info/archparcours_usage' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ identifier: 'archparcours_usage', text: DEFAULT_INFO_TEXTS.archparcours_usage });
    const openings = await t.inject({ method: 'GET', url: '/api/public/info/archparcours_openings' });
    expect(openings.json()).toEqual({ identifier: 'archparcours_openings', text: DEFAULT_INFO_TEXTS.archparcours_openings });
    const all = await t.inject({ method: 'GET', url: '/api/public/info' });
    expect(all.statusCode).toBe(200);
    expect((all.json().data as unknown[]).length).toBe(Object.keys(DEFAULT_INFO_TEXTS).length);
    const alert = await t.inject({ method: 'GET', url: '/api/public/sectionalert/archparcours' });
    expect(alert.statusCode).toBe(200);
    // Switched off: the public answer carries no text; the back office still has the default.
    expect(alert.json()).toEqual({ identifier: 'archparcours', enabled: false, text: '' });
    const stored = await t.inject({ method: 'GET', url: '/api/sectionalert', headers: t.admin });
    expect((stored.json().data as Array<{ identifier: string; text: string }>).find((entry) => entry.identifier === 'archparcours')?.text).toBe(DEFAULT_ALERT_TEXTS.archparcours);
  });
});
