import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatGermanDate, toClubDate } from '../../src/shared/dates.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The stand supervision and catering roster (SPEC §2, §4, §6) as an administrator keeps it
 * and visitors of Zeiten LG/LP read it. The tests build on each other: the entry the
 * administrator saves first is the one that is shown, edited, read and deleted later.
 */

/** Only hosts_view: sees the roster, changes nothing. Also the host of the entry (createMember names her Erika Musterfrau). */
const VIEWER = { uid: '40000002', password: 'Ansehen2026' };
const HOST_NAME = 'Erika Musterfrau';
const NO_ENTRY = 'Derzeit ist kein Termin für künftige Bewirtung und Standaufsicht festgelegt';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Upcoming days in the club's time zone, as `YYYY-MM-DD` and as typed `DD.MM.YYYY`. */
const FIRST = toClubDate(new Date(Date.now() + 10 * DAY_MS));
const SECOND = toClubDate(new Date(Date.now() + 17 * DAY_MS));
const THIRD = toClubDate(new Date(Date.now() + 24 * DAY_MS));

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Standaufsicht ansehen', permissions: ['hosts_view'] });
});

/** Waits for the snackbar with exactly this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

async function openHosts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Standaufsicht & Bewirtung', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).waitFor();
  await expectPath(page, '/admin/standaufsicht_bewirtung');
}

function row(page: Page, name: string): Locator {
  return page.getByRole('form', { name, exact: true });
}

function dateField(form: Locator): Locator {
  return form.getByRole('group', { name: 'Datum' });
}

/** Types a date into the picker's field, section by section as a member would. */
async function typeDate(page: Page, form: Locator, apiDate: string): Promise<void> {
  await dateField(form).getByRole('spinbutton').first().click();
  await page.keyboard.type(formatGermanDate(apiDate).replaceAll('.', ''));
}

async function choose(page: Page, form: Locator, field: 'Standaufsicht' | 'Bewirtung', option: string): Promise<void> {
  await form.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 8): Promise<void> {
  for (let step = 0; step < max; step++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Das Ziel war mit der Tab-Taste nicht erreichbar.');
}

async function gunTimesText(page: Page): Promise<string> {
  await page.goto('/zeiten-lg-lp');
  const section = page.getByRole('region', { name: 'Standaufsicht und Bewirtung' });
  await section.waitFor();
  // The skeleton goes once the roster has answered.
  await expect.poll(() => section.innerText()).toMatch(/Nächster Termin|Derzeit ist kein Termin/);
  return section.innerText();
}

describe('the roster in the back office and on Zeiten LG/LP', () => {
  it('shows that no date is set while the roster is empty', async () => {
    const { page } = await visit();
    expect(await gunTimesText(page)).toContain(NO_ENTRY);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('lets the administrator save an entry with Migliederteam and a member, checking the fields first', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openHosts(page);
    const form = row(page, 'Neuer Eintrag');
    await form.getByRole('button', { name: 'Eintrag anlegen' }).click();
    await form.getByText('Das Datum darf nicht leer gelassen werden!').waitFor();
    await form.getByText('Die Standaufsicht muss angegeben werden!').waitFor();
    await form.getByText('Die Bewirtung muss angegeben werden!').waitFor();

    await typeDate(page, form, FIRST);
    await choose(page, form, 'Standaufsicht', 'Migliederteam');
    // Only the special values: nobody is in Standaufsichtsberechtigte yet, and the member may only host.
    await form.getByRole('combobox', { name: 'Standaufsicht' }).click();
    expect(await page.getByRole('option', { name: HOST_NAME }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await choose(page, form, 'Bewirtung', HOST_NAME);
    await form.getByRole('button', { name: 'Eintrag anlegen' }).click();
    await snackbar(page, 'Eintrag angelegt');

    const saved = row(page, `Eintrag vom ${formatGermanDate(FIRST)}`);
    await saved.waitFor();
    expect(await saved.getByRole('combobox', { name: 'Standaufsicht' }).inputValue()).toBe('Migliederteam');
    expect(await saved.getByRole('combobox', { name: 'Bewirtung' }).inputValue()).toBe(HOST_NAME);
    // A fresh empty row for the next entry.
    expect(await row(page, 'Neuer Eintrag').getByRole('combobox', { name: 'Standaufsicht' }).inputValue()).toBe('');
    await expectNoSeriousAccessibilityViolations(page);

    const text = await gunTimesText(page);
    expect(text).toContain(formatGermanDate(FIRST));
    expect(text).toContain('Migliederteam');
    expect(text).toContain(HOST_NAME);
    expect(text).not.toContain(NO_ENTRY);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('lets the administrator edit the entry', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openHosts(page);
    const form = row(page, `Eintrag vom ${formatGermanDate(FIRST)}`);
    await typeDate(page, form, SECOND);
    await choose(page, form, 'Bewirtung', 'keine*r');
    // No save button per row: leaving the row saves it (issue 28.5).
    expect(await form.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Standaufsicht & Bewirtung' }).click();
    // The message comes with 'Rückgängig'.
    await page.getByRole('alert').filter({ hasText: 'Eintrag gespeichert' }).getByRole('button', { name: 'Rückgängig' }).waitFor();
    const edited = row(page, `Eintrag vom ${formatGermanDate(SECOND)}`);
    await edited.waitFor();
    expect(await edited.getByRole('combobox', { name: 'Bewirtung' }).inputValue()).toBe('keine*r');

    const text = await gunTimesText(page);
    expect(text).toContain(formatGermanDate(SECOND));
    expect(text).toContain('keine*r');
    expect(text).not.toContain(HOST_NAME);
  });

  it('shows a member with only hosts_view the rows read-only, with delete and the new row disabled (SPEC §6)', async () => {
    const { page } = await visit();
    await logIn(page, VIEWER.uid, VIEWER.password);
    await expectPath(page, '/admin/ich');
    await openHosts(page);
    const form = row(page, `Eintrag vom ${formatGermanDate(SECOND)}`);
    await form.waitFor();
    expect(await form.getByRole('combobox', { name: 'Standaufsicht' }).inputValue()).toBe('Migliederteam');
    expect(await form.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);
    const newRow = row(page, 'Neuer Eintrag');
    expect(await newRow.getByRole('button', { name: 'Eintrag anlegen' }).isDisabled()).toBe(true);
    expect(await newRow.getByRole('combobox', { name: 'Bewirtung' }).getAttribute('readonly')).not.toBeNull();
    expect(await form.getByRole('combobox', { name: 'Standaufsicht' }).getAttribute('readonly')).not.toBeNull();
    await form.getByRole('combobox', { name: 'Standaufsicht' }).click();
    expect(await page.getByRole('option').count()).toBe(0);
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await form.waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('deletes the entry after "Eintrag löschen?"', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openHosts(page);
    const form = row(page, `Eintrag vom ${formatGermanDate(SECOND)}`);
    await form.getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eintrag löschen?' });
    await dialog.getByText(`Soll der Eintrag vom ${formatGermanDate(SECOND)} wirklich gelöscht werden?`).waitFor();
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await dialog.waitFor({ state: 'detached' });
    await form.waitFor();

    await form.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Eintrag löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Eintrag gelöscht');
    await form.waitFor({ state: 'detached' });
    expect(await gunTimesText(page)).toContain(NO_ENTRY);
  });

  it('lets a member fill and save a row with the keyboard alone', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openHosts(page);
    const form = row(page, 'Neuer Eintrag');
    await form.waitFor();
    await page.getByRole('button', { name: 'Aktualisieren' }).focus();

    await tabTo(page, dateField(form));
    await page.keyboard.type(formatGermanDate(THIRD).replaceAll('.', ''));
    await tabTo(page, form.getByRole('combobox', { name: 'Standaufsicht' }));
    await page.keyboard.type('abges');
    await page.keyboard.press('Enter');
    await tabTo(page, form.getByRole('combobox', { name: 'Bewirtung' }));
    await page.keyboard.type('Erika');
    await page.keyboard.press('Enter');
    await tabTo(page, form.getByRole('button', { name: 'Eintrag anlegen' }));
    await page.keyboard.press('Enter');
    await snackbar(page, 'Eintrag angelegt');

    const saved = row(page, `Eintrag vom ${formatGermanDate(THIRD)}`);
    await saved.waitFor();
    expect(await saved.getByRole('combobox', { name: 'Standaufsicht' }).inputValue()).toBe('abgesagt');
    expect(await saved.getByRole('combobox', { name: 'Bewirtung' }).inputValue()).toBe(HOST_NAME);

    const text = await gunTimesText(page);
    expect(text).toContain(formatGermanDate(THIRD));
    expect(text).toContain('abgesagt');
  });
});
