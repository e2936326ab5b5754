import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS } from '../../db/seed.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS } from '../../src/shared/constants.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** Info texts and section alerts over tRPC (the client's way); REST paths are in tests/rest/content.test.ts. */

const TOO_LONG = 'Der Text darf nicht länger als 255 Zeichen sein!';
const BAD_URL = 'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.';
const TRICKY = '  <script>alert("x")</script> "Zitat" \'a\' & ÄÖÜäöüß € 🏹🎯 [fett:an]fett[fett:aus]\t';

let t: TestApp;
let editor: { authorization: string };
let editorUid: string;
let viewer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const member = await t.createMember(['dashboard_view', 'dashboard_update']);
  editor = member.auth;
  editorUid = member.uid;
  viewer = (await t.createMember(['dashboard_view'])).auth;
});
afterAll(() => t.close());

function query(path: string, input?: unknown, headers: Record<string, string> = {}) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

async function logLines(): Promise<string[]> {
  const rows = await t.db.selectFrom('log_entries').select(['actor', 'message']).orderBy('id', 'asc').execute();
  return rows.map((row) => `[${row.actor}] ${row.message}`);
}

describe('public reads', () => {
  it('give all 17 info texts with the seeded defaults, anonymously', async () => {
    const response = await query('content.publicInfo');
    expect(response.statusCode).toBe(200);
    const data = response.json().result.data as Array<{ identifier: string; text: string }>;
    expect(data.map((entry) => entry.identifier)).toEqual([...INFO_IDENTIFIERS]);
    for (const entry of data) expect(entry.text).toBe(DEFAULT_INFO_TEXTS[entry.identifier as keyof typeof DEFAULT_INFO_TEXTS]);
  });

  it('give all 7 alerts, switched off by default, without the text of a switched-off alert', async () => {
    const response = await query('content.publicAlerts');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual(ALERT_IDENTIFIERS.map((identifier) => ({ identifier, enabled: false, text: '' })));
    const single = await query('content.publicAlert', { identifier: 'arch' });
    expect(single.json().result.data).toEqual({ identifier: 'arch', enabled: false, text: '' });
  });

  it('give one info text, and 404 with a German message for an unknown identifier', async () => {
    const response = await query('content.publicInfoText', { identifier: 'archparcours_usage' });
    expect(response.json().result.data).toEqual({ identifier: 'archparcours_usage', text: DEFAULT_INFO_TEXTS.archparcours_usage });
    const unknown = await query('content.publicInfoText', { identifier: 'gibtsnicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Diesen Infotext gibt es nicht.');
    const unknownAlert = await query('content.publicAlert', { identifier: 'GUN' });
    expect(unknownAlert.statusCode).toBe(404);
    expect(unknownAlert.json().error.message).toBe('Diesen Hinweis gibt es nicht.');
  });

  it('give the club profile from club.json, without invented social links', async () => {
    const response = await query('club.profile');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toMatchObject({ name: 'Schützenverein', social: [], course: { lat: 50.55, lon: 9.7 } });
  });
});

describe('dashboard reads', () => {
  it('show the texts of switched-off alerts to members with dashboard_view', async () => {
    const response = await query('content.alerts', undefined, viewer);
    expect(response.statusCode).toBe(200);
    const gun = response.json().result.data.find((alert: { identifier: string }) => alert.identifier === 'gun');
    expect(gun).toEqual({ identifier: 'gun', enabled: false, text: DEFAULT_ALERT_TEXTS.gun });
    const info = await query('content.info', undefined, viewer);
    expect(info.json().result.data).toHaveLength(17);
  });
});

describe('saving', () => {
  it('stores a text byte for byte, logs the change, and the public read shows it at once', async () => {
    expect((await query('content.publicInfoText', { identifier: 'saison_arch' })).json().result.data.text).toBe('Saison 2026');
    const before = (await query('content.publicInfo')).json().result.data;
    expect(before.find((entry: { identifier: string }) => entry.identifier === 'saison_arch').text).toBe('Saison 2026');

    const response = await mutate('content.updateInfo', { identifier: 'saison_arch', text: TRICKY });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ message: 'Text gespeichert', data: { identifier: 'saison_arch', text: TRICKY } });

    const row = await t.db.selectFrom('info_texts').select('text').where('identifier', '=', 'saison_arch').executeTakeFirstOrThrow();
    expect(row.text).toBe(TRICKY);
    expect((await query('content.publicInfoText', { identifier: 'saison_arch' })).json().result.data.text).toBe(TRICKY);
    const after = (await query('content.publicInfo')).json().result.data;
    expect(after.find((entry: { identifier: string }) => entry.identifier === 'saison_arch').text).toBe(TRICKY);
    expect((await logLines()).at(-1)).toBe(`[${editorUid} (Test Mitglied ${editorUid})] Infotext „Saison Bogen“ geändert: ${TRICKY}`);
  });

  it('switches an alert on and off; the public read follows', async () => {
    const on = await mutate('content.updateAlert', { identifier: 'blowpipe', enabled: true, text: 'Heute [fett:an]kein[fett:aus] Training 🎯' });
    expect(on.statusCode).toBe(200);
    expect(on.json().result.data).toEqual({ message: 'Hinweis gespeichert', data: { identifier: 'blowpipe', enabled: true, text: 'Heute [fett:an]kein[fett:aus] Training 🎯' } });
    expect((await query('content.publicAlert', { identifier: 'blowpipe' })).json().result.data).toEqual({
      identifier: 'blowpipe',
      enabled: true,
      text: 'Heute [fett:an]kein[fett:aus] Training 🎯',
    });
    expect((await logLines()).at(-1)).toContain('Hinweis „Blasrohr“ eingeschaltet: Heute [fett:an]kein[fett:aus] Training 🎯');

    await mutate('content.updateAlert', { identifier: 'blowpipe', enabled: false, text: 'Heute kein Training' });
    const alerts = (await query('content.publicAlerts')).json().result.data;
    expect(alerts.find((alert: { identifier: string }) => alert.identifier === 'blowpipe')).toEqual({ identifier: 'blowpipe', enabled: false, text: '' });
    expect((await logLines()).at(-1)).toContain('Hinweis „Blasrohr“ ausgeschaltet: Heute kein Training');
  });

  it('refuses 256 characters and keeps the old text; 255 emoji are fine', async () => {
    const refused = await mutate('content.updateInfo', { identifier: 'best_shot', text: 'x'.repeat(256) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TOO_LONG);
    expect(refused.json().error.data.fieldErrors).toEqual({ text: [TOO_LONG] });
    const alert = await mutate('content.updateAlert', { identifier: 'gun', enabled: true, text: 'ü'.repeat(256) });
    expect(alert.json().error.message).toBe(TOO_LONG);
    expect((await query('content.publicInfoText', { identifier: 'best_shot' })).json().result.data.text).toBe(DEFAULT_INFO_TEXTS.best_shot);

    const emoji = '🏹'.repeat(255);
    expect((await mutate('content.updateInfo', { identifier: 'best_shot', text: emoji })).statusCode).toBe(200);
    expect((await query('content.publicInfoText', { identifier: 'best_shot' })).json().result.data.text).toBe(emoji);
  });

  it('requires an http(s) address for the live result, except an empty one while switched off', async () => {
    const refused = await mutate('content.updateAlert', { identifier: 'liveresult', enabled: true, text: 'www.ergebnisse.de' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(BAD_URL);
    expect(refused.json().error.data.fieldErrors).toEqual({ text: [BAD_URL] });
    expect((await mutate('content.updateAlert', { identifier: 'liveresult', enabled: true, text: '' })).json().error.message).toBe(BAD_URL);
    expect((await mutate('content.updateAlert', { identifier: 'liveresult', enabled: false, text: '' })).statusCode).toBe(200);
    expect((await logLines()).at(-1)).toContain('Hinweis „Live-Ergebnis“ ausgeschaltet: (ohne Text)');

    const url = 'https://live.example.org/turnier?id=7&runde=2';
    expect((await mutate('content.updateAlert', { identifier: 'liveresult', enabled: true, text: url })).statusCode).toBe(200);
    expect((await query('content.publicAlert', { identifier: 'liveresult' })).json().result.data).toEqual({ identifier: 'liveresult', enabled: true, text: url });
  });

  it('answers 404 for unknown identifiers and changes nothing', async () => {
    const before = await logLines();
    const info = await mutate('content.updateInfo', { identifier: 'nope', text: 'x' });
    expect(info.statusCode).toBe(404);
    expect(info.json().error.message).toBe('Diesen Infotext gibt es nicht.');
    const alert = await mutate('content.updateAlert', { identifier: 'saison_gun', enabled: true, text: 'x' });
    expect(alert.statusCode).toBe(404);
    expect(alert.json().error.message).toBe('Diesen Hinweis gibt es nicht.');
    expect(await t.db.selectFrom('info_texts').select('identifier').where('identifier', '=', 'nope').execute()).toEqual([]);
    expect(await logLines()).toEqual(before);
  });

  it('needs dashboard_update (403, logged) and a login (401)', async () => {
    expect((await mutate('content.updateInfo', { identifier: 'best_shot', text: 'x' }, {})).statusCode).toBe(401);
    const forbidden = await mutate('content.updateInfo', { identifier: 'best_shot', text: 'x' }, viewer);
    expect(forbidden.statusCode).toBe(403);
    expect((await logLines()).at(-1)).toContain('Zugriff verweigert: content.updateInfo (fehlende Berechtigung dashboard_update)');
    expect((await query('content.info')).statusCode).toBe(401);
    expect((await query('content.alerts')).statusCode).toBe(401);
  });
});
