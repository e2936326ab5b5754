import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/connection.ts';
import { expectPath } from './support/browser.ts';
import { useSite } from './support/session.ts';

/**
 * The public pages come rendered from the server (issue 17): read without JavaScript they
 * are complete and their navigation works through plain links; with JavaScript the browser
 * takes them over without asking for their data again and without a hydration warning,
 * and they react to clicks.
 */

const APPOINTMENT = 'Kreismeisterschaft Bogen';
const DESCRIPTION = 'Anmeldung bis zum 1. Dezember beim Sportleiter.';

const { visit } = useSite(async (site) => {
  const { db } = openDatabase(`sqlite:${site.databaseFile}`);
  try {
    const group = Number((await db.insertInto('groups').values({ name: 'Bogenabteilung' }).executeTakeFirstOrThrow()).insertId);
    const stamp = '2026-11-01 10:00:00';
    await db
      .insertInto('appointments')
      .values({
        name: APPOINTMENT,
        datetime_begin: '2099-12-05 10:00:00',
        datetime_end: '2099-12-05 16:00:00',
        location: 'Bogenplatz',
        visibility: 1,
        description: DESCRIPTION,
        notes: '',
        assignment: group,
        status: 1,
        notify: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db.updateTable('section_alerts').set({ enabled: 1, text: 'Der Parcours ist am Samstag wegen eines Turniers geschlossen.' }).where('identifier', '=', 'archparcours').execute();
  } finally {
    await db.destroy();
  }
});

/** An entry of /termine by its title. */
function entryOf(page: Page, title: string): Locator {
  return page.locator('li.appointment').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

const PAGES: ReadonlyArray<readonly [path: string, heading: string, content: string]> = [
  ['/home', 'Willkommen', APPOINTMENT],
  ['/about', 'Über uns', 'Unsere Geschichte'],
  ['/termine', 'Termine', APPOINTMENT],
  ['/downloads', 'Downloads', 'Formulare, Satzung'],
  ['/galerien/bogen', 'Galerien', 'Blasrohr'],
  ['/zeiten-lg-lp', 'Schießzeiten Luftgewehr/Luftpistole', 'Trainingszeiten'],
  ['/ergebnisse-lg-lp', 'Ergebnisse Luftgewehr/Luftpistole', 'Intern'],
  ['/zeiten-bogen', 'Schießzeiten Bogen', 'Trainingszeiten'],
  ['/bogenparcours', '3D-Bogenparcours', 'wegen eines Turniers geschlossen'],
  ['/ergebnisse-bogen', 'Ergebnisse Bogen', 'Extern'],
  ['/zeiten-blasrohr', 'Schießzeiten Blasrohr', 'Trainingszeiten'],
  ['/ergebnisse-blasrohr', 'Ergebnisse Blasrohr', 'Intern'],
  ['/kontakt', 'Kontakt', 'Karten laden'],
  ['/unterstuetzer', 'Spender', 'Wir danken allen'],
  ['/datenschutz', 'Datenschutzerklärung', 'localStorage'],
  ['/disclaimer', 'Disclaimer', 'Links'],
  ['/impressum', 'Impressum', 'Angaben'],
];

describe('without JavaScript', () => {
  it.each(PAGES)('%s is complete: heading, content and every page as a plain link', async (path, heading, content) => {
    const { page } = await visit({ javaScriptEnabled: false });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(content).first().isVisible()).resolves.toBe(true);
    const allPages = page.getByRole('navigation', { name: 'Alle Seiten' });
    for (const name of ['Termine', 'Bogen: Bogenparcours', 'Blasrohr: Ergebnisse', 'Kontakt']) {
      await expect(allPages.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
  });

  it('moves between pages through the links alone, also on a phone', async () => {
    const { page, requests } = await visit({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Alle Seiten' }).getByRole('link', { name: 'Bogen: Bogenparcours' }).click();
    await expectPath(page, '/bogenparcours');
    await page.getByRole('heading', { level: 1, name: '3D-Bogenparcours' }).waitFor();
    await expect(page.getByRole('list', { name: 'Öffnungszeiten der nächsten 7 Tage' }).getByRole('listitem').count()).resolves.toBe(7);
    await page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
    // Nothing but documents, styles and pictures: no script ran to fetch data.
    expect(requests.filter((path) => path.startsWith('/trpc') || path.startsWith('/api'))).toEqual([]);
  });

  it('switches gallery sections through their tabs, which are links', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await page.goto('/galerien/verein');
    await page.getByRole('tab', { name: 'Bogen' }).click();
    await expectPath(page, '/galerien/bogen');
    await page.getByRole('tab', { name: 'Bogen', selected: true }).waitFor();
  });

  it('shows no cookie notice, which could not be confirmed without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false, cookieNoticeAccepted: false });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' }).count()).resolves.toBe(0);
  });

  it('answers an unknown address with the German not-found page and 404', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    const response = await page.goto('/vereinsheim-alt');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
  });
});

describe('with JavaScript', () => {
  it.each(PAGES)('%s is taken over without asking for its data again and without a warning', async (path, heading) => {
    const visitor = await visit();
    const { page } = visitor;
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(visitor.requests.filter((request) => request.startsWith('/trpc') || request.startsWith('/api'))).toEqual([]);
    expect(visitor.consoleProblems).toEqual([]);
  });

  it('reacts to clicks once taken over: the appointment opens its description, the phone menu its drawer', async () => {
    const visitor = await visit({ viewport: { width: 360, height: 740 } });
    const { page } = visitor;
    await page.goto('/termine', { waitUntil: 'networkidle' });
    // A click on the entry (not on its line 'Details', which works without the app) opens its details.
    await entryOf(page, APPOINTMENT).locator('.appointment-when').click();
    await page.getByText(DESCRIPTION).waitFor();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kontakt' }).click();
    await expectPath(page, '/kontakt');
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
    expect(visitor.consoleProblems).toEqual([]);
  });

  it('starts the app at the first intent, with its code fetched after the page, and gives it the click made meanwhile', async () => {
    const { context } = await visit();
    // A page of its own: the visitor's page moves the pointer after loading, as tests usually want.
    const page = await context.newPage();
    await page.goto('/termine', { waitUntil: 'load' });
    // Once the page has loaded, its code is fetched in idle time; the app itself has not started.
    await page.locator('link[rel="prefetch"]').first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await expect(page.evaluate(() => document.documentElement.dataset.hydrated)).resolves.toBeUndefined();
    // One click on the entry: the pointer's move starts the app, the click itself waits for it and then opens the description.
    await entryOf(page, APPOINTMENT).locator('.appointment-when').click();
    await page.getByText(DESCRIPTION).waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset.hydrated)).resolves.toBe('');
    await page.close();
  });

  it('shows the cookie notice with the page until it is confirmed, and never in the back office', async () => {
    const { page } = await visit({ cookieNoticeAccepted: false });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' }).count()).resolves.toBe(0);
    await page.goto('/termine');
    const notice = page.getByRole('region', { name: 'Hinweis zu Cookies' });
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
    await page.goto('/kontakt');
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
    await expect(notice.count()).resolves.toBe(0);
  });

  it('names the page in the browser tab after moving on within the site', async () => {
    const { page } = await visit();
    await page.goto('/home', { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Downloads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Downloads' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Downloads – /);
  });

  it('serves the icons and the manifest the document names', async () => {
    const { page } = await visit();
    for (const path of ['/favicon.ico', '/favicon.svg', '/icon-192.png', '/og-image.png', '/manifest.webmanifest', '/robots.txt', '/sitemap.xml']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
    }
    expect((await page.request.get('/favicon.ico')).headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  });
});
