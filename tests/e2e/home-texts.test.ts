import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The home page's words as data (issue 26.1): an administrator changes the welcome text and
 * a card in the panel 'Startseite' (preview by the home page's own components), visitors
 * read them on /home, with and without JavaScript, on a desktop and a 360 px phone.
 */

const WELCOME = 'Wir schießen mit Luftgewehr, Bogen und Blasrohr – schaut einfach vorbei.';
const CARD_TEXT = 'Regeln, Preise und Öffnungszeiten unseres Parcours im Wald.';

const VIEWER = { uid: '40000012', password: 'Ansehen2026' };

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Dashboard ansehen', permissions: ['dashboard_view'] });
});

/** Asks the server again, as the browser does when its tab comes back into view. */
async function refetchOnReturn(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Startseite', exact: true }).click();
  const form = page.getByRole('region', { name: 'Startseite', exact: true }).getByRole('form', { name: 'Startseite' });
  await form.waitFor();
  return form;
}

async function expectHome(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
  await page.getByText(`Schön, dass du uns besuchst! ${WELCOME}`).waitFor();
  const cards = page.getByRole('region', { name: 'Unsere Sparten' });
  expect(await cards.getByRole('link', { name: /^3D-Bogenparcours / }).innerText()).toContain(CARD_TEXT);
  expect(await cards.getByRole('link', { name: /^3D-Bogenparcours / }).getAttribute('href')).toBe('/bogenparcours');
  expect(await page.locator('body').innerText()).not.toContain('Bei uns wird mit Luftgewehr');
}

describe('the home page’s texts in the dashboard and on /home', () => {
  it('are edited with a preview and saved', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('button', { name: 'Startseite', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Startseite', exact: true });
    const form = panel.getByRole('form', { name: 'Startseite' });
    const preview = panel.getByRole('region', { name: 'Vorschau der Startseite' });
    const welcome = form.getByRole('textbox', { name: /^Willkommenstext/ });
    await welcome.fill('');
    // A card's message stands under that card's very field, no other card's.
    const bowCard = form.getByRole('group', { name: /^Karte Bogen / });
    await bowCard.getByRole('textbox', { name: /^Titel/ }).fill('');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Der Willkommenstext darf nicht leer gelassen werden!').waitFor();
    await bowCard.getByText('Der Titel der Karte darf nicht leer gelassen werden!').waitFor();
    expect(await form.getByText('Der Titel der Karte darf nicht leer gelassen werden!').count()).toBe(1);
    expect(await bowCard.getByText('Der Text der Karte darf nicht leer gelassen werden!').count()).toBe(0);
    // While a field is wrong the preview shows the saved version.
    await preview.getByText('(der gespeicherte Stand, bis alle Angaben gültig sind)', { exact: false }).waitFor();
    await preview.getByText('Bei uns wird mit Luftgewehr', { exact: false }).waitFor();
    await bowCard.getByRole('textbox', { name: /^Titel/ }).fill('Bogen');
    // After the first attempt the messages follow every keystroke.
    await bowCard.getByText('Der Titel der Karte darf nicht leer gelassen werden!').waitFor({ state: 'detached' });
    await welcome.fill(WELCOME);
    await preview.getByText(WELCOME, { exact: false }).waitFor();
    expect(await preview.getByText('(der gespeicherte Stand', { exact: false }).count()).toBe(0);
    const card = form.getByRole('group', { name: /^Karte 3D-Bogenparcours/ });
    await card.getByRole('textbox', { name: /^Text/ }).fill(CARD_TEXT);
    await preview.getByText(CARD_TEXT).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Texte der Startseite gespeichert' }).waitFor();
  });

  it('shows them on /home at once', async () => {
    const { page } = await visit();
    await expectHome(page);
  });

  it('shows them as plain HTML to a browser without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await expectHome(page);
  });

  it('shows them on a 360 px phone without sideways scrolling', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await expectHome(page);
    expect(await sidewaysProblems(page, 360)).toEqual([]);
  });

  it('replaces the untouched form by a fresher save from another tab, but keeps what is being typed', async () => {
    const { page, context } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const form = await openPanel(page);
    const greeting = form.getByRole('textbox', { name: 'Begrüßung' });
    expect(await greeting.inputValue()).toBe('Schön, dass du uns besuchst!');

    const other = await context.newPage();
    await other.goto('/admin/dash');
    const otherForm = await openPanel(other);
    await otherForm.getByRole('textbox', { name: 'Begrüßung' }).fill('Servus!');
    await otherForm.getByRole('button', { name: 'Speichern' }).click();
    await other.getByRole('alert').filter({ hasText: 'Texte der Startseite gespeichert' }).waitFor();

    await refetchOnReturn(page);
    await expect.poll(() => greeting.inputValue()).toBe('Servus!');

    // Once someone types, a fresher answer leaves the form alone.
    await greeting.fill('Schön, dass du uns besuchst!');
    await otherForm.getByRole('textbox', { name: /^Willkommenstext/ }).fill(`${WELCOME} Bis bald!`);
    await otherForm.getByRole('button', { name: 'Speichern' }).click();
    await other.getByRole('alert').filter({ hasText: 'Texte der Startseite gespeichert' }).last().waitFor();
    await Promise.all([page.waitForResponse((response) => response.url().includes('club.homeTexts')), refetchOnReturn(page)]);
    await page.getByRole('region', { name: 'Vorschau der Startseite' }).getByText('Schön, dass du uns besuchst!', { exact: false }).waitFor();
    expect(await greeting.inputValue()).toBe('Schön, dass du uns besuchst!');
    expect(await form.getByRole('textbox', { name: /^Willkommenstext/ }).inputValue()).toBe(WELCOME);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Texte der Startseite gespeichert' }).waitFor();
    await other.close();
  });

  it('shows members with dashboard_view alone the texts, captions and course facts read-only', async () => {
    const { page } = await visit();
    await logIn(page, VIEWER.uid, VIEWER.password);
    await expectPath(page, '/admin/dash');
    const form = await openPanel(page);
    await form.getByText('Du kannst diese Texte ansehen, aber zum Ändern fehlt dir die Berechtigung.').waitFor();
    expect(await form.getByRole('textbox', { name: /^Willkommenstext/ }).getAttribute('readonly')).not.toBeNull();
    expect(await form.getByRole('group', { name: /^Karte Bogen / }).getByRole('textbox', { name: /^Titel/ }).getAttribute('readonly')).not.toBeNull();
    expect(await form.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    for (const name of ['Über uns: Bildunterschriften', 'Bogenparcours: Fakten und Preise']) {
      await page.getByRole('button', { name, exact: true }).click();
      const other = page.getByRole('form', { name });
      await other.getByText('Du kannst diese Texte ansehen, aber zum Ändern fehlt dir die Berechtigung.').waitFor();
      expect(await other.getByRole('textbox').first().getAttribute('readonly')).not.toBeNull();
      expect(await other.getByRole('button', { name: /Speichern|hinzufügen|entfernen/ }).count()).toBe(0);
    }
  });
});
