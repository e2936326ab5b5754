import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * The club's face (issue 26.3) as an administrator uploads it in the dashboard (panel
 * 'Logo und Titelbild', through the upload dialog) and visitors see it: the logo in the
 * header and as the page's icon, the home picture as the home page's wide header, with and
 * without JavaScript, on a desktop and on a 360 px phone with a 60-character club name.
 * The tests build on each other.
 */

const PANEL = 'Logo und Titelbild';
const ALT = 'Das Schützenhaus im Sommer, davor die Bogenwiese';
const LONG_NAME = 'Königlich privilegierte Schützengesellschaft Tannenfeld 1921';
const PHONE = { width: 360, height: 740 };

const session = useSite();
const { visit } = session;

let logo: Buffer;
let picture: Buffer;
let narrow: Buffer;

beforeAll(async () => {
  // A wide logo with a transparent background, as clubs have them; a camera photo with EXIF.
  logo = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.8 } } })
    .png()
    .toBuffer();
  picture = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#3a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Testkamera' } })
    .toBuffer();
  narrow = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#36a' } })
    .jpeg()
    .toBuffer();
});

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: PANEL, exact: true }).click();
  const panel = page.getByRole('region', { name: PANEL, exact: true });
  await panel.waitFor();
  return panel;
}

/** Saves the club's name through the club data (PUT /api/club, as the panel 'Vereinsdaten' does). */
async function setClubName(site: Site, name: string): Promise<void> {
  const response = await fetch(`${site.baseUrl}/api/club`, {
    headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const { data } = (await response.json()) as { data: Record<string, unknown> };
  await writeAsAdmin(site, 'PUT', '/club', { ...data, name });
}

/** Whether an image has loaded (a decoded picture, not a broken icon). */
async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
}

/** The home page as a visitor sees it: the logo in the header's link home, the picture above the heading, the icon in the head. */
async function expectFace(page: Page): Promise<{ logo: Locator; picture: Locator }> {
  await page.goto('/home');
  const home = page.getByRole('banner').getByRole('link', { name: /Schütze/ });
  const headerLogo = home.locator('img');
  const headerPicture = page.getByRole('main').getByRole('img', { name: ALT });
  await headerPicture.waitFor();
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  expect(await loaded(headerLogo)).toBe(true);
  expect(await loaded(headerPicture)).toBe(true);
  // Its address is one of the uploaded files, the sizes offered to the browser in srcset.
  expect(await headerPicture.getAttribute('src')).toMatch(/^\/files\/[a-f0-9-]+\.webp$/);
  expect((await headerPicture.getAttribute('srcset'))?.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '720w', '960w', '1440w', '1920w']);
  expect(await headerPicture.getAttribute('fetchpriority')).toBe('high');
  // The head names the logo's PNG as the page's icon, and no longer the site's drawing.
  expect(await page.locator('link[rel="icon"][type="image/png"]').first().getAttribute('href')).toMatch(/^\/files\/[a-f0-9-]+\.png$/);
  expect(await page.locator('link[rel="icon"][href="/favicon.svg"]').count()).toBe(0);
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/files\/[a-f0-9-]+\.jpg$/);
  return { logo: headerLogo, picture: headerPicture };
}

describe('the logo and the home picture in the dashboard and on the site', () => {
  it('uploads a logo and a home picture through the upload dialog, refusing a narrow picture and a missing description in German', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    await panel.getByText('Kein Logo hochgeladen').waitFor();

    const logoSection = panel.getByRole('region', { name: 'Logo', exact: true });
    await logoSection.locator('input[type=file]').setInputFiles({ name: 'wappen.png', mimeType: 'image/png', buffer: logo });
    await snackbar(page, 'Logo gespeichert');
    await logoSection.getByRole('img', { name: 'Vorschau des Logos in der Kopfzeile' }).waitFor();
    expect(await loaded(logoSection.getByRole('img', { name: 'Vorschau des Logos als Symbol' }))).toBe(true);

    const pictureSection = panel.getByRole('region', { name: 'Titelbild der Startseite' });
    const alt = pictureSection.getByRole('textbox', { name: /^Bildbeschreibung \(Alternativtext\)/ });
    await pictureSection.locator('input[type=file]').setInputFiles({ name: 'klein.jpg', mimeType: 'image/jpeg', buffer: narrow });
    await pictureSection.getByText('Gewählt: klein.jpg').waitFor();
    await pictureSection.getByRole('button', { name: 'Titelbild hochladen' }).click();
    await pictureSection.getByText('Bitte beschreibe, was auf dem Bild zu sehen ist (Bildbeschreibung).').waitFor();
    await alt.fill(ALT);
    await pictureSection.getByRole('button', { name: 'Titelbild hochladen' }).click();
    await snackbar(page, 'Fehler beim Hochladen des Titelbilds: Das Titelbild muss mindestens 1200 Pixel breit sein.');

    await pictureSection.locator('input[type=file]').setInputFiles({ name: 'schuetzenhaus.jpg', mimeType: 'image/jpeg', buffer: picture });
    await pictureSection.getByRole('button', { name: 'Titelbild hochladen' }).click();
    await snackbar(page, 'Titelbild gespeichert');
    // The preview is the home page's own header picture.
    await pictureSection.getByRole('img', { name: ALT }).waitFor();
    expect(await alt.inputValue()).toBe(ALT);
    await pictureSection.getByRole('button', { name: 'Bildbeschreibung speichern' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the logo in the header, the picture as the home page’s wide header at a known size, and the logo as the icon', async () => {
    const { page } = await visit({ viewport: { width: 1280, height: 900 } });
    const { logo: headerLogo, picture: headerPicture } = await expectFace(page);
    const logoBox = (await headerLogo.boundingBox())!;
    expect(logoBox.height).toBe(40);
    expect(logoBox.width).toBe(120);
    // 3:1 of the content's width (1280 − 2 × 24 px), decided by CSS before the file arrives.
    const box = (await headerPicture.boundingBox())!;
    expect(box.width).toBe(1152);
    expect(Math.round(box.height)).toBe(384);
    // The browser took a size that fits: not the largest for a 1152 px slot on a 1× screen.
    const offered = (await headerPicture.getAttribute('srcset'))!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(await headerPicture.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname)).toBe(offered[3]);
    await expectNoSeriousAccessibilityViolations(page);
    // Where the logo leaves room (1440 px), logo, name and menu share the bar; at 1280 px the menu takes its own row, as with a long name.
    await page.setViewportSize({ width: 1440, height: 900 });
    const menu = (await page.getByRole('banner').getByRole('navigation', { name: 'Hauptnavigation' }).boundingBox())!;
    const wideLogo = (await headerLogo.boundingBox())!;
    expect(menu.y).toBeLessThan(wideLogo.y + wideLogo.height);
    expect(await sidewaysProblems(page, 1440)).toEqual([]);
  });

  it('shows both as plain HTML to a browser without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await expectFace(page);
  });

  it('fits a 360 px phone with a 60-character club name: the logo beside the name, the picture 16:9, nothing sideways', async () => {
    await setClubName(session.site, LONG_NAME);
    const { page } = await visit({ viewport: PHONE, phone: true });
    await page.goto('/home');
    const name = page.getByRole('link', { name: LONG_NAME });
    await name.waitFor();
    const headerLogo = name.locator('img');
    const headerPicture = page.getByRole('main').getByRole('img', { name: ALT });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    expect(await loaded(headerLogo)).toBe(true);
    expect(await loaded(headerPicture)).toBe(true);
    const logoBox = (await headerLogo.boundingBox())!;
    expect(logoBox.height).toBe(32);
    expect(logoBox.width).toBeLessThanOrEqual(72);
    // The logo sits between the menu button and the name, all within the bar.
    const menu = (await page.getByRole('button', { name: 'Menü öffnen' }).boundingBox())!;
    expect(logoBox.x).toBeGreaterThanOrEqual(menu.x + menu.width);
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(PHONE.width);
    const box = (await headerPicture.boundingBox())!;
    expect(box.width).toBe(PHONE.width - 32);
    expect(Math.round(box.height)).toBe(Math.round(((PHONE.width - 32) * 9) / 16));
    // A phone never takes the 1920 px file.
    const offered = (await headerPicture.getAttribute('srcset'))!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(await headerPicture.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname)).not.toBe(offered.at(-1));
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    // The description is changed and the picture removed on the phone too.
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    const pictureSection = panel.getByRole('region', { name: 'Titelbild der Startseite' });
    await pictureSection.getByRole('textbox', { name: /^Bildbeschreibung \(Alternativtext\)/ }).fill('Die Bogenwiese im Herbst');
    await pictureSection.getByRole('button', { name: 'Bildbeschreibung speichern' }).click();
    await snackbar(page, 'Bildbeschreibung gespeichert');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.goto('/home');
    await page.getByRole('main').getByRole('img', { name: 'Die Bogenwiese im Herbst' }).waitFor();
  });

  it('removes the picture and the logo after Ja, and the site looks as before', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const panel = await openPanel(page);
    for (const [label, message] of [
      ['Titelbild', 'Titelbild entfernt'],
      ['Logo', 'Logo entfernt'],
    ] as const) {
      await panel.getByRole('button', { name: `${label} entfernen` }).click();
      const dialog = page.getByRole('dialog', { name: `${label} entfernen?` });
      await dialog.getByRole('button', { name: 'Ja' }).click();
      await snackbar(page, message);
    }
    await panel.getByText('Kein Logo hochgeladen').waitFor();
    await panel.getByText('Kein Titelbild hochgeladen').waitFor();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    expect(await page.locator('header img, main img').count()).toBe(0);
    expect(await page.locator('link[rel="icon"][href="/favicon.svg"]').count()).toBe(1);
  });
});
