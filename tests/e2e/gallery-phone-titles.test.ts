import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The gallery administration at 360 px (issue 28.5): an album's title wraps between words
 * only, beside buttons that take their own line, instead of one to three letters a line.
 */

const { visit } = useSite();

const ALBUM = 'Kreismeisterschaft Luftgewehr Jugend und Junioren 2026';

/** The words of the album's heading that are broken over two lines or more. */
async function brokenWords(page: Page, name: string): Promise<string[]> {
  return page.getByRole('heading', { level: 3, name }).evaluate((heading) => {
    const text = heading.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return ['(kein Text)'];
    const broken: string[] = [];
    const content = text.textContent ?? '';
    for (const match of content.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
    return broken;
  });
}

describe('the gallery administration on a phone', () => {
  it('wraps an album title between words only, and fits 360 px', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('button', { name: 'Galerien', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Galerien', exact: true });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Album anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Album anlegen' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(ALBUM);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const heading = panel.getByRole('heading', { level: 3, name: ALBUM });
    await heading.waitFor();

    expect(await brokenWords(page, ALBUM)).toEqual([]);
    // At most as many lines as words need: the old layout took some twenty.
    const lines = await heading.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
    expect(lines).toBeLessThanOrEqual(3);
    expect(await sidewaysProblems(page, 360)).toEqual([]);
  });
});
