import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brokenWords, sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * Headers that fit (issue 26.7): with the club's real name (36 characters) and with a
 * 60-character one, set in the club data, no entry of the menu breaks inside a word at any
 * width from 360 to 1920 px, the name wraps between its words only, nothing scrolls sideways,
 * and all of this holds in the server's HTML before any script has run.
 */

const REAL_NAME = 'Schützenverein Tannenfeld 1921 e. V.';
const LONG_NAME = 'Königlich privilegierte Schützengesellschaft Tannenfeld 1921';

const session = useSite();
const { visit } = session;

/** Saves the club's name through the club data (PUT /api/club, as the panel 'Vereinsdaten' does). */
async function setClubName(site: Site, name: string): Promise<void> {
  const response = await fetch(`${site.baseUrl}/api/club`, {
    headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const { data } = (await response.json()) as { data: Record<string, unknown> };
  await writeAsAdmin(site, 'PUT', '/club', { ...data, name });
}

/** Every width from 360 to 1920 px in steps of 40, with the widths the issue names and both sides of the menu's breakpoint. */
const WIDTHS = [...new Set([...Array.from({ length: 40 }, (_, index) => 360 + index * 40), 1024, 1199, 1200, 1280, 1366, 1440, 1920])].sort((a, b) => a - b);

async function problemsAtEveryWidth(page: Page): Promise<Record<number, string[]>> {
  const problems: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const found = [...(await brokenWords(page)), ...(await sidewaysProblems(page, width))];
    if (found.length > 0) problems[width] = found;
  }
  return problems;
}

/** The entries of the wide menu as shown, or [] where the menu sits behind the menu button. */
async function menuEntries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const menu = document.querySelector('header nav[aria-label="Hauptnavigation"]');
    if (!menu || menu.getClientRects().length === 0) return [];
    return [...menu.querySelectorAll('a, button')].map((entry) => (entry as HTMLElement).innerText.trim());
  });
}

describe('the header with a long club name', () => {
  it.each([REAL_NAME, LONG_NAME])('keeps every word whole at every width in the server\'s HTML: %s', async (name) => {
    expect(LONG_NAME).toHaveLength(60);
    await setClubName(session.site, name);
    const { page } = await visit({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    for (const path of ['/home', '/kontakt']) {
      await page.goto(path);
      await page.getByRole('link', { name }).first().waitFor();
      expect(await problemsAtEveryWidth(page), path).toEqual({});
    }
    // Where the menu is shown, it is the whole menu, one entry a line's worth of words.
    for (const width of [1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await menuEntries(page)).toEqual(['HOME', 'AKTUELLES', 'ÜBER UNS', 'TERMINE', 'DOWNLOADS', 'GALERIEN', 'LG/LP', 'BOGEN', 'BLASROHR', 'KONTAKT', 'LOGIN']);
    }
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await menuEntries(page)).toEqual([]);
  });

  it('stays as the server drew it when the app takes over, at 1024, 1280, 1366 and 1440 px and on a 360 px phone with its drawer', async () => {
    await setClubName(session.site, LONG_NAME);
    for (const viewport of [
      { width: 1024, height: 800 },
      { width: 1280, height: 800 },
      { width: 1366, height: 800 },
      { width: 1440, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const visitor = await visit({ viewport, phone: viewport.width === 360 });
      const { context } = visitor;
      // A page of its own, which does not move the pointer: the header is measured before the app starts.
      const page = await context.newPage();
      await page.goto('/home', { waitUntil: 'load' });
      const header = page.locator('header');
      const before = await header.boundingBox();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
      expect(await header.boundingBox(), `${viewport.width} px`).toEqual(before);
      expect(await brokenWords(page), `${viewport.width} px`).toEqual([]);
      expect(await sidewaysProblems(page, viewport.width), `${viewport.width} px`).toEqual([]);
      if (viewport.width === 360) {
        // The club's name wraps between its words in the phone's bar, and the drawer's entries fit.
        const name = page.getByRole('link', { name: LONG_NAME });
        expect((await name.boundingBox())!.height).toBeGreaterThan(30);
        await page.getByRole('button', { name: 'Menü öffnen' }).click();
        const drawer = page.getByRole('navigation', { name: 'Hauptnavigation' });
        await drawer.getByRole('link', { name: 'Bogenparcours' }).waitFor();
        expect(await drawer.evaluate((nav) => [...nav.querySelectorAll('a')].filter((link) => link.scrollWidth > link.clientWidth + 1).length)).toBe(0);
        expect(await sidewaysProblems(page, viewport.width)).toEqual([]);
      }
      await page.close();
      await visitor.close();
    }
  });
});
