import ICAL from 'ical.js';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_INTERVAL_MS } from '../../src/server/areas/calendar/notify.ts';
import { APPOINTMENT_MESSAGES } from '../../src/shared/schemas/calendar.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, namesInDatabase, pdf, postForm } from '../helpers/multipart.ts';

/** Monday 23.11.2026 11:00 in Berlin unless a test moves it. */
let now = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let updater: { authorization: string };
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  const member = await t.createMember(['calendar_view', 'calendar_create', 'calendar_update', 'calendar_delete']);
  editor = member.auth;
  groupId = member.groupId;
  viewer = (await t.createMember(['calendar_view'])).auth;
  updater = (await t.createMember(['calendar_view', 'calendar_update'])).auth;
});
afterAll(() => t.close());
afterEach(async () => {
  now = new Date('2026-11-23T10:00:00Z');
  // Every file is named by a row and every named file is there: copies and deletions kept the count right.
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

/** Tuesday training across the change to summer time (28.03.2027): nine evenings. */
const WEEKLY = { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { until: '2027-04-27' } };

function training(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Training Luftgewehr',
    datetime_begin: '2027-03-02 18:30:00',
    datetime_end: '2027-03-02 21:00:00',
    location: 'Schützenhaus',
    visibility: true,
    description: 'Für alle Altersklassen',
    notes: 'Schlüssel bei Hans',
    assignment: groupId,
    status: 0,
    attachments: [],
    notify: false,
    recurrence: WEEKLY,
    ...overrides,
  };
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

interface View {
  id: number;
  name: string;
  datetime_begin: string;
  datetime_end: string;
  location: string;
  status: number;
  visibility: boolean;
  cancelled: boolean;
  detached: boolean;
  occurrence_date: string | null;
  series: { id: number; description: string; first_date: string } | null;
  attachments: { id: number; filename: string; url: string }[];
}

async function createSeries(overrides: Record<string, unknown> = {}) {
  const response = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(editor), payload: JSON.stringify(training(overrides)) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: string; data: View }>();
}

async function save(id: number, body: Record<string, unknown>, headers = editor) {
  return t.inject({ method: 'PUT', url: `/api/calendar/${id}`, headers: json(headers), payload: JSON.stringify(body) });
}

async function month(year: number, monthNumber: number): Promise<View[]> {
  const response = await t.inject({ method: 'GET', url: `/api/calendar/${year}/${monthNumber}`, headers: viewer });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The occurrences of a series as the back office sees them, in order. */
async function occurrences(seriesId: number): Promise<View[]> {
  const months = [];
  for (let m = 3; m <= 6; m += 1) months.push(...(await month(2027, m)));
  return months.filter((view) => view.series?.id === seriesId);
}

function formOf(view: View, overrides: Record<string, unknown> = {}) {
  return {
    name: view.name,
    datetime_begin: view.datetime_begin,
    datetime_end: view.datetime_end,
    location: view.location,
    visibility: view.visibility,
    description: 'Für alle Altersklassen',
    notes: '',
    assignment: groupId,
    status: view.status,
    attachments: view.attachments.map((attachment) => attachment.id),
    notify: false,
    ...overrides,
  };
}

async function remove(id: number, scope?: string, headers = editor) {
  return t.inject({ method: 'DELETE', url: `/api/calendar/${id}${scope ? `?scope=${scope}` : ''}`, headers });
}

async function feed(): Promise<ICAL.Component> {
  const response = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
  expect(response.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

/** What a calendar app shows of the feed's events with this UID: ical.js expands RRULE, EXDATE and RECURRENCE-ID. */
function expand(calendar: ICAL.Component, uid: string): { begin: string; end: string; summary: string; utc: string }[] {
  const components = calendar.getAllSubcomponents('vevent').filter((component) => component.getFirstPropertyValue('uid') === uid);
  const master = components.find((component) => !component.hasProperty('recurrence-id'));
  expect(master).toBeDefined();
  const event = new ICAL.Event(master);
  for (const exception of components.filter((component) => component.hasProperty('recurrence-id'))) event.relateException(new ICAL.Event(exception));
  const iterator = event.iterator();
  const result = [];
  for (let next = iterator.next(); next && result.length < 500; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    const local = (time: ICAL.Time) => time.toString().replace('T', ' ');
    result.push({ begin: local(details.startDate), end: local(details.endDate), summary: String(details.item.summary), utc: details.startDate.toJSDate().toISOString() });
  }
  return result;
}

const TUESDAYS = ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06', '2027-04-13', '2027-04-20', '2027-04-27'];

describe('permissions', () => {
  it('a series needs calendar_create; cancelling calendar_delete; taking a cancellation back calendar_update', async () => {
    const anonymous = await t.inject({ method: 'POST', url: '/api/calendar', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(training()) });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(viewer), payload: JSON.stringify(training()) });
    expect(forbidden.statusCode).toBe(403);
    expect(await t.db.selectFrom('appointment_series').select('id').execute()).toHaveLength(0);

    const { data } = await createSeries();
    expect((await remove(data.id, undefined, updater)).statusCode).toBe(403);
    expect((await remove(data.id)).json()).toEqual({ message: 'Termin abgesagt', data: { id: data.id } });
    const caller = async (headers: Record<string, string> | undefined) =>
      t.inject({ method: 'POST', url: '/trpc/calendar.restore', headers: { ...json(headers ?? {}), 'x-requested-with': 'fetch' }, payload: JSON.stringify({ id: data.id }) });
    expect((await caller(undefined)).statusCode).toBe(401);
    expect((await caller(viewer)).statusCode).toBe(403);
    const restored = await caller(updater);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().result.data).toMatchObject({ message: 'Absage zurückgenommen', data: { id: data.id, cancelled: false } });
    expect((await caller(updater)).json().error.message).toBe('Dieser Termin ist nicht abgesagt.');
    expect((await remove(data.id, 'all')).json().message).toBe('Terminserie gelöscht');
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(0);
  });
});

describe('a save that would delete occurrences', () => {
  const REFUSED = APPOINTMENT_MESSAGES.removesOccurrences;
  /** Every occurrence row of the series with what a save must not have changed. */
  const rows = async (seriesId: number) =>
    t.db.selectFrom('appointments').select(['id', 'occurrence_date', 'name', 'location']).where('series_id', '=', seriesId).orderBy('occurrence_date').execute();

  it('needs calendar_delete: without it 403, whichever way the save would delete them, and nothing changes', async () => {
    const created = await createSeries({ recurrence: { ...WEEKLY, weekdays: ['TU', 'TH'] } });
    const seriesId = created.data.series!.id;
    const all = await occurrences(seriesId);
    const before = await rows(seriesId);
    const seriesBefore = await t.db.selectFrom('appointment_series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
    expect(before).toHaveLength(17);
    const first = all[0]!;
    const fifth = all[4]!;
    const attempts: [string, View, Record<string, unknown>][] = [
      // The attack of issue 25: the whole series but the one saved goes.
      ['no recurrence any more, for all', first, { scope: 'all', recurrence: null }],
      ['an earlier end', first, { scope: 'all', recurrence: { ...WEEKLY, weekdays: ['TU', 'TH'], end: { until: '2027-03-31' } } }],
      ['fewer weekdays', first, { scope: 'all', recurrence: { ...WEEKLY, weekdays: ['TU'] } }],
      ['fewer times', first, { scope: 'all', recurrence: { ...WEEKLY, weekdays: ['TU', 'TH'], end: { count: 3 } } }],
      ["'Diesen und alle folgenden' without recurrence", fifth, { scope: 'following', recurrence: null }],
      ["'Diesen und alle folgenden' shortened", fifth, { scope: 'following', recurrence: { ...WEEKLY, weekdays: ['TU', 'TH'], end: { until: '2027-03-25' } } }],
      ["'Diesen und alle folgenden' from the first, without recurrence", first, { scope: 'following', recurrence: null }],
    ];
    for (const [what, occurrence, change] of attempts) {
      const refused = await save(occurrence.id, formOf(occurrence, { ...change, location: 'Irgendwo' }), updater);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(403);
      expect(refused.json(), what).toEqual({ message: REFUSED });
      expect(await rows(seriesId), what).toEqual(before);
      expect(await t.db.selectFrom('appointment_series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow(), what).toEqual(seriesBefore);
      expect(await t.db.selectFrom('appointment_series').select('id').execute(), what).toHaveLength(1);
    }
    // The same over tRPC, and the refusal is logged.
    const viaTrpc = await t.inject({
      method: 'POST',
      url: '/trpc/calendar.update',
      headers: { ...json(updater), 'x-requested-with': 'fetch' },
      payload: JSON.stringify({ id: all[0]!.id, ...formOf(all[0]!, { scope: 'all', recurrence: null }) }),
    });
    expect(viaTrpc.statusCode).toBe(403);
    expect(viaTrpc.json().error.message).toBe(REFUSED);
    expect(await rows(seriesId)).toEqual(before);
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    expect(log).toContain(`Zugriff verweigert: calendar.update von Termin ${all[0]!.id} würde 16 Termine der Terminserie ${seriesId} löschen (fehlende Berechtigung calendar_delete)`);

    // With calendar_delete the same save goes through.
    const dissolved = await save(all[0]!.id, formOf(all[0]!, { scope: 'all', recurrence: null }));
    expect(dissolved.statusCode, dissolved.body).toBe(200);
    expect(await t.db.selectFrom('appointments').select('id').execute()).toEqual([{ id: all[0]!.id }]);
    await remove(all[0]!.id);
  });

  it('without calendar_delete, a save that deletes nothing still goes through: values, times, a later end, a split', async () => {
    const created = await createSeries();
    const seriesId = created.data.series!.id;
    const all = await occurrences(seriesId);
    const renamed = await save(all[0]!.id, formOf(all[0]!, { name: 'Training LG', datetime_begin: '2027-03-02 19:00:00', datetime_end: '2027-03-02 21:00:00', scope: 'all', recurrence: WEEKLY }), updater);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await rows(seriesId)).map((row) => [row.id, row.name])).toEqual(all.map((view) => [view.id, 'Training LG']));
    const longer = await save(all[0]!.id, formOf(all[0]!, { name: 'Training LG', scope: 'all', recurrence: { ...WEEKLY, end: { until: '2027-05-11' } } }), updater);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(await rows(seriesId)).toHaveLength(11);
    const single = await save(all[3]!.id, formOf(all[3]!, { name: 'Training mit Gästen', scope: 'single' }), updater);
    expect(single.statusCode, single.body).toBe(200);
    // 'Diesen und alle folgenden' with the same rule: two series, every evening still there.
    const split = await save(all[5]!.id, formOf(all[5]!, { name: 'Training ab April', scope: 'following', recurrence: { ...WEEKLY, end: { until: '2027-05-11' } } }), updater);
    expect(split.statusCode, split.body).toBe(200);
    const newId = split.json().data.series.id as number;
    expect([...(await rows(seriesId)), ...(await rows(newId))].map((row) => row.id).sort((a, b) => a - b)).toHaveLength(11);
    await remove(all[0]!.id, 'all');
    await remove(all[5]!.id, 'all');
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(0);
  });
});

describe('a weekly series', () => {
  it('makes one appointment per Tuesday that keeps 18:30 across the change to summer time, in the month view, the public list and the legacy API', async () => {
    const created = await createSeries();
    expect(created.message).toBe('Terminserie mit 9 Terminen angelegt');
    expect(created.data).toMatchObject({ datetime_begin: '2027-03-02 18:30:00', occurrence_date: '2027-03-02', series: { description: 'jeden Dienstag, bis 27.04.2027', first_date: '2027-03-02' } });
    const all = await occurrences(created.data.series!.id);
    expect(all.map((view) => view.datetime_begin)).toEqual(TUESDAYS.map((date) => `${date} 18:30:00`));
    expect(all.map((view) => view.datetime_end)).toEqual(TUESDAYS.map((date) => `${date} 21:00:00`));
    expect(new Set(all.map((view) => view.id)).size).toBe(9);

    const listed = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data as { id: number; datetime_begin: string; name: string }[];
    expect(listed.filter((entry) => entry.name === 'Training Luftgewehr').map((entry) => [entry.id, entry.datetime_begin])).toEqual(all.map((view) => [view.id, view.datetime_begin]));
    // The legacy shape: no notes, no status, no series internals.
    expect(Object.keys(listed[0]!).sort()).toEqual(['attachments', 'datetime_begin', 'datetime_end', 'description', 'id', 'location', 'name', 'section']);

    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    expect(log).toContain('Terminserie „Training Luftgewehr“ (jeden Dienstag, bis 27.04.2027) mit 9 Terminen ab 02.03.2027 18:30 angelegt');
    await remove(created.data.id, 'all');
  });

  it('the feed carries it as one VEVENT with RRULE in Europe/Berlin, and ical.js expands exactly the site\'s occurrences', async () => {
    const created = await createSeries();
    const calendar = await feed();
    const uid = `serie-${created.data.series!.id}@localhost`;
    const master = calendar.getAllSubcomponents('vevent').find((component) => component.getFirstPropertyValue('uid') === uid)!;
    expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(master.getFirstProperty('rrule')!.toICALString()).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=TU;(WKST=MO;)?UNTIL=20270427T215959Z(;WKST=MO)?$/);
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    const expanded = expand(calendar, uid);
    expect(expanded.map((entry) => entry.begin)).toEqual(TUESDAYS.map((date) => `${date} 18:30:00`));
    // 18:30 in Berlin is 17:30 UTC in winter and 16:30 UTC in summer.
    expect(expanded[3]!.utc).toBe('2027-03-23T17:30:00.000Z');
    expect(expanded[4]!.utc).toBe('2027-03-30T16:30:00.000Z');
    // Not a second event per occurrence.
    expect(calendar.getAllSubcomponents('vevent').filter((component) => String(component.getFirstPropertyValue('summary')) === 'Training Luftgewehr')).toHaveLength(1);
    await remove(created.data.id, 'all');
  });

  it('lists the next twelve months of a five-year series publicly, and every upcoming single appointment as before', async () => {
    const long = await createSeries({ datetime_begin: '2026-12-01 18:30:00', datetime_end: '2026-12-01 21:00:00', recurrence: { ...WEEKLY, end: { until: '2031-11-25' } } });
    const far = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(editor), payload: JSON.stringify(training({ name: 'Jubiläum', datetime_begin: '2029-06-01 10:00:00', datetime_end: '2029-06-01 18:00:00', recurrence: null })) });
    expect(far.statusCode).toBe(201);
    const listed = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data as { name: string; datetime_begin: string }[];
    const evenings = listed.filter((entry) => entry.name === 'Training Luftgewehr');
    expect(evenings[0]!.datetime_begin).toBe('2026-12-01 18:30:00');
    // Beginning before 23.11.2027 11:00, twelve months from the clock's now.
    expect(evenings.at(-1)!.datetime_begin).toBe('2027-11-16 18:30:00');
    expect(evenings).toHaveLength(51);
    expect(listed.map((entry) => entry.name)).toContain('Jubiläum');
    expect(await t.db.selectFrom('appointments').select('id').where('series_id', '=', long.data.series!.id).execute()).toHaveLength(261);
    await remove(long.data.id, 'all');
    await remove(far.json().data.id as number);
  });

  it('refuses rules that do not fit, run longer than five years or meet the skipped hour, in German, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recurrence: { ...WEEKLY, weekdays: ['WE'] } }, 'Der erste Termin muss auf einem der gewählten Wochentage liegen.'],
      [{ recurrence: { ...WEEKLY, weekdays: [] } }, 'Bitte wähle mindestens einen Wochentag.'],
      [{ recurrence: { ...WEEKLY, interval: 13 } }, 'Der Abstand muss eine ganze Zahl zwischen 1 und 12 sein.'],
      [{ recurrence: { ...WEEKLY, end: { until: '2032-03-03' } } }, 'Eine Serie darf höchstens 5 Jahre dauern.'],
      [{ recurrence: { ...WEEKLY, end: { count: 300 } } }, 'Eine Serie darf höchstens 5 Jahre dauern.'],
      [{ recurrence: { ...WEEKLY, end: { until: '2027-03-01' } } }, 'Das Ende der Serie darf nicht vor dem ersten Termin liegen.'],
      [{ recurrence: { ...WEEKLY, end: { until: '01.03.2027' } } }, 'Das Ende der Serie muss ein Datum im Format TT.MM.JJJJ sein.'],
      [{ recurrence: { frequency: 'monthly', interval: 1, on: { day: 3 }, end: { count: 3 } } }, 'Der erste Termin muss auf dem gewählten Tag des Monats liegen.'],
      [{ recurrence: { frequency: 'daily', interval: 1, end: { count: 3 } } }, 'Die Wiederholung ist ungültig.'],
      [
        { datetime_begin: '2027-03-07 02:30:00', datetime_end: '2027-03-07 04:00:00', recurrence: { frequency: 'weekly', interval: 1, weekdays: ['SU'], end: { count: 4 } } },
        'Ein Termin der Serie fiele in die Stunde, die es wegen der Umstellung auf Sommerzeit nicht gibt. Bitte wähle eine andere Uhrzeit!',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(editor), payload: JSON.stringify(training(overrides)) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(JSON.stringify(response.json()), JSON.stringify(overrides)).toContain(message);
    }
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('appointment_series').select('id').execute()).toHaveLength(0);
  });

  it('monthly on the last Friday and on the 31st, ending after a number of times', async () => {
    const lastFriday = await createSeries({
      datetime_begin: '2027-01-29 19:00:00',
      datetime_end: '2027-01-29 22:00:00',
      recurrence: { frequency: 'monthly', interval: 1, on: { ordinal: -1, weekday: 'FR' }, end: { count: 4 } },
    });
    expect(lastFriday.data.series!.description).toBe('jeden letzten Freitag im Monat, 4 Termine');
    const rows = await t.db.selectFrom('appointments').select('datetime_begin').where('series_id', '=', lastFriday.data.series!.id).orderBy('datetime_begin').execute();
    expect(rows.map((row) => String(row.datetime_begin))).toEqual(['2027-01-29 19:00:00', '2027-02-26 19:00:00', '2027-03-26 19:00:00', '2027-04-30 19:00:00']);
    const uid = `serie-${lastFriday.data.series!.id}@localhost`;
    expect(expand(await feed(), uid).map((entry) => entry.begin)).toEqual(rows.map((row) => String(row.datetime_begin)));
    await remove(lastFriday.data.id, 'all');

    const endOfMonth = await createSeries({
      datetime_begin: '2027-01-31 10:00:00',
      datetime_end: '2027-01-31 12:00:00',
      recurrence: { frequency: 'monthly', interval: 2, on: { day: 31 }, end: { until: '2027-12-31' } },
    });
    const dates = await t.db.selectFrom('appointments').select('occurrence_date').where('series_id', '=', endOfMonth.data.series!.id).orderBy('occurrence_date').execute();
    // Every second month with a 31st: January, (March), May, July; September has none; November none.
    expect(dates.map((row) => row.occurrence_date)).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
    expect(expand(await feed(), `serie-${endOfMonth.data.series!.id}@localhost`).map((entry) => entry.begin.slice(0, 10))).toEqual(dates.map((row) => row.occurrence_date));
    await remove(endOfMonth.data.id, 'all');
  });
});

describe('one occurrence on its own', () => {
  it('a cancelled occurrence leaves the public list, becomes an EXDATE, stays in the back office marked, and can be taken back', async () => {
    const created = await createSeries();
    const all = await occurrences(created.data.series!.id);
    const third = all[2]!;
    expect((await remove(third.id)).statusCode).toBe(200);
    const after = await occurrences(created.data.series!.id);
    expect(after.find((view) => view.id === third.id)).toMatchObject({ cancelled: true });
    const listed = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data as { id: number }[];
    expect(listed.map((entry) => entry.id)).not.toContain(third.id);
    expect(listed.filter((entry) => all.some((view) => view.id === entry.id))).toHaveLength(8);
    const calendar = await feed();
    const master = calendar.getAllSubcomponents('vevent').find((component) => component.getFirstPropertyValue('uid') === `serie-${created.data.series!.id}@localhost`)!;
    expect(master.getFirstProperty('exdate')!.toICALString()).toBe('EXDATE;TZID=Europe/Berlin:20270316T183000');
    expect(expand(calendar, `serie-${created.data.series!.id}@localhost`).map((entry) => entry.begin.slice(0, 10))).toEqual(TUESDAYS.filter((date) => date !== '2027-03-16'));
    // A cancelled occurrence is not edited until the cancellation is taken back.
    const edit = await save(third.id, formOf(third, { name: 'Doch Training' }));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Ein abgesagter Termin lässt sich nicht bearbeiten. Bitte nimm zuerst die Absage zurück.');
    await remove(created.data.id, 'all');
  });

  it("'Nur diesen Termin' changes one evening (RECURRENCE-ID in the feed); a later change of all leaves it as it is", async () => {
    const created = await createSeries();
    const seriesId = created.data.series!.id;
    const all = await occurrences(seriesId);
    const fourth = all[3]!;
    const single = await save(fourth.id, formOf(fourth, { name: 'Training mit Trainerschein-Prüfung', datetime_begin: '2027-03-23 17:00:00', datetime_end: '2027-03-23 21:30:00', scope: 'single' }));
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().data).toMatchObject({ id: fourth.id, detached: true, occurrence_date: '2027-03-23', datetime_begin: '2027-03-23 17:00:00' });
    // The rule of one occurrence alone cannot change.
    const ruleAlone = await save(all[4]!.id, formOf(all[4]!, { scope: 'single', recurrence: { ...WEEKLY, weekdays: ['TU', 'TH'] } }));
    expect(ruleAlone.statusCode).toBe(422);
    expect(JSON.stringify(ruleAlone.json())).toContain('Die Wiederholung lässt sich nur für alle Termine der Serie oder für diesen und alle folgenden ändern.');

    const everything = await save(all[0]!.id, formOf(all[0]!, { location: 'Vereinsheim', datetime_begin: '2027-03-02 19:00:00', datetime_end: '2027-03-02 21:30:00', scope: 'all', recurrence: WEEKLY }));
    expect(everything.statusCode, everything.body).toBe(200);
    const after = await occurrences(seriesId);
    expect(after.map((view) => view.id)).toEqual(all.map((view) => view.id));
    expect(after.filter((view) => view.id !== fourth.id).every((view) => view.location === 'Vereinsheim' && view.datetime_begin.endsWith('19:00:00'))).toBe(true);
    expect(after.find((view) => view.id === fourth.id)).toMatchObject({ location: 'Schützenhaus', name: 'Training mit Trainerschein-Prüfung', datetime_begin: '2027-03-23 17:00:00' });

    const calendar = await feed();
    const uid = `serie-${seriesId}@localhost`;
    const exception = calendar.getAllSubcomponents('vevent').find((component) => component.getFirstPropertyValue('uid') === uid && component.hasProperty('recurrence-id'))!;
    expect(exception.getFirstProperty('recurrence-id')!.toICALString()).toBe('RECURRENCE-ID;TZID=Europe/Berlin:20270323T190000');
    const expanded = expand(calendar, uid);
    expect(expanded.map((entry) => [entry.begin, entry.summary])).toEqual(after.map((view) => [view.datetime_begin, view.name]));
    await remove(created.data.id, 'all');
  });

  it("'Diesen und alle folgenden' ends the series the day before and starts a new one with the same ids; a number of times counts the whole series", async () => {
    const created = await createSeries({ recurrence: { ...WEEKLY, end: { count: 9 } } });
    const oldId = created.data.series!.id;
    const all = await occurrences(oldId);
    const sixth = all[5]!;
    const split = await save(sixth.id, formOf(sixth, { datetime_begin: '2027-04-08 18:00:00', datetime_end: '2027-04-08 20:00:00', scope: 'following', recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TH'], end: { count: 9 } } }));
    expect(split.statusCode, split.body).toBe(200);
    const newId = split.json().data.series.id as number;
    expect(newId).not.toBe(oldId);
    expect(split.json().data.series.description).toBe('jeden Donnerstag, 4 Termine');
    const before = await occurrences(oldId);
    expect(before.map((view) => view.id)).toEqual(all.slice(0, 5).map((view) => view.id));
    expect(before[0]!.series!.description).toBe('jeden Dienstag, bis 05.04.2027');
    const moved = await occurrences(newId);
    expect(moved.map((view) => view.id)).toEqual(all.slice(5).map((view) => view.id));
    expect(moved.map((view) => view.datetime_begin)).toEqual(['2027-04-08 18:00:00', '2027-04-15 18:00:00', '2027-04-22 18:00:00', '2027-04-29 18:00:00']);
    const calendar = await feed();
    expect(expand(calendar, `serie-${oldId}@localhost`)).toHaveLength(5);
    expect(expand(calendar, `serie-${newId}@localhost`).map((entry) => entry.begin)).toEqual(moved.map((view) => view.datetime_begin));

    const tooFew = await save(moved[1]!.id, formOf(moved[1]!, { scope: 'following', recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TH'], end: { count: 1 } } }));
    expect(tooFew.statusCode).toBe(422);
    expect(JSON.stringify(tooFew.json())).toContain('Bitte gib eine größere Zahl von Terminen an.');

    // Deleting from here on: the rest goes, the series ends the day before.
    expect((await remove(moved[2]!.id, 'following')).json().message).toBe('Dieser und alle folgenden Termine der Serie gelöscht');
    expect((await occurrences(newId)).map((view) => view.id)).toEqual(moved.slice(0, 2).map((view) => view.id));
    await remove(before[0]!.id, 'all');
    await remove(moved[0]!.id, 'all');
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(0);
    expect(await t.db.selectFrom('appointment_series').select('id').execute()).toHaveLength(0);
  });

  it("'Alle Termine der Serie' moved a day keeps the ids; without a rule the edited one stays single and the rest goes", async () => {
    const created = await createSeries();
    const seriesId = created.data.series!.id;
    const all = await occurrences(seriesId);
    const moved = await save(all[2]!.id, formOf(all[2]!, { datetime_begin: '2027-03-17 18:30:00', datetime_end: '2027-03-17 21:00:00', scope: 'all', recurrence: { ...WEEKLY, weekdays: ['WE'], end: { until: '2027-04-28' } } }));
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await occurrences(seriesId);
    expect(after.map((view) => view.id)).toEqual(all.map((view) => view.id));
    expect(after.map((view) => view.occurrence_date)).toEqual(TUESDAYS.map((date) => `2027-${date.slice(5, 7)}-${String(Number(date.slice(8)) + 1).padStart(2, '0')}`));

    const dissolved = await save(after[4]!.id, formOf(after[4]!, { scope: 'all', recurrence: null }));
    expect(dissolved.statusCode, dissolved.body).toBe(200);
    expect(dissolved.json().data).toMatchObject({ id: after[4]!.id, series: null, occurrence_date: null });
    expect((await t.db.selectFrom('appointments').select('id').execute()).map((row) => row.id)).toEqual([after[4]!.id]);
    await remove(after[4]!.id);
  });

  it('a single appointment given a rule becomes the first occurrence of a new series', async () => {
    const single = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(editor), payload: JSON.stringify(training({ recurrence: null })) });
    expect(single.statusCode).toBe(201);
    const id = single.json().data.id as number;
    expect(single.json().data.series).toBeNull();
    const made = await save(id, { ...training(), scope: 'all' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ id, occurrence_date: '2027-03-02' });
    expect(await occurrences(made.json().data.series.id)).toHaveLength(9);
    await remove(id, 'all');
  });
});

describe('the public list at a glance (issue 26, point 5)', () => {
  interface Listed {
    id: number;
    name: string;
    datetime_begin: string;
    series: { id: number; rhythm: string; changed: boolean } | null;
  }
  const publicList = async (): Promise<Listed[]> => {
    const response = await t.inject({ method: 'GET', url: '/trpc/calendar.publicList' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data;
  };

  it('names an occurrence\'s series with its rhythm and whether it was changed on its own; single appointments have none; the legacy list keeps its fields', async () => {
    const created = await createSeries({ recurrence: { ...WEEKLY, interval: 2, end: { count: 4 } } });
    const seriesId = created.data.series!.id;
    const all = await occurrences(seriesId);
    expect(all).toHaveLength(4);
    const single = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(editor), payload: JSON.stringify(training({ name: 'Kreismeisterschaft', recurrence: null })) });
    expect(single.statusCode).toBe(201);
    const changed = await save(all[1]!.id, formOf(all[1]!, { name: 'Training mit Gästen', scope: 'single' }));
    expect(changed.statusCode, changed.body).toBe(200);

    const listed = await publicList();
    const series = listed.filter((entry) => entry.series?.id === seriesId);
    expect(series.map((entry) => [entry.id, entry.series])).toEqual(
      all.map((view, index) => [view.id, { id: seriesId, rhythm: 'jeden zweiten Dienstag', changed: index === 1 }]),
    );
    expect(listed.find((entry) => entry.name === 'Kreismeisterschaft')!.series).toBeNull();
    // Cancelled occurrences are not listed, so no rhythm counts them.
    await remove(all[2]!.id);
    expect((await publicList()).filter((entry) => entry.series?.id === seriesId).map((entry) => entry.id)).toEqual([all[0]!.id, all[1]!.id, all[3]!.id]);

    // SPEC §7: the legacy list keeps exactly its fields, also for occurrences.
    const legacy = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data as Record<string, unknown>[];
    expect(legacy.length).toBeGreaterThan(0);
    for (const entry of legacy) expect(Object.keys(entry)).toEqual(['id', 'name', 'datetime_begin', 'datetime_end', 'location', 'description', 'section', 'attachments']);
    await remove(created.data.id, 'all');
    await remove(single.json().data.id as number);
  });
});

describe('the month at scale', () => {
  it('keeps the months around today until a calendar write, and queries far years every time', async () => {
    const direct = async (begin: string) => {
      await t.db
        .insertInto('appointments')
        .values({ name: 'Direkt', datetime_begin: begin, datetime_end: begin, location: 'x', visibility: 0, description: '', notes: '', assignment: groupId, status: 0, notify: 0, created_at: begin, updated_at: begin })
        .execute();
    };
    expect(await month(2027, 3)).toEqual([]);
    await direct('2027-03-10 18:00:00');
    // Kept: a row written past the site is not seen until the calendar changes through it.
    expect(await month(2027, 3)).toEqual([]);
    const { data } = await createSeries();
    expect((await month(2027, 3)).map((view) => view.name)).toContain('Direkt');
    expect(await month(2099, 3)).toEqual([]);
    await direct('2099-03-10 18:00:00');
    expect((await month(2099, 3)).map((view) => view.name)).toEqual(['Direkt']);
    await t.db.deleteFrom('appointments').where('name', '=', 'Direkt').execute();
    await remove(data.id, 'all');
  });

  it('sends a program the kept month in the compression it takes, with an ETag, for no shared cache, and only after the permission check', async () => {
    const { data } = await createSeries();
    const url = '/api/calendar/2027/03';
    const plain = await t.inject({ method: 'GET', url, headers: viewer });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.json().data).toHaveLength(5);
    const compressed = await t.inject({ method: 'GET', url, headers: { ...viewer, 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    const etag = String(compressed.headers.etag);
    expect(etag).not.toBe(plain.headers.etag);
    const unchanged = await t.inject({ method: 'GET', url, headers: { ...viewer, 'accept-encoding': 'gzip, br', 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // The kept bytes reach nobody without calendar_view, nor anybody without credentials.
    const outsider = (await t.createMember([])).auth;
    expect((await t.inject({ method: 'GET', url, headers: { ...outsider, 'accept-encoding': 'br', 'if-none-match': etag } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).statusCode).toBe(401);
    // A change makes new bytes with a new tag.
    await remove(data.id, 'all');
    const changed = await t.inject({ method: 'GET', url, headers: { ...viewer, 'accept-encoding': 'gzip, br', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    // Too short to be worth compressing.
    expect(changed.headers['content-encoding']).toBeUndefined();
    expect(changed.json()).toEqual({ data: [] });
    // A far year is not kept: it is serialized for the request and sent as it is.
    const far = await t.inject({ method: 'GET', url: '/api/calendar/2099/03', headers: { ...viewer, 'accept-encoding': 'gzip, br' } });
    expect(far.statusCode).toBe(200);
    expect(far.headers['content-encoding']).toBeUndefined();
    expect(far.json()).toEqual({ data: [] });
  });
});

describe('attachments and notifications', () => {
  it('the series\' attachments show on every occurrence; one occurrence may have its own; files go with the last row naming them', async () => {
    const upload = await postForm(t, '/api/calendar/upload', [{ name: 'attachments[]', filename: 'Trainingsplan.pdf', content: pdf() }, { name: 'attachments[]', filename: 'Hallenplan.pdf', content: pdf() }], editor);
    expect(upload.statusCode, upload.body).toBe(201);
    const [plan, hall] = upload.json().data as { id: number }[];
    const created = await createSeries({ attachments: [plan!.id, hall!.id] });
    const all = await occurrences(created.data.series!.id);
    expect(all.every((view) => view.attachments.map((attachment) => attachment.filename).join() === 'Trainingsplan.pdf,Hallenplan.pdf')).toBe(true);
    // Anonymous visitors read the public series' attachment.
    const url = all[0]!.attachments[0]!.url;
    expect((await t.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname })).statusCode).toBe(200);

    // One evening without the hall plan: its own list, the plan a copy naming the same file.
    const own = await save(all[1]!.id, formOf(all[1]!, { attachments: [plan!.id], scope: 'single' }));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.attachments.map((attachment: { filename: string }) => attachment.filename)).toEqual(['Trainingsplan.pdf']);
    expect(own.json().data.attachments[0].id).not.toBe(plan!.id);
    expect((await occurrences(created.data.series!.id))[2]!.attachments).toHaveLength(2);

    // The whole series drops the plan: its file stays for the evening that still names it.
    const withoutPlan = await save(all[0]!.id, formOf(all[0]!, { attachments: [hall!.id], scope: 'all' }));
    expect(withoutPlan.statusCode, withoutPlan.body).toBe(200);
    expect((await occurrences(created.data.series!.id))[1]!.attachments.map((attachment) => attachment.filename)).toEqual(['Trainingsplan.pdf']);
    expect((await t.inject({ method: 'GET', url: new URL(url, 'http://localhost').pathname })).statusCode).toBe(200);
    await remove(created.data.id, 'all');
    expect(await t.db.selectFrom('attachments').select('id').execute()).toHaveLength(0);
  });

  it('notifies the group once per series with the series as .ics, not once per occurrence', async () => {
    const member = await t.createMember([], '42000001');
    await t.db.updateTable('users').set({ email: 'trainer@example.org' }).where('id', '=', member.id).execute();
    const group = Number((await t.db.insertInto('groups').values({ name: 'Luftgewehr' }).executeTakeFirstOrThrow()).insertId);
    await t.db.insertInto('user_groups').values({ user_id: member.id, group_id: group }).execute();
    const outbox = () => t.db.selectFrom('mail_outbox').select(['id', 'recipient', 'subject', 'body']).where('kind', '=', 'calendar').orderBy('id').execute();
    const before = (await outbox()).length;

    const created = await createSeries({ assignment: group, notify: true });
    let mails = (await outbox()).slice(before);
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([['trainer@example.org', 'Neue Terminserie: Training Luftgewehr, jeden Dienstag, bis 27.04.2027']]);
    expect(mails[0]!.body).toContain('Wiederholung: jeden Dienstag, bis 27.04.2027');
    expect(mails[0]!.body).toContain('- 02.03.2027 18:30');
    const attachment = await t.db.selectFrom('mail_attachments').select(['filename', 'content']).where('mail_id', '=', mails[0]!.id).executeTakeFirstOrThrow();
    expect(attachment.filename).toBe('terminserie.ics');
    const ics = new ICAL.Component(ICAL.parse(attachment.content) as unknown[]);
    expect(ics.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(String(ics.getFirstSubcomponent('vevent')!.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY;BYDAY=TU');

    // Saving one evening with notify within ten minutes sends nothing more; later the series' change goes out once.
    const all = await occurrences(created.data.series!.id);
    await save(all[2]!.id, formOf(all[2]!, { assignment: group, notify: true, scope: 'single', name: 'Training mit Gästen' }));
    expect((await outbox()).length).toBe(before + 1);
    now = new Date(now.getTime() + NOTIFY_INTERVAL_MS);
    await save(all[3]!.id, formOf(all[3]!, { assignment: group, notify: true, scope: 'all' }));
    mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Terminserie geändert: Training Luftgewehr, jeden Dienstag, bis 27.04.2027');
    expect(mails[1]!.body).toContain('- 16.03.2027 18:30 (Training mit Gästen, Schützenhaus)');
    await remove(created.data.id, 'all');
  });
});
