import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/shared/files.ts';
import { HTML_PAGE, pdf } from '../helpers/multipart.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Files (SPEC §2, §4, §5, §8): results, downloads and sponsors as the administrator uploads
 * them in the dashboard and visitors find them. The tests build on each other.
 */

const VIEWER = { uid: '40000002', password: 'Ansehen2026' };
const RESULT_NAME = 'Vereinsmeisterschaft 2026.pdf';
const DOWNLOAD_NAME = 'Satzung.pdf';
// The title a download starts with (its file name without extension) and what the dashboard makes of it.
const DOWNLOAD_TITLE = 'Satzung';
const EDITED_TITLE = 'Vereinssatzung (Fassung 2026)';
const EDITED_DESCRIPTION = 'Beschlossen von der Mitgliederversammlung am 14.03.2026.\nBitte vor dem Aufnahmeantrag lesen.';
// 1,2 MB: the page must name it in German units with a decimal comma.
const DOWNLOAD_BYTES = Math.round(1.2 * 1024 * 1024);
const LIVE_URL = 'https://live.example.org/turnier';
const URL_MESSAGE = 'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.';

const session = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Nur ansehen', permissions: ['dashboard_view'] });
});
const { visit } = session;

/** The stored files of the running site, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(join(dirname(session.site.databaseFile), 'uploads'))).filter((name) => name !== '.gitkeep').sort();
  } catch {
    return [];
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Waits for the snackbar with exactly this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) }).waitFor();
}

/** The lines of text an element shows, without blank ones (blocks inside a link add them). */
async function shownLines(locator: Locator): Promise<string[]> {
  return (await locator.innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
}

async function openPanel(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('region', { name: title, exact: true });
  await panel.waitFor();
  return panel;
}

async function asAdmin(page: Page): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Holds every upload to `path` until `release` is called, so the progress dialog can be seen and cancelled. */
async function holdUploads(page: Page, path: string): Promise<{ release: () => void; held: Promise<void> }> {
  let release = () => {};
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    arrived();
    await gate;
    // An upload cancelled meanwhile has no request left to continue.
    await route.continue().catch(() => undefined);
  });
  return { release, held };
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 80, channels: 3, background: '#1b5e20' } })
    .png()
    .toBuffer();
}

describe('files in the dashboard and on the public pages', () => {
  it('uploads a result PDF with the progress dialog and a download, by chooser and by drop', async () => {
    const { page } = await visit();
    await asAdmin(page);

    const results = await openPanel(page, 'Sportliche Leistungen');
    await results.getByRole('tab', { name: 'LG/LP', selected: true }).waitFor();
    const internal = results.getByRole('region', { name: 'Intern', exact: true });
    const gate = await holdUploads(page, '/api/results');
    await internal.locator('input[type=file]').setInputFiles({ name: RESULT_NAME, mimeType: 'application/pdf', buffer: pdf() });
    await gate.held;
    const progress = page.getByRole('dialog', { name: `${RESULT_NAME} wird hochgeladen` });
    await progress.getByRole('progressbar', { name: 'Fortschritt' }).waitFor();
    await progress.getByText(/^\d+ %$/).waitFor();
    await progress.getByRole('button', { name: 'Abbrechen' }).waitFor();
    gate.release();
    await snackbar(page, 'Ergebnis angelegt');
    await progress.waitFor({ state: 'hidden' });
    await internal.getByRole('link', { name: RESULT_NAME }).waitFor();
    await page.unroute('**/api/results');

    // The season and a special result, shown on the public page later.
    const season = results.getByRole('form', { name: 'Saison LG/LP', exact: true });
    await season.getByRole('textbox', { name: 'Text', exact: true }).fill('Saison [fett:an]2025/2026[fett:aus]');
    await season.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Text gespeichert');
    const king = results.getByRole('form', { name: 'Schützenkönig', exact: true });
    await king.getByRole('textbox', { name: 'Text', exact: true }).fill('Max Mustermann');
    await king.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Text gespeichert');

    const downloads = await openPanel(page, 'Downloads');
    await downloads.locator('input[type=file]').setInputFiles({ name: DOWNLOAD_NAME, mimeType: 'application/pdf', buffer: pdf(DOWNLOAD_BYTES) });
    await snackbar(page, 'Download angelegt');
    await downloads.getByRole('link', { name: DOWNLOAD_NAME }).waitFor();
    await downloads.getByRole('cell', { name: '1,2 MB' }).waitFor();

    // Dropped onto the panel instead of chosen.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['Treffpunkt am Vereinsheim'], 'Anfahrt.txt', { type: 'text/plain' }));
      return transfer;
    });
    const zone = downloads.getByRole('group', { name: 'Downloads hochladen' });
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await snackbar(page, 'Download angelegt');
    await downloads.getByRole('link', { name: 'Anfahrt.txt' }).waitFor();
  });

  it('refuses an HTML page named bericht.pdf with the German message and its prefix', async () => {
    const { page } = await visit();
    await asAdmin(page);
    const before = await storedFiles();
    const results = await openPanel(page, 'Sportliche Leistungen');
    await results.getByRole('tab', { name: 'Blasrohr' }).click();
    const external = results.getByRole('region', { name: 'Extern', exact: true });
    await external.locator('input[type=file]').setInputFiles({ name: 'bericht.pdf', mimeType: 'application/pdf', buffer: Buffer.from(HTML_PAGE) });
    await snackbar(page, 'Fehler beim Anlegen des Ergebnisses: Nur PDF-Dateien sind erlaubt.');
    await external.getByText('Leider sind keine Einträge vorhanden').waitFor();
    expect(await storedFiles()).toEqual(before);
  });

  it('cancels an upload in the progress dialog and stores nothing', async () => {
    const { page, context } = await visit();
    await asAdmin(page);
    const before = await storedFiles();
    const downloads = await openPanel(page, 'Downloads');
    // A slow line (256 kB/s), so that the server is midway through the file when 'Abbrechen' comes.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    // A big file made in the page itself: handing megabytes to setInputFiles is slow on a busy machine.
    const bigFile = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(8 * 1024 * 1024).fill(7)], 'Filmabend.bin', { type: 'application/octet-stream' }));
      return transfer;
    });
    await downloads.getByRole('group', { name: 'Downloads hochladen' }).dispatchEvent('drop', { dataTransfer: bigFile });
    const progress = page.getByRole('dialog', { name: 'Filmabend.bin wird hochgeladen' });
    await progress.getByRole('progressbar', { name: 'Fortschritt' }).waitFor();
    // The server has started receiving: its temporary file is there.
    await expect.poll(async () => (await storedFiles()).some((name) => name.startsWith('.upload-')), { timeout: 10_000 }).toBe(true);
    // The percent moves on while the file goes out.
    await expect.poll(async () => Number.parseInt(await progress.getByText(/^\d+ %$/).innerText(), 10), { timeout: 10_000 }).toBeGreaterThan(0);
    await progress.getByRole('button', { name: 'Abbrechen' }).click();
    await snackbar(page, 'Hochladen abgebrochen');
    await progress.waitFor({ state: 'hidden' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Nothing in the list, nothing on disk (no temporary file either), here and publicly.
    await expect.poll(storedFiles, { timeout: 10_000 }).toEqual(before);
    await page.reload();
    const reopened = await openPanel(page, 'Downloads');
    await reopened.getByRole('link', { name: DOWNLOAD_NAME }).waitFor();
    expect(await reopened.getByRole('link', { name: 'Filmabend.bin' }).count()).toBe(0);
    const publicList = (await (await page.request.get('/api/public/downloads')).json()) as { data: { filename: string }[] };
    expect(publicList.data.map((download) => download.filename)).not.toContain('Filmabend.bin');
  });

  it('adds a sponsor with a PNG logo, after the dialog has named what is missing', async () => {
    const { page } = await visit();
    await asAdmin(page);
    const sponsors = await openPanel(page, 'Sponsoren');
    await sponsors.getByText('Leider sind keine Einträge vorhanden').waitFor();
    await sponsors.getByRole('button', { name: 'Sponsor hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor hinzufügen' });
    await dialog.getByRole('textbox', { name: 'Internetadresse' }).fill('baeckerei.example.org');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Der Sponsorname darf nicht leer gelassen werden!').waitFor();
    await dialog.getByText(URL_MESSAGE).waitFor();
    await dialog.getByText('Bitte wähle ein Logo aus.').waitFor();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Bäckerei Korn');
    await dialog.getByRole('textbox', { name: 'Internetadresse' }).fill('https://baeckerei.example.org');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() });
    await dialog.getByText('Gewählt: logo.png').waitFor();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Sponsor angelegt');
    await dialog.waitFor({ state: 'hidden' });
    const row = sponsors.getByRole('row').filter({ hasText: 'Bäckerei Korn' });
    await row.getByRole('img', { name: 'Bäckerei Korn' }).waitFor();
    await row.getByRole('link', { name: 'https://baeckerei.example.org' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('edits the live-result link in the archery tab, refusing an address without http(s)://', async () => {
    const { page } = await visit();
    await asAdmin(page);
    const results = await openPanel(page, 'Sportliche Leistungen');
    await results.getByRole('tab', { name: 'Bogen' }).click();
    const live = results.getByRole('form', { name: 'Live-Ergebnis', exact: true });
    await live.getByRole('switch', { name: 'Link zum Live-Ergebnis anzeigen' }).check();
    const address = live.getByRole('textbox', { name: 'Internetadresse' });
    await address.fill('live.example.org');
    await live.getByRole('button', { name: 'Speichern' }).click();
    await live.getByText(URL_MESSAGE).waitFor();
    await address.fill(LIVE_URL);
    await live.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Hinweis gespeichert');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows results with season, special results, Intern and Extern; the PDF opens as a PDF', async () => {
    const { page } = await visit();
    await page.goto('/ergebnisse-lg-lp');
    await page.getByRole('heading', { level: 1, name: 'Ergebnisse Luftgewehr/Luftpistole' }).waitFor();
    const season = page.getByRole('heading', { level: 2, name: 'Saison 2025/2026' });
    expect(await season.locator('strong').innerText()).toBe('2025/2026');
    const specials = page.getByRole('table', { name: 'Besondere Leistungen' });
    await specials.getByRole('row', { name: 'Schützenkönig Max Mustermann' }).waitFor();
    const internal = page.getByRole('region', { name: 'Intern', exact: true });
    const link = internal.getByRole('link', { name: new RegExp(escapeRegExp(RESULT_NAME)) });
    await link.waitFor();
    await page.getByRole('region', { name: 'Extern', exact: true }).getByText('Leider sind keine Einträge vorhanden').waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/files\//);
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/ergebnisse-bogen');
    await page.getByRole('heading', { level: 1, name: 'Ergebnisse Bogen' }).waitFor();
    const liveLink = page.getByRole('link', { name: /Live-Ergebnis/ });
    expect(await liveLink.getAttribute('href')).toBe(LIVE_URL);
    expect(await liveLink.getAttribute('target')).toBe('_blank');
    expect(await liveLink.getAttribute('rel')).toBe('noopener noreferrer');
    await expect.poll(() => page.getByText('Leider sind keine Einträge vorhanden').count()).toBe(2);
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/ergebnisse-blasrohr');
    await page.getByRole('heading', { level: 1, name: 'Ergebnisse Blasrohr' }).waitFor();
    await expect.poll(() => page.getByText('Leider sind keine Einträge vorhanden').count()).toBe(2);
    expect(await page.getByRole('link', { name: /Live-Ergebnis/ }).count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('lists the downloads by title with type and size in German units, and the sponsors as cards', async () => {
    const { page } = await visit();
    await page.goto('/downloads');
    const list = page.getByRole('list', { name: 'Downloads' });
    // Each starts with the title it was given on upload: the file name without extension.
    const satzung = list.getByRole('link', { name: new RegExp(`^${DOWNLOAD_TITLE} `) });
    await satzung.waitFor();
    expect(formatFileSize(DOWNLOAD_BYTES)).toBe('1,2 MB');
    expect(await shownLines(satzung)).toEqual([DOWNLOAD_TITLE, 'PDF-Dokument · 1,2 MB']);
    expect(await shownLines(list.getByRole('link', { name: /^Anfahrt / }))).toEqual(['Anfahrt', expect.stringMatching(/^Textdatei · \d+ Bytes$/)]);
    expect(await list.getByText(DOWNLOAD_NAME).count()).toBe(0);
    const response = await page.request.get((await satzung.getAttribute('href')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/unterstuetzer');
    await page.getByRole('heading', { level: 1, name: 'Spender' }).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Bäckerei Korn' }) });
    const logo = card.getByRole('img', { name: 'Bäckerei Korn' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const link = card.getByRole('link', { name: 'baeckerei.example.org' });
    expect(await link.getAttribute('href')).toBe('https://baeckerei.example.org');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it("gives a download a title and a description in the dashboard, refusing an empty and a too long title in German", async () => {
    const { page } = await visit();
    await asAdmin(page);
    const downloads = await openPanel(page, 'Downloads');
    const row = downloads.getByRole('row').filter({ hasText: DOWNLOAD_NAME });
    await row.getByRole('cell', { name: DOWNLOAD_TITLE, exact: true }).waitFor();
    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download bearbeiten' });
    await dialog.getByText(`Datei: ${DOWNLOAD_NAME} (1,2 MB)`).waitFor();
    const title = dialog.getByRole('textbox', { name: 'Titel' });
    const description = dialog.getByRole('textbox', { name: 'Beschreibung' });
    expect(await title.inputValue()).toBe(DOWNLOAD_TITLE);
    expect(await description.inputValue()).toBe('');

    await title.fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Der Titel darf nicht leer gelassen werden!', { exact: true }).waitFor();
    await title.fill('x'.repeat(121));
    await dialog.getByText('Der Titel darf nicht länger als 120 Zeichen sein!', { exact: true }).waitFor();
    await title.fill(EDITED_TITLE);
    await description.fill(EDITED_DESCRIPTION);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Download gespeichert');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => shownLines(row.getByRole('cell').first())).toEqual([EDITED_TITLE, ...EDITED_DESCRIPTION.split('\n')]);
    await expectNoSeriousAccessibilityViolations(page);

    // The public list shows it at once.
    await page.goto('/downloads');
    const entry = page.getByRole('list', { name: 'Downloads' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(EDITED_TITLE)} `) });
    expect(await shownLines(entry)).toEqual([EDITED_TITLE, ...EDITED_DESCRIPTION.split('\n'), 'PDF-Dokument · 1,2 MB']);
  });

  it('shows title, description, type and size on /downloads without JavaScript too', async () => {
    const { page, requests } = await visit({ javaScriptEnabled: false });
    await page.goto('/downloads');
    const list = page.getByRole('list', { name: 'Downloads' });
    const entry = list.getByRole('link', { name: new RegExp(`^${escapeRegExp(EDITED_TITLE)} `) });
    expect(await shownLines(entry)).toEqual([EDITED_TITLE, ...EDITED_DESCRIPTION.split('\n'), 'PDF-Dokument · 1,2 MB']);
    expect(await shownLines(list.getByRole('link', { name: /^Anfahrt / }))).toEqual(['Anfahrt', expect.stringMatching(/^Textdatei · /)]);
    const response = await page.request.get((await entry.getAttribute('href')) ?? '');
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(requests.filter((path) => path.startsWith('/trpc') || path.startsWith('/api'))).toEqual([]);
  });

  it('shows the panels read-only to a member with dashboard_view only', async () => {
    const { page } = await visit();
    await logIn(page, VIEWER.uid, VIEWER.password);
    await expectPath(page, '/admin/dash');
    const downloads = await openPanel(page, 'Downloads');
    await downloads.getByRole('link', { name: DOWNLOAD_NAME }).waitFor();
    expect(await downloads.getByRole('button', { name: 'Datei hochladen' }).isDisabled()).toBe(true);
    for (const button of await downloads.getByRole('button', { name: 'Löschen' }).all()) expect(await button.isDisabled()).toBe(true);
    expect(await downloads.getByRole('button', { name: 'Bearbeiten' }).count()).toBe(2);
    for (const button of await downloads.getByRole('button', { name: 'Bearbeiten' }).all()) expect(await button.isDisabled()).toBe(true);
    const sponsors = await openPanel(page, 'Sponsoren');
    expect(await sponsors.getByRole('button', { name: 'Sponsor hinzufügen' }).isDisabled()).toBe(true);
    const results = await openPanel(page, 'Sportliche Leistungen');
    await results.getByRole('region', { name: 'Intern', exact: true }).getByRole('link', { name: RESULT_NAME }).waitFor();
    for (const button of await results.getByRole('button', { name: 'PDF hochladen' }).all()) expect(await button.isDisabled()).toBe(true);
    expect(await results.getByRole('button', { name: 'PDF hochladen' }).count()).toBeGreaterThan(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('deletes a download, a result and a sponsor only after Ja, and the public pages follow', async () => {
    const { page } = await visit();
    await asAdmin(page);
    const before = await storedFiles();

    const downloads = await openPanel(page, 'Downloads');
    const row = downloads.getByRole('row').filter({ hasText: 'Anfahrt.txt' });
    await row.getByRole('button', { name: 'Löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Download löschen?' });
    await confirm.getByText('Soll „Anfahrt.txt“ wirklich gelöscht werden?').waitFor();
    await confirm.getByRole('button', { name: 'Nein' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Löschen' }).click();
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Download gelöscht');
    await row.waitFor({ state: 'detached' });

    const results = await openPanel(page, 'Sportliche Leistungen');
    const resultRow = results.getByRole('row').filter({ hasText: RESULT_NAME });
    await resultRow.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Ergebnis löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Ergebnis gelöscht');
    await resultRow.waitFor({ state: 'detached' });

    const sponsors = await openPanel(page, 'Sponsoren');
    await sponsors.getByRole('row').filter({ hasText: 'Bäckerei Korn' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog', { name: 'Sponsor löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Sponsor gelöscht');
    await expectNoSeriousAccessibilityViolations(page);
    expect((await storedFiles()).length).toBe(before.length - 3);

    await page.goto('/downloads');
    await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(EDITED_TITLE)} `) }).waitFor();
    expect(await page.getByRole('link', { name: /^Anfahrt / }).count()).toBe(0);
    await page.goto('/ergebnisse-lg-lp');
    await page.getByRole('region', { name: 'Intern', exact: true }).getByText('Leider sind keine Einträge vorhanden').waitFor();
    await page.goto('/unterstuetzer');
    await page.getByText('Leider sind keine Einträge vorhanden').waitFor();
  });
});
