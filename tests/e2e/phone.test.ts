import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS } from '../../src/shared/constants.ts';
import { formatAppointmentTime } from '../../src/shared/appointmentGlance.ts';
import { pdf } from '../helpers/multipart.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { E2E_CLUB_PROFILE } from './support/club.ts';
import { brokenWords, settled, sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import type { Site } from './support/site.ts';

/**
 * The public pages on a 360 px wide phone (issue 17, point 7): no page scrolls sideways,
 * nothing sits in a table that has to be scrolled sideways, and an appointment shows title,
 * time, place and section and opens its description with a tap. The site is filled with
 * what makes pages wide: long German compounds, long file names, a long club name.
 */

const PHONE = { width: 360, height: 740 };

/** Longer than a phone's line at any font size of the site: it must break inside. */
const COMPOUND = 'Bezirksvereinsmeisterschaftsergebnisbekanntmachungsveranstaltung';
const LONG_URL = 'https://www.schuetzenverein-musterstadt.example.org/vereinsmeisterschaftsergebnisse/2026/gesamtuebersicht';

const CLUB_PROFILE = { ...E2E_CLUB_PROFILE, name: `Schützengesellschaft ${COMPOUND} Musterstadt-Großkleinhausen 1887 e. V.` };

const SECTION = `Jugendabteilung ${COMPOUND}`;
const APPOINTMENT = {
  name: `Vereinsmeisterschaftsergebnisse: ${COMPOUND}`,
  location: `Schießstand im Vereinsheim, Waldstraßenschützenhaus`,
  description: `Wir lesen die Vereinsmeisterschaftsergebnisse vor. ${COMPOUND}. Anmeldung unter ${LONG_URL}`,
};
const APPOINTMENT_WITHOUT_DESCRIPTION = 'Arbeitseinsatz am Stand';
const BEGIN = dayjs().add(3, 'day').hour(18).minute(0).second(0);
const END = BEGIN.add(3, 'hour');

const ALBUM = `Vereinsmeisterschaftsabschlussfeier ${COMPOUND}`;

const PUBLIC_PATHS = [
  '/home',
  '/about',
  '/termine',
  '/downloads',
  '/galerien',
  '/galerien/verein',
  '/galerien/lg-lp',
  '/galerien/bogen',
  '/galerien/blasrohr',
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
  '/logout',
  '/gibt-es-nicht',
] as const;

function fileForm(fields: Record<string, string>, field: string, name: string, content: Buffer, type: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([new Uint8Array(content)], { type }), name);
  return form;
}

function picture(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Every kind of content a public page shows, each as long as it gets. */
async function fillSite(site: Site): Promise<void> {
  // A section (issue 26): visitors see its name with each appointment and as a link of its own.
  const group = await writeAsAdmin(site, 'POST', '/groups', { name: SECTION, permissions: [], public_section: true });
  const appointment = { datetime_begin: BEGIN.format('YYYY-MM-DD HH:mm'), datetime_end: END.format('YYYY-MM-DD HH:mm'), visibility: 1, status: 1, assignment: group.data?.id };
  await writeAsAdmin(site, 'POST', '/calendar', { ...appointment, ...APPOINTMENT });
  await writeAsAdmin(site, 'POST', '/calendar', { ...appointment, name: APPOINTMENT_WITHOUT_DESCRIPTION, location: 'Schießstand' });

  for (const identifier of ALERT_IDENTIFIERS.filter((identifier) => identifier !== 'liveresult')) {
    await writeAsAdmin(site, 'PUT', `/sectionalert/${identifier}`, { enabled: 1, text: `[fett:an]${COMPOUND}[fett:aus] fällt aus` });
  }
  await writeAsAdmin(site, 'PUT', '/sectionalert/liveresult', { enabled: 1, text: LONG_URL });
  for (const identifier of INFO_IDENTIFIERS) {
    await writeAsAdmin(site, 'PUT', `/info/${identifier}`, { text: `Saison 2026/2027: ${COMPOUND} ${LONG_URL}` });
  }
  await writeAsAdmin(site, 'POST', '/hosts', { date: BEGIN.format('YYYY-MM-DD'), supervisor: -1, host: -2 });

  await writeAsAdmin(site, 'POST', '/downloads', fileForm({}, 'file', `Anmeldeformular_${COMPOUND}_Luftgewehr_Luftpistole_2026.pdf`, pdf(), 'application/pdf'));
  for (const section of ['gun', 'arch', 'blowpipe']) {
    for (const internal of ['1', '0']) {
      await writeAsAdmin(site, 'POST', '/results', fileForm({ section, internal }, 'file', `Ergebnisliste_${COMPOUND}_${section}_${internal}.pdf`, pdf(), 'application/pdf'));
    }
  }
  const logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2a6' } }).png().toBuffer();
  await writeAsAdmin(site, 'POST', '/sponsors', fileForm({ name: `Raiffeisenvolksbankgenossenschaft ${COMPOUND} eG`, url: LONG_URL }, 'logo', 'logo.png', logo, 'image/png'));

  for (const section of ['club', 'gun', 'arch', 'blowpipe']) {
    const album = await writeAsAdmin(site, 'POST', '/albums', { name: ALBUM, section });
    const images = new FormData();
    images.append('section', section);
    images.append('album_id', String(album.data?.id));
    for (const [name, width, height] of [['quer.jpg', 1600, 900], ['hoch.jpg', 600, 1000]] as const) {
      images.append('files[]', new Blob([new Uint8Array(await picture(width, height, '#a62'))], { type: 'image/jpeg' }), name);
    }
    await writeAsAdmin(site, 'POST', '/images', images);
  }
}

const { visit } = useSite(fillSite, { clubProfile: CLUB_PROFILE });

async function albumPath(page: Page): Promise<string> {
  const { data } = (await (await page.request.get('/api/public/albums?section=club')).json()) as { data: { id: number }[] };
  return `/galerien/verein?album=${data[0]?.id}`;
}

describe('the public pages on a 360 px wide phone', () => {
  it('fit the width on every public route, with an album, the menu, the cookie notice, the contact and the password reset dialogs open', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true, cookieNoticeAccepted: false });
    const problems: Record<string, string[]> = {};
    const check = async (what: string) => {
      const found = [...(await sidewaysProblems(page, PHONE.width)), ...(await brokenWords(page))];
      if (found.length > 0) problems[what] = found;
    };
    for (const path of [...PUBLIC_PATHS, await albumPath(page)]) {
      await page.goto(path);
      await settled(page);
      await check(path);
    }

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    await check('Menü');
    await page.keyboard.press('Escape');

    await page.goto('/kontakt');
    await settled(page);
    await page.getByRole('button', { name: 'Nachricht schreiben' }).click();
    await page.getByRole('dialog', { name: 'Nachricht senden' }).waitFor();
    await check('Kontaktformular');

    await page.goto('/login');
    await settled(page);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('dialog', { name: 'Passwort vergessen?' }).waitFor();
    await page.waitForTimeout(400);
    await check('Passwort vergessen?');

    expect(problems).toEqual({});
  });

  it('shows each appointment with title, time, place and section and opens its description with a tap', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await page.goto('/termine');
    await settled(page);
    const row = page.locator('li.appointment').filter({ has: page.getByRole('heading', { level: 3, name: APPOINTMENT.name, exact: true }) });
    const toggle = row.locator('summary').filter({ hasText: `Details zu ${APPOINTMENT.name}` });
    await toggle.waitFor();
    const details = row.locator('details.appointment-details');
    const isOpen = () => details.evaluate((element) => (element as HTMLDetailsElement).open);
    expect(await isOpen()).toBe(false);

    // Everything that tells one appointment from another is on screen, within the width.
    const when = formatAppointmentTime(BEGIN.format('YYYY-MM-DD HH:mm:ss'), END.format('YYYY-MM-DD HH:mm:ss'));
    for (const text of [APPOINTMENT.name, when, `Ort: ${APPOINTMENT.location}`, `Sparte: ${SECTION}`]) {
      const box = await row.getByText(text, { exact: true }).boundingBox();
      expect(box, text).not.toBeNull();
      expect(box!.x, text).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, text).toBeLessThanOrEqual(PHONE.width);
    }
    const button = await toggle.boundingBox();
    expect(button!.width).toBeGreaterThanOrEqual(44);
    expect(button!.height).toBeGreaterThanOrEqual(44);

    // A tap on the entry, here on its place, not only on the line 'Details'.
    await row.getByText(`Ort: ${APPOINTMENT.location}`, { exact: true }).scrollIntoViewIfNeeded();
    const place = await row.getByText(`Ort: ${APPOINTMENT.location}`, { exact: true }).boundingBox();
    await page.touchscreen.tap(place!.x + place!.width / 2, place!.y + place!.height / 2);
    const description = page.getByText(/^Wir lesen die Vereinsmeisterschaftsergebnisse vor\./);
    await description.waitFor();
    expect(await isOpen()).toBe(true);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);

    // The other appointment says it has no description; the keyboard closes the first again.
    await page.locator('summary').filter({ hasText: `Details zu ${APPOINTMENT_WITHOUT_DESCRIPTION}` }).tap();
    await page.getByText('Keine Beschreibung vorhanden', { exact: true }).waitFor();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await description.waitFor({ state: 'hidden' });
    expect(await isOpen()).toBe(false);
  });
});
