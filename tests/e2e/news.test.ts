import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The club's news (issue 27): an administrator writes an article in 'Aktuelles' with a
 * picture and a link in the editor and a cover, looks at the preview, publishes it; visitors
 * find it on the home page and on its own page, with and without JavaScript, on a desktop
 * and on a 360 px phone, where an article is also written. The tests build on each other.
 */

const TITLE = 'Kreismeisterschaft: drei Titel für den Bogen';
const TEASER = 'Unsere Bogenschützen holen bei der Kreismeisterschaft drei Titel.';
const LINK_TEXT = 'Alle Ergebnisse beim Kreis';
const LINK = 'https://www.example.org/ergebnisse';
const PHONE = { width: 360, height: 740 };

const { visit } = useSite();

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

function photo(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

async function openNews(page: Page, phone = false): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  // On a phone the menu is behind its button.
  if (phone) await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Aktuelles' }).click();
  await expectPath(page, '/admin/aktuelles');
  await page.getByRole('heading', { level: 1, name: 'Aktuelles' }).waitFor();
}

async function writeBody(dialog: Locator, page: Page, text: string, withPicture: boolean): Promise<void> {
  const editor = dialog.getByRole('textbox', { name: 'Text', exact: true });
  await editor.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.type(LINK_TEXT);
  if (withPicture) {
    await page.keyboard.press('Enter');
    await dialog.locator('input[aria-label="Bild für den Text"]').setInputFiles({ name: 'siegerehrung.jpg', mimeType: 'image/jpeg', buffer: await photo('#2a6') });
    // Four versions are made of it (sharp, one picture at a time): it may take a while on a busy machine.
    await editor.locator('img[src^="/files/"]').waitFor({ timeout: 30_000 });
  }
  // The link comes last, on the line's text selected as a person does (a triple click): typing on
  // behind a new link raced the editor, which restores the link's selection a moment after the
  // link dialog closes, and on a busy machine an Enter then replaced the link's text.
  await editor.getByText(LINK_TEXT, { exact: true }).click({ clickCount: 3 });
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link setzen' });
  await linkDialog.getByRole('textbox', { name: 'Adresse' }).fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Übernehmen' }).click();
  await linkDialog.getByText('Bitte gib eine Adresse ein, die mit https://, http:// oder mailto: beginnt.').waitFor();
  await linkDialog.getByRole('textbox', { name: 'Adresse' }).fill(LINK);
  await linkDialog.getByRole('button', { name: 'Übernehmen' }).click();
  await linkDialog.waitFor({ state: 'hidden' });
  await expect.poll(() => editor.locator(`a[href="${LINK}"]`).allTextContents()).toEqual([LINK_TEXT]);
}

async function expectArticlePage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  const article = page.getByRole('article');
  await article.getByText(TEASER).waitFor();
  await article.getByText('Ein großer Tag in der Halle.').waitFor();
  expect(await article.getByRole('link', { name: LINK_TEXT }).getAttribute('href')).toBe(LINK);
  expect(await article.locator('img[src^="/files/"]').count()).toBe(2);
}

describe('writing and publishing news', () => {
  it('writes an article with a picture, a link and a cover, previews and publishes it', async () => {
    const { page } = await visit();
    await openNews(page);
    await page.getByRole('button', { name: 'Artikel schreiben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Artikel schreiben' });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Anreißer' }).fill(TEASER);
    await writeBody(dialog, page, 'Ein großer Tag in der Halle.', true);
    await dialog.locator('input[aria-label="Titelbild"]').setInputFiles({ name: 'titel.jpg', mimeType: 'image/jpeg', buffer: await photo('#a62') });
    await dialog.getByRole('img', { name: 'Gewähltes Titelbild' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Bereich' }).click();
    await page.getByRole('option', { name: 'Bogen' }).click();
    await dialog.getByRole('radio', { name: 'Veröffentlichen', exact: true }).check();

    await dialog.getByRole('button', { name: 'Vorschau' }).click();
    const preview = dialog.getByRole('region', { name: 'Vorschau' });
    await preview.getByRole('heading', { name: TITLE }).waitFor();
    expect(await preview.getByRole('link', { name: LINK_TEXT }).getAttribute('href')).toBe(LINK);
    await preview.getByText('Sparte Bogen').waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Bearbeiten' }).click();

    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Artikel veröffentlicht');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.getByText(/^Veröffentlicht am /).waitFor();
    await row.getByText('Admin Administrator').waitFor();
  });

  it('shows it on the home page with its cover, and on its own page', async () => {
    const { page } = await visit();
    await page.goto('/home');
    const news = page.getByRole('region', { name: 'Aktuelles' });
    await news.getByRole('heading', { name: TITLE }).waitFor();
    await news.getByText(TEASER).waitFor();
    expect(await news.locator('img').count()).toBe(1);
    await news.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expectArticlePage(page);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the list and the article as plain HTML to a browser without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await page.goto('/aktuelles?sparte=bogen');
    await page.getByRole('heading', { level: 1, name: 'Aktuelles: Bogen' }).waitFor();
    await page.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expectArticlePage(page);
    await page.goto('/aktuelles/feed.xml');
  });

  it('works on a 360 px phone: writing, publishing and reading without sideways scrolling', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await openNews(page, true);
    await page.getByRole('button', { name: 'Artikel schreiben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Artikel schreiben' });
    await dialog.getByRole('textbox', { name: 'Titel' }).fill('Neue Trainingszeiten');
    await writeBody(dialog, page, 'Ab Januar trainieren wir dienstags.', true);
    await dialog.getByRole('radio', { name: 'Veröffentlichen', exact: true }).check();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Artikel veröffentlicht');

    await page.goto('/home');
    await page.getByRole('region', { name: 'Aktuelles' }).getByRole('heading', { name: 'Neue Trainingszeiten' }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.goto('/aktuelles');
    await page.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expectArticlePage(page);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });
});
