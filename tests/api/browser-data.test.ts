import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import type { Clock } from '../../src/server/services.ts';
import { cookieNameFor } from '../../src/shared/browserData.ts';
import { BROWSER_DATA, formatDays, type BrowserDataItem } from '../../src/shared/browserDataList.ts';
import { MEMBER_PASSWORD, createTestApp, type TestApp } from '../helpers/app.ts';
import { enableSecondFactor } from '../helpers/secondFactor.ts';

/**
 * The privacy page names every cookie the server sets, truthfully (issue 25.8): every
 * flow that could set one is driven through the server (logins with and without a second
 * factor, a session's renewal, password changes and resets, logouts, programs, public
 * pages and the contact form), every Set-Cookie is collected, and each must be an entry of
 * the list the page renders (src/shared/browserDataList.ts) with the lifetime the list gives,
 * ended by the logout exactly when the list says so. The page as the server renders it
 * must show each entry with name, lifetime and the logout. The client's storage keys are
 * checked in Chromium (tests/e2e/browser-data.test.ts).
 */

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_XHR = { ...XHR, 'content-type': 'application/json' };
const DAY_MS = 24 * 60 * 60 * 1000;

interface SeenCookie {
  flow: string;
  name: string;
  value: string;
  maxAge: number | undefined;
  expires: Date | undefined;
}

/** A Set-Cookie that deletes the cookie (what a logout sends). */
const deletes = (cookie: SeenCookie, nowMs: number) =>
  cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= nowMs);

const cookieItems = BROWSER_DATA.filter((item) => item.kind === 'cookie');

/**
 * Drives everything that could set a cookie on a fresh app and returns every Set-Cookie
 * its answers carried. `secure`: the site runs under https (PUBLIC_URL), where the names
 * carry the __Host- prefix.
 */
async function collectCookies(secure: boolean): Promise<{ seen: SeenCookie[]; nowMs: number; privacyPage: string }> {
  let nowMs = Date.parse('2026-11-23T10:00:00Z');
  const clock: Clock = { now: () => new Date(nowMs) };
  const env: Record<string, string> = { CONTACT_TO_INFO: 'info@verein.example', ...(secure ? { PUBLIC_URL: 'https://verein.example' } : {}) };
  const t: TestApp = await createTestApp({ clock, renderer: renderPage }, env);
  const seen: SeenCookie[] = [];
  const sessionName = cookieNameFor('sv_session', secure);
  let flow = '';
  const send = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await t.inject(options);
    expect(response.statusCode, `${flow}: ${response.body.slice(0, 300)}`).toBeLessThan(400);
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      seen.push({ flow, name: cookie.name, value: cookie.value, maxAge: cookie.maxAge, expires: cookie.expires });
    }
    return response;
  };
  const trpc = (path: string, input: unknown, headers: Record<string, string> = {}) =>
    send({ method: 'POST', url: `/trpc/${path}`, headers: { ...JSON_XHR, ...headers }, payload: JSON.stringify(input ?? null) });
  const sessionOf = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === sessionName);
    if (!cookie) throw new Error(`${flow}: keine Sitzung`);
    return { cookie: `${sessionName}=${cookie.value}`, ...XHR };
  };

  try {
    flow = 'public pages, reads and the contact form';
    const privacyPage = (await send({ method: 'GET', url: '/datenschutz' })).body;
    await send({ method: 'GET', url: '/home' });
    await send({ method: 'GET', url: '/api/public/calendar' });
    await send({ method: 'GET', url: '/trpc/club.profile' });
    await send({
      method: 'POST',
      url: '/api/public/contact',
      payload: { to: 'info', prename: 'Jürgen', lastname: 'Größer', email: 'juergen@besucher.example', subject: 'Frage', text: 'Hallo' },
    });

    const member = await t.createMember([], '61000001');
    flow = 'REST login';
    const restSession = sessionOf(await send({ method: 'POST', url: '/api/login', payload: { username: member.uid, password: MEMBER_PASSWORD } }));
    flow = 'tRPC login';
    const session = sessionOf(await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD }));

    flow = 'a session renewed by its use';
    nowMs += 2 * DAY_MS;
    const renewed = await send({ method: 'GET', url: '/api/me', headers: session });
    expect(renewed.cookies.map((c) => c.name), flow).toEqual([sessionName]);

    flow = 'own password changed, other sessions ended, an app password used';
    const record = (await send({ method: 'GET', url: '/api/me', headers: session })).json().data as Record<string, unknown>;
    const { uid, prename, lastname, email, phone } = record;
    const newPassword = 'Geaendert123';
    await trpc('account.update', { uid, prename, lastname, email, phone, password: newPassword, current_password: MEMBER_PASSWORD }, session);
    await trpc('auth.logoutOthers', null, session);
    const app = (await trpc('appPasswords.create', { name: 'Ergebnisdienst', current_password: newPassword }, session)).json().result.data.password as string;
    await send({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, app) });
    await send({ method: 'GET', url: '/api/me', headers: t.basic(member.uid, newPassword) });

    flow = 'password reset';
    await trpc('auth.requestPasswordReset', { login: member.uid });
    await t.app.services.background.idle();
    const mail = await t.db.selectFrom('mail_outbox').select('body').where('kind', '=', 'password-reset').executeTakeFirstOrThrow();
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
    expect(token, mail.body).toBeDefined();
    await trpc('auth.checkPasswordReset', { token });
    await trpc('auth.resetPassword', { token, password: MEMBER_PASSWORD });

    flow = 'login with a second factor: code of the app, then a recovery code';
    const factor = await enableSecondFactor(t.db, member.id);
    const ticket = async () => (await trpc('auth.login', { username: member.uid, password: MEMBER_PASSWORD })).json().result.data.ticket as string;
    const withCode = sessionOf(await trpc('auth.loginCode', { ticket: await ticket(), code: factor.codeAt(nowMs) }));
    sessionOf(await trpc('auth.loginCode', { ticket: await ticket(), code: factor.recoveryCodes[0] }));

    flow = 'logout';
    const loggedOut = await trpc('auth.logout', null, withCode);
    flow = 'REST logout';
    const restLoggedOut = await send({ method: 'POST', url: '/api/logout', headers: restSession });
    for (const response of [loggedOut, restLoggedOut]) {
      expect(response.cookies.map((c) => c.name).sort()).toEqual(cookieItems.filter((item) => item.endsAtLogout).map((item) => cookieNameFor(item.name, secure)).sort());
    }
    return { seen, nowMs, privacyPage };
  } finally {
    await t.close();
  }
}

/** The entries of the rendered list „Cookies und Einträge im Browser“: term → description per entry, tags stripped. */
function renderedEntries(html: string): Array<Map<string, string>> {
  const list = /<ul[^>]*aria-label="Cookies und Einträge im Browser"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1];
  if (list === undefined) throw new Error('Die Liste „Cookies und Einträge im Browser“ fehlt auf der Datenschutzseite.');
  const text = (fragment: string) => fragment.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
  return [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(
    ([, entry]) => new Map([...entry!.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map(([, term, description]) => [text(term!), text(description!)])),
  );
}

describe.each([
  ['http', false],
  ['https', true],
])('every cookie the server sets under %s is on the privacy page', (_scheme, secure) => {
  let seen: SeenCookie[];
  let nowMs: number;
  let page: string;
  beforeAll(async () => {
    ({ seen, nowMs, privacyPage: page } = await collectCookies(secure));
  });

  const itemOf = (name: string): BrowserDataItem | undefined => cookieItems.find((item) => cookieNameFor(item.name, secure) === name);

  it('sets only cookies of the list, with the Max-Age the list gives', () => {
    const set = seen.filter((cookie) => !deletes(cookie, nowMs));
    expect(set.length).toBeGreaterThan(0);
    for (const cookie of set) {
      const item = itemOf(cookie.name);
      expect(item, `${cookie.flow}: ${cookie.name} steht nicht in der Liste der Datenschutzseite`).toBeDefined();
      expect(cookie.maxAge, `${cookie.flow}: ${cookie.name}`).toBe(item!.maxAgeMs! / 1000);
    }
    // The list names no cookie the server never sets.
    expect(new Set(set.map((cookie) => cookie.name))).toEqual(new Set(cookieItems.map((item) => cookieNameFor(item.name, secure))));
    // Public pages, reads and the contact form set none.
    expect(seen.filter((cookie) => cookie.flow.startsWith('public'))).toEqual([]);
  });

  it('deletes at the logout exactly the cookies the list says the logout ends', () => {
    const deleted = new Set(seen.filter((cookie) => deletes(cookie, nowMs)).map((cookie) => cookie.name));
    expect(deleted).toEqual(new Set(cookieItems.filter((item) => item.endsAtLogout).map((item) => cookieNameFor(item.name, secure))));
  });

  it('carries no shooter number readably in a cookie', () => {
    for (const cookie of seen) expect(cookie.value, `${cookie.flow}: ${cookie.name}`).not.toContain('61000001');
  });

  it('renders every entry of the list with both names, its lifetime in days and the logout', () => {
    const entries = renderedEntries(page);
    expect(entries).toHaveLength(BROWSER_DATA.length);
    for (const item of BROWSER_DATA) {
      const entry = entries.find((candidate) => candidate.get('Name')?.split(/[ ,]+/).includes(item.name));
      expect(entry, item.name).toBeDefined();
      if (item.kind === 'cookie') expect(entry!.get('Name')).toContain(cookieNameFor(item.name, true));
      expect(entry!.get('Zweck')).toBe(item.purpose);
      expect(entry!.get('Speicherdauer')).toBe(item.lifetime);
      if (item.maxAgeMs !== null) expect(entry!.get('Speicherdauer')).toContain(formatDays(item.maxAgeMs));
      expect(entry!.get('Beim Abmelden gelöscht')).toBe(item.endsAtLogout ? 'Ja' : 'Nein');
    }
  });
});

describe('the lifetimes the list gives', () => {
  it('are the figures of the README: a session 14 days after its last use and 90 after the login, the device cookie 365 days', () => {
    const lifetimes = Object.fromEntries(cookieItems.map((item) => [item.name, item.lifetime]));
    expect(lifetimes).toEqual({
      sv_session: '14 Tage nach der letzten Nutzung (die Nutzung verlängert es); die Sitzung endet spätestens 90 Tage nach der Anmeldung.',
      sv_device: '365 Tage nach der letzten Anmeldung in diesem Browser.',
    });
  });
});
