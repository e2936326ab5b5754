import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * A log a person can read (issue 28, point 4), as the administrator reads it on the log
 * screen: an appointment named by its title and start, and a line longer than the box wraps
 * instead of being cut off – on a desktop and on a 360 px phone. SPEC's box of 25 rows,
 * 'Aktualisieren' and 'Log löschen' stay.
 */

const TITLE = 'Kreismeisterschaft Luftgewehr und Luftpistole der Schützenkreise Nord und Süd mit anschließender Siegerehrung im Vereinsheim und gemeinsamem Abendessen für alle Teilnehmenden';
const LINE = `Termin „${TITLE}“ am 05.12.2026 10:00 angelegt`;

const { visit } = useSite(async (site) => {
  const group = await writeAsAdmin(site, 'POST', '/groups', { name: 'Kreismeisterschaft', permissions: [] });
  await writeAsAdmin(site, 'POST', '/calendar', {
    name: TITLE,
    datetime_begin: '2026-12-05 10:00',
    datetime_end: '2026-12-05 18:00',
    location: 'Schützenhaus',
    visibility: 1,
    status: 1,
    assignment: group.data?.id,
  });
});

/** The log box's text area: its rows, whether it scrolls sideways, and how tall the long entry's text is. */
async function measureLogBox(page: Page) {
  const box = page.getByRole('textbox', { name: 'Log' });
  await expect.poll(() => box.inputValue()).toContain(LINE);
  return box.evaluate((element: HTMLTextAreaElement) => {
    const style = getComputedStyle(element);
    return {
      rows: element.rows,
      clientWidth: element.clientWidth,
      scrollWidth: element.scrollWidth,
      whiteSpace: style.whiteSpace,
      lineHeight: Number.parseFloat(style.lineHeight),
    };
  });
}

async function openLog(page: Page): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.goto(new URL('/admin/log', page.url()).toString());
  await page.getByRole('heading', { level: 1, name: 'Log' }).waitFor();
}

describe('the log screen', () => {
  it('on a 1280 px desktop shows the appointment by title and start and wraps the long line, with 25 rows, refresh and clear', async () => {
    const { page } = await visit({ viewport: { width: 1280, height: 900 } });
    await openLog(page);
    const box = await measureLogBox(page);
    expect(box.rows).toBe(25);
    expect(box.whiteSpace).toBe('pre-wrap');
    // Nothing reaches past the box's right edge: the line is read whole, in several rows.
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(await sidewaysProblems(page, 1280)).toEqual([]);
    await page.getByRole('button', { name: 'Aktualisieren' }).waitFor();
    await page.getByRole('button', { name: 'Log löschen' }).waitFor();
  });

  it('on a 360 px phone wraps the line as well and nothing scrolls sideways', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await openLog(page);
    const box = await measureLogBox(page);
    expect(box.rows).toBe(25);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(await sidewaysProblems(page, 360)).toEqual([]);
  });
});
