import jsqr from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { DEFAULT_CLUB_DATA } from '../../src/shared/clubData.ts';
import { CHECK_IN_PROBLEMS } from '../../src/shared/courseBook.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The course book's server-rendered pages (issue 30.2, 30.4) as a phone without JavaScript
 * uses them: the check-in page (categories and prices from the table, each rule, the
 * retention), the plain form posted to a 303 to the ticket, the ticket page kept by no cache
 * with its GiroCode read back from the page's own SVG, 'Parcours verlassen', refusals
 * shown on the form, and the privacy page's words.
 */

const ORIGIN = 'https://verein.example';
let now = new Date('2026-11-27T09:00:00Z');
const clock: Clock = { now: () => now };
const at = (clubTime: string) => new Date(`${clubTime.replace(' ', 'T')}+01:00`);
const IBAN = 'DE02120300000000202051';

let t: TestApp;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());
beforeEach(() => {
  now = at('2026-11-27 10:00:00');
});

function post(url: string, fields: Record<string, string>) {
  return t.inject({
    method: 'POST',
    url,
    remoteAddress: `198.51.100.${(addressCounter += 1)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const FORM = { name1: 'Anna Beispiel', kategorie1: '0', nummer1: '', name2: 'Ben Beispiel', kategorie2: '2', nummer2: '', name3: '', kategorie3: '0', telefon: '0171 2345678', regeln: 'ja', kinder: 'ja', zahlung: 'cash', homepage: '' };

/** The visible text of a page, tags dropped. */
function textOf(html: string): string {
  return html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ');
}

async function checkIn(fields: Record<string, string> = FORM): Promise<string> {
  const response = await post('/parcoursbuch', fields);
  expect(response.statusCode, response.body).toBe(303);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/parcoursbuch\/ticket\/[A-Za-z0-9_-]{43}$/);
  return location;
}

async function setClubBank(fields: Record<string, unknown>) {
  const saved = await t.inject({ method: 'PUT', url: '/api/club', headers: t.admin, payload: { ...DEFAULT_CLUB_DATA, contactInfo: 'info@verein.example', ...fields } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('the check-in page', () => {
  it('lists the categories with prices from the table, every rule and how long names are kept, as a form that posts without JavaScript', async () => {
    const response = await t.inject({ method: 'GET', url: '/parcoursbuch' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<form[^>]* action="\/parcoursbuch" method="post"/);
    const text = textOf(html);
    for (const option of ['Erwachsene – 12,00 €', 'Jugendliche (13–17 Jahre) – 8,00 €', 'Kinder (unter 13 Jahren) – 5,00 €', 'Blasrohr – 8,00 €']) expect(text).toContain(option);
    expect(text).toContain('Wald und Wiese bleiben sauber');
    expect(text).toContain('Namen, Schützennummern und Telefonnummern löschen wir nach einem Jahr automatisch');
    // Ten shooters at most: ten rows, the later ones behind 'Weitere Personen'.
    expect(html).toContain('name="name10"');
    expect(html).not.toContain('name="name11"');
    expect(text).not.toContain('Überweisung (GiroCode)');
  });

  it('sends a refused check-in back to the form saying why in German', async () => {
    now = at('2026-11-27 16:00:00');
    const refused = await post('/parcoursbuch', FORM);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/parcoursbuch?fehler=geschlossen');
    now = at('2026-11-27 10:00:00');
    const page = await t.inject({ method: 'GET', url: '/parcoursbuch?fehler=geschlossen' });
    expect(textOf(page.body)).toContain(CHECK_IN_PROBLEMS.geschlossen);
    expect((await post('/parcoursbuch', { ...FORM, regeln: '' })).headers.location).toBe('/parcoursbuch?fehler=regeln');
    expect((await post('/parcoursbuch', { ...FORM, name1: '', name2: 'Kind', kategorie2: '2' })).headers.location).toBe('/parcoursbuch?fehler=begleitung');
  });
});

describe('the ticket page', () => {
  it('shows the group, the price, the code and the closing time, is kept by no cache, and checks out', async () => {
    const location = await checkIn();
    const page = await t.inject({ method: 'GET', url: location });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const text = textOf(page.body);
    const [group] = await t.db.selectFrom('course_book_groups').select('ticket_code').orderBy('id', 'desc').limit(1).execute();
    expect(text).toContain(`Ticket ${group!.ticket_code}`);
    expect(text).toContain('Anna Beispiel Erwachsene: 12,00 €');
    expect(text).toContain('Zu zahlen 17,00 €');
    expect(text).toContain('Der Parcours schließt heute um 15:15 Uhr');
    expect(text).toContain(`schreibt den Ticketcode ${group!.ticket_code} darauf`);

    const out = await post(`${location}/verlassen`, {});
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(location);
    expect(textOf((await t.inject({ method: 'GET', url: location })).body)).toContain('Abgemeldet um 10:00 Uhr');
  });

  it('answers 404 for any other address', async () => {
    await checkIn();
    for (const url of ['/parcoursbuch/ticket/abc', `/parcoursbuch/ticket/${'x'.repeat(43)}`]) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Zu zahlen');
    }
  });

  it('carries the GiroCode a banking app reads, with the club’s IBAN only there', async () => {
    await setClubBank({ iban: IBAN, bic: 'BYLADEM1001', accountHolder: 'Schützenverein Tannenfeld e. V.' });
    try {
      const form = await t.inject({ method: 'GET', url: '/parcoursbuch' });
      expect(textOf(form.body)).toContain('Überweisung (GiroCode)');
      for (const url of ['/parcoursbuch', '/bogenparcours', '/datenschutz', '/kontakt', '/impressum', '/home']) {
        const response = await t.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain(IBAN);
        expect(response.body, url).not.toContain('DE02 1203');
      }
      const location = await checkIn({ ...FORM, zahlung: 'transfer' });
      const page = (await t.inject({ method: 'GET', url: location })).body;
      const [group] = await t.db.selectFrom('course_book_groups').select('ticket_code').orderBy('id', 'desc').limit(1).execute();
      expect(textOf(page)).toContain('DE02 1203 0000 0000 2020 51');
      const svg = /<svg role="img" aria-label="GiroCode[^"]*"[\s\S]*?<\/svg>/.exec(page)?.[0];
      expect(svg).toBeDefined();
      const { data, info } = await sharp(Buffer.from(svg!.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ')), { density: 300 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const code = jsqr.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
      expect(code).not.toBeNull();
      expect(Buffer.from(code!.binaryData).toString('utf8')).toBe(
        ['BCD', '002', '1', 'SCT', 'BYLADEM1001', 'Schützenverein Tannenfeld e. V.', IBAN, 'EUR17.00', '', '', `Parcours ${group!.ticket_code}`].join('\n'),
      );
    } finally {
      await setClubBank({});
    }
  });
});

describe('the privacy page', () => {
  it('says what the course book keeps and when it deletes it', async () => {
    const text = textOf((await t.inject({ method: 'GET', url: '/datenschutz' })).body);
    expect(text).toContain('Parcoursbuch am Bogenparcours');
    expect(text).toContain('Namen, Schützennummern und Telefonnummern löschen wir nach einem Jahr automatisch');
  });
});
