import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Galleries (SPEC §2, §4): an administrator creates an album and uploads two images in one
 * go; visitors find them in the section's tab, look at them in the lightbox and go back;
 * the administrator deletes them again. The tests build on each other.
 */

const ALBUM = 'Sommerturnier';
const TITLE = 'Zielscheibe im Wald';

const VIEWER = { uid: '40000002', password: 'Ansehen2026' };

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Galerien ansehen', permissions: ['dashboard_view'] });
});

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

async function openGalleriesPanel(page: Page, member = { uid: ADMIN_UID, password: ADMIN_PASSWORD }): Promise<Locator> {
  await logIn(page, member.uid, member.password);
  await expectPath(page, '/admin/dash');
  await page.getByRole('button', { name: 'Galerien', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Galerien', exact: true });
  await panel.waitFor();
  await panel.getByRole('tab', { name: 'Bogen', exact: true }).click();
  return panel;
}

function photo(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

function lightbox(page: Page): Locator {
  return page.getByRole('dialog');
}

describe('galleries', () => {
  it('lets the administrator create an album and upload two images at once with the progress dialog', async () => {
    const { page } = await visit();
    const panel = await openGalleriesPanel(page);
    await panel.getByText('Leider sind keine Einträge vorhanden').waitFor();

    await panel.getByRole('button', { name: 'Album anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Album anlegen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Der Albumname darf nicht leer gelassen werden!').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(ALBUM);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Album angelegt');
    const album = panel.getByRole('region', { name: ALBUM });
    await album.waitFor();

    await album.getByRole('button', { name: 'Bilder anzeigen' }).click();
    // Held back a moment, so that the progress dialog can be seen before the answer comes.
    await page.route('**/api/images', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await album.getByRole('button', { name: 'Bilder auswählen' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'quer.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 800, '#2a6') },
      { name: 'hoch.jpg', mimeType: 'image/jpeg', buffer: await photo(600, 900, '#a62') },
    ]);
    const progress = page.getByRole('dialog', { name: '2 Bilder werden hochgeladen' });
    await progress.waitFor();
    await progress.getByText(/\d+ %/).waitFor();
    await snackbar(page, '2 Bilder hochgeladen');
    await progress.waitFor({ state: 'detached' });
    await page.unroute('**/api/images');

    const first = album.getByRole('textbox', { name: 'Titel von quer.jpg' });
    await first.fill(TITLE);
    await first.press('Enter');
    await snackbar(page, 'Bildtitel gespeichert');
    expect(await album.getByRole('img').count()).toBe(2);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows a member with dashboard_view only the albums and images, every control disabled or read-only', async () => {
    const { page } = await visit();
    const panel = await openGalleriesPanel(page, VIEWER);
    expect(await panel.getByRole('button', { name: 'Album anlegen' }).isDisabled()).toBe(true);
    const album = panel.getByRole('region', { name: ALBUM });
    expect(await album.getByRole('button', { name: `Album ${ALBUM} umbenennen` }).isDisabled()).toBe(true);
    expect(await album.getByRole('button', { name: `Album ${ALBUM} löschen` }).isDisabled()).toBe(true);
    await album.getByRole('button', { name: 'Bilder anzeigen' }).click();
    expect(await album.getByRole('button', { name: 'Bilder auswählen' }).isDisabled()).toBe(true);
    expect(await album.getByRole('textbox', { name: 'Titel von quer.jpg' }).getAttribute('readonly')).not.toBeNull();
    expect(await album.getByRole('button', { name: 'Bild hoch.jpg löschen' }).isDisabled()).toBe(true);
  });

  it('shows the album in its public tab; the lightbox moves with the arrow keys; back returns to the tab', async () => {
    const { page } = await visit();
    await page.goto('/galerien');
    // Without a section the first tab is shown; choosing another changes the route.
    await page.getByRole('tab', { name: 'Verein', selected: true }).waitFor();
    await page.getByText('Leider sind keine Einträge vorhanden').waitFor();
    await page.getByRole('tab', { name: 'Bogen' }).click();
    await expectPath(page, '/galerien/bogen');
    await page.getByRole('tab', { name: 'Bogen', selected: true }).waitFor();

    const card = page.getByRole('link', { name: ALBUM });
    await card.waitFor();
    expect(await card.locator('img').count()).toBe(2);
    await expectNoSeriousAccessibilityViolations(page);
    await card.click();
    await page.waitForURL(/\/galerien\/bogen\?album=\d+$/);
    await page.getByRole('heading', { level: 2, name: ALBUM }).waitFor();

    const images = page.getByRole('tabpanel').getByRole('button').filter({ has: page.locator('img') });
    // The heading comes with the album list; its images follow with their own request.
    await images.first().waitFor();
    expect(await images.count()).toBe(2);
    const firstImage = images.first().locator('img');
    expect(await firstImage.getAttribute('alt')).toBe(TITLE);
    // The first pictures are fetched at once (they are what the visitor sees first), later ones when scrolled to.
    expect(await firstImage.getAttribute('loading')).toBe('eager');
    expect(await firstImage.getAttribute('width')).toBe('1200');
    expect(await firstImage.getAttribute('srcset')).toMatch(/^\/files\/\S+\.webp 480w, \/files\/\S+\.webp 1024w, \/files\/\S+\.webp 1200w$/);
    await expectNoSeriousAccessibilityViolations(page);

    await images.first().click();
    const box = lightbox(page);
    await box.waitFor();
    await box.getByRole('img', { name: TITLE }).waitFor();
    await box.getByText('Bild 1 von 2').waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await page.keyboard.press('ArrowRight');
    await box.getByRole('img', { name: `${ALBUM}, Bild 2 von 2` }).waitFor();
    await page.keyboard.press('ArrowRight');
    await box.getByRole('img', { name: TITLE }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await box.getByRole('img', { name: `${ALBUM}, Bild 2 von 2` }).waitFor();
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await expectPath(page, '/galerien/bogen');
    await page.getByRole('link', { name: ALBUM }).waitFor();
  });

  it('opens a linked album directly and swipes in the lightbox', async () => {
    const { page } = await visit();
    await page.goto('/galerien/bogen');
    const href = await page.getByRole('link', { name: ALBUM }).getAttribute('href');
    expect(href).toMatch(/^\/galerien\/bogen\?album=\d+$/);
    await page.goto(href!);
    await page.getByRole('heading', { level: 2, name: ALBUM }).waitFor();
    await page.getByRole('tabpanel').getByRole('button').filter({ has: page.locator('img') }).first().click();
    const box = lightbox(page);
    await box.getByRole('img', { name: TITLE }).waitFor();
    const picture = await box.getByRole('img', { name: TITLE }).boundingBox();
    if (!picture) throw new Error('Das Bild hat keine Fläche.');
    const y = picture.y + picture.height / 2;
    // A swipe to the left shows the next picture.
    await page.mouse.move(picture.x + picture.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(picture.x + picture.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await box.getByRole('img', { name: `${ALBUM}, Bild 2 von 2` }).waitFor();
    await box.getByRole('button', { name: 'Schließen' }).click();
    await box.waitFor({ state: 'detached' });
  });

  it('deletes an image and then the album after Ja/Nein', async () => {
    const { page } = await visit();
    const panel = await openGalleriesPanel(page);
    const album = panel.getByRole('region', { name: ALBUM });
    await album.getByRole('button', { name: 'Bilder anzeigen' }).click();
    await album.getByRole('button', { name: 'Bild hoch.jpg löschen' }).click();
    const confirmImage = page.getByRole('dialog', { name: 'Bild löschen?' });
    await confirmImage.getByRole('button', { name: 'Nein' }).click();
    await confirmImage.waitFor({ state: 'detached' });
    await album.getByRole('button', { name: 'Bild hoch.jpg löschen' }).click();
    await page.getByRole('dialog', { name: 'Bild löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Bild gelöscht');
    await expect.poll(() => album.getByRole('img').count()).toBe(1);

    await album.getByRole('button', { name: `Album ${ALBUM} löschen` }).click();
    const confirmAlbum = page.getByRole('dialog', { name: 'Album löschen?' });
    await confirmAlbum.getByText(`Soll das Album „${ALBUM}“ mit allen seinen Bildern wirklich gelöscht werden?`).waitFor();
    await confirmAlbum.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Album gelöscht');
    await album.waitFor({ state: 'detached' });
    await panel.getByText('Leider sind keine Einträge vorhanden').waitFor();

    await page.goto('/galerien/bogen');
    await page.getByText('Leider sind keine Einträge vorhanden').waitFor();
  });

  it('shows the newest pictures of the club albums in the About carousel, the drawings while there are none', async () => {
    const { page } = await visit();
    await page.goto('/about');
    const carousel = page.getByRole('region', { name: 'Bilder aus dem Verein' });
    await carousel.getByRole('group').waitFor();
    expect(await carousel.getByRole('group').getAttribute('aria-label')).toMatch(/^1 von 4: /);

    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const headers = { 'X-Requested-With': 'XMLHttpRequest' };
    const created = await page.request.post('/api/albums', { headers, data: { name: 'Vereinsfest', section: 'club' } });
    expect(created.status()).toBe(201);
    const albumId = String(((await created.json()) as { data: { id: number } }).data.id);
    for (const [name, title] of [['alt.jpg', 'Aufbau am Morgen'], ['neu.jpg', 'Siegerehrung am Abend']] as const) {
      const uploaded = await page.request.post('/api/images', {
        headers,
        multipart: { album_id: albumId, 'files[]': { name, mimeType: 'image/jpeg', buffer: await photo(800, 450, '#357') } },
      });
      expect(uploaded.status()).toBe(201);
      const [image] = ((await uploaded.json()) as { data: { id: number }[] }).data;
      expect((await page.request.put(`/api/images/${image!.id}`, { headers, data: { title } })).status()).toBe(200);
    }

    await page.goto('/about');
    const slide = carousel.getByRole('group');
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('1 von 2: Vereinsfest');
    expect(await slide.getByRole('img').getAttribute('alt')).toBe('Siegerehrung am Abend');
    await carousel.getByRole('button', { name: 'Nächstes Bild' }).click();
    await expect.poll(() => slide.getByRole('img').getAttribute('alt')).toBe('Aufbau am Morgen');
  });

  it('tells a visitor when the albums cannot be read', async () => {
    const { page } = await visit();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.route(/\/trpc\/[^?]*galleries\.publicAlbums/, (route) => route.abort());
    // Within the app, so that the layout's own reads are done and only the albums are asked for.
    await page.getByRole('link', { name: 'Galerien' }).first().click();
    await snackbar(page, 'Fehler beim Abrufen der Alben: Der Server ist nicht erreichbar. Bitte versuche es später erneut.');
  });
});
