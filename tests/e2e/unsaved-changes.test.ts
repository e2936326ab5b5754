import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Nothing typed is lost (issue 28.2): a dialog or form with unsaved changes asks
 * 'Änderungen verwerfen?' on Esc, a click beside it, 'Abbrechen', leaving the page by the
 * menu or the back button, and on closing the tab; without changes it closes at once.
 */

const PHONE = { width: 360, height: 740 };
const { visit } = useSite();

async function openScreen(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

const question = (page: Page) => page.getByRole('dialog', { name: 'Änderungen verwerfen?' });

async function keepEditing(page: Page): Promise<void> {
  await question(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await question(page).waitFor({ state: 'detached' });
}

async function discard(page: Page): Promise<void> {
  await question(page).getByRole('button', { name: 'Verwerfen' }).click();
  await question(page).waitFor({ state: 'detached' });
}

describe('unsaved changes', () => {
  it('asks in the user dialog on Esc, on a click beside it and on Abbrechen; without changes it closes at once', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openScreen(page, 'Benutzer');

    const dialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await dialog.waitFor();
    // Nothing typed: Esc closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Typed and restored counts as nothing typed.
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await dialog.getByRole('textbox', { name: 'Vorname' }).fill('');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    const prename = dialog.getByRole('textbox', { name: 'Vorname' });
    await prename.fill('Erika');
    await page.keyboard.press('Escape');
    await question(page).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await keepEditing(page);
    expect(await prename.inputValue()).toBe('Erika');

    // A click beside the dialog (on its backdrop).
    await page.mouse.click(5, 5);
    await question(page).waitFor();
    await keepEditing(page);
    expect(await prename.inputValue()).toBe('Erika');

    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await question(page).waitFor();
    await discard(page);
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks in the appointment dialog, and before the browser’s back button leaves the page', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await openScreen(page, 'Kalender');
    const calendarPath = new URL(page.url()).pathname;

    await page.getByRole('button', { name: 'Termin anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Termin anlegen' });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('Sommerfest');
    await page.keyboard.press('Escape');
    await question(page).waitFor();
    await keepEditing(page);

    await page.goBack();
    await question(page).waitFor();
    await keepEditing(page);
    // Still here, with what was typed.
    expect(new URL(page.url()).pathname).toBe(calendarPath);
    expect(await dialog.getByRole('textbox', { name: 'Titel' }).inputValue()).toBe('Sommerfest');

    await page.goBack();
    await discard(page);
    await expectPath(page, '/admin/dash');
  });

  it('asks before the menu leaves a dashboard form with unsaved text, and the browser asks before the tab reloads or closes', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('button', { name: 'Startseite', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Startseite', exact: true });
    await panel.getByRole('textbox', { name: 'Begrüßung' }).fill('Servus beim Schützenverein!');

    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Log', exact: true }).click();
    await question(page).waitFor();
    await keepEditing(page);
    await expectPath(page, '/admin/dash');
    expect(await panel.getByRole('textbox', { name: 'Begrüßung' }).inputValue()).toBe('Servus beim Schützenverein!');

    // Reloading (or closing) the tab: the browser asks its own question; leaving is the visitor's choice.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await page.getByRole('button', { name: 'Startseite', exact: true }).waitFor();
    expect(asked).toEqual(['beforeunload']);
    // Nothing unsaved: no question.
    await page.reload();
    await page.getByRole('button', { name: 'Startseite', exact: true }).waitFor();
    expect(asked).toEqual(['beforeunload']);

    // A card's text typed into and restored is no change: the menu leaves at once.
    await page.getByRole('button', { name: 'Startseite', exact: true }).click();
    const cardTitle = panel.getByRole('group', { name: /^Karte Bogen / }).getByRole('textbox', { name: /^Titel/ });
    await cardTitle.fill('Bogensport');
    await cardTitle.fill('Bogen');
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Log', exact: true }).click();
    await expectPath(page, '/admin/log');
    expect(await question(page).count()).toBe(0);
  });

  it('asks on a 360 px phone too, where the dialog fills the screen', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto('/admin/benutzer');
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Musterfrau');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await question(page).getByRole('button', { name: 'Weiter bearbeiten' }).waitFor();
    await discard(page);
    await dialog.waitFor({ state: 'detached' });
  });
});
