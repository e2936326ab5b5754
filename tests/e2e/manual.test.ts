import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HELP_BUTTON_LABEL } from '../../src/client/pages/admin/AdminPageTitle.tsx';
import { ADMIN_MENU_ORDER, ADMIN_SCREENS } from '../../src/client/pages/admin/screens.ts';
import { manualAnchor, manualHref } from '../../src/shared/manual.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { brokenWords, settled, sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The manual a volunteer finds (issue 28.7): each back-office screen's help button opens the
 * screen's section of the manual, which the site serves itself under /hilfe/, with its
 * pictures, within the strict CSP; on a 360 px phone the button fits beside the heading.
 */

const PHONE = { width: 360, height: 740 };

const { visit } = useSite();

async function asAdministrator(options?: Parameters<typeof visit>[0]): Promise<Page> {
  const { page } = await visit(options);
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  return page;
}

describe('the help button of each back-office screen', () => {
  it('sits beside every screen heading and points to a section of the manual the site has', async () => {
    const page = await asAdministrator();
    const manual = await page.request.get('/hilfe/verwaltung.html');
    expect(manual.status()).toBe(200);
    const html = await manual.text();
    for (const screen of ADMIN_MENU_ORDER) {
      const { path, label, manual: heading } = ADMIN_SCREENS[screen];
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
      const help = page.getByRole('link', { name: HELP_BUTTON_LABEL, exact: true });
      expect(await help.getAttribute('href'), label).toBe(manualHref('verwaltung', heading));
      expect(await help.getAttribute('target'), label).toBe('_blank');
      expect(html, label).toContain(` id="${manualAnchor(heading)}"`);
    }
  });

  it('opens the screen’s section in a new tab, scrolled to its heading, pictures and all', async () => {
    const page = await asAdministrator();
    await page.goto(ADMIN_SCREENS.hosts.path);
    await settled(page);
    const [manual] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: HELP_BUTTON_LABEL }).click()]);
    await manual.waitForLoadState('load');
    expect(new URL(manual.url()).pathname).toBe('/hilfe/verwaltung.html');
    expect(decodeURIComponent(new URL(manual.url()).hash)).toBe('#standaufsicht--bewirtung');
    const section = manual.getByRole('heading', { level: 2, name: 'Standaufsicht & Bewirtung', exact: true });
    await section.waitFor();
    // The section's heading is at the top of the window, not somewhere further down.
    const top = (await section.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(200);
    // Its picture is there and loaded, described in German.
    const picture = manual.getByRole('img', { name: 'Die Seite „Standaufsicht & Bewirtung“ mit dem Dienstplan' });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // Every picture of the manual loads.
    const broken = await manual.evaluate(async () => {
      const images = [...document.images];
      const settled = (image: HTMLImageElement) =>
        image.complete
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              image.addEventListener('load', () => resolve(), { once: true });
              image.addEventListener('error', () => resolve(), { once: true });
            });
      await Promise.all(images.map(settled));
      return images.filter((image) => image.naturalWidth === 0).map((image) => image.getAttribute('src'));
    });
    expect(broken).toEqual([]);
    await expectNoSeriousAccessibilityViolations(manual);
    // The way back to the back office.
    await manual.getByRole('link', { name: 'Zur Verwaltung' }).waitFor();
    await manual.close();
  });

  it('fits beside the longest heading on a 360 px phone, the heading breaking only between words', async () => {
    const page = await asAdministrator({ viewport: PHONE, phone: true });
    await page.goto(ADMIN_SCREENS.hosts.path);
    await settled(page);
    const help = page.getByRole('link', { name: HELP_BUTTON_LABEL });
    const box = (await help.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.width).toBeGreaterThanOrEqual(40);
    expect([...(await sidewaysProblems(page, PHONE.width)), ...(await brokenWords(page))]).toEqual([]);
  });
});

describe('the manual on the site', () => {
  it('answers /hilfe with its overview, links its parts and keeps out of search engines', async () => {
    const { page } = await visit();
    const response = await page.goto('/hilfe');
    expect(new URL(page.url()).pathname).toBe('/hilfe/index.html');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1, name: 'Schützenverein – Website und Verwaltung' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Verwaltung – Handbuch für Ehrenamtliche' }).click();
    await page.getByRole('heading', { level: 2, name: 'Rechte pro Sparte', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/hilfe/verwaltung.html');
    // Links between the parts lead to the pages, not to the Markdown files.
    const hrefs = await page.getByRole('main').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.endsWith('.md') || href.includes('.md#'))).toEqual([]);
    expect(hrefs).toContain('betrieb.html');
  });

  it('reads on a 360 px phone without sideways scrolling', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await page.goto('/hilfe/verwaltung.html');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Wide tables and code scroll in their own box; the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
