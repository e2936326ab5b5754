import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INFO_TEXTS } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { readConfig } from '../../src/server/config.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS } from '../../src/shared/constants.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

/** The legacy paths of info texts and section alerts (SPEC §7, bodies of DESIGN §3) and their caching. */

const TOO_LONG = 'Der Text darf nicht länger als 255 Zeichen sein!';
const BAD_URL = 'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.';
const json = { 'content-type': 'application/json' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function put(url: string, body: unknown, headers: Record<string, string> = t.admin) {
  return t.inject({ method: 'PUT', url, headers: { ...headers, ...json }, payload: JSON.stringify(body) });
}

describe('public paths, anonymous', () => {
  it('GET /api/public/info: {"data": [{identifier, text}]} for all 17', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public/info' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.map((entry: { identifier: string }) => entry.identifier)).toEqual([...INFO_IDENTIFIERS]);
    expect(body.data[0]).toEqual({ identifier: 'shootingtimes_gun', text: DEFAULT_INFO_TEXTS.shootingtimes_gun });
  });

  it('GET /api/public/info/{identifier}: {identifier, text}; 404 for an unknown one', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/public/info/saison_gun' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ identifier: 'saison_gun', text: DEFAULT_INFO_TEXTS.saison_gun });
    for (const identifier of ['unbekannt', 'x'.repeat(90), 'SAISON_GUN']) {
      const unknown = await t.inject({ method: 'GET', url: `/api/public/info/${identifier}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Diesen Infotext gibt es nicht.' });
    }
  });

  it('GET /api/public/sectionalert/{identifier}: {identifier, enabled, text} for each of the 7; 404 otherwise', async () => {
    for (const identifier of ALERT_IDENTIFIERS) {
      const response = await t.inject({ method: 'GET', url: `/api/public/sectionalert/${identifier}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ identifier, enabled: false, text: '' });
    }
    const unknown = await t.inject({ method: 'GET', url: '/api/public/sectionalert/verein' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Hinweis gibt es nicht.' });
  });
});

describe('back-office paths', () => {
  it('GET /api/info and /api/sectionalert: {"data": [...]}; 401 anonymous, 403 without dashboard_view', async () => {
    const member = await t.createMember(['calendar_view']);
    for (const url of ['/api/info', '/api/sectionalert']) {
      const response = await t.inject({ method: 'GET', url, headers: t.admin });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['data']);
      const anonymous = await t.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBeUndefined();
      expect((await t.inject({ method: 'GET', url, headers: member.auth })).statusCode).toBe(403);
    }
    const alerts = (await t.inject({ method: 'GET', url: '/api/sectionalert', headers: t.admin })).json().data;
    expect(alerts).toHaveLength(7);
    expect(alerts[0]).toEqual({ identifier: 'gun', enabled: false, text: expect.stringContaining('Einverständniserklärung') });
  });

  it('PUT /api/info/{identifier}: {"message", "data"}, byte for byte', async () => {
    const text = ' "Zitat" <script>alert(1)</script> Ümläut 🏹🎯 [fett:an]x ';
    const response = await put('/api/info/gunking_junior', { text });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Text gespeichert', data: { identifier: 'gunking_junior', text } });
    expect((await t.inject({ method: 'GET', url: '/api/public/info/gunking_junior' })).json()).toEqual({ identifier: 'gunking_junior', text });
    const list = (await t.inject({ method: 'GET', url: '/api/info', headers: t.admin })).json().data;
    expect(list.find((entry: { identifier: string }) => entry.identifier === 'gunking_junior').text).toBe(text);
  });

  it('PUT /api/sectionalert/{identifier} takes enabled as true/false or 0/1', async () => {
    for (const [enabled, expected] of [
      [1, true],
      [0, false],
      [true, true],
      [false, false],
      ['1', true],
    ] as const) {
      const response = await put('/api/sectionalert/appointments', { enabled, text: `Hinweis ${String(enabled)}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Hinweis gespeichert', data: { identifier: 'appointments', enabled: expected, text: `Hinweis ${String(enabled)}` } });
      expect((await t.inject({ method: 'GET', url: '/api/public/sectionalert/appointments' })).json()).toEqual({
        identifier: 'appointments',
        enabled: expected,
        text: expected ? `Hinweis ${String(enabled)}` : '',
      });
    }
  });

  it('validation: 422 with the SPEC messages, nothing saved', async () => {
    const tooLong = await put('/api/info/best_shot', { text: 'a'.repeat(256) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ message: TOO_LONG, errors: { text: [TOO_LONG] } });
    const alertTooLong = await put('/api/sectionalert/gun', { enabled: 1, text: 'a'.repeat(256) });
    expect(alertTooLong.json()).toEqual({ message: TOO_LONG, errors: { text: [TOO_LONG] } });
    const badUrl = await put('/api/sectionalert/liveresult', { enabled: 1, text: 'live.example.org' });
    expect(badUrl.statusCode).toBe(422);
    expect(badUrl.json()).toEqual({ message: BAD_URL, errors: { text: [BAD_URL] } });
    expect((await t.inject({ method: 'GET', url: '/api/public/info/best_shot' })).json().text).toBe(DEFAULT_INFO_TEXTS.best_shot);
    expect((await t.inject({ method: 'GET', url: '/api/public/sectionalert/liveresult' })).json()).toEqual({ identifier: 'liveresult', enabled: false, text: '' });
  });

  it('PUT with an unknown identifier: 404', async () => {
    const info = await put('/api/info/unbekannt', { text: 'x' });
    expect(info.statusCode).toBe(404);
    expect(info.json()).toEqual({ message: 'Diesen Infotext gibt es nicht.' });
    const alert = await put('/api/sectionalert/unbekannt', { enabled: 0, text: 'x' });
    expect(alert.statusCode).toBe(404);
    expect(alert.json()).toEqual({ message: 'Diesen Hinweis gibt es nicht.' });
  });

  it('PUT needs a login (401) and dashboard_update (403)', async () => {
    const viewer = await t.createMember(['dashboard_view']);
    expect((await put('/api/info/best_shot', { text: 'x' }, {})).statusCode).toBe(401);
    const forbidden = await put('/api/sectionalert/gun', { enabled: 1, text: 'x' }, viewer.auth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Dir fehlt die Berechtigung für diese Aktion.' });
  });

  it('writes every change to the server log', async () => {
    await put('/api/sectionalert/archparcours', { enabled: true, text: 'Parcours gesperrt' });
    const log = (await t.inject({ method: 'GET', url: '/api/log', headers: t.admin })).body.split('\n');
    expect(log.at(-1)).toMatch(new RegExp(`\\[${ADMIN_UID} \\(Admin Administrator\\)\\] Hinweis „Bogenparcours“ eingeschaltet: Parcours gesperrt$`));
  });
});

describe('cached public reads (DESIGN §8)', () => {
  it('sends an ETag and a Cache-Control a proxy revalidates, and 304 on If-None-Match', async () => {
    for (const url of ['/api/public/info', '/api/public/info/saison_blowpipe', '/api/public/sectionalert/contact']) {
      const first = await t.inject({ method: 'GET', url });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const other = await t.inject({ method: 'GET', url, headers: { 'if-none-match': '"anders"' } });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it('a write drops the cached answer: new body and new ETag, the old ETag gets 200', async () => {
    const before = await t.inject({ method: 'GET', url: '/api/public/info' });
    const single = await t.inject({ method: 'GET', url: '/api/public/info/most_active' });
    await put('/api/info/most_active', { text: 'Erika Muster' });
    const after = await t.inject({ method: 'GET', url: '/api/public/info', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.find((entry: { identifier: string }) => entry.identifier === 'most_active').text).toBe('Erika Muster');
    const singleAfter = await t.inject({ method: 'GET', url: '/api/public/info/most_active', headers: { 'if-none-match': single.headers.etag as string } });
    expect(singleAfter.statusCode).toBe(200);
    expect(singleAfter.json()).toEqual({ identifier: 'most_active', text: 'Erika Muster' });

    const alert = await t.inject({ method: 'GET', url: '/api/public/sectionalert/arch' });
    await put('/api/sectionalert/arch', { enabled: 1, text: 'Turnier am Samstag' });
    const alertAfter = await t.inject({ method: 'GET', url: '/api/public/sectionalert/arch', headers: { 'if-none-match': alert.headers.etag as string } });
    expect(alertAfter.statusCode).toBe(200);
    expect(alertAfter.json()).toEqual({ identifier: 'arch', enabled: true, text: 'Turnier am Samstag' });
  });

  it('answers from memory: a change behind the app’s back shows only after the TTL of 10 s', async () => {
    // A second instance on the same database, with its own clock and cache.
    let now = new Date('2026-11-23T10:00:00Z').getTime();
    const other = await buildApp({
      db: t.db,
      dialect: t.app.services.dialect,
      config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, PORT: '3000' }),
      clock: { now: () => new Date(now) },
    });
    try {
      const first = await other.inject({ method: 'GET', url: '/api/public/info/challangecup_senior' });
      expect(first.json().text).toBe(DEFAULT_INFO_TEXTS.challangecup_senior);
      // Saved through the first instance: the second does not know.
      await put('/api/info/challangecup_senior', { text: 'Max Mustermann' });
      now += 9_999;
      const stale = await other.inject({ method: 'GET', url: '/api/public/info/challangecup_senior', headers: { 'if-none-match': first.headers.etag as string } });
      expect(stale.statusCode).toBe(304);
      now += 1;
      const fresh = await other.inject({ method: 'GET', url: '/api/public/info/challangecup_senior', headers: { 'if-none-match': first.headers.etag as string } });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().text).toBe('Max Mustermann');
      // The tRPC read goes through the same cache.
      const trpc = await other.inject({ method: 'GET', url: `/trpc/content.publicInfoText?input=${encodeURIComponent(JSON.stringify({ identifier: 'challangecup_senior' }))}` });
      expect(trpc.json().result.data.text).toBe('Max Mustermann');
    } finally {
      await other.close();
    }
  });
});
