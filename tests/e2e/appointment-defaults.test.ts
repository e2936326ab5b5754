import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Where a new appointment starts (issue 28.5): on the clicked day at 18:00; from the add
 * button at the next full hour today, or on the first day of a later month; it lasts two
 * hours, and its end moves with the begin. The browser's clock stands at Wednesday,
 * 10.03.2027, 14:10 in the club's time.
 */

const { visit } = useSite();

const NOW = new Date('2027-03-10T14:10:00+01:00');

function dialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Termin anlegen', exact: true });
}

async function shownSpan(page: Page): Promise<[string, string]> {
  const form = dialog(page);
  return [await form.getByRole('group', { name: 'Beginn' }).locator('input').inputValue(), await form.getByRole('group', { name: 'Ende' }).locator('input').inputValue()];
}

/** Types a date-time into a picker field as a member would: digits only, the field moves on by itself. */
async function typeDateTime(page: Page, label: string, value: string): Promise<void> {
  await dialog(page).getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value.replace(/\D/g, ''));
}

async function cancel(page: Page, changed = false): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Abbrechen' }).click();
  // A changed form asks before it drops what was typed.
  if (changed) await page.getByRole('button', { name: 'Verwerfen' }).click();
  await dialog(page).waitFor({ state: 'hidden' });
}

async function openMonth(page: Page, path: string): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
}

describe('a new appointment', () => {
  it('starts at the next full hour today, on a later month’s first day, on a clicked day, and keeps its length', async () => {
    const { page } = await visit();
    await openMonth(page, '/admin/kalender/2027/03');
    await page.getByRole('button', { name: 'Termin anlegen', exact: true }).click();
    expect(await shownSpan(page)).toEqual(['10.03.2027 15:00', '10.03.2027 17:00']);
    await cancel(page);

    await page.getByRole('button', { name: '15. – Termin am Mo, 15.03.2027 anlegen' }).click();
    expect(await shownSpan(page)).toEqual(['15.03.2027 18:00', '15.03.2027 20:00']);
    // The end moves with the begin …
    await typeDateTime(page, 'Beginn', '16.03.2027 10:00');
    expect(await shownSpan(page)).toEqual(['16.03.2027 10:00', '16.03.2027 12:00']);
    // … keeping a length the member chose.
    await typeDateTime(page, 'Ende', '16.03.2027 13:30');
    await typeDateTime(page, 'Beginn', '17.03.2027 09:00');
    expect(await shownSpan(page)).toEqual(['17.03.2027 09:00', '17.03.2027 12:30']);
    await cancel(page, true);

    // The free space of a day's cell starts one too.
    await page.locator('td[data-day="2027-03-24"]').click({ position: { x: 60, y: 80 } });
    expect(await shownSpan(page)).toEqual(['24.03.2027 18:00', '24.03.2027 20:00']);
    await cancel(page);

    await page.getByRole('button', { name: 'Nächster Monat' }).click();
    await expectPath(page, '/admin/kalender/2027/04');
    await page.getByRole('button', { name: 'Termin anlegen', exact: true }).click();
    expect(await shownSpan(page)).toEqual(['01.04.2027 18:00', '01.04.2027 20:00']);
    await cancel(page);
  });

  it('starts at the next full hour today on a phone too', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await openMonth(page, '/admin/kalender/2027/03');
    await page.getByRole('button', { name: 'Termin anlegen', exact: true }).click();
    expect(await shownSpan(page)).toEqual(['10.03.2027 15:00', '10.03.2027 17:00']);
  });
});
