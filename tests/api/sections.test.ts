import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { renderPage } from '../../src/client/entry-server.tsx';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Sections are sections (issue 26, point 4): only a group flagged 'Als Sparte öffentlich
 * anzeigen' reaches visitors as an appointment's 'Sparte' (/termine, /api/public/calendar,
 * the feed); /termine filters by section and each section has a feed of its own. The legacy
 * API keeps the group id, the back office the group.
 */

const ORIGIN = 'https://verein.example';
/** Monday 23.11.2026 11:00 in Berlin. */
const clock = { now: () => new Date('2026-11-23T10:00:00Z') };

let t: TestApp;
let sections: Record<'LG/LP' | 'Bogen' | 'Blasrohr', number>;
/** A group that is no section, with a name visitors must not read. */
let internalGroup: number;
let viewer: { authorization: string };
let creatorOnly: { authorization: string };
let updaterOnly: { authorization: string };

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' });

async function send(method: 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = t.admin) {
  return t.inject({ method, url, headers: json(headers), payload: JSON.stringify(body) });
}

async function trpcQuery(path: string, input?: unknown) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${search}` });
}

async function group(id: number) {
  return t.db.selectFrom('groups').select(['id', 'name', 'public_section']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function logLines(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map((row) => row.message);
}

async function createAppointment(overrides: Record<string, unknown>) {
  const response = await send('POST', '/api/calendar', {
    name: 'Termin',
    datetime_begin: '2026-12-05 10:00:00',
    datetime_end: '2026-12-05 12:00:00',
    location: 'Schützenhaus',
    visibility: 1,
    description: '',
    notes: 'Intern',
    assignment: internalGroup,
    status: 0,
    attachments: [],
    notify: 0,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; series: { id: number } | null };
}

function eventsOf(body: string): ICAL.Event[] {
  return new ICAL.Component(ICAL.parse(body) as unknown[]).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

function categoriesOf(event: ICAL.Event): string[] {
  return event.component.getAllProperties('categories').flatMap((property) => property.getValues().map(String));
}

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  const rows = await t.db.selectFrom('groups').select(['id', 'name']).where('name', 'in', ['LG/LP', 'Bogen', 'Blasrohr']).execute();
  sections = Object.fromEntries(rows.map((row) => [row.name, row.id])) as typeof sections;
  const created = await send('POST', '/api/groups', { name: 'Webteam', permissions: [] });
  internalGroup = created.json().data.id;
  viewer = (await t.createMember(['groups_view'])).auth;
  creatorOnly = (await t.createMember(['groups_view', 'groups_create'])).auth;
  updaterOnly = (await t.createMember(['groups_view', 'groups_update'])).auth;
});
afterAll(() => t.close());

describe('the section groups', () => {
  it('a new installation has LG/LP, Bogen and Blasrohr as sections, and no other group is one', async () => {
    const groups = await t.db.selectFrom('groups').select(['id', 'name', 'public_section']).orderBy('id').execute();
    expect(groups.slice(0, 5).map((row) => [row.id, row.name, Number(row.public_section)])).toEqual([
      [1, 'Administratoren', 0],
      [2, 'Standaufsichtsberechtigte', 0],
      [3, 'LG/LP', 1],
      [4, 'Bogen', 1],
      [5, 'Blasrohr', 1],
    ]);
    const list = await t.inject({ method: 'GET', url: '/api/groups', headers: t.admin });
    expect(list.json().data.find((entry: { id: number }) => entry.id === sections.Bogen)).toMatchObject({ name: 'Bogen', public_section: true, permissions: [] });
    expect(list.json().data.find((entry: { id: number }) => entry.id === internalGroup)).toMatchObject({ name: 'Webteam', public_section: false });
  });

  it('a later start does not bring back a section the club deleted', async () => {
    const extra = await send('POST', '/api/groups', { name: 'Armbrust', permissions: [], public_section: true });
    expect(extra.statusCode, extra.body).toBe(201);
    const removed = await t.inject({ method: 'DELETE', url: `/api/groups/${sections.Blasrohr}`, headers: t.admin });
    expect(removed.statusCode, removed.body).toBe(200);
    await seed(t.db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords: bcryptHasher(4), now: new Date() });
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Blasrohr').execute()).toEqual([]);
    // Put back for the tests below, as a member would.
    await t.inject({ method: 'DELETE', url: `/api/groups/${extra.json().data.id}`, headers: t.admin });
    const again = await send('POST', '/api/groups', { name: 'Blasrohr', permissions: [], public_section: true });
    expect(again.statusCode, again.body).toBe(201);
    sections.Blasrohr = again.json().data.id;
  });
});

describe("the flag 'Als Sparte öffentlich anzeigen'", () => {
  it('needs a login (401) and groups_update (403); without it nothing changes', async () => {
    const anonymous = await t.inject({ method: 'PUT', url: `/api/groups/${internalGroup}`, headers: { 'content-type': 'application/json' }, payload: { name: 'Webteam', permissions: [], public_section: true } });
    expect(anonymous.statusCode).toBe(401);
    const anonymousTrpc = await t.inject({ method: 'POST', url: '/trpc/groups.update', headers: json({}), payload: JSON.stringify({ id: internalGroup, name: 'Webteam', permissions: [], public_section: true }) });
    expect(anonymousTrpc.statusCode).toBe(401);
    for (const headers of [viewer, creatorOnly]) {
      const refused = await send('PUT', `/api/groups/${internalGroup}`, { name: 'Webteam', permissions: [], public_section: true }, headers);
      expect(refused.statusCode).toBe(403);
    }
    expect(Number((await group(internalGroup)).public_section)).toBe(0);
  });

  it('a member who may create groups but not change them creates no section (403), an ordinary group still', async () => {
    const refused = await send('POST', '/api/groups', { name: 'Luftpistole Jugend', permissions: [], public_section: true }, creatorOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Eine neue Gruppe als Sparte öffentlich anzeigen darf nur, wer Gruppen bearbeiten darf.');
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Luftpistole Jugend').execute()).toEqual([]);
    const plain = await send('POST', '/api/groups', { name: 'Luftpistole Jugend', permissions: [] }, creatorOnly);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.public_section).toBe(false);
    expect(await logLines()).toContain('Zugriff verweigert: Neue Gruppe Luftpistole Jugend als Sparte (fehlende Berechtigung groups_update)');
  });

  it('with groups_update: set and taken back, logged; an update that leaves it out keeps it', async () => {
    const on = await send('PUT', `/api/groups/${internalGroup}`, { name: 'Webteam', permissions: [], public_section: true }, updaterOnly);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ message: 'Gruppe gespeichert', data: { id: internalGroup, public_section: true } });
    const kept = await send('PUT', `/api/groups/${internalGroup}`, { name: 'Webteam', permissions: [] }, updaterOnly);
    expect(kept.json().data.public_section).toBe(true);
    const off = await t.inject({
      method: 'POST',
      url: '/trpc/groups.update',
      headers: json(updaterOnly),
      payload: JSON.stringify({ id: internalGroup, name: 'Webteam', permissions: [], public_section: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result.data.data.public_section).toBe(false);
    const lines = await logLines();
    expect(lines).toContain('Gruppe „Webteam“ geändert (als Sparte öffentlich)');
    expect(lines).toContain('Gruppe „Webteam“ geändert (nicht mehr als Sparte öffentlich)');
    expect(lines).toContain('Gruppe „Webteam“ geändert');
  });

  it.each([
    ['a text', 'ja'],
    ['a number', 1],
    ['null', null],
  ])('refuses %s with a German message and changes nothing', async (_label, value) => {
    const message = 'Die Angabe „Als Sparte öffentlich anzeigen“ muss ja oder nein sein!';
    const update = await send('PUT', `/api/groups/${internalGroup}`, { name: 'Umbenannt', permissions: [], public_section: value });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toEqual({ message, errors: { public_section: [message] } });
    expect(await group(internalGroup)).toMatchObject({ name: 'Webteam', public_section: 0 });
    const create = await send('POST', '/api/groups', { name: 'Neu', permissions: [], public_section: value });
    expect(create.statusCode).toBe(422);
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'Neu').execute()).toEqual([]);
  });

  it('one address, one section: a name that gives another section\'s slug, or none, is refused', async () => {
    const twin = await send('POST', '/api/groups', { name: 'LG LP', permissions: [], public_section: true });
    expect(twin.statusCode).toBe(409);
    const message = 'Die Sparte „LG/LP“ hat schon die Adresse „lg-lp“. Bitte wähle einen anderen Namen.';
    expect(twin.json()).toEqual({ message, errors: { name: [message] } });
    expect(await t.db.selectFrom('groups').select('id').where('name', '=', 'LG LP').execute()).toEqual([]);
    // As an ordinary group the name is free; made a section, it is not.
    const plain = await send('POST', '/api/groups', { name: 'LG LP', permissions: [] });
    expect(plain.statusCode).toBe(201);
    const flagged = await send('PUT', `/api/groups/${plain.json().data.id}`, { name: 'LG LP', permissions: [], public_section: true });
    expect(flagged.statusCode).toBe(409);
    const renamed = await send('PUT', `/api/groups/${plain.json().data.id}`, { name: 'LG LP Jugend', permissions: [], public_section: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const none = await send('POST', '/api/groups', { name: '!!!', permissions: [], public_section: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.name).toEqual(['Aus dem Namen „!!!“ lässt sich keine Adresse für die Sparte bilden. Bitte verwende Buchstaben oder Ziffern im Namen.']);
    await t.inject({ method: 'DELETE', url: `/api/groups/${plain.json().data.id}`, headers: t.admin });
  });
});

describe('what visitors see of an appointment\'s group', () => {
  let internalAppointment: number;
  let bogenAppointment: number;
  let lgAppointment: number;
  let bogenSeries: number;
  let movedOccurrence: number;

  beforeAll(async () => {
    internalAppointment = (await createAppointment({ name: 'Arbeitseinsatz Webseite', assignment: internalGroup })).id;
    bogenAppointment = (await createAppointment({ name: 'Kreismeisterschaft Bogen', assignment: sections.Bogen, datetime_begin: '2026-12-06 09:00:00', datetime_end: '2026-12-06 17:00:00' })).id;
    lgAppointment = (await createAppointment({ name: 'Rundenwettkampf LG', assignment: sections['LG/LP'], datetime_begin: '2026-12-07 19:00:00', datetime_end: '2026-12-07 22:00:00' })).id;
    // A weekly archery training, one evening of which the LG/LP section took over.
    const series = await createAppointment({
      name: 'Bogentraining',
      assignment: sections.Bogen,
      datetime_begin: '2026-12-01 18:00:00',
      datetime_end: '2026-12-01 20:00:00',
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { count: 4 } },
    });
    bogenSeries = series.series!.id;
    const month = (await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers: t.admin })).json().data as { id: number; occurrence_date: string | null; series: { id: number } | null }[];
    movedOccurrence = month.find((entry) => entry.series?.id === bogenSeries && entry.occurrence_date === '2026-12-15')!.id;
    const moved = await send('PUT', `/api/calendar/${movedOccurrence}`, {
      name: 'Schnuppertraining Luftgewehr',
      datetime_begin: '2026-12-15 18:00:00',
      datetime_end: '2026-12-15 20:00:00',
      location: 'Schützenhaus',
      visibility: 1,
      description: '',
      notes: '',
      assignment: sections['LG/LP'],
      status: 0,
      attachments: [],
      notify: 0,
      scope: 'single',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('/api/public/calendar: the section group\'s name as section, an empty section for any other group', async () => {
    const data = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data as { id: number; section: string }[];
    const sectionOf = (id: number) => data.find((entry) => entry.id === id)?.section;
    expect(sectionOf(internalAppointment)).toBe('');
    expect(sectionOf(bogenAppointment)).toBe('Bogen');
    expect(sectionOf(lgAppointment)).toBe('LG/LP');
    expect(sectionOf(movedOccurrence)).toBe('LG/LP');
    expect(JSON.stringify(data)).not.toContain('Webteam');
  });

  it("the back office's month and the legacy API keep the group: its id as assignment, its name as section", async () => {
    const month = (await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers: t.admin })).json().data as { id: number; assignment: number; section: string }[];
    expect(month.find((entry) => entry.id === internalAppointment)).toMatchObject({ assignment: internalGroup, section: 'Webteam' });
    expect(month.find((entry) => entry.id === bogenAppointment)).toMatchObject({ assignment: sections.Bogen, section: 'Bogen' });
  });

  it('the feed: CATEGORIES only for a section group', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Webteam');
    const events = eventsOf(response.body);
    const byUid = (uid: string) => events.find((event) => event.uid === uid && !event.isRecurrenceException());
    expect(categoriesOf(byUid(`termin-${internalAppointment}@verein.example`)!)).toEqual([]);
    expect(categoriesOf(byUid(`termin-${bogenAppointment}@verein.example`)!)).toEqual(['Bogen']);
    expect(categoriesOf(byUid(`serie-${bogenSeries}@verein.example`)!)).toEqual(['Bogen']);
  });

  it('a group made a section, or a section renamed, shows at once (the kept answers go)', async () => {
    const before = await t.inject({ method: 'GET', url: '/api/public/calendar' });
    const etag = String(before.headers.etag);
    expect((await send('PUT', `/api/groups/${internalGroup}`, { name: 'Webteam', permissions: [], public_section: true })).statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url: '/api/public/calendar', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.find((entry: { id: number }) => entry.id === internalAppointment).section).toBe('Webteam');
    expect(eventsOf((await t.inject({ method: 'GET', url: '/api/public/calendar.ics' })).body).find((event) => event.uid === `termin-${internalAppointment}@verein.example`)!.component.getFirstPropertyValue('categories')).toBe('Webteam');
    expect((await send('PUT', `/api/groups/${internalGroup}`, { name: 'Webteam', permissions: [], public_section: false })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data.find((entry: { id: number }) => entry.id === internalAppointment).section).toBe('');
  });

  it("each section's feed holds that section's appointments alone, with its own name and address", async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public/calendar/bogen.ics' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="termine-bogen.ics"');
    const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Termine der Sparte Bogen – /);
    expect(calendar.getFirstPropertyValue('url')).toBe(`${ORIGIN}/api/public/calendar/bogen.ics`);
    const events = eventsOf(response.body);
    expect(events.map((event) => event.uid).sort()).toEqual([`serie-${bogenSeries}@verein.example`, `termin-${bogenAppointment}@verein.example`].sort());
    // The evening LG/LP took over is not Bogen's: left out of the series.
    const series = events.find((event) => event.uid === `serie-${bogenSeries}@verein.example`)!;
    expect(series.component.getFirstPropertyValue('exdate')?.toString()).toContain('2026-12-15');
    expect(events.every((event) => categoriesOf(event).join() === 'Bogen')).toBe(true);

    const lg = eventsOf((await t.inject({ method: 'GET', url: '/api/public/calendar/lg-lp.ics' })).body);
    expect(lg.map((event) => event.uid).sort()).toEqual([`termin-${lgAppointment}@verein.example`, `termin-${movedOccurrence}@verein.example`].sort());
    expect(lg.find((event) => event.uid === `termin-${movedOccurrence}@verein.example`)!.summary).toBe('Schnuppertraining Luftgewehr');
    const blowpipe = await t.inject({ method: 'GET', url: '/api/public/calendar/blasrohr.ics' });
    expect(blowpipe.statusCode).toBe(200);
    expect(eventsOf(blowpipe.body)).toEqual([]);
    // ETag and 304 as for the whole feed.
    expect((await t.inject({ method: 'GET', url: '/api/public/calendar/bogen.ics', headers: { 'if-none-match': String(response.headers.etag) } })).statusCode).toBe(304);
  });

  it('another spelling of a section\'s feed is sent to its address (301), an unknown section is 404; neither is kept', async () => {
    await t.inject({ method: 'GET', url: '/api/public/calendar/bogen.ics' });
    let kept = t.app.services.publicCache.stats.answers;
    for (const [url, location] of [
      ['/api/public/calendar/Bogen.ics', '/api/public/calendar/bogen.ics'],
      ['/api/public/calendar/LG_LP.ics', '/api/public/calendar/lg-lp.ics'],
      ['/api/public/calendar/lg%2Flp.ics', '/api/public/calendar/lg-lp.ics'],
    ] as const) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location).toBe(location);
    }
    for (const url of ['/api/public/calendar/schach.ics', '/api/public/calendar/Schach.ics', '/api/public/calendar/webteam.ics', '/api/public/calendar/.ics']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Diese Sparte gibt es nicht.' });
    }
    expect(t.app.services.publicCache.stats.answers).toBe(kept);
    // Over tRPC the same: a slug no section has, or another spelling, is refused and not kept.
    expect((await trpcQuery('calendar.publicList', { section: 'schach' })).statusCode).toBe(404);
    expect((await trpcQuery('calendar.publicList', { section: 'Bogen' })).statusCode).toBe(400);
    // No section, however spelled, is the whole list: one kept answer with no input's.
    expect((await trpcQuery('calendar.publicList')).statusCode).toBe(200);
    kept = t.app.services.publicCache.stats.answers;
    expect((await trpcQuery('calendar.publicList', {})).statusCode).toBe(200);
    expect((await trpcQuery('calendar.publicFeed', { section: 'bogen', extra: 1 })).statusCode).toBe(400);
    expect(t.app.services.publicCache.stats.answers).toBe(kept);
  });

  it('calendar.publicSections and publicList name the sections and filter by them', async () => {
    const listed = await trpcQuery('calendar.publicSections');
    expect(listed.json().result.data).toEqual([
      { slug: 'lg-lp', name: 'LG/LP' },
      { slug: 'bogen', name: 'Bogen' },
      { slug: 'blasrohr', name: 'Blasrohr' },
    ]);
    const bogen = (await trpcQuery('calendar.publicList', { section: 'bogen' })).json().result.data as { id: number; section: string; name: string }[];
    expect(bogen.map((entry) => entry.section)).toEqual(bogen.map(() => 'Bogen'));
    expect(bogen.map((entry) => entry.id)).toContain(bogenAppointment);
    expect(bogen.map((entry) => entry.id)).not.toContain(movedOccurrence);
    expect(bogen.filter((entry) => entry.name === 'Bogentraining')).toHaveLength(3);
  });

  describe('/termine', () => {
    const page = (url: string) => t.inject({ method: 'GET', url });
    /** The entries of the list as text: title and section ('' when it names none). */
    const rowsOf = (html: string) =>
      html
        .split(/<li class="[^"]*\bappointment\b[^"]*"/)
        .slice(1)
        .map((entry) => {
          const text = (className: string) => new RegExp(`class="[^"]*\\b${className}\\b[^"]*"[^>]*>(.*?)</(?:h3|span)>`).exec(entry)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
          return [text('appointment-title'), text('appointment-section').replace(/^Sparte: /, '')];
        });

    it('links every section and shows the group as section only for a section group', async () => {
      const response = await page('/termine');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      for (const slug of ['lg-lp', 'bogen', 'blasrohr']) expect(html).toContain(`href="/termine?sparte=${slug}"`);
      const rows = rowsOf(html);
      expect(rows.find((cells) => cells[0] === 'Arbeitseinsatz Webseite')?.[1]).toBe('');
      expect(rows.find((cells) => cells[0] === 'Kreismeisterschaft Bogen')?.[1]).toBe('Bogen');
      expect(html).not.toContain('Webteam');
    });

    it('?sparte=bogen shows only that section\'s appointments, with its own title, canonical address and feed', async () => {
      const response = await page('/termine?sparte=bogen');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const rows = rowsOf(html);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((cells) => cells[1] === 'Bogen')).toBe(true);
      expect(rows.map((cells) => cells[0])).toContain('Kreismeisterschaft Bogen');
      expect(rows.map((cells) => cells[0])).not.toContain('Rundenwettkampf LG');
      expect(html).toContain('<h1');
      expect(html).toContain('Termine der Sparte Bogen</h1>');
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/termine?sparte=bogen" />`);
      expect(html).toContain('aria-current="page" href="/termine?sparte=bogen"');
      // Only the section's events for search engines.
      const events = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => (JSON.parse(match[1]!) as { name: string }).name);
      expect(events).toContain('Kreismeisterschaft Bogen');
      expect(events).not.toContain('Rundenwettkampf LG');
      const blowpipe = await page('/termine?sparte=blasrohr');
      expect(blowpipe.statusCode).toBe(200);
      expect(blowpipe.body).toContain('Für die Sparte Blasrohr sind keine ausstehenden Termine vorhanden.');
    });

    it('another spelling is sent to the canonical address (301), an unknown section is not found (404); neither is kept', async () => {
      await page('/termine?sparte=bogen');
      const kept = t.app.services.publicCache.stats.answers;
      for (const [url, location] of [
        ['/termine?sparte=Bogen', '/termine?sparte=bogen'],
        ['/termine?sparte=BOGEN', '/termine?sparte=bogen'],
        ['/termine?sparte=LG%2FLP', '/termine?sparte=lg-lp'],
        ['/termine?sparte=bogen&sparte=lg-lp', '/termine?sparte=bogen'],
        ['/termine?sparte=', '/termine'],
      ] as const) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(301);
        expect(response.headers.location, url).toBe(location);
      }
      for (const url of ['/termine?sparte=schach', '/termine?sparte=webteam', '/termine?sparte=%21%21']) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).toContain('Seite nicht gefunden');
      }
      expect(t.app.services.publicCache.stats.answers).toBe(kept);
      // The canonical address is answered from memory.
      const hits = t.app.services.publicCache.stats.hits;
      expect((await page('/termine?sparte=bogen')).statusCode).toBe(200);
      expect(t.app.services.publicCache.stats.hits).toBe(hits + 1);
    });

    it('the sitemap names each section\'s /termine', async () => {
      const xml = (await page('/sitemap.xml')).body;
      for (const slug of ['lg-lp', 'bogen', 'blasrohr']) expect(xml).toContain(`<loc>${ORIGIN}/termine?sparte=${slug}</loc>`);
    });
  });
});
