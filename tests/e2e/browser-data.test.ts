import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATA, type BrowserDataItem } from '../../src/shared/browserDataList.ts';
import { expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * What a browser really keeps after a visitor has used the whole site (issue 25.8): the
 * cookie notice confirmed, the maps allowed, a member logged in and around the back office,
 * then logged out. Every cookie (HttpOnly ones included, as the browser stores them) and
 * every localStorage and sessionStorage key must be an entry of the privacy page's list with
 * the lifetime and the logout the page states. The server's side of every flow is
 * tests/api/browser-data.test.ts.
 */

const { visit } = useSite();

const OSM = /openstreetmap\.org/;

interface Kept {
  cookies: Array<{ name: string; expires: number; httpOnly: boolean }>;
  localStorage: string[];
  sessionStorage: string[];
  /** What scripts of the page can read. */
  documentCookie: string;
}

async function keptBy(page: Page): Promise<Kept> {
  const storage = await page.evaluate(() => ({
    localStorage: Object.keys(window.localStorage).sort(),
    sessionStorage: Object.keys(window.sessionStorage).sort(),
    documentCookie: document.cookie,
  }));
  const cookies = (await page.context().cookies()).map(({ name, expires, httpOnly }) => ({ name, expires, httpOnly }));
  return { ...storage, cookies };
}

/** The privacy page's list as a visitor reads it: per entry its terms and descriptions. */
async function privacyEntries(page: Page): Promise<Array<Record<string, string>>> {
  await page.goto('/datenschutz');
  const list = page.getByRole('list', { name: 'Cookies und Einträge im Browser' });
  return list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) =>
      Object.fromEntries([...item.querySelectorAll('dt')].map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? ''])),
    ),
  );
}

const itemNamed = (name: string): BrowserDataItem | undefined => BROWSER_DATA.find((item) => item.name === name);

describe('what the browser keeps', () => {
  it('is all on the privacy page, with the lifetime and the logout it states', async () => {
    const { page } = await visit({ cookieNoticeAccepted: false });
    await page.context().route(OSM, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Karte</title>' }));

    await page.goto('/home');
    await page.getByRole('region', { name: 'Hinweis zu Cookies' }).getByRole('button', { name: 'OK' }).click();
    await page.goto('/kontakt');
    await page.getByRole('button', { name: 'Karten laden' }).click();
    await page.locator('iframe[title="Karte: Vereinsheim"]').waitFor();

    const loginMs = Date.now();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const menu = page.getByRole('navigation', { name: 'Verwaltung' });
    for (const entry of ['Nachrichten', 'Kalender', 'Standaufsicht & Bewirtung', 'Gruppen', 'Benutzer', 'Meine Daten', 'Log', 'Dashboard']) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: entry, exact: true }).waitFor();
    }
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const loggedIn = await keptBy(page);

    await menu.getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await page.getByLabel('Schützennummer').waitFor();
    const loggedOut = await keptBy(page);

    const entries = await privacyEntries(page);
    const shown = (name: string) => entries.find((entry) => (entry.Name ?? '').split(/[ ,]+/).includes(name));

    // Scripts read nothing: both cookies are HttpOnly.
    expect(loggedIn.documentCookie).toBe('');
    expect(loggedIn.sessionStorage).toEqual([]);
    expect(loggedIn.localStorage).toEqual(BROWSER_DATA.filter((item) => item.kind === 'localStorage').map((item) => item.name).sort());
    expect(loggedIn.cookies.map((cookie) => cookie.name).sort()).toEqual(BROWSER_DATA.filter((item) => item.kind === 'cookie').map((item) => item.name).sort());

    for (const cookie of loggedIn.cookies) {
      const item = itemNamed(cookie.name)!;
      expect(cookie.httpOnly, cookie.name).toBe(true);
      // The browser keeps it as long as the list says, counted from the login.
      expect(Math.abs(cookie.expires * 1000 - (loginMs + item.maxAgeMs!)), cookie.name).toBeLessThan(5 * 60 * 1000);
    }
    for (const name of [...loggedIn.localStorage, ...loggedIn.cookies.map((cookie) => cookie.name)]) {
      const item = itemNamed(name);
      expect(item, `${name} steht nicht in der Liste der Datenschutzseite`).toBeDefined();
      const entry = shown(name);
      expect(entry, `${name} fehlt auf der Datenschutzseite`).toBeDefined();
      expect(entry!.Speicherdauer).toBe(item!.lifetime);
      expect(entry!['Beim Abmelden gelöscht']).toBe(item!.endsAtLogout ? 'Ja' : 'Nein');
      // What the logout really did.
      const kept = loggedOut.localStorage.includes(name) || loggedOut.cookies.some((cookie) => cookie.name === name);
      expect(kept, `${name} nach dem Abmelden`).toBe(!item!.endsAtLogout);
    }
    expect(loggedOut.sessionStorage).toEqual([]);
  });
});
