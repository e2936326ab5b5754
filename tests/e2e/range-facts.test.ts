import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The air gun range's facts as data (issue 26.1), as an administrator edits them in the
 * dashboard (panel 'Luftdruckstand: Fakten', with the page's own description as preview)
 * and visitors read them on /zeiten-lg-lp, with and without JavaScript, on a desktop and
 * on a 360 px phone. The tests build on each other.
 */

const PANEL = 'Luftdruckstand: Fakten';
const PHONE = { width: 360, height: 740 };

const { visit } = useSite();

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: PANEL, exact: true }).click();
  const panel = page.getByRole('region', { name: PANEL, exact: true });
  await panel.waitFor();
  return panel;
}

async function expectGunPage(page: Page, sentence: string): Promise<void> {
  await page.goto('/zeiten-lg-lp');
  await page.getByRole('heading', { level: 1, name: 'Schießzeiten Luftgewehr/Luftpistole' }).waitFor();
  await page.getByText(sentence).waitFor();
  // Stated once, from the data: no default text repeats the old figures.
  const text = await page.locator('main').innerText();
  expect(text).not.toContain('10 Ständen');
  expect(text).not.toContain('12 Jahre');
}

describe('the range facts in the dashboard and on /zeiten-lg-lp', () => {
  it('refuses a wrong number in German, previews the page while typing, and saves new lanes and minimum age', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    const preview = panel.getByRole('region', { name: 'Vorschau der Seite Schießzeiten LG/LP' });
    await preview.getByText('Auf unserem Luftdruckstand mit 10 Ständen wird', { exact: false }).waitFor();

    const lanes = panel.getByRole('textbox', { name: /^Anzahl der Stände/ });
    const age = panel.getByRole('textbox', { name: /^Mindestalter/ });
    await lanes.fill('0');
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await panel.getByText('Die Anzahl der Stände muss eine ganze Zahl zwischen 1 und 200 sein!').waitFor();
    // The preview keeps the saved figures while the field is wrong.
    await preview.getByText('mit 10 Ständen', { exact: false }).waitFor();

    await lanes.fill('8');
    await age.fill('10');
    await preview.getByText('Auf unserem Luftdruckstand mit 8 Ständen wird mit Luftgewehr und Luftpistole auf 10 m geschossen. Wer mindestens 10 Jahre alt ist', { exact: false }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Fakten des Luftdruckstands gespeichert' }).waitFor();
  });

  it('shows them on the page at once, also as plain HTML without JavaScript', async () => {
    const sentence = 'Auf unserem Luftdruckstand mit 8 Ständen wird mit Luftgewehr und Luftpistole auf 10 m geschossen. Wer mindestens 10 Jahre alt ist, kann bei uns anfangen';
    const { page } = await visit();
    await expectGunPage(page, sentence);
    await expectNoSeriousAccessibilityViolations(page);
    const { page: plain } = await visit({ javaScriptEnabled: false });
    await expectGunPage(plain, sentence);
  });

  it('works on a 360 px phone: no minimum age means the page names none', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    await panel.getByRole('textbox', { name: /^Mindestalter/ }).fill('');
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Fakten des Luftdruckstands gespeichert' }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await expectGunPage(page, 'Auf unserem Luftdruckstand mit 8 Ständen wird mit Luftgewehr und Luftpistole auf 10 m geschossen. Gäste und Interessierte');
    expect(await page.locator('main').innerText()).not.toContain('Wer mindestens');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });
});
