import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The 3D course's facts as data (issue 26.1), as an administrator edits them in the
 * dashboard (panel 'Bogenparcours: Fakten und Preise', with the course page's own
 * component as preview) and visitors read them on /bogenparcours, with and without
 * JavaScript, on a desktop and on a 360 px phone. The tests build on each other.
 */

const PANEL = 'Bogenparcours: Fakten und Preise';
const NEW_RULE = 'Vor dem ersten Schuss wird die Tageskarte am Automaten gelöst; geschossen wird auf eigene Gefahr.';
const PHONE = { width: 360, height: 740 };

const { visit } = useSite();

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: PANEL, exact: true }).click();
  const panel = page.getByRole('region', { name: PANEL, exact: true });
  await panel.waitFor();
  return panel;
}

function priceField(panel: Locator, row: string): Locator {
  return panel.getByRole('group', { name: row, exact: true }).getByRole('textbox', { name: /^Preis in €/ });
}

function ruleField(panel: Locator, number: number): Locator {
  return panel.getByRole('group', { name: `Regel ${number}`, exact: true }).getByRole('textbox', { name: new RegExp(`^Regel ${number}`) });
}

async function expectCoursePage(page: Page): Promise<void> {
  await page.goto('/bogenparcours');
  await page.getByRole('heading', { level: 1, name: '3D-Bogenparcours' }).waitFor();
  const dayPrices = page.getByRole('region', { name: 'Preise' }).getByRole('table', { name: 'Tageskarten' });
  await dayPrices.getByRole('row', { name: 'Bogen Erwachsene 10,00 €' }).waitFor();
  await dayPrices.getByRole('row', { name: 'Blasrohr alle 8,00 €' }).waitFor();
  await page.getByRole('region', { name: 'Regeln' }).getByRole('listitem').filter({ hasText: NEW_RULE }).waitFor();
  const text = await page.locator('body').innerText();
  // The old price is nowhere on the page any more: not in the table, not in the 'Nutzung' text.
  expect(text).not.toContain('12,00');
  expect(text).not.toContain('Vor dem ersten Schuss wird die Tages- oder Jahreskarte gelöst');
  expect(text).toContain('28 Tierzielen');
}

describe('the course facts in the dashboard and on the course page', () => {
  it('refuses a wrong price in German, previews the page while typing, and saves a new price and rule', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    const preview = panel.getByRole('region', { name: 'Vorschau der Seite Bogenparcours' });
    await preview.getByRole('table', { name: 'Tageskarten' }).getByRole('row', { name: 'Bogen Erwachsene 12,00 €' }).waitFor();

    const adults = priceField(panel, 'Tageskarte 1');
    expect(await adults.inputValue()).toBe('12,00');
    await adults.fill('12,345');
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await panel.getByText('Der Preis darf höchstens zwei Nachkommastellen haben!').waitFor();
    // The preview keeps the saved price while the field is wrong.
    await preview.getByRole('row', { name: 'Bogen Erwachsene 12,00 €' }).waitFor();

    await adults.fill('10');
    await preview.getByRole('table', { name: 'Tageskarten' }).getByRole('row', { name: 'Bogen Erwachsene 10,00 €' }).waitFor();
    await ruleField(panel, 1).fill(NEW_RULE);
    await preview.getByRole('listitem').filter({ hasText: NEW_RULE }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    // Should a price get past the form's own check, the server's refusal shows under that very
    // field; typing elsewhere leaves it, typing into the price drops it.
    const refuse = /\/trpc\/club\.updateCourseFacts/;
    await page.route(refuse, async (route) => {
      const body = route.request().postDataJSON() as Record<string, { dayPrices: { price: number }[] }>;
      for (const input of Object.values(body)) for (const row of input.dayPrices.slice(0, 1)) row.price = 10.005;
      await route.continue({ postData: JSON.stringify(body) });
    });
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Fehler beim Speichern der Angaben zum Bogenparcours');
    const firstDayTicket = panel.getByRole('group', { name: 'Tageskarte 1', exact: true });
    await firstDayTicket.getByText('Der Preis darf höchstens zwei Nachkommastellen haben!').waitFor();
    await page.unroute(refuse);
    await ruleField(panel, 1).fill(`${NEW_RULE} `);
    await ruleField(panel, 1).fill(NEW_RULE);
    expect(await firstDayTicket.getByText('Der Preis darf höchstens zwei Nachkommastellen haben!').count()).toBe(1);
    await adults.fill('10,00');
    await firstDayTicket.getByText('Der Preis darf höchstens zwei Nachkommastellen haben!').waitFor({ state: 'detached' });

    await panel.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Fakten und Preise des Bogenparcours gespeichert');
    expect(await adults.inputValue()).toBe('10,00');
  });

  it('shows the saved price and rule on the course page at once, with no place still saying 12,00 €', async () => {
    const { page } = await visit();
    await expectCoursePage(page);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows them as plain HTML to a browser without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await expectCoursePage(page);
  });

  it('shows them on a 360 px phone without sideways scrolling, and the panel works there too', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await expectCoursePage(page);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    // An opening after the closing is refused under the field.
    const earliest = panel.getByRole('textbox', { name: /^Früheste Öffnung/ });
    await earliest.fill('20:00');
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await panel.getByText('Die früheste Öffnung muss vor dem spätesten Schluss liegen!').waitFor();
    await earliest.fill('08:00');
    await panel.getByRole('button', { name: 'Regel hinzufügen' }).click();
    await ruleField(panel, 7).fill('Hunde bleiben an der Leine.');
    await panel.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Fakten und Preise des Bogenparcours gespeichert');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await page.goto('/bogenparcours');
    await page.getByRole('region', { name: 'Regeln' }).getByRole('listitem').filter({ hasText: 'Hunde bleiben an der Leine.' }).waitFor();
    expect(await page.getByRole('region', { name: 'Regeln' }).getByRole('listitem').count()).toBe(7);
  });
});
