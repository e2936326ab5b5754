import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../../src/server/db/connection.ts';
import { renderPage } from '../../src/client/entry-server.tsx';
import { TIMETABLE_RESPONSES } from '../../src/server/areas/timetables/router.ts';
import { TIMETABLE_MESSAGES } from '../../src/shared/schemas/timetable.ts';
import { TIMETABLE_EMPTY_TEXT, TIMETABLE_LIMITS, TIMETABLE_PAUSED_TEXT, type TimetableEntry } from '../../src/shared/timetable.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshDatabase, MIGRATION_CHAIN } from '../helpers/database.ts';

/**
 * The weekly shooting times of the sections (issue 26, point 2): who may read and change
 * them, the German messages for wrong input (which changes nothing), the server log, the
 * public read and rendered /zeiten-* pages kept and dropped by a save, the table and its
 * empty state in the page, and the times as openingHoursSpecification in its JSON-LD.
 */

const ORIGIN = 'https://verein.example';

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
});
afterAll(() => t.close());

function query(path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

async function created(input: Record<string, unknown>): Promise<TimetableEntry> {
  const response = await mutate('timetables.create', input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data as TimetableEntry;
}

const publicTimetables = async () => (await query('timetables.publicList')).json().result.data;
const rows = () => t.db.selectFrom('timetable_entries').selectAll().orderBy('id').execute();
const lastLog = async () => (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirst())?.message;
const page = async (url: string) => (await t.inject({ method: 'GET', url })).body;

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

const TRAINING = { section: 'gun', weekday: 2, from: '18:00', to: '20:00', what: 'Training', note: '' };

describe('a fresh installation', () => {
  it('has no times for any section, since SPEC names none, and every page says so', async () => {
    expect(await rows()).toEqual([]);
    expect(await publicTimetables()).toEqual({ gun: { entries: [], paused: 0 }, arch: { entries: [], paused: 0 }, blowpipe: { entries: [], paused: 0 } });
    for (const path of ['/zeiten-lg-lp', '/zeiten-bogen', '/zeiten-blasrohr']) {
      const html = await page(path);
      expect(appMarkup(html)).toContain(TIMETABLE_EMPTY_TEXT);
      expect(appMarkup(html)).not.toContain('<table');
      // The section is described for search engines even without times, but claims none.
      const [place] = jsonLd(html);
      expect(place).toMatchObject({ '@type': 'SportsActivityLocation', url: `${ORIGIN}${path}` });
      expect(place).not.toHaveProperty('openingHoursSpecification');
    }
  });
});

describe('who may read and change the times', () => {
  it('refuses anonymous callers with 401 and changes nothing', async () => {
    expect((await query('timetables.list')).statusCode).toBe(401);
    for (const [path, input] of [
      ['timetables.create', TRAINING],
      ['timetables.update', { ...TRAINING, id: 1 }],
      ['timetables.delete', { id: 1 }],
      ['timetables.reorder', { section: 'gun', ids: [] }],
    ] as const) {
      const response = await mutate(path, input, {});
      expect(response.statusCode, path).toBe(401);
      expect(response.json().error.message).toMatch(/nicht angemeldet/);
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses members without dashboard_view the list, and changes without dashboard_update, with 403, and logs it', async () => {
    expect((await query('timetables.list', outsider)).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      for (const [path, input] of [
        ['timetables.create', TRAINING],
        ['timetables.update', { ...TRAINING, id: 1 }],
        ['timetables.delete', { id: 1 }],
        ['timetables.reorder', { section: 'gun', ids: [] }],
      ] as const) {
        const response = await mutate(path, input, who);
        expect(response.statusCode, path).toBe(403);
        expect(response.json().error.message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
      }
    }
    expect(await lastLog()).toBe('Zugriff verweigert: timetables.reorder (fehlende Berechtigung dashboard_update)');
    expect(await rows()).toEqual([]);
  });

  it('lets anybody read the public times and dashboard_view the whole list', async () => {
    expect((await query('timetables.publicList')).statusCode).toBe(200);
    const list = await query('timetables.list', viewer);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.data).toEqual([]);
  });
});

describe('creating, changing, pausing, ordering and deleting', () => {
  let tuesday: TimetableEntry;
  let youth: TimetableEntry;
  let friday: TimetableEntry;

  it('creates a row with dashboard_update, answers and logs it', async () => {
    tuesday = await created({ ...TRAINING, what: '  Training ', note: 'Gäste willkommen' });
    expect(tuesday).toEqual({
      id: tuesday.id,
      section: 'gun',
      weekday: 2,
      from: '18:00',
      to: '20:00',
      what: 'Training',
      note: 'Gäste willkommen',
      active: true,
      sort_order: 0,
    });
    expect(await lastLog()).toBe('Schießzeit LG/LP angelegt: Dienstag 18:00–20:00 Uhr Training, Anmerkung „Gäste willkommen“');
  });

  it('puts a new row where it belongs by the clock, and takes 8:00 as 08:00', async () => {
    friday = await created({ section: 'gun', weekday: 5, from: '19:00', to: '21:30', what: 'Freies Schießen' });
    youth = await created({ section: 'gun', weekday: 2, from: '16:30', to: '18:00', what: 'Jugendtraining' });
    const early = await created({ section: 'arch', weekday: 6, from: '8:00', to: '9:45', what: 'Training' });
    expect(early.from).toBe('08:00');
    const list = (await query('timetables.list', viewer)).json().result.data as TimetableEntry[];
    expect(list.map((entry) => [entry.section, entry.what, entry.sort_order])).toEqual([
      ['gun', 'Jugendtraining', 0],
      ['gun', 'Training', 1],
      ['gun', 'Freies Schießen', 2],
      ['arch', 'Training', 0],
    ]);
  });

  it('changes a row; a new weekday moves it to its place by the clock', async () => {
    const response = await mutate('timetables.update', { id: youth.id, weekday: 4, from: '17:00', to: '18:30', what: 'Jugendtraining', note: 'ab 12 Jahren' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toMatchObject({ message: TIMETABLE_RESPONSES.updated, data: { weekday: 4, from: '17:00', note: 'ab 12 Jahren', active: true } });
    expect(await lastLog()).toBe('Schießzeit LG/LP gespeichert: Donnerstag 17:00–18:30 Uhr Jugendtraining, Anmerkung „ab 12 Jahren“');
    const gun = (await publicTimetables()).gun;
    expect(gun.entries.map((entry: { what: string }) => entry.what)).toEqual(['Training', 'Jugendtraining', 'Freies Schießen']);
  });

  it('pauses a row: visitors no longer see it, the back office does, and the log says so', async () => {
    const response = await mutate('timetables.update', { ...friday, active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastLog()).toBe('Schießzeit LG/LP gespeichert: Freitag 19:00–21:30 Uhr Freies Schießen, pausiert');
    const gun = (await publicTimetables()).gun;
    expect(gun.paused).toBe(1);
    expect(gun.entries.map((entry: { what: string }) => entry.what)).toEqual(['Training', 'Jugendtraining']);
    expect(gun.entries[0]).toEqual({ id: tuesday.id, weekday: 2, from: '18:00', to: '20:00', what: 'Training', note: 'Gäste willkommen' });
    const list = (await query('timetables.list', viewer)).json().result.data as TimetableEntry[];
    expect(list.find((entry) => entry.id === friday.id)?.active).toBe(false);
  });

  it('orders a section as the member says, and refuses an order that misses or adds a row', async () => {
    const order = [youth.id, friday.id, tuesday.id];
    const response = await mutate('timetables.reorder', { section: 'gun', ids: order });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data.data.map((entry: TimetableEntry) => entry.id)).toEqual(order);
    expect(await lastLog()).toBe('Reihenfolge der Schießzeiten LG/LP geändert: Donnerstag 17:00–18:30 Uhr Jugendtraining; Freitag 19:00–21:30 Uhr Freies Schießen; Dienstag 18:00–20:00 Uhr Training');

    const arch = (await query('timetables.list', viewer)).json().result.data.find((entry: TimetableEntry) => entry.section === 'arch') as TimetableEntry;
    for (const ids of [[youth.id, friday.id], [youth.id, friday.id, tuesday.id, arch.id], [youth.id, friday.id, arch.id]]) {
      const stale = await mutate('timetables.reorder', { section: 'gun', ids });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(TIMETABLE_RESPONSES.orderStale);
    }
    const twice = await mutate('timetables.reorder', { section: 'gun', ids: [youth.id, youth.id, tuesday.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(TIMETABLE_MESSAGES.orderDuplicate);
    expect((await publicTimetables()).gun.entries.map((entry: { id: number }) => entry.id)).toEqual([youth.id, tuesday.id]);
  });

  it('deletes a row and logs it; an unknown row is 404', async () => {
    const response = await mutate('timetables.delete', { id: friday.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toEqual({ message: TIMETABLE_RESPONSES.deleted, data: { id: friday.id } });
    expect(await lastLog()).toBe('Schießzeit LG/LP gelöscht: Freitag 19:00–21:30 Uhr Freies Schießen, pausiert');
    for (const [path, input] of [
      ['timetables.delete', { id: friday.id }],
      ['timetables.update', { ...TRAINING, id: friday.id }],
    ] as const) {
      const gone = await mutate(path, input);
      expect(gone.statusCode, path).toBe(404);
      expect(gone.json().error.message).toBe(TIMETABLE_RESPONSES.notFound);
    }
  });
});

describe('wrong input gets a German message under its field (tRPC 400) and changes nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['the end before the beginning', { from: '20:00', to: '18:00' }, 'to', TIMETABLE_MESSAGES.order],
    ['the end at the beginning', { from: '18:00', to: '18:00' }, 'to', TIMETABLE_MESSAGES.order],
    ['weekday 0', { weekday: 0 }, 'weekday', TIMETABLE_MESSAGES.weekday],
    ['weekday 8', { weekday: 8 }, 'weekday', TIMETABLE_MESSAGES.weekday],
    ['weekday 2.5', { weekday: 2.5 }, 'weekday', TIMETABLE_MESSAGES.weekday],
    ['no weekday', { weekday: undefined }, 'weekday', TIMETABLE_MESSAGES.weekdayMissing],
    ['24:00', { to: '24:00' }, 'to', TIMETABLE_MESSAGES.to],
    ['18 Uhr', { from: '18 Uhr' }, 'from', TIMETABLE_MESSAGES.from],
    ['an empty offer', { what: '   ' }, 'what', TIMETABLE_MESSAGES.whatEmpty],
    ['61 characters of offer', { what: 'x'.repeat(TIMETABLE_LIMITS.what + 1) }, 'what', TIMETABLE_MESSAGES.whatTooLong],
    ['256 characters of note', { note: 'ä'.repeat(TIMETABLE_LIMITS.note + 1) }, 'note', TIMETABLE_MESSAGES.noteTooLong],
    ['another section', { section: 'club' }, 'section', TIMETABLE_MESSAGES.section],
    ['active as text', { active: 'ja' }, 'active', TIMETABLE_MESSAGES.active],
  ];

  it.each(cases)('refuses %s', async (_name, change, field, message) => {
    const before = await rows();
    const logBefore = await lastLog();
    const response = await mutate('timetables.create', { ...TRAINING, ...change });
    // tRPC answers a refused input with BAD_REQUEST (the REST shim would say 422, DESIGN §3).
    expect(response.statusCode, response.body).toBe(400);
    const error = response.json().error;
    expect(error.message).toBe(message);
    expect(error.data.fieldErrors[field]).toEqual([message]);
    expect(await rows()).toEqual(before);
    expect(await lastLog()).toBe(logBefore);
  });

  it('accepts 60 characters of offer and 255 of note, emoji counted as one', async () => {
    const entry = await created({ ...TRAINING, section: 'blowpipe', what: '🎯'.repeat(TIMETABLE_LIMITS.what), note: 'ä'.repeat(TIMETABLE_LIMITS.note) });
    expect(entry.what).toBe('🎯'.repeat(TIMETABLE_LIMITS.what));
    const update = await mutate('timetables.update', { ...entry, from: '21:00' });
    expect(update.statusCode).toBe(400);
    expect(update.json().error.data.fieldErrors.to).toEqual([TIMETABLE_MESSAGES.order]);
    expect((await mutate('timetables.delete', { id: entry.id })).statusCode).toBe(200);
  });

  it(`keeps a section to ${TIMETABLE_LIMITS.entriesPerSection} rows`, async () => {
    await t.db
      .insertInto('timetable_entries')
      .values(Array.from({ length: TIMETABLE_LIMITS.entriesPerSection }, (_, index) => ({ section: 'blowpipe', weekday: 1, time_from: '10:00', time_to: '11:00', what: 'Voll', note: '', active: 0, sort_order: index })))
      .execute();
    const response = await mutate('timetables.create', { ...TRAINING, section: 'blowpipe' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(TIMETABLE_RESPONSES.full);
    await t.db.deleteFrom('timetable_entries').where('section', '=', 'blowpipe').execute();
  });
});

describe('what visitors get', () => {
  it('shows the table, the info text as a note under it and the paused state on the rendered pages', async () => {
    const note = await t.inject({ method: 'PUT', url: '/api/info/shootingtimes_gun', headers: editor, payload: { text: 'In den [fett:an]Sommerferien[fett:aus] kein Training.' } });
    expect(note.statusCode, note.body).toBe(200);
    const html = appMarkup(await page('/zeiten-lg-lp'));
    expect(html).toContain('<table');
    expect(html).toMatch(/Dienstag<\/th>/);
    // 18:00–20:00 Uhr, breaking on a narrow screen only after the dash.
    expect(html).toContain('<time dateTime="18:00">18:00</time>–<wbr/><time dateTime="20:00">20:00</time>\u00a0Uhr');
    expect(html).toContain('Gäste willkommen');
    expect(html.indexOf('</table>')).toBeLessThan(html.indexOf('<strong>Sommerferien</strong>'));
    // The legacy read of the text is as it was (SPEC §7).
    const legacy = await t.inject({ method: 'GET', url: '/api/public/info/shootingtimes_gun' });
    expect(legacy.json()).toEqual({ identifier: 'shootingtimes_gun', text: 'In den [fett:an]Sommerferien[fett:aus] kein Training.' });

    // A section whose every row is paused says that, not that it has none.
    const only = await created({ section: 'blowpipe', weekday: 3, from: '18:00', to: '19:00', what: 'Training' });
    await mutate('timetables.update', { ...only, active: false });
    const paused = appMarkup(await page('/zeiten-blasrohr'));
    expect(paused).toContain(TIMETABLE_PAUSED_TEXT);
    expect(paused).not.toContain(TIMETABLE_EMPTY_TEXT);
    expect((await mutate('timetables.delete', { id: only.id })).statusCode).toBe(200);
  });

  it("names the active times as openingHoursSpecification in the page's JSON-LD and its description", async () => {
    const html = await page('/zeiten-lg-lp');
    const [place] = jsonLd(html);
    expect(place).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsActivityLocation',
      url: `${ORIGIN}/zeiten-lg-lp`,
      sport: 'Sportschießen',
      parentOrganization: { '@type': 'SportsClub', url: `${ORIGIN}/home` },
    });
    expect(place!.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Thursday', opens: '17:00', closes: '18:30', name: 'Jugendtraining', description: 'ab 12 Jahren' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '18:00', closes: '20:00', name: 'Training', description: 'Gäste willkommen' },
    ]);
    expect(html).toMatch(/<meta name="description" content="Trainingszeiten: Donnerstag 17:00–18:30 Uhr Jugendtraining, Dienstag 18:00–20:00 Uhr Training\. In den Sommerferien/);
    const [arch] = jsonLd(await page('/zeiten-bogen'));
    expect(arch!.openingHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '08:00', closes: '09:45', name: 'Training' }]);
  });

  it('keeps the public answer and the rendered page, and drops both with a save', async () => {
    const cache = t.app.services.publicCache;
    await query('timetables.publicList');
    await page('/zeiten-bogen');
    const hits = cache.stats.hits;
    await query('timetables.publicList');
    await page('/zeiten-bogen');
    expect(cache.stats.hits).toBe(hits + 2);

    await created({ section: 'arch', weekday: 3, from: '17:00', to: '19:00', what: 'Bogentraining Halle' });
    const data = await publicTimetables();
    expect(data.arch.entries.map((entry: { what: string }) => entry.what)).toEqual(['Bogentraining Halle', 'Training']);
    expect(appMarkup(await page('/zeiten-bogen'))).toContain('Bogentraining Halle');
    expect(cache.stats.hits).toBe(hits + 2);

    // A pause drops them too: the row leaves the page at once.
    const list = (await query('timetables.list', viewer)).json().result.data as TimetableEntry[];
    const hall = list.find((entry) => entry.what === 'Bogentraining Halle')!;
    await page('/zeiten-bogen');
    expect((await mutate('timetables.update', { ...hall, active: false })).statusCode).toBe(200);
    expect(appMarkup(await page('/zeiten-bogen'))).not.toContain('Bogentraining Halle');
  });
});

describe('migration 0021', MIGRATION_CHAIN, () => {
  it('creates the table and takes it away again on the way down', async () => {
    const database = await freshDatabase();
    try {
      await database.db.insertInto('timetable_entries').values({ section: 'gun', weekday: 7, time_from: '10:00', time_to: '12:00', what: 'Freies Schießen', note: '', sort_order: 0 }).execute();
      const [row] = await database.db.selectFrom('timetable_entries').selectAll().execute();
      // Active unless said otherwise.
      expect(Number(row!.active)).toBe(1);
      await migrateTo(database.db, '0018_code_failures');
      const tables = await database.db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain('timetable_entries');
    } finally {
      await database.drop();
    }
  });
});
