import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** Monday 23.11.2026 11:00 in Berlin. */
const now = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let planner: { authorization: string };
let viewer: { authorization: string };
let calendar: { authorization: string };
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  planner = (await t.createMember(['hosts_view', 'hosts_create'])).auth;
  viewer = (await t.createMember(['hosts_view', 'hosts_update'])).auth;
  const member = await t.createMember(['calendar_view', 'calendar_create', 'calendar_update', 'calendar_delete']);
  calendar = member.auth;
  groupId = member.groupId;
});
afterAll(() => t.close());

const json = (headers: Record<string, string> = {}) => ({ ...headers, 'content-type': 'application/json', 'x-requested-with': 'fetch' });

async function trpcMutation(path: string, input: unknown, headers?: Record<string, string>) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: json(headers), payload: JSON.stringify(input) });
}

async function trpcQuery(path: string, headers?: Record<string, string>) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers: json(headers) });
}

/** Friday evenings, 04.12.2026 to 08.01.2027: six. */
async function fridaySeries(overrides: Record<string, unknown> = {}): Promise<{ seriesId: number; ids: number[] }> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/calendar',
    headers: { ...calendar, 'content-type': 'application/json' },
    payload: JSON.stringify({
      name: 'Bogentraining',
      datetime_begin: '2026-12-04 18:00:00',
      datetime_end: '2026-12-04 20:00:00',
      location: 'Halle',
      visibility: true,
      assignment: groupId,
      status: 0,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['FR'], end: { count: 6 } },
      ...overrides,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const seriesId = response.json().data.series.id as number;
  const rows = await t.db.selectFrom('appointments').select('id').where('series_id', '=', seriesId).orderBy('occurrence_date').execute();
  return { seriesId, ids: rows.map((row) => row.id) };
}

async function roster(): Promise<{ date: string; supervisor: number; host: number; cancelled: boolean }[]> {
  const response = await t.inject({ method: 'GET', url: '/api/hosts', headers: viewer });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return Array.isArray(body) ? body : body.data;
}

describe("'Dienste für Serie anlegen'", () => {
  it('needs hosts_create: 401 anonymous, 403 without, and changes nothing then', async () => {
    const { seriesId } = await fridaySeries();
    const input = { series_id: seriesId, from: '2026-12-01', until: '2027-01-31' };
    expect((await trpcMutation('hosts.fillFromSeries', input)).statusCode).toBe(401);
    expect((await trpcMutation('hosts.fillFromSeries', input, viewer)).statusCode).toBe(403);
    expect((await trpcQuery('hosts.seriesChoices')).statusCode).toBe(401);
    expect((await trpcQuery('hosts.seriesChoices', viewer)).statusCode).toBe(403);
    expect(await t.db.selectFrom('host_entries').select('id').execute()).toHaveLength(0);
    await t.inject({ method: 'DELETE', url: `/api/calendar/${(await t.db.selectFrom('appointments').select('id').where('series_id', '=', seriesId).executeTakeFirstOrThrow()).id}?scope=all`, headers: calendar });
  });

  it('adds an open row per evening in the range, keeps the rows of dates that have one, skips cancelled evenings, and logs', async () => {
    const { seriesId, ids } = await fridaySeries();
    const choices = await trpcQuery('hosts.seriesChoices', planner);
    expect(choices.json().result.data).toEqual([{ id: seriesId, name: 'Bogentraining', description: 'jeden Freitag, 18:00–20:00', next_date: '2026-12-04', last_date: '2027-01-08' }]);
    // One evening has its roster already; one is cancelled.
    const existing = await t.inject({ method: 'POST', url: '/api/hosts', headers: { ...planner, 'content-type': 'application/json' }, payload: JSON.stringify({ date: '2026-12-11', supervisor: -1, host: -4 }) });
    expect(existing.statusCode, existing.body).toBe(201);
    expect((await t.inject({ method: 'DELETE', url: `/api/calendar/${ids[3]}`, headers: calendar })).statusCode).toBe(200);

    const filled = await trpcMutation('hosts.fillFromSeries', { series_id: seriesId, from: '2026-12-01', until: '2027-01-01' }, planner);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().result.data).toEqual({ message: '3 Dienste angelegt, 1 vorhandener Eintrag behalten', data: { created: 3, kept: 1 } });
    const rows = await roster();
    expect(rows.map((row) => [row.date, row.supervisor, row.host])).toEqual([
      ['2026-12-04', -2, -2],
      ['2026-12-11', -1, -4],
      ['2026-12-18', -2, -2],
      ['2027-01-01', -2, -2],
    ]);
    // Again: nothing new, nothing lost.
    const again = await trpcMutation('hosts.fillFromSeries', { series_id: seriesId, from: '2026-12-01', until: '2027-01-31' }, planner);
    expect(again.json().result.data.message).toBe('1 Dienst angelegt, 4 vorhandene Einträge behalten');
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    expect(log).toContain('Dienste für Terminserie „Bogentraining“ vom 01.12.2026 bis 01.01.2027: 3 angelegt (04.12.2026, 18.12.2026, 01.01.2027), 1 behalten');
    await t.inject({ method: 'DELETE', url: `/api/calendar/${ids[0]}?scope=all`, headers: calendar });
    await t.db.deleteFrom('host_entries').execute();
  });

  it('refuses a range that ends before it begins and a series that does not exist, in German', async () => {
    const backwards = await trpcMutation('hosts.fillFromSeries', { series_id: 1, from: '2027-01-01', until: '2026-12-01' }, planner);
    // tRPC answers a refused input 400, a refused choice 422 (as the project's other procedures).
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.');
    const unknown = await trpcMutation('hosts.fillFromSeries', { series_id: 999_999, from: '2026-12-01', until: '2027-01-01' }, planner);
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('Die gewählte Terminserie gibt es nicht mehr.');
    const empty = await trpcMutation('hosts.fillFromSeries', { from: '2026-12-01', until: '2027-01-01' }, planner);
    expect(JSON.stringify(empty.json())).toContain('Bitte wähle eine Terminserie.');
  });
});

describe('series a roster planner without calendar_view', () => {
  it('is offered and filled from only as the public calendar shows them: no internal series, no internal evening', async () => {
    const open = await fridaySeries();
    const board = await fridaySeries({ name: 'Vorstandssitzung', visibility: false, datetime_begin: '2026-12-07 19:00:00', datetime_end: '2026-12-07 21:00:00', recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], end: { count: 4 } } });
    // One evening of the public series was made internal on its own.
    const closed = await t.inject({
      method: 'PUT',
      url: `/api/calendar/${open.ids[0]}`,
      headers: { ...calendar, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Bogentraining (geschlossen)', datetime_begin: '2026-12-04 18:00:00', datetime_end: '2026-12-04 20:00:00', location: 'Halle', visibility: false, assignment: groupId, status: 0, scope: 'single' }),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const names = (response: Awaited<ReturnType<typeof trpcQuery>>) => (response.json().result.data as { name: string }[]).map((choice) => choice.name);

    const choices = await trpcQuery('hosts.seriesChoices', planner);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(names(choices)).toEqual(['Bogentraining']);
    expect(choices.json().result.data[0]).toMatchObject({ id: open.seriesId, next_date: '2026-12-11' });
    expect(choices.body).not.toContain('Vorstandssitzung');

    // The internal series is as unknown to them as one that does not exist; the public one fills its public evenings.
    const refused = await trpcMutation('hosts.fillFromSeries', { series_id: board.seriesId, from: '2026-12-01', until: '2027-01-31' }, planner);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Die gewählte Terminserie gibt es nicht mehr.');
    expect(await t.db.selectFrom('host_entries').select('id').execute()).toHaveLength(0);
    const filled = await trpcMutation('hosts.fillFromSeries', { series_id: open.seriesId, from: '2026-12-01', until: '2026-12-31' }, planner);
    expect(filled.json().result.data.data).toEqual({ created: 3, kept: 0 });
    expect((await roster()).map((row) => row.date)).toEqual(['2026-12-11', '2026-12-18', '2026-12-25']);
    await t.db.deleteFrom('host_entries').execute();

    // A planner who sees the calendar is offered and fills everything.
    const insider = (await t.createMember(['hosts_view', 'hosts_create', 'calendar_view'])).auth;
    expect(names(await trpcQuery('hosts.seriesChoices', insider))).toEqual(['Bogentraining', 'Vorstandssitzung']);
    const all = await trpcMutation('hosts.fillFromSeries', { series_id: open.seriesId, from: '2026-12-01', until: '2026-12-31' }, insider);
    expect(all.json().result.data.data).toEqual({ created: 4, kept: 0 });
    await t.db.deleteFrom('host_entries').execute();
    await t.inject({ method: 'DELETE', url: `/api/calendar/${open.ids[1]}?scope=all`, headers: calendar });
    await t.inject({ method: 'DELETE', url: `/api/calendar/${board.ids[0]}?scope=all`, headers: calendar });
  });
});

describe('a cancelled evening on the roster', () => {
  it("shows its entry as 'entfällt - siehe Kalender' in the back office and to visitors, and as before once taken back", async () => {
    const { seriesId, ids } = await fridaySeries();
    await trpcMutation('hosts.fillFromSeries', { series_id: seriesId, from: '2026-12-01', until: '2026-12-31' }, planner);
    const publicRoster = async () => (await t.inject({ method: 'GET', url: '/api/public/hosts' })).json();
    const before = await publicRoster();
    const list = (Array.isArray(before) ? before : before.data) as { date: string; supervisor: { prename: string } }[];
    expect(list.find((entry) => entry.date === '2026-12-18')!.supervisor.prename).toBe('ungeklärt');

    expect((await t.inject({ method: 'DELETE', url: `/api/calendar/${ids[2]}`, headers: calendar })).json().message).toBe('Termin abgesagt');
    const after = await publicRoster();
    const cancelled = ((Array.isArray(after) ? after : after.data) as { date: string; supervisor: { prename: string }; host: { prename: string } }[]).find((entry) => entry.date === '2026-12-18')!;
    expect([cancelled.supervisor.prename, cancelled.host.prename]).toEqual(['entfällt - siehe Kalender', 'entfällt - siehe Kalender']);
    expect((await roster()).find((row) => row.date === '2026-12-18')).toMatchObject({ cancelled: true, supervisor: -2 });
    expect((await roster()).find((row) => row.date === '2026-12-11')).toMatchObject({ cancelled: false });

    const restored = await trpcMutation('calendar.restore', { id: ids[2] }, calendar);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await roster()).find((row) => row.date === '2026-12-18')).toMatchObject({ cancelled: false });
    const again = await publicRoster();
    expect(((Array.isArray(again) ? again : again.data) as { date: string; supervisor: { prename: string } }[]).find((entry) => entry.date === '2026-12-18')!.supervisor.prename).toBe('ungeklärt');
  });
});
