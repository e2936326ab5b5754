import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_PROBLEMS } from '../../src/shared/courseBook.ts';
import { DEFAULT_COURSE_FACTS, minutesOfDay, type OpeningRule } from '../../src/shared/courseFacts.ts';
import { fromClubDateTime, toClubDate } from '../../src/shared/dates.ts';
import { openingHours } from '../../src/shared/openingHours.ts';
import { expectNotFoundPageAlone, expectPath, logIn } from './support/browser.ts';
import { E2E_CLUB_PROFILE } from './support/club.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';

/**
 * The course book (issue 30.2–30.3) as people use it: a visitor on a 360 px phone scans the
 * poster's address, checks a group in, gets the ticket and checks out (without JavaScript
 * too); the member on duty sees the groups on the warden's list, checks one out by hand and
 * opens the poster. The site's clock is set to noon of the club's day (the course is open
 * only by day, and a test at 23:30 would find it closed), the course where the sun is up then.
 */

const WARDEN = { uid: '30300002', password: 'Parcours2026' };
const PASS_KEEPER = { uid: '30300003', password: 'Jahreskarte2026' };
const PASS_HOLDER = { uid: '30300004', password: 'Bogen2026Pass' };
const PHONE = { width: 360, height: 740 };
const ALL_DAY: OpeningRule = { earliestOpen: '00:00', latestClose: '23:45', minutesAfterSunrise: 0, minutesBeforeSunset: 0 };

/** Noon of today in the club's time zone: the same day as the real clock's, by day. */
const CLUB_NOON = fromClubDateTime(`${toClubDate(new Date())} 12:00:00`) ?? new Date();
const CLOCK_OFFSET_MS = CLUB_NOON.getTime() - Date.now();

/** A longitude on the equator where the course is open at the site's noon, with hours to spare. */
function courseWhereTheSunIsUp(): { lat: number; lon: number } {
  let best: { lon: number; margin: number } | undefined;
  for (let lon = -180; lon <= 180; lon += 0.5) {
    const [day] = openingHours(CLUB_NOON, 1, { lat: 0, lon }, ALL_DAY);
    if (!day || day.closed || !day.open || !day.close) continue;
    const margin = Math.min(12 * 60 - minutesOfDay(day.open), minutesOfDay(day.close) - 12 * 60);
    if (!best || margin > best.margin) best = { lon, margin };
  }
  if (!best || best.margin < 120) throw new Error('Kein Längengrad, an dem der Parcours mittags offen ist.');
  return { lat: 0, lon: best.lon };
}

const { visit } = useSite(
  async (site) => {
    await createMember(site.databaseFile, { ...WARDEN, groupName: 'Parcoursdienst', permissions: ['parcours_view', 'parcours_update'] });
    await createMember(site.databaseFile, { ...PASS_KEEPER, groupName: 'Mitgliederverwaltung', permissions: ['dashboard_view', 'users_view', 'users_update'], prename: 'Vera', lastname: 'Kasse' });
    await createMember(site.databaseFile, { ...PASS_HOLDER, groupName: 'Bogenschützen', permissions: ['dashboard_view'], prename: 'Jana', lastname: 'Jahreskarte' });
    await writeAsAdmin(site, 'PUT', '/club/course', { ...DEFAULT_COURSE_FACTS, opening: ALL_DAY });
  },
  { clubProfile: { ...E2E_CLUB_PROFILE, course: { ...E2E_CLUB_PROFILE.course, ...courseWhereTheSunIsUp() } }, clockOffsetMs: CLOCK_OFFSET_MS },
);

async function checkInGroup(page: Page, names: readonly string[], phone: string): Promise<string> {
  await page.goto('/parcoursbuch');
  await page.getByRole('heading', { level: 1, name: 'Parcoursbuch' }).waitFor();
  for (const [index, name] of names.entries()) await page.getByLabel('Vor- und Nachname').nth(index).fill(name);
  await page.getByLabel('Telefonnummer für Notfälle').fill(phone);
  await page.getByLabel('Wir haben die Regeln gelesen und halten sie ein.').check();
  await page.getByRole('button', { name: 'Eintragen und Ticket erhalten' }).click();
  const title = page.getByRole('heading', { level: 1, name: /^Ticket [A-Z2-9]{6}$/ });
  await title.waitFor();
  return ((await title.textContent()) ?? '').replace('Ticket ', '');
}

describe('the course book', () => {
  it('takes a group from the scanned address to its ticket and checks it out, on a phone without JavaScript', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true, javaScriptEnabled: false });
    await page.goto('/parcoursbuch');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    // Every rule is listed before it is accepted.
    for (const rule of DEFAULT_COURSE_FACTS.rules) await expect.poll(() => page.getByText(rule, { exact: true }).count()).toBe(1);

    const code = await checkInGroup(page, ['Anna Beispiel'], '0171 2345678');
    expect(page.url()).toMatch(/\/parcoursbuch\/ticket\/[A-Za-z0-9_-]{43}$/);
    await page.getByText('Zu zahlen').waitFor();
    await expect.poll(() => page.getByText('12,00 €').count()).toBeGreaterThan(0);
    await page.getByText(`schreibt den Ticketcode ${code} darauf`, { exact: false }).waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await page.getByRole('button', { name: 'Parcours verlassen' }).click();
    // At the site's time: noon, whenever the test runs.
    await page.getByText(/Abgemeldet um 1[23]:\d\d Uhr/).waitFor();
    expect(await page.getByRole('button', { name: 'Parcours verlassen' }).count()).toBe(0);
  });

  it('answers a made-up ticket address with the not-found page, also once the app has taken over, and without a snackbar', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await expectNotFoundPageAlone(page, `/parcoursbuch/ticket/${'x'.repeat(43)}`);
  });

  it('shows the warden today’s groups with phone numbers, checks one out by hand, and prints the poster', async () => {
    const visitor = await visit({ viewport: PHONE, phone: true });
    const code = await checkInGroup(visitor.page, ['Clara Zeta', 'Dora Zeta'], '0170 9876543');

    const { page } = visitor;
    await page.context().clearCookies();
    await logIn(page, WARDEN.uid, WARDEN.password);
    await expectPath(page, '/admin/ich');
    await page.goto('/admin/parcoursbuch');
    await page.getByRole('heading', { level: 1, name: 'Parcoursbuch' }).waitFor();
    const out = page.getByRole('region', { name: 'Auf dem Parcours' });
    await out.getByText('Clara Zeta, Dora Zeta').waitFor();
    await out.getByRole('link', { name: '0170 9876543' }).waitFor();
    // This group's 24 € join the earlier test's day (12 €) when the tests run together.
    await page.getByText(/^Erwartete Einnahmen: (24|36),00 € bar, 0,00 € per Überweisung$/).waitFor();

    await out.getByRole('button', { name: `Gruppe ${code} abmelden` }).click();
    await page.getByRole('alert').filter({ hasText: 'Gruppe abgemeldet' }).waitFor();
    await page.getByRole('region', { name: 'Abgemeldet' }).getByText('Clara Zeta, Dora Zeta').waitFor();
    await page.getByRole('region', { name: 'Abgemeldet' }).getByRole('button', { name: `Zahlung der Gruppe ${code} erhalten` }).click();
    await page.getByRole('alert').filter({ hasText: 'Zahlung als erhalten vermerkt' }).waitFor();

    await page.getByRole('link', { name: 'Aushang mit QR-Code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Aushang Parcoursbuch' }).waitFor();
    const qr = page.getByRole('img', { name: /^QR-Code zum Parcoursbuch: http.*\/parcoursbuch$/ });
    await qr.waitFor();
    expect(await page.getByRole('button', { name: 'Drucken' }).count()).toBe(1);
  });

  it('lets a member ride free only after a volunteer ticked the annual pass in the user dialog', async () => {
    const year = toClubDate(CLUB_NOON).slice(0, 4);
    const visitor = await visit({ viewport: PHONE, phone: true, javaScriptEnabled: false });
    const tryWithPass = async () => {
      await visitor.page.goto('/parcoursbuch');
      await visitor.page.getByLabel('Vor- und Nachname').first().fill('Jana Jahreskarte');
      await visitor.page.getByLabel('Schützennummer (nur Mitglieder mit Jahreskarte)').first().fill(PASS_HOLDER.uid);
      await visitor.page.getByLabel('Telefonnummer für Notfälle').fill('0171 5550000');
      await visitor.page.getByLabel('Wir haben die Regeln gelesen und halten sie ein.').check();
      await visitor.page.getByRole('button', { name: 'Eintragen und Ticket erhalten' }).click();
    };
    await tryWithPass();
    // Without JavaScript the page names the refusal without the number (the API's message carries it).
    await visitor.page.getByRole('alert').filter({ hasText: CHECK_IN_PROBLEMS.jahreskarte }).waitFor();

    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const { page } = await visit({ viewport });
      await logIn(page, PASS_KEEPER.uid, PASS_KEEPER.password);
      await expectPath(page, '/admin/dash');
      await page.goto('/admin/benutzer');
      await page.getByRole('heading', { level: 1, name: 'Benutzer' }).waitFor();
      await page.getByLabel('Suche').fill(PASS_HOLDER.uid);
      await page.getByRole('table', { name: 'Benutzer' }).getByRole('row').filter({ hasText: PASS_HOLDER.uid }).getByRole('button', { name: 'Bearbeiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Benutzer bearbeiten' });
      await dialog.getByText('Jahreskarte Bogenparcours').waitFor();
      const pass = dialog.getByRole('checkbox', { name: `Jahreskarte ${year}` });
      await expect.poll(() => pass.isEnabled()).toBe(true);
      if (viewport === PHONE) {
        // The desktop run ticked it; the phone sees it ticked and leaves it.
        expect(await pass.isChecked()).toBe(true);
        expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
        break;
      }
      expect(await pass.isChecked()).toBe(false);
      expect(await dialog.getByRole('checkbox', { name: `Jahreskarte ${Number(year) + 1}` }).isChecked()).toBe(false);
      // Saved at once; the box shows the stored state when the answer comes.
      await pass.click();
      await page.locator('.MuiSnackbar-root').getByText(`Jahreskarte ${year} eingetragen`, { exact: true }).waitFor();
      await expect.poll(() => pass.isChecked()).toBe(true);
    }

    await tryWithPass();
    await visitor.page.getByRole('heading', { level: 1, name: /^Ticket [A-Z2-9]{6}$/ }).waitFor();
    await visitor.page.getByText('Zu zahlen').first().waitFor();
    await expect.poll(() => visitor.page.getByText('0,00 €').count()).toBeGreaterThan(0);
  });
});
