import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAP_CONSENT_KEY } from '../../src/shared/browserData.ts';
import { useSite } from './support/session.ts';

/**
 * What the visitor chose holds at once (issue 26.8): a page the server rendered starts its app
 * only on the visitor's first intent (boot.ts), but where a choice stored in the browser
 * changes the page (the consent to the maps), the app starts on arrival, so the choice shows
 * without the pointer moving or a key being pressed. A first visit still starts nothing.
 */

const { visit } = useSite();

const OSM = /^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//;

/** What a person would have done on the page: the events that start the app on a first visit (boot.ts). */
const INTENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];

interface Arrival {
  page: Page;
  /** Intents the page saw, which must be none. */
  intents: () => Promise<string[]>;
  /** Requests to OpenStreetMap, answered here with a stand-in (the test machine has no internet). */
  mapRequests: string[];
  problems: string[];
}

/**
 * A new tab that opens `path` and does nothing else: unlike the visitor's own page (browser.ts),
 * it never moves the pointer. It notes every intent event from the first script on.
 */
async function arrive(context: BrowserContext, path: string): Promise<Arrival> {
  const page = await context.newPage();
  const mapRequests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (OSM.test(request.url())) mapRequests.push(request.url());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || /content.security.policy/i.test(message.text())) problems.push(message.text());
  });
  await page.addInitScript((types: string[]) => {
    const seen: string[] = [];
    (window as unknown as { intentsSeen: string[] }).intentsSeen = seen;
    for (const type of types) window.addEventListener(type, () => seen.push(type), { capture: true, passive: true });
  }, INTENTS);
  await page.goto(path, { waitUntil: 'load' });
  return { page, intents: () => page.evaluate(() => (window as unknown as { intentsSeen: string[] }).intentsSeen), mapRequests, problems };
}

async function grantMapConsent(page: Page): Promise<void> {
  await page.context().route(OSM, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Karte</title>' }));
  await page.goto('/kontakt');
  await page.getByRole('button', { name: 'Karten laden' }).click();
  await page.locator('iframe[title="Karte: 3D-Bogenparcours"]').waitFor();
  expect(await page.evaluate((key) => localStorage.getItem(key), MAP_CONSENT_KEY)).toBe('granted');
}

describe('stored choices on arrival', () => {
  it('shows the maps to a visitor who consented, on a reload without any intent', async () => {
    const { page, context } = await visit();
    await grantMapConsent(page);

    const again = await arrive(context, '/kontakt');
    for (const title of ['Karte: Vereinsheim', 'Karte: Schießstand LG/LP', 'Karte: 3D-Bogenparcours']) {
      await again.page.locator(`iframe[title="${title}"]`).waitFor();
    }
    expect(await again.page.getByRole('button', { name: 'Karten laden' }).count()).toBe(0);
    await expect.poll(() => again.mapRequests.length).toBeGreaterThanOrEqual(3);
    expect(await again.intents()).toEqual([]);
    expect(again.problems).toEqual([]);

    // The same visitor reloading the tab itself.
    await again.page.reload({ waitUntil: 'load' });
    await again.page.locator('iframe[title="Karte: Vereinsheim"]').waitFor();
    expect(await again.intents()).toEqual([]);
    await again.page.close();
  });

  it('says on the privacy page at once that the maps were agreed to, with the button to withdraw', async () => {
    const { page, context } = await visit();
    await grantMapConsent(page);
    const privacy = await arrive(context, '/datenschutz');
    await privacy.page.getByText('In diesem Browser hast du dem Laden der Karten zugestimmt.').waitFor();
    await privacy.page.getByRole('button', { name: 'Einwilligung widerrufen' }).waitFor();
    expect(await privacy.intents()).toEqual([]);
    expect(privacy.problems).toEqual([]);
    await privacy.page.close();
  });

  it('keeps the cookie notice hidden on arrival once it was confirmed', async () => {
    const { page, context } = await visit({ cookieNoticeAccepted: false });
    await page.goto('/home');
    await page.getByRole('region', { name: 'Hinweis zu Cookies' }).getByRole('button', { name: 'OK' }).click();
    const home = await arrive(context, '/home');
    expect(await home.page.getByRole('region', { name: 'Hinweis zu Cookies' }).isHidden()).toBe(true);
    expect(await home.intents()).toEqual([]);
    await home.page.close();
  });

  it('starts nothing on a first visit, nor after the consent was withdrawn: the maps wait for the button', async () => {
    const { page, context } = await visit();
    const first = await arrive(context, '/kontakt');
    await first.page.getByRole('button', { name: 'Karten laden' }).waitFor();
    await first.page.waitForLoadState('networkidle');
    expect(await first.page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(first.mapRequests).toEqual([]);
    await first.page.close();

    await grantMapConsent(page);
    await page.goto('/datenschutz');
    await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
    await page.getByText('In diesem Browser hast du dem Laden der Karten derzeit nicht zugestimmt.').waitFor();
    const withdrawn = await arrive(context, '/kontakt');
    await withdrawn.page.getByRole('button', { name: 'Karten laden' }).waitFor();
    await withdrawn.page.waitForLoadState('networkidle');
    expect(await withdrawn.page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await withdrawn.page.locator('iframe').count()).toBe(0);
    expect(withdrawn.mapRequests).toEqual([]);
    await withdrawn.page.close();
  });
});
