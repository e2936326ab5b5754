import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pdf, postForm } from '../helpers/multipart.ts';

/**
 * Appointments at a glance (issue 26, point 5), as the server renders /termine and the home
 * page: weekday and date once, months as headings, a series as one entry with its rhythm and
 * next dates and every date behind a disclosure, descriptions, attachment links and the feed
 * links in the HTML, and the club's postal address in the Event of an appointment at its place.
 */

const ORIGIN = 'https://verein.example';
/** Monday 23.11.2026 11:00 in Berlin. */
const clock = { now: () => new Date('2026-11-23T10:00:00Z') };

let t: TestApp;
let bogen: number;

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' });

async function create(overrides: Record<string, unknown>) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/calendar',
    headers: json(t.admin),
    payload: JSON.stringify({
      name: 'Termin',
      location: 'Sporthalle Nachbarort',
      visibility: 1,
      description: '',
      notes: 'Schlüssel bei Hans',
      assignment: bogen,
      status: 0,
      attachments: [],
      notify: 0,
      ...overrides,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; series: { id: number } | null };
}

/** The JSON-LD objects of a page. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** What the page's body shows, as text: without its head, its scripts (the data) and its tags. */
function textOf(html: string): string {
  return html
    .slice(html.indexOf('<body'))
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '');
}

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  await t.db.updateTable('club_profile').set({ name: 'SV Tell Musterstadt', street: 'Schützenweg 1', postal_code: '12345', city: 'Musterstadt' }).execute();
  bogen = (await t.db.selectFrom('groups').select('id').where('name', '=', 'Bogen').executeTakeFirstOrThrow()).id;
  const upload = await postForm(t, '/api/calendar/upload', [{ name: 'attachments[]', filename: 'Trainingsplan.pdf', content: pdf() }], t.admin);
  expect(upload.statusCode, upload.body).toBe(201);
  // Every Tuesday from 01.12.2026, six evenings; the third changed on its own.
  await create({
    name: 'Bogentraining',
    datetime_begin: '2026-12-01 18:30:00',
    datetime_end: '2026-12-01 21:00:00',
    location: 'Vereinsheim',
    description: 'Bitte [fett:an]eigene Pfeile[fett:aus] mitbringen.',
    attachments: [(upload.json().data as { id: number }[])[0]!.id],
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { count: 6 } },
  });
  const month = (await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers: t.admin })).json().data as { id: number; datetime_begin: string; series: { id: number } | null }[];
  const third = month.find((view) => view.datetime_begin === '2026-12-15 18:30:00')!;
  const changed = await t.inject({
    method: 'PUT',
    url: `/api/calendar/${third.id}`,
    headers: json(t.admin),
    payload: JSON.stringify({ name: 'Bogentraining mit Gästen', datetime_begin: '2026-12-15 18:00:00', datetime_end: '2026-12-15 21:00:00', location: 'Vereinsheim', visibility: 1, description: '', notes: '', assignment: bogen, status: 0, attachments: [], notify: 0, scope: 'single' }),
  });
  expect(changed.statusCode, changed.body).toBe(200);
  await create({ name: 'Kreismeisterschaft', datetime_begin: '2026-12-05 10:00:00', datetime_end: '2026-12-06 16:00:00' });
  await create({ name: 'Weihnachtsfeier', datetime_begin: '2026-11-28 19:00:00', datetime_end: '2026-11-28 23:00:00', location: 'Schützenweg 1, 12345 Musterstadt' });
});
afterAll(() => t.close());

describe('/termine at a glance', () => {
  it('groups by month and writes the weekday and the date once; over several days both dates', async () => {
    const response = await t.inject({ method: 'GET', url: '/termine' });
    expect(response.statusCode).toBe(200);
    const text = textOf(response.body);
    expect(response.body).toMatch(/<h2[^>]*>November 2026<\/h2>/);
    expect(response.body).toMatch(/<h2[^>]*>Dezember 2026<\/h2>/);
    expect(text.indexOf('November 2026')).toBeLessThan(text.indexOf('Weihnachtsfeier'));
    expect(text.indexOf('Weihnachtsfeier')).toBeLessThan(text.indexOf('Dezember 2026'));
    expect(text).toContain('Sa, 28.11.2026, 19:00–23:00');
    expect(text).toContain('Sa, 05.12.2026, 10:00 – So, 06.12.2026, 16:00');
  });

  it('shows a series once with its rhythm and next dates, every date behind a disclosure; a changed evening is its own entry', async () => {
    const html = (await t.inject({ method: 'GET', url: '/termine' })).body;
    const text = textOf(html);
    expect(text).toContain('jeden Dienstag, 18:30–21:00 · nächste: 01.12., 08.12., 22.12.');
    expect([...html.matchAll(/<h3[^>]*>Bogentraining<\/h3>/g)]).toHaveLength(1);
    expect(html).toMatch(/<summary[^>]*>Alle 5 Termine/);
    for (const day of ['01', '08', '22', '29']) expect(text).toContain(`Di, ${day}.12.2026, 18:30–21:00`);
    expect(text).toContain('Di, 05.01.2027, 18:30–21:00');
    expect([...html.matchAll(/<h3[^>]*>Bogentraining mit Gästen<\/h3>/g)]).toHaveLength(1);
    expect(text).toContain('Di, 15.12.2026, 18:00–21:00');
  });

  it('has every description (bold as bold), attachment link and feed link in the HTML, with a section its own feed', async () => {
    const html = (await t.inject({ method: 'GET', url: '/termine' })).body;
    expect(html).toContain('<strong>eigene Pfeile</strong>');
    expect(textOf(html)).toContain('Bitte eigene Pfeile mitbringen.');
    expect(html).toMatch(/<a[^>]*href="[^"]*\/files\/[^"]+"[^>]*>Trainingsplan\.pdf<\/a>/);
    expect(html).toContain('Keine Beschreibung vorhanden');
    expect(html).not.toContain('Schlüssel bei Hans');
    expect(html).toMatch(/<details[^>]*class="[^"]*appointment-details/);
    expect(html).toContain('href="webcal://verein.example/api/public/calendar.ics"');
    expect(html).toContain(`href="${ORIGIN}/api/public/calendar.ics"`);
    const section = (await t.inject({ method: 'GET', url: '/termine?sparte=bogen' })).body;
    expect(section).toContain('href="webcal://verein.example/api/public/calendar/bogen.ics"');
    expect(section).toContain(`href="${ORIGIN}/api/public/calendar/bogen.ics"`);
    expect(textOf(section)).toContain('Sparte Bogen in Kalender-App abonnieren');
  });

  it("gives the Event the club's postal address where the place is the club's, the words elsewhere", async () => {
    const events = structuredData((await t.inject({ method: 'GET', url: '/termine' })).body).filter((object) => object['@type'] === 'Event');
    const address = { '@type': 'PostalAddress', streetAddress: 'Schützenweg 1', postalCode: '12345', addressLocality: 'Musterstadt', addressCountry: 'DE' };
    const placeOf = (name: string) => events.find((event) => event.name === name)!.location;
    expect(placeOf('Bogentraining')).toEqual({ '@type': 'Place', name: 'Vereinsheim', address });
    expect(placeOf('Weihnachtsfeier')).toEqual({ '@type': 'Place', name: 'Schützenweg 1, 12345 Musterstadt', address });
    expect(placeOf('Kreismeisterschaft')).toEqual({ '@type': 'Place', name: 'Sporthalle Nachbarort', address: 'Sporthalle Nachbarort' });
    // Of the series the dates its line names: a weekly training does not crowd the others out.
    expect(events.filter((event) => event.name === 'Bogentraining').map((event) => event.startDate)).toEqual(['2026-12-01T18:30:00+01:00', '2026-12-08T18:30:00+01:00', '2026-12-22T18:30:00+01:00']);
  });

  it('the home page names the next entries: a series once, with its rhythm', async () => {
    const html = (await t.inject({ method: 'GET', url: '/home' })).body;
    const text = textOf(html);
    expect(text).toContain('Sa, 28.11.2026, 19:00–23:00 · Schützenweg 1, 12345 Musterstadt');
    expect(text).toContain('jeden Dienstag, 18:30–21:00 · nächste: 01.12., 08.12., 22.12. · Vereinsheim');
    expect(text).toContain('Sa, 05.12.2026, 10:00 – So, 06.12.2026, 16:00 · Sporthalle Nachbarort');
    expect(text.match(/Bogentraining/g)).toHaveLength(1);
    expect(text).not.toContain('22.12.2026');
  });
});
