import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateWithWeekday } from '../../src/shared/appointmentGlance.ts';
import { formatGermanDate, toClubDate } from '../../src/shared/dates.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The roster saves a changed row when the focus leaves it (issue 28.5): no save icon per
 * row, a snackbar with 'Rückgängig' that restores the previous values; a wrong row shows its
 * messages and is not saved; the new row keeps its add button; each date shows its weekday.
 */

const { visit } = useSite();

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST = toClubDate(new Date(Date.now() + 12 * DAY_MS));
const SECOND = toClubDate(new Date(Date.now() + 19 * DAY_MS));

async function snackbar(page: Page, text: string): Promise<Locator> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  return alert;
}

function row(page: Page, apiDate: string): Locator {
  return page.getByRole('form', { name: `Eintrag vom ${formatGermanDate(apiDate)}`, exact: true });
}

async function openRoster(page: Page): Promise<void> {
  await page.goto('/admin/standaufsicht_bewirtung');
  await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).waitFor();
}

async function choose(page: Page, form: Locator, field: 'Standaufsicht' | 'Bewirtung', option: string): Promise<void> {
  await form.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addEntry(page: Page, apiDate: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Neuer Eintrag', exact: true });
  await form.getByRole('group', { name: 'Datum' }).getByRole('spinbutton').first().click();
  await page.keyboard.type(formatGermanDate(apiDate).replaceAll('.', ''));
  await choose(page, form, 'Standaufsicht', 'Migliederteam');
  await choose(page, form, 'Bewirtung', 'keine*r');
  // The new row is added explicitly.
  await form.getByRole('button', { name: 'Eintrag anlegen' }).click();
  await snackbar(page, 'Eintrag angelegt');
  await row(page, apiDate).waitFor();
}

/** What is stored, seen in a second tab (the first one has the row's unsaved changes). */
async function storedHost(page: Page, apiDate: string): Promise<string> {
  const other = await page.context().newPage();
  await openRoster(other);
  const value = await row(other, apiDate).getByRole('combobox', { name: 'Bewirtung' }).inputValue();
  await other.close();
  return value;
}

describe('a roster row', () => {
  it('saves itself on leaving it, offers Rückgängig, shows the weekday, and keeps a wrong row unsaved', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openRoster(page);
    await addEntry(page, FIRST);
    const entry = row(page, FIRST);
    expect(await entry.getByTestId('weekday').innerText()).toBe(formatDateWithWeekday(FIRST).slice(0, 3));
    expect(await entry.getByRole('button', { name: 'Speichern' }).count()).toBe(0);

    // Moving within the row saves nothing yet.
    await choose(page, entry, 'Bewirtung', 'abgesagt');
    await entry.getByRole('combobox', { name: 'Standaufsicht' }).focus();
    expect(await page.getByRole('alert').filter({ hasText: 'Eintrag gespeichert' }).count()).toBe(0);
    // Leaving it does.
    await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).click();
    const saved = await snackbar(page, 'Eintrag gespeichert');
    expect(await storedHost(page, FIRST)).toBe('abgesagt');

    await saved.getByRole('button', { name: 'Rückgängig' }).click();
    await snackbar(page, 'Änderung zurückgenommen');
    await expect.poll(() => row(page, FIRST).getByRole('combobox', { name: 'Bewirtung' }).inputValue()).toBe('keine*r');
    expect(await storedHost(page, FIRST)).toBe('keine*r');

    // The weekday follows the date as it is typed.
    const moved = row(page, FIRST);
    await moved.getByRole('group', { name: 'Datum' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(formatGermanDate(SECOND).replaceAll('.', ''));
    expect(await moved.getByTestId('weekday').innerText()).toBe(formatDateWithWeekday(SECOND).slice(0, 3));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).click();
    await snackbar(page, 'Eintrag gespeichert');
    await row(page, SECOND).waitFor();

    // A wrong row shows its message and is not saved.
    const wrong = row(page, SECOND);
    await wrong.getByRole('combobox', { name: 'Bewirtung' }).click();
    await wrong.getByRole('button', { name: 'Leeren' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).click();
    await wrong.getByText('Die Bewirtung muss angegeben werden!').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Eintrag gespeichert' }).count()).toBe(0);
    expect(await storedHost(page, SECOND)).toBe('keine*r');
  });

  it('saves itself on a phone too, and fits 360 px', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openRoster(page);
    const entry = row(page, SECOND);
    await entry.waitFor();
    expect(await entry.getByTestId('weekday').innerText()).toBe(formatDateWithWeekday(SECOND).slice(0, 3));
    await choose(page, entry, 'Bewirtung', 'abgesagt');
    await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).tap();
    await snackbar(page, 'Eintrag gespeichert');
    expect(await storedHost(page, SECOND)).toBe('abgesagt');
    expect(await sidewaysProblems(page, 360)).toEqual([]);
  });
});
