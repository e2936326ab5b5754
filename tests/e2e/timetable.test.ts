import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TIMETABLE_MESSAGES } from '../../src/shared/schemas/timetable.ts';
import { TIMETABLE_EMPTY_TEXT, TIMETABLE_PAUSED_TEXT } from '../../src/shared/timetable.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { settled, sidewaysProblems, smallTouchTargets } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The weekly shooting times (issue 26, point 2) as the administrator fills them in the
 * dashboard and visitors read them on /zeiten-lg-lp, with and without JavaScript, at desktop
 * width and on a 360 px phone. The tests build on each other: the first adds the rows the
 * later ones look for.
 */

const PHONE = { width: 360, height: 740 };
/** Nearly the longest offer there is (59 of 60 characters), one German compound: it must break inside the cell. */
const LONG_OFFER = 'Kreismeisterschaftsvorbereitungstrainingsgruppenschießabend';

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

/** The dashboard with the panel 'Schießzeiten' open on the tab of LG/LP; logs in first unless told the session is there. */
async function openTimesPanel(page: Page, { loggedIn = false } = {}): Promise<Locator> {
  if (loggedIn) await page.goto('/admin/dash');
  else await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.getByRole('button', { name: 'Schießzeiten', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Schießzeiten', exact: true });
  await panel.getByRole('tab', { name: 'LG/LP', selected: true }).waitFor();
  return panel;
}

/** Types a time into a picker field as a member would: digits only, the field moves on by itself. */
async function typeTime(page: Page, scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value.replace(/\D/g, ''));
}

async function addTime(page: Page, panel: Locator, row: { weekday: string; from: string; to: string; what: string; note?: string }): Promise<void> {
  await panel.getByRole('button', { name: 'Schießzeit hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schießzeit hinzufügen' });
  await dialog.getByRole('combobox', { name: 'Wochentag' }).click();
  await page.getByRole('option', { name: row.weekday, exact: true }).click();
  await typeTime(page, dialog, 'Beginn', row.from);
  await typeTime(page, dialog, 'Ende', row.to);
  await dialog.getByRole('textbox', { name: 'Angebot' }).fill(row.what);
  if (row.note) await dialog.getByRole('textbox', { name: 'Anmerkung' }).fill(row.note);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await snackbar(page, 'Schießzeit angelegt');
  await dialog.waitFor({ state: 'detached' });
}

function publicTable(page: Page): Locator {
  return page.getByRole('region', { name: 'Trainingszeiten' }).getByRole('table', { name: 'Trainingszeiten' });
}

const { visit } = useSite();

describe('shooting times from the dashboard to the public page', () => {
  it('starts empty, saying so to visitors and how to fill it in the dashboard', async () => {
    const { page } = await visit();
    await page.goto('/zeiten-lg-lp');
    await page.getByRole('region', { name: 'Trainingszeiten' }).getByText(TIMETABLE_EMPTY_TEXT).waitFor();
    expect(await page.getByRole('table', { name: 'Trainingszeiten' }).count()).toBe(0);

    const panel = await openTimesPanel(page);
    await panel.getByRole('note').filter({ hasText: 'Für LG/LP sind noch keine Schießzeiten eingetragen' }).getByText('„Schießzeit hinzufügen“', { exact: false }).waitFor();
    await panel.getByRole('group', { name: 'Vorschau: Trainingszeiten LG/LP' }).getByText(TIMETABLE_EMPTY_TEXT).waitFor();
  });

  it('adds rows in the dashboard, refusing an end before the beginning, and shows them in the preview in weekday order', async () => {
    const { page } = await visit();
    const panel = await openTimesPanel(page);

    // The form's own check, before anything is sent.
    await panel.getByRole('button', { name: 'Schießzeit hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schießzeit hinzufügen' });
    await typeTime(page, dialog, 'Beginn', '20:00');
    await typeTime(page, dialog, 'Ende', '18:00');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText(TIMETABLE_MESSAGES.order).waitFor();
    await dialog.getByText(TIMETABLE_MESSAGES.weekdayMissing).waitFor();
    await dialog.getByText(TIMETABLE_MESSAGES.whatEmpty).waitFor();
    // What was typed is not thrown away without asking (issue 28.2).
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addTime(page, panel, { weekday: 'Freitag', from: '19:00', to: '21:30', what: 'Freies Schießen' });
    await addTime(page, panel, { weekday: 'Dienstag', from: '17:00', to: '18:30', what: 'Jugendtraining', note: 'ab 12 Jahren' });
    await addTime(page, panel, { weekday: 'Mittwoch', from: '18:00', to: '20:00', what: LONG_OFFER });

    const table = panel.getByRole('table', { name: 'Schießzeiten LG/LP' });
    await expect.poll(async () => (await table.getByRole('row').allInnerTexts()).slice(1).map((text) => text.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'Dienstag 17:00–18:30',
      'Mittwoch 18:00–20:00',
      'Freitag 19:00–21:30',
    ]);
    const preview = panel.getByRole('group', { name: 'Vorschau: Trainingszeiten LG/LP' });
    await preview.getByRole('row', { name: 'Dienstag 17:00–18:30 Uhr Jugendtraining ab 12 Jahren' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows them to visitors as a table, with the info text as a note under it', async () => {
    const { page } = await visit();
    await page.goto('/zeiten-lg-lp');
    const table = publicTable(page);
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Tag', 'Uhrzeit', 'Angebot']);
    await table.getByRole('row', { name: 'Dienstag 17:00–18:30 Uhr Jugendtraining ab 12 Jahren' }).waitFor();
    await table.getByRole('row', { name: 'Freitag 19:00–21:30 Uhr Freies Schießen' }).waitFor();
    // The seeded times text of LG/LP follows the table.
    const note = page.getByRole('region', { name: 'Trainingszeiten' }).getByText('Zu allen Trainingszeiten ist eine Standaufsicht da.', { exact: false });
    expect((await note.boundingBox())!.y).toBeGreaterThan((await table.boundingBox())!.y);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows them without JavaScript too', async () => {
    const { page, requests } = await visit({ javaScriptEnabled: false });
    await page.goto('/zeiten-lg-lp');
    await publicTable(page).getByRole('row', { name: 'Mittwoch 18:00–20:00 Uhr ' + LONG_OFFER }).waitFor();
    expect(requests.filter((path) => path.startsWith('/trpc'))).toEqual([]);
  });

  it('fits a 360 px phone: the table, the dashboard panel and its dialog, without sideways scrolling', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await page.goto('/zeiten-lg-lp');
    await settled(page);
    await publicTable(page).getByRole('row', { name: /Jugendtraining/ }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    const panel = await openTimesPanel(page);
    await panel.getByRole('table', { name: 'Schießzeiten LG/LP' }).getByText('Freies Schießen').waitFor();
    await page.waitForTimeout(500);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    expect(await smallTouchTargets(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Schießzeit hinzufügen' }).click();
    await page.getByRole('dialog', { name: 'Schießzeit hinzufügen' }).waitFor();
    await page.waitForTimeout(400);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });

  it('pauses a row: the dashboard marks it, visitors no longer see it, and a section with every row paused says so', async () => {
    const { page } = await visit();
    const panel = await openTimesPanel(page);
    const table = panel.getByRole('table', { name: 'Schießzeiten LG/LP' });
    const friday = table.getByRole('row').filter({ hasText: 'Freies Schießen' });
    await friday.getByRole('switch', { name: 'Aktiv' }).click();
    await snackbar(page, 'Schießzeit gespeichert');
    expect(await friday.getByRole('switch', { name: 'Aktiv' }).isChecked()).toBe(false);
    await friday.getByText('pausiert', { exact: true }).waitFor();
    const preview = panel.getByRole('group', { name: 'Vorschau: Trainingszeiten LG/LP' });
    await expect.poll(() => preview.getByText('Freies Schießen').count()).toBe(0);

    await page.goto('/zeiten-lg-lp');
    await publicTable(page).getByRole('row', { name: /Jugendtraining/ }).waitFor();
    expect(await publicTable(page).getByText('Freies Schießen').count()).toBe(0);

    const rest = await openTimesPanel(page, { loggedIn: true });
    for (const what of ['Jugendtraining', LONG_OFFER]) {
      const row = rest.getByRole('table', { name: 'Schießzeiten LG/LP' }).getByRole('row').filter({ hasText: what });
      await row.getByRole('switch', { name: 'Aktiv' }).click();
      await row.getByText('pausiert', { exact: true }).waitFor();
    }
    await page.goto('/zeiten-lg-lp');
    await page.getByRole('region', { name: 'Trainingszeiten' }).getByText(TIMETABLE_PAUSED_TEXT).waitFor();
    expect(await page.getByRole('table', { name: 'Trainingszeiten' }).count()).toBe(0);
  });
});
