import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_ORDER, ADMIN_SCREENS } from '../../src/client/pages/admin/screens.ts';
import { pdf } from '../helpers/multipart.ts';
import { expectPath, logIn } from './support/browser.ts';
import { settled } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, PROJECT_ROOT } from './support/site.ts';

/**
 * The pictures of the volunteers' manual (issue 28.7): every screen and dashboard panel the
 * manual shows, taken from the built site as a person sees it, 1280 × 800, into docs/bilder/
 * under the names docs/verwaltung.md gives them. Only with DOCS_SCREENSHOTS=1: CI changes no
 * files of the project and does not wait for pictures (docs/code.md, „Bilder des Handbuchs“);
 * tests/unit/manual.test.ts checks that each picture the manual names is there.
 */

const TAKE = process.env.DOCS_SCREENSHOTS === '1';
const VIEWPORT = { width: 1280, height: 800 };
/** A long panel (the club data) is cut here: the picture shows how it begins. */
const MAX_PANEL_HEIGHT = 1100;
const PICTURES = join(PROJECT_ROOT, 'docs', 'bilder');
const BEGIN = dayjs().add(2, 'day').hour(18).minute(30).second(0);
/** Sign-ups of the tournament in the picture of „Anmeldungen“ (a heading under „Kalender“, no dashboard panel). */
const SIGNUP_HEADING = 'Anmeldungen';
const ARCHERS = [
  ['Lena', 'Bergmann', 'SV Musterstadt', 'Recurve'],
  ['Jonas', 'Keller', 'BSC Talheim', 'Compound'],
  ['Mia', 'Schröder', 'SV Musterstadt', 'Blankbogen'],
  ['Paul', 'Wagner', 'SG Bergdorf', 'Recurve'],
] as const;
let signupAppointment = 0;
/** A key of our own for the field, so the answers can name it. */
const BOW_KEY = 'fbogen';

/** The picture named right under each heading of the manual, by heading. */
function picturesByHeading(): Map<string, string> {
  const pictures = new Map<string, string>();
  let heading = '';
  for (const line of readFileSync(join(PROJECT_ROOT, 'docs', 'verwaltung.md'), 'utf8').split('\n')) {
    const title = /^#{2,3} (.+)$/.exec(line);
    if (title) heading = title[1]!;
    const picture = /^!\[[^\]]*\]\(bilder\/([^)]+\.png)\)$/.exec(line);
    if (picture && !pictures.has(heading)) pictures.set(heading, picture[1]!);
  }
  return pictures;
}

/** A small PNG: a palette of at most 256 colours is plenty for a screen of text and flat colours. */
async function save(name: string, png: Buffer): Promise<void> {
  await writeFile(join(PICTURES, name), await sharp(png).png({ palette: true, quality: 85, effort: 10, compressionLevel: 9 }).toBuffer());
}

describe.runIf(TAKE)('pictures of the manual', () => {
  const { visit } = useSite(async (site) => {
    // A little of what a club has, so the screens are not empty.
    const group = await writeAsAdmin(site, 'POST', '/groups', { name: 'Bogenleitung', permissions: [] });
    await writeAsAdmin(site, 'POST', '/calendar', {
      name: 'Training Luftgewehr und Luftpistole',
      datetime_begin: BEGIN.format('YYYY-MM-DD HH:mm'),
      datetime_end: BEGIN.add(2, 'hour').format('YYYY-MM-DD HH:mm'),
      location: 'Vereinsheim',
      visibility: 1,
      status: 1,
      assignment: group.data?.id,
    });
    // A tournament with sign-ups for the picture of „Anmeldungen“.
    const tournament = await writeAsAdmin(site, 'POST', '/calendar', {
      name: '3D-Turnier',
      datetime_begin: BEGIN.add(1, 'day').hour(9).minute(0).format('YYYY-MM-DD HH:mm'),
      datetime_end: BEGIN.add(1, 'day').hour(17).minute(0).format('YYYY-MM-DD HH:mm'),
      location: 'Bogenparcours',
      visibility: 1,
      status: 2,
      assignment: group.data?.id,
    });
    signupAppointment = tournament.data!.id;
    await writeAsAdmin(site, 'PUT', `/registrations/${signupAppointment}`, {
      places: 3,
      fields: { club: 'optional', custom: [{ key: BOW_KEY, label: 'Bogenklasse', type: 'choice', options: ['Recurve', 'Compound', 'Blankbogen'], required: true }] },
    });
    for (const [prename, lastname, club, bow] of ARCHERS) {
      await writeAsAdmin(site, 'POST', `/registrations/${signupAppointment}`, { prename, lastname, email: `${prename.toLowerCase()}@example.org`, club, answers: { [BOW_KEY]: bow } });
    }
    await writeAsAdmin(site, 'POST', '/hosts', { date: BEGIN.format('YYYY-MM-DD'), supervisor: -1, host: -2 });
    await writeAsAdmin(site, 'POST', '/albums', { name: 'Sommerfest', section: 'club' });
    const download = new FormData();
    download.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'Aufnahmeantrag.pdf');
    await writeAsAdmin(site, 'POST', '/downloads', download);
  });

  async function asAdministrator(): Promise<Page> {
    const { page } = await visit({ viewport: VIEWPORT });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await settled(page);
    return page;
  }

  it('of every back-office screen', async () => {
    const pictures = picturesByHeading();
    const page = await asAdministrator();
    for (const screen of ADMIN_MENU_ORDER) {
      const { path, manual } = ADMIN_SCREENS[screen];
      const name = pictures.get(manual);
      expect(name, manual).toBeDefined();
      await page.goto(path);
      await settled(page);
      // Tooltips and focus rings belong to a moment, not to the picture.
      await page.mouse.move(0, VIEWPORT.height - 1);
      await save(name!, await page.screenshot());
    }
  });

  it('of the sign-up list of an appointment', async () => {
    const name = picturesByHeading().get(SIGNUP_HEADING);
    expect(name, SIGNUP_HEADING).toBeDefined();
    const page = await asAdministrator();
    await page.goto(`/admin/kalender/anmeldungen/${signupAppointment}`);
    await page.getByRole('heading', { level: 1, name: 'Anmeldungen: 3D-Turnier' }).waitFor();
    await settled(page);
    await page.mouse.move(0, VIEWPORT.height - 1);
    await save(name!, await page.screenshot());
  });

  it('of every dashboard panel, opened', async () => {
    const screens = new Set<string>([...ADMIN_MENU_ORDER.map((screen) => ADMIN_SCREENS[screen].manual), SIGNUP_HEADING]);
    const panels = [...picturesByHeading()].filter(([heading]) => !screens.has(heading));
    expect(panels.length).toBeGreaterThanOrEqual(13);
    const page = await asAdministrator();
    // A tall window holds a long panel whole, so no part of it is taken from under the app bar.
    await page.setViewportSize({ width: VIEWPORT.width, height: 2400 });
    for (const [title, name] of panels) {
      const header = page.getByRole('button', { name: title, exact: true });
      await header.click();
      await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
      // The panel opens with a transition and then asks for its data.
      await page.waitForTimeout(500);
      await page.waitForLoadState('networkidle');
      await page.mouse.move(0, 0);
      const panel = page.locator('.MuiAccordion-root').filter({ has: header });
      const shot = await panel.screenshot({ style: '.MuiAppBar-root { visibility: hidden !important; }' });
      const { width = 0, height = 0 } = await sharp(shot).metadata();
      await save(name, height > MAX_PANEL_HEIGHT ? await sharp(shot).extract({ left: 0, top: 0, width, height: MAX_PANEL_HEIGHT }).png().toBuffer() : shot);
      await header.click();
      await expect.poll(() => header.getAttribute('aria-expanded')).toBe('false');
      await page.waitForTimeout(400);
    }
  });
});
