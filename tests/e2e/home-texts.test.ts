import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The home page's words as data (issue 26.1): an administrator changes the welcome text and
 * a card in the panel 'Startseite' (preview by the home page's own components), visitors
 * read them on /home, with and without JavaScript, on a desktop and a 360 px phone.
 */

const WELCOME = 'Wir schießen mit Luftgewehr, Bogen und Blasrohr – schaut einfach vorbei.';
const CARD_TEXT = 'Regeln, Preise und Öffnungszeiten unseres Parcours im Wald.';

const { visit } = useSite();

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
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Der Willkommenstext darf nicht leer gelassen werden!').waitFor();
    await welcome.fill(WELCOME);
    await preview.getByText(WELCOME, { exact: false }).waitFor();
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
});
