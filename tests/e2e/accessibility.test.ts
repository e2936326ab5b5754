import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * The whole site for visitors and members who use a screen reader or the keyboard alone:
 * axe-core finds no serious or critical violation on any public page or back-office screen
 * (dialogs open included), the main paths work with keys only, and every Tab stop shows
 * where the focus is. The keyboard paths of the contact dialog and of the roster rows live
 * in contact.test.ts and hosts.test.ts.
 */

const ALBUM = 'Vereinsausflug';
const MEMBER = { uid: '50000001', password: 'Mitglied2026' };
const APPOINTMENT = 'Arbeitseinsatz am Stand';

/** An album with two images in the archery section, made over REST as a legacy consumer would. */
async function createAlbum(site: Site): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}`;
  const headers = { authorization, 'x-requested-with': 'XMLHttpRequest' };
  const created = await fetch(`${site.baseUrl}/api/albums`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: ALBUM, section: 'arch' }),
  });
  if (!created.ok) throw new Error(`Album nicht angelegt: ${created.status} ${await created.text()}`);
  const { data } = (await created.json()) as { data: { id: number } };
  const form = new FormData();
  form.append('section', 'arch');
  form.append('album_id', String(data.id));
  for (const [name, background] of [['wald.jpg', '#2a6'], ['stand.jpg', '#a62']] as const) {
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg().toBuffer();
    form.append('files[]', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
  }
  const uploaded = await fetch(`${site.baseUrl}/api/images`, { method: 'POST', headers, body: form });
  if (!uploaded.ok) throw new Error(`Bilder nicht hochgeladen: ${uploaded.status} ${await uploaded.text()}`);
}

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...MEMBER, groupName: 'Mitglieder', permissions: ['calendar_view'] });
  await createAlbum(site);
});

const PUBLIC_PATHS = [
  '/home',
  '/about',
  '/termine',
  '/downloads',
  '/galerien',
  '/galerien/bogen',
  '/zeiten-lg-lp',
  '/ergebnisse-lg-lp',
  '/zeiten-bogen',
  '/bogenparcours',
  '/parcoursbuch',
  '/ergebnisse-bogen',
  '/zeiten-blasrohr',
  '/ergebnisse-blasrohr',
  '/kontakt',
  '/unterstuetzer',
  '/datenschutz',
  '/disclaimer',
  '/impressum',
  '/login',
  '/gibt-es-nicht',
] as const;

const ADMIN_PATHS = [
  '/admin/kalender',
  '/admin/standaufsicht_bewirtung',
  '/admin/gruppen',
  '/admin/benutzer',
  '/admin/ich',
  '/admin/log',
] as const;

const DASHBOARD_PANELS = ['Hinweise', 'Schießzeiten', 'Bogenparcours', 'Galerien', 'Downloads', 'Sponsoren', 'Sportliche Leistungen'];

/** The page once its title is there and its data requests have answered. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // Skeletons stand in for what is still loading; axe checks what the visitor reads.
  await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
}

async function asAdministrator(page: Page): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
}

async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  await expectNoSeriousAccessibilityViolations(page);
  return dialog;
}

async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function openScreen(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: label, exact: true }).click();
  await expectPath(page, path);
  await settled(page);
}

/** Presses Tab until `target` (or something inside it) has the focus. */
async function tabTo(page: Page, target: Locator, max = 30): Promise<void> {
  for (let step = 0; step < max; step++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Das Ziel war mit der Tab-Taste nicht erreichbar.');
}

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

describe('axe-core on every public page', () => {
  it.each(PUBLIC_PATHS)('%s', async (path) => {
    const { page } = await visit();
    await page.goto(path);
    await settled(page);
    if (path === '/galerien/bogen') await page.getByRole('link', { name: ALBUM }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('the cookie notice of a first visit, an album with its lightbox, and the contact dialog', async () => {
    const { page } = await visit({ cookieNoticeAccepted: false });
    await page.goto('/home');
    await settled(page);
    await page.getByRole('button', { name: 'OK' }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    await page.goto('/galerien/bogen');
    await page.getByRole('link', { name: ALBUM }).click();
    await page.getByRole('heading', { level: 2, name: ALBUM }).waitFor();
    const images = page.getByRole('tabpanel').getByRole('button').filter({ has: page.locator('img') });
    await images.nth(1).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await images.first().click();
    await page.getByRole('dialog').getByRole('img', { name: /Bild 1 von 2/ }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/kontakt');
    await settled(page);
    const dialog = await openDialog(page, page.getByRole('button', { name: 'Nachricht schreiben' }), 'Nachricht senden');
    await closeWithEscape(page, dialog);
  });
});

describe('axe-core on every back-office screen of the administrator', () => {
  it('the dashboard with every panel expanded', async () => {
    const { page } = await visit();
    await asAdministrator(page);
    await settled(page);
    for (const title of DASHBOARD_PANELS) {
      const header = page.getByRole('button', { name: title, exact: true });
      await header.click();
      await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
      // The panel opens with a transition; the next header moves down until it is over (a
      // click on it before then landed on the opening panel once in CI).
      await page.waitForTimeout(500);
    }
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it.each(ADMIN_PATHS)('%s', async (path) => {
    const { page } = await visit();
    await asAdministrator(page);
    await page.goto(path);
    await settled(page);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('with each dialog open', async () => {
    const { page } = await visit();
    await asAdministrator(page);
    await settled(page);

    await page.getByRole('button', { name: 'Sponsoren', exact: true }).click();
    const sponsors = page.getByRole('region', { name: 'Sponsoren', exact: true });
    await closeWithEscape(page, await openDialog(page, sponsors.getByRole('button', { name: 'Sponsor hinzufügen' }), 'Sponsor hinzufügen'));
    await page.getByRole('button', { name: 'Galerien', exact: true }).click();
    const galleries = page.getByRole('region', { name: 'Galerien', exact: true });
    await closeWithEscape(page, await openDialog(page, galleries.getByRole('button', { name: 'Album anlegen' }), 'Album anlegen'));

    await openScreen(page, 'Kalender', `/admin/kalender/${dayjs().format('YYYY/MM')}`);
    await closeWithEscape(page, await openDialog(page, page.getByRole('button', { name: 'Termin anlegen' }), 'Termin anlegen'));

    await openScreen(page, 'Gruppen', '/admin/gruppen');
    await closeWithEscape(page, await openDialog(page, page.getByRole('button', { name: 'Gruppe anlegen' }), 'Gruppe anlegen'));

    await openScreen(page, 'Benutzer', '/admin/benutzer');
    await closeWithEscape(page, await openDialog(page, page.getByRole('button', { name: 'Benutzer anlegen' }), 'Benutzer anlegen'));
    const member = page.getByRole('row').filter({ hasText: MEMBER.uid });
    const confirm = await openDialog(page, member.getByRole('button', { name: 'Löschen' }), 'Benutzer löschen?');
    await confirm.getByRole('button', { name: 'Nein' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await openScreen(page, 'Log', '/admin/log');
    const clear = await openDialog(page, page.getByRole('button', { name: 'Log löschen' }), 'Log löschen?');
    await clear.getByRole('button', { name: 'Nein' }).click();
    await clear.waitFor({ state: 'hidden' });
  });
});

describe('the keyboard alone', () => {
  it('logs in', async () => {
    const { page } = await visit();
    await page.goto('/login');
    await settled(page);
    await tabTo(page, page.getByLabel('Schützennummer'));
    await page.keyboard.type(ADMIN_UID);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/dash');
  });

  it('opens an album, turns the lightbox with the arrows and closes it with Escape', async () => {
    const { page } = await visit();
    await page.goto('/galerien/bogen');
    await settled(page);
    await tabTo(page, page.getByRole('link', { name: ALBUM }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: ALBUM }).waitFor();
    const images = page.getByRole('tabpanel').getByRole('button').filter({ has: page.locator('img') });
    await images.nth(1).waitFor();
    await tabTo(page, images.first());
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog');
    const shown = (position: number) => box.getByRole('img', { name: `${ALBUM}, Bild ${position} von 2` }).waitFor();
    await shown(1);
    await page.keyboard.press('ArrowRight');
    await shown(2);
    await page.keyboard.press('ArrowLeft');
    await shown(1);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    // The focus returns to the image it came from, so the visitor goes on from there.
    expect(await images.first().evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('creates an appointment with "Termin anlegen"', async () => {
    const { page } = await visit();
    const day = dayjs().add(5, 'day').hour(19).minute(0);
    await asAdministrator(page);
    await page.goto(`/admin/kalender/${day.format('YYYY/MM')}`);
    await settled(page);
    await tabTo(page, page.getByRole('button', { name: 'Termin anlegen' }), 80);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Termin anlegen', exact: true });
    await form.waitFor();
    await tabTo(page, form.getByLabel('Titel'));
    await page.keyboard.type(APPOINTMENT);
    await tabTo(page, form.getByRole('group', { name: 'Beginn' }));
    await page.keyboard.type(day.format('DDMMYYYYHHmm'));
    await tabTo(page, form.getByRole('group', { name: 'Ende' }));
    await page.keyboard.type(day.add(3, 'hour').format('DDMMYYYYHHmm'));
    await tabTo(page, form.getByLabel('Ort'));
    await page.keyboard.type('Schießstand');
    await tabTo(page, form.getByRole('combobox', { name: 'Gruppe' }));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Administratoren' }).waitFor();
    await page.keyboard.type('Adm');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await tabTo(page, form.getByRole('combobox', { name: 'Status' }));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'In Organisation' }).waitFor();
    await page.keyboard.type('In');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await tabTo(page, form.getByRole('button', { name: 'Speichern' }));
    await page.keyboard.press('Enter');
    await snackbar(page, 'Termin angelegt');
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `${APPOINTMENT} (In Organisation)` }).waitFor();
  });
});

/**
 * Takes each Tab stop in turn and compares how it and its surroundings look with and without
 * the focus: a stop that looks the same either way leaves a keyboard user lost.
 */
async function tabStopsWithoutVisibleFocus(page: Page, maxStops = 40): Promise<string[]> {
  const invisible: string[] = [];
  const seen = new Set<string>();
  // MUI's pulsing ripple at 30 % opacity is no focus indicator one can rely on (and it is
  // what differs most between two screenshots): the indicator must be there without it.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('.MuiTouchRipple-root { display: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.locator('body').focus();
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      element.setAttribute('data-focus-probe', '');
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      return { name, x: box.x, y: box.y, width: box.width, height: box.height };
    });
    if (!focused) break;
    const key = `${focused.name}@${focused.x},${focused.y}`;
    if (seen.has(key)) break;
    seen.add(key);
    // The indicator may be drawn around the element (outline with offset, a field's border).
    const margin = 6;
    const clip = { x: Math.max(0, focused.x - margin), y: Math.max(0, focused.y - margin), width: focused.width + 2 * margin, height: focused.height + 2 * margin };
    const probe = page.locator('[data-focus-probe]');
    await probe.scrollIntoViewIfNeeded();
    const view = await probe.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: box.x, y: box.y };
    });
    clip.x = Math.max(0, view.x - margin);
    clip.y = Math.max(0, view.y - margin);
    const withFocus = await page.screenshot({ clip, animations: 'disabled' });
    await probe.evaluate((element) => (element as HTMLElement).blur());
    const withoutFocus = await page.screenshot({ clip, animations: 'disabled' });
    if (withFocus.equals(withoutFocus)) invisible.push(focused.name);
    // Back to the stop, so that the next Tab goes on from here.
    await probe.evaluate((element) => {
      (element as HTMLElement).focus({ preventScroll: true });
      element.removeAttribute('data-focus-probe');
    });
  }
  expect(seen.size).toBeGreaterThan(3);
  return invisible;
}

describe('a visible focus on every Tab stop', () => {
  it('on the home page', async () => {
    const { page } = await visit();
    await page.goto('/home');
    await settled(page);
    expect(await tabStopsWithoutVisibleFocus(page)).toEqual([]);
  });

  it('on the contact page', async () => {
    const { page } = await visit();
    await page.goto('/kontakt');
    await settled(page);
    expect(await tabStopsWithoutVisibleFocus(page)).toEqual([]);
  });

  it('on the dashboard', async () => {
    const { page } = await visit();
    await asAdministrator(page);
    // The login's snackbar hides itself after five seconds: a Tab that reaches its button as it
    // fades sees nothing either way. Its own focus is checked first, at once, while it is shown
    // (the focus holds its timer).
    const greeting = page.getByRole('alert').filter({ hasText: 'Erfolgreich angemeldet' });
    const close = greeting.getByRole('button', { name: 'Schließen' });
    await page.addStyleTag({ content: '.MuiTouchRipple-root { display: none !important; }' });
    // A keyboard user's focus, moved on by script, stays a keyboard focus (:focus-visible).
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await close.focus();
    expect(await close.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    const focused = await greeting.screenshot({ animations: 'disabled' });
    await close.blur();
    expect((await greeting.screenshot({ animations: 'disabled' })).equals(focused)).toBe(false);
    await close.click();
    await greeting.waitFor({ state: 'detached' });
    await settled(page);
    expect(await tabStopsWithoutVisibleFocus(page)).toEqual([]);
  });
});
