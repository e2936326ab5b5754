import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { PUBLIC_PAGES } from '../../src/client/publicPages.ts';
import { COURSE_STATE_MESSAGES } from '../../src/shared/schemas/courseState.ts';
import { IBAN_MESSAGES } from '../../src/shared/iban.ts';
import { DEFAULT_CLUB_DATA } from '../../src/shared/clubData.ts';
import { CLUB_DATA_MESSAGES } from '../../src/shared/schemas/clubData.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The 3D course's state (issue 30.1) and the club's bank data (30.5): the permission area
 * parcours (401/403/allowed), German refusals that change nothing, closures with the
 * injected clock as the course page's opening hours, its notice, the home page and the
 * JSON-LD show them (and stop showing them at the club's midnight after their last day,
 * also from the answer cache), tournament days from the calendar, closed targets with the
 * detour; the IBAN checked by its check digits and never in a public answer.
 */

const ORIGIN = 'https://verein.example';
let now = new Date('2026-11-27T09:00:00Z');
const clock: Clock = { now: () => now };
/** Club-local (Berlin, winter: UTC+1). */
const at = (clubTime: string) => new Date(`${clubTime.replace(' ', 'T')}+01:00`);

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['parcours_view', 'parcours_update'])).auth;
  viewer = (await t.createMember(['parcours_view'])).auth;
  outsider = (await t.createMember(['dashboard_view', 'dashboard_update', 'calendar_view'])).auth;
});
afterAll(() => t.close());
beforeEach(async () => {
  now = at('2026-11-27 10:00:00');
  await t.db.deleteFrom('course_closures').execute();
  await t.db.deleteFrom('course_state').execute();
  await t.db.deleteFrom('appointments').execute();
});

function query(path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

async function publicState() {
  const response = await query('parcours.publicState');
  expect(response.statusCode).toBe(200);
  return response.json().result.data as { closedTargets: number[]; detour: string; closures: Array<{ from: string; to: string; reason: string; text: string }> };
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

/** The visible text of a page, tags dropped and entities of the markup read. */
function textOf(html: string): string {
  return appMarkup(html)
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

const page = async (url: string) => {
  const response = await t.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
};

function courseLd(html: string) {
  const course = jsonLd(html).find((entry) => entry['@type'] === 'SportsActivityLocation');
  expect(course).toBeDefined();
  return course as { openingHoursSpecification: Array<Record<string, string>>; specialOpeningHoursSpecification?: Array<Record<string, string>> };
}

async function createClosure(input: Record<string, unknown>) {
  const response = await mutate('parcours.createClosure', input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data as { id: number };
}

async function lastLogLine(): Promise<string> {
  const [row] = await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute();
  return row!.message;
}

describe('permissions', () => {
  it('asks for a login (401), parcours_view to read and parcours_update to change (403), and lets anyone read the public state', async () => {
    expect((await query('parcours.state')).statusCode).toBe(401);
    expect((await mutate('parcours.updateState', { closedTargets: '3', detour: '' }, {})).statusCode).toBe(401);
    expect((await mutate('parcours.createClosure', { from: '2026-12-01', to: '2026-12-01', reason: 'storm' }, {})).statusCode).toBe(401);

    const forbidden = await query('parcours.state', outsider);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    for (const [path, input] of [
      ['parcours.updateState', { closedTargets: '3', detour: '' }],
      ['parcours.createClosure', { from: '2026-12-01', to: '2026-12-01', reason: 'storm' }],
    ] as const) {
      expect((await mutate(path, input, outsider)).statusCode).toBe(403);
      // Reading is not changing.
      expect((await mutate(path, input, viewer)).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('course_closures').selectAll().execute()).toEqual([]);

    const read = await query('parcours.state', viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json().result.data).toMatchObject({ closedTargets: [], detour: '', targets: 28, today: '2026-11-27', closures: [], tournaments: [] });
    expect(await publicState()).toEqual({ closedTargets: [], detour: '', closures: [] });
  });

  it('are in GET /api/permissions and group 1 holds them', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/permissions', headers: t.admin });
    const names = (response.json().data as Array<{ name: string }>).map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['parcours_view', 'parcours_update']));
    expect(names).not.toContain('parcours_create');
    expect(names).not.toContain('parcours_delete');
    const admin = await query('parcours.state', t.admin);
    expect(admin.statusCode).toBe(200);
  });
});

describe('refusals in German, nothing changes', () => {
  it.each([
    ['letters among the targets', { closedTargets: '3, sieben', detour: '' }, 'closedTargets', COURSE_STATE_MESSAGES.targets],
    ['a range backwards', { closedTargets: '14-12', detour: '' }, 'closedTargets', COURSE_STATE_MESSAGES.targets],
    ['a target the course does not have', { closedTargets: '3, 29', detour: '' }, 'closedTargets', COURSE_STATE_MESSAGES.targetUnknown(29, 28)],
    ['a detour without closed targets', { closedTargets: '', detour: 'Links herum' }, 'detour', COURSE_STATE_MESSAGES.detourWithoutTargets],
    ['a detour too long', { closedTargets: '3', detour: 'x'.repeat(501) }, 'detour', 'Die Umleitung darf nicht länger als 500 Zeichen sein!'],
  ])('state: %s', async (_case, input, field, message) => {
    const response = await mutate('parcours.updateState', input);
    // The schema's refusals are 400 over tRPC (422 over REST); what needs the course's facts is the procedure's 422.
    expect(response.statusCode).toBe(field === 'closedTargets' && message.startsWith('Ziel ') ? 422 : 400);
    expect(response.json().error.message).toBe(message);
    expect(response.json().error.data.fieldErrors[field]).toEqual([message]);
    expect(await t.db.selectFrom('course_state').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['no first day', { from: '', to: '2026-12-01', reason: 'storm' }, 'from', COURSE_STATE_MESSAGES.fromEmpty],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-12-01', reason: 'storm' }, 'from', COURSE_STATE_MESSAGES.date],
    ['the last day before the first', { from: '2026-12-03', to: '2026-12-01', reason: 'storm' }, 'to', COURSE_STATE_MESSAGES.order],
    ['more than a year', { from: '2026-12-01', to: '2027-12-31', reason: 'forestry' }, 'to', COURSE_STATE_MESSAGES.tooLong],
    ['no reason', { from: '2026-12-01', to: '2026-12-01', reason: '' }, 'reason', COURSE_STATE_MESSAGES.reason],
    ['"other" without words', { from: '2026-12-01', to: '2026-12-01', reason: 'other', note: ' ' }, 'note', COURSE_STATE_MESSAGES.otherNeedsNote],
    ['a closure that ended yesterday', { from: '2026-11-20', to: '2026-11-26', reason: 'storm' }, 'to', COURSE_STATE_MESSAGES.ended],
  ])('closure: %s', async (_case, input, field, message) => {
    const response = await mutate('parcours.createClosure', input);
    // Only the club's today is the procedure's to check (422); the rest is the schema's (400).
    expect(response.statusCode).toBe(message === COURSE_STATE_MESSAGES.ended ? 422 : 400);
    expect(response.json().error.message).toBe(message);
    expect(response.json().error.data.fieldErrors[field]).toEqual([message]);
    expect(await t.db.selectFrom('course_closures').selectAll().execute()).toEqual([]);
  });

  it('takes a German date as well, and answers 404 for a closure that is gone', async () => {
    const { id } = await createClosure({ from: '1.12.2026', to: '02.12.2026', reason: 'storm' });
    expect(await t.db.selectFrom('course_closures').select(['from_date', 'to_date']).execute()).toEqual([{ from_date: '2026-12-01', to_date: '2026-12-02' }]);
    expect((await mutate('parcours.deleteClosure', { id })).statusCode).toBe(200);
    const again = await mutate('parcours.deleteClosure', { id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(COURSE_STATE_MESSAGES.notFound);
    const update = await mutate('parcours.updateClosure', { id, from: '2026-12-01', to: '2026-12-01', reason: 'storm' });
    expect(update.statusCode).toBe(404);
  });
});

describe('closures with the injected clock', () => {
  it('closes the days on the course page, its notice, the home page and the JSON-LD alike, planned ones ahead, and logs each change', async () => {
    // Warm the cache: a write must drop what was kept.
    expect(textOf(await page('/bogenparcours'))).toMatch(/Sa, 28\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    await page('/home');

    await createClosure({ from: '2026-11-28', to: '2026-11-29', reason: 'storm', note: 'umgestürzte Bäume' });
    expect(await lastLogLine()).toBe('Parcours-Schließung eingetragen: Sturm vom 28.11.2026 bis 29.11.2026');
    await createClosure({ from: '2026-12-20', to: '2026-12-20', reason: 'other', note: 'Vereinsfeier' });

    const state = await publicState();
    expect(state.closures).toEqual([
      { from: '2026-11-28', to: '2026-11-29', reason: 'storm', text: 'Sturm: umgestürzte Bäume' },
      { from: '2026-12-20', to: '2026-12-20', reason: 'other', text: 'Vereinsfeier' },
    ]);

    const course = await page('/bogenparcours');
    const text = textOf(course);
    expect(text).toContain('Fr, 27.11.2026 ');
    expect(text).toMatch(/Fr, 27\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(text).toContain('Sa, 28.11.2026 geschlossen (Sturm: umgestürzte Bäume)');
    expect(text).toContain('So, 29.11.2026 geschlossen (Sturm: umgestürzte Bäume)');
    expect(text).not.toMatch(/Sa, 28\.11\.2026 \d\d:\d\d/);
    expect(text).toMatch(/Mo, 30\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    // Planned ahead, beyond the week's list.
    expect(text).toContain('Angekündigte Schließungen');
    expect(text).toContain('Geschlossen am 20.12.2026: Vereinsfeier');
    // Open today: no notice says otherwise.
    expect(text).not.toContain('Heute geschlossen');

    const ld = courseLd(course);
    expect(ld.openingHoursSpecification.map((day) => day.validFrom)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(ld.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-11-28', validThrough: '2026-11-29', description: 'geschlossen: Sturm: umgestürzte Bäume' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-20', validThrough: '2026-12-20', description: 'geschlossen: Vereinsfeier' },
    ]);

    const home = textOf(await page('/home'));
    expect(home).not.toContain('Heute geschlossen');
    expect(home).toContain('Sa, 28.11.2026 geschlossen (Sturm: umgestürzte Bäume)');
    expect(home).toContain('So, 29.11.2026 geschlossen (Sturm: umgestürzte Bäume)');
  });

  it('says "geschlossen" with the reason today, at the top and in the list; the closure is gone after the club’s midnight after its last day, from the cache too', async () => {
    await createClosure({ from: '2026-11-27', to: '2026-11-28', reason: 'forestry' });
    let course = textOf(await page('/bogenparcours'));
    expect(course).toContain('Heute geschlossen');
    expect(course).toContain('Der Parcours ist heute bis einschließlich 28.11.2026 geschlossen (Forstarbeiten).');
    expect(course).toContain('Fr, 27.11.2026 geschlossen (Forstarbeiten)');
    expect(course).not.toMatch(/Fr, 27\.11\.2026 \d\d:\d\d/);
    const home = textOf(await page('/home'));
    expect(home).toContain('Der Parcours ist heute bis einschließlich 28.11.2026 geschlossen (Forstarbeiten).');
    expect(home).toContain('Sa, 28.11.2026 geschlossen (Forstarbeiten)');

    // Read (and kept) seconds before midnight of the last day, read again just after it.
    now = at('2026-11-28 23:59:55');
    expect((await publicState()).closures).toHaveLength(1);
    expect(textOf(await page('/bogenparcours'))).toContain('Der Parcours ist heute geschlossen (Forstarbeiten).');
    now = at('2026-11-29 00:00:02');
    expect((await publicState()).closures).toEqual([]);
    course = textOf(await page('/bogenparcours'));
    expect(course).not.toContain('Forstarbeiten');
    expect(course).toMatch(/So, 29\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(courseLd(await page('/bogenparcours')).specialOpeningHoursSpecification).toBeUndefined();
    // The back office no longer lists it either.
    expect((await query('parcours.state', viewer)).json().result.data.closures).toEqual([]);
  });

  it('changes and deletes a closure, and the pages follow at once', async () => {
    await page('/bogenparcours');
    const { id } = await createClosure({ from: '2026-11-30', to: '2026-11-30', reason: 'storm' });
    expect(textOf(await page('/bogenparcours'))).toContain('Mo, 30.11.2026 geschlossen (Sturm)');
    const update = await mutate('parcours.updateClosure', { id, from: '2026-12-01', to: '2026-12-01', reason: 'tournament', note: 'Kreismeisterschaft' });
    expect(update.statusCode).toBe(200);
    expect(update.json().result.data.message).toBe('Schließung geändert');
    let text = textOf(await page('/bogenparcours'));
    expect(text).toMatch(/Mo, 30\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(text).toContain('Di, 01.12.2026 geschlossen (Turnier: Kreismeisterschaft)');
    expect((await mutate('parcours.deleteClosure', { id })).json().result.data.message).toBe('Schließung gelöscht');
    expect(await lastLogLine()).toBe('Parcours-Schließung gelöscht: Turnier am 01.12.2026');
    text = textOf(await page('/bogenparcours'));
    expect(text).not.toContain('geschlossen (');
  });
});

describe('tournament days from the calendar', () => {
  async function appointment(name: string, location: string, begin: string, end: string, visibility = 1) {
    const response = await t.inject({
      method: 'POST',
      url: '/api/calendar',
      headers: t.admin,
      payload: { name, datetime_begin: begin, datetime_end: end, location, visibility, assignment: 1, status: 2 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  }

  it('close the course on their days by themselves: a tournament at the course does, one elsewhere or another appointment at the course does not', async () => {
    expect((await publicState()).closures).toEqual([]);
    await appointment('3D-Turnier „Herbstwald“', '3D-Bogenparcours', '2026-11-28 08:00:00', '2026-11-29 17:00:00');
    await appointment('Vereinsmeisterschaft Turnier', 'Parcours', '2026-12-12 09:00:00', '2026-12-12 16:00:00', 0);
    await appointment('Turnier in Fulda', 'Sporthalle Fulda', '2026-11-30 09:00:00', '2026-11-30 16:00:00');
    await appointment('Arbeitseinsatz', '3D-Bogenparcours', '2026-12-01 09:00:00', '2026-12-01 16:00:00');
    // Ends at midnight: closes its own day only.
    await appointment('Nachtturnier', 'Bogenparcours', '2026-12-02 18:00:00', '2026-12-03 00:00:00');

    // The calendar's writes dropped the kept state.
    expect((await publicState()).closures).toEqual([
      { from: '2026-11-28', to: '2026-11-29', reason: 'tournament', text: 'Turnier: 3D-Turnier „Herbstwald“' },
      { from: '2026-12-02', to: '2026-12-02', reason: 'tournament', text: 'Turnier: Nachtturnier' },
      // Not public: its name stays in the back office.
      { from: '2026-12-12', to: '2026-12-12', reason: 'tournament', text: 'Turnier' },
    ]);
    const course = await page('/bogenparcours');
    const text = textOf(course);
    expect(text).toContain('Sa, 28.11.2026 geschlossen (Turnier: 3D-Turnier „Herbstwald“)');
    expect(text).toMatch(/Mo, 30\.11\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(text).toMatch(/Di, 01\.12\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(text).toContain('Mi, 02.12.2026 geschlossen (Turnier: Nachtturnier)');
    expect(text).toMatch(/Do, 03\.12\.2026 \d\d:\d\d – \d\d:\d\d/);
    expect(courseLd(course).specialOpeningHoursSpecification!.map((entry) => [entry.validFrom, entry.validThrough])).toEqual([
      ['2026-11-28', '2026-11-29'],
      ['2026-12-02', '2026-12-02'],
      ['2026-12-12', '2026-12-12'],
    ]);
    expect(textOf(await page('/home'))).toContain('Sa, 28.11.2026 geschlossen (Turnier: 3D-Turnier „Herbstwald“)');

    const tournaments = (await query('parcours.state', viewer)).json().result.data.tournaments as Array<{ name: string; from: string; to: string }>;
    expect(tournaments.map((entry) => [entry.name, entry.from, entry.to])).toEqual([
      ['3D-Turnier „Herbstwald“', '2026-11-28', '2026-11-29'],
      ['Nachtturnier', '2026-12-02', '2026-12-02'],
      ['Vereinsmeisterschaft Turnier', '2026-12-12', '2026-12-12'],
    ]);
  });

  it('are gone once the tournament is deleted or cancelled', async () => {
    const id = await appointment('Turnier', '3D-Bogenparcours', '2026-11-28 08:00:00', '2026-11-28 17:00:00');
    expect((await publicState()).closures).toHaveLength(1);
    const removed = await t.inject({ method: 'DELETE', url: `/api/calendar/${id}`, headers: t.admin });
    expect(removed.statusCode).toBe(200);
    expect((await publicState()).closures).toEqual([]);
  });
});

describe('closed targets', () => {
  it('names the targets and the detour on the course page and the home page, until they are open again', async () => {
    await page('/bogenparcours');
    const saved = await mutate('parcours.updateState', { closedTargets: '12, 4, 17–19', detour: 'Von Ziel 11 dem roten Band zu Ziel 13 folgen.' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.data).toMatchObject({ message: 'Zustand des Parcours gespeichert', data: { closedTargets: [4, 12, 17, 18, 19] } });
    expect(await lastLogLine()).toBe('Parcours: Ziele 4, 12, 17, 18 und 19 gesperrt');
    expect(await publicState()).toEqual({ closedTargets: [4, 12, 17, 18, 19], detour: 'Von Ziel 11 dem roten Band zu Ziel 13 folgen.', closures: [] });
    for (const url of ['/bogenparcours', '/home']) {
      const text = textOf(await page(url));
      expect(text).toContain('Teilweise gesperrt');
      expect(text).toContain('Ziele 4, 12, 17, 18 und 19 sind gesperrt.');
      expect(text).toContain('Umleitung: Von Ziel 11 dem roten Band zu Ziel 13 folgen.');
    }

    expect((await mutate('parcours.updateState', { closedTargets: '', detour: '' })).statusCode).toBe(200);
    expect(await lastLogLine()).toBe('Parcours: alle Ziele offen');
    for (const url of ['/bogenparcours', '/home']) expect(textOf(await page(url))).not.toContain('gesperrt');
    // Open all week: the home page says nothing about the course, as before.
    expect(textOf(await page('/home'))).not.toContain('Öffnungszeiten, Preise und Regeln');
  });
});

describe('REST for programs', () => {
  it('reads and writes the same state, refuses with 422 and the field, and answers the public state with an ETag (304 when held)', async () => {
    const refused = await t.inject({ method: 'PUT', url: '/api/parcours', headers: editor, payload: { closedTargets: '3, 99', detour: '' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: COURSE_STATE_MESSAGES.targetUnknown(99, 28), errors: { closedTargets: [COURSE_STATE_MESSAGES.targetUnknown(99, 28)] } });
    const wrongDay = await t.inject({ method: 'POST', url: '/api/parcours/closures', headers: editor, payload: { from: '31.11.2026', to: '01.12.2026', reason: 'storm' } });
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json().errors.from).toEqual([COURSE_STATE_MESSAGES.date]);

    const created = await t.inject({ method: 'POST', url: '/api/parcours/closures', headers: editor, payload: { from: '28.11.2026', to: '28.11.2026', reason: 'storm' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Schließung eingetragen', data: { from: '2026-11-28', to: '2026-11-28', reason: 'storm' } });
    const first = await t.inject({ method: 'GET', url: '/api/public/parcours' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { closedTargets: [], detour: '', closures: [{ from: '2026-11-28', to: '2026-11-28', reason: 'storm', text: 'Sturm' }] } });
    const again = await t.inject({ method: 'GET', url: '/api/public/parcours', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const deleted = await t.inject({ method: 'DELETE', url: `/api/parcours/closures/${created.json().data.id}`, headers: editor });
    expect(deleted.json()).toEqual({ message: 'Schließung gelöscht' });
    expect((await t.inject({ method: 'GET', url: '/api/public/parcours' })).json().data.closures).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/parcours', headers: viewer })).json().data).toMatchObject({ closures: [], targets: 28 });
  });
});

describe('the club’s bank data', () => {
  const IBAN = 'DE02120300000000202051';
  const save = (fields: Record<string, unknown>) =>
    t.inject({ method: 'PUT', url: '/api/club', headers: t.admin, payload: { ...DEFAULT_CLUB_DATA, contactInfo: 'info@verein.example', ...fields } });

  it.each([
    ['a wrong check digit', { iban: 'DE02 1203 0000 0000 2020 52' }, 'iban', IBAN_MESSAGES.checksum],
    ['a German IBAN too short', { iban: 'DE02 1203 0000 0000 2020 5' }, 'iban', IBAN_MESSAGES.length('DE', 22)],
    ['no country', { iban: '1203 0000 0000 2020 51' }, 'iban', IBAN_MESSAGES.format],
    ['a BIC of 9 characters', { iban: IBAN, bic: 'BYLADEM10' }, 'bic', IBAN_MESSAGES.bic],
    ['a BIC without IBAN', { iban: '', bic: 'BYLADEM1001' }, 'bic', CLUB_DATA_MESSAGES.bicWithoutIban],
    ['no retention', { courseBookRetentionMonths: '0' }, 'courseBookRetentionMonths', CLUB_DATA_MESSAGES.retention],
    ['retention in years', { courseBookRetentionMonths: '1,5' }, 'courseBookRetentionMonths', CLUB_DATA_MESSAGES.retention],
  ])('refuses %s in German and changes nothing', async (_case, fields, field, message) => {
    const before = await t.db.selectFrom('club_profile').selectAll().executeTakeFirstOrThrow();
    const response = await save(fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect(await t.db.selectFrom('club_profile').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('keeps a valid IBAN without spaces, shows it to the back office, and never in a public answer, page, JSON-LD or kept answer', async () => {
    const response = await save({ iban: 'de02 1203 0000 0000 2020 51', bic: 'byladem1001', accountHolder: 'Schützenverein e. V.', courseBookRetentionMonths: '24' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ iban: IBAN, bic: 'BYLADEM1001', accountHolder: 'Schützenverein e. V.', courseBookRetentionMonths: 24 });
    expect((await t.inject({ method: 'GET', url: '/api/club', headers: t.admin })).json().data.iban).toBe(IBAN);

    const spellings = [IBAN, 'DE02 1203', '202051', 'BYLADEM1001'];
    const answers: string[] = [];
    // Twice: the first fills the answer cache, the second is answered from it.
    for (let round = 0; round < 2; round += 1) {
      for (const entry of PUBLIC_PAGES) answers.push(await page(entry.path.replace('/:section?', '').replace('/:slug', '/nichts')).catch(() => ''));
      for (const path of ['club.profile', 'club.texts', 'club.course', 'parcours.publicState', 'content.publicInfo']) answers.push((await query(path)).body);
      for (const url of ['/api/public/calendar', '/api/public/calendar.ics', '/api/public/parcours', '/manifest.webmanifest', '/sitemap.xml']) answers.push((await t.inject({ method: 'GET', url })).body);
    }
    expect(answers.join('\n')).toContain('Schützenverein');
    for (const spelling of spellings) expect(answers.join('\n')).not.toContain(spelling);
  });
});
