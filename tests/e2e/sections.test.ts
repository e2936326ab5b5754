import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { settled, sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * Sections are sections (issue 26, point 4): an administrator makes a group a section in
 * the group dialog; visitors read only sections as an appointment's 'Sparte', follow a plain
 * link per section on /termine (with and without JavaScript, on a desktop and on a phone)
 * and find each section's own feed there. The tests build on each other: the group the
 * administrator makes a section is the one the visitors then choose.
 */

const PHONE = { width: 360, height: 740 };
/** Three days ahead, in the club's time: upcoming, so /termine lists them. */
const DAY = dayjs().add(3, 'day').hour(18).minute(0).second(0);

const APPOINTMENTS = {
  bogen: 'Kreismeisterschaft 3D-Bogen',
  lgLp: 'Rundenwettkampf Luftpistole',
  internal: 'Redaktionssitzung Webseite',
  youth: 'Zeltlager der Jugend',
} as const;
const YOUTH = 'Jugend';

async function prepare(site: Site): Promise<void> {
  const groups = ((await (await fetch(`${site.baseUrl}/api/groups`, { headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` } })).json()) as {
    data: { id: number; name: string }[];
  }).data;
  const idOf = (name: string) => groups.find((group) => group.name === name)!.id;
  const internal = (await writeAsAdmin(site, 'POST', '/groups', { name: 'Webteam', permissions: [] })).data!.id;
  const youth = (await writeAsAdmin(site, 'POST', '/groups', { name: YOUTH, permissions: [] })).data!.id;
  const appointment = (name: string, assignment: number, hours: number) => ({
    name,
    datetime_begin: DAY.add(hours, 'hour').format('YYYY-MM-DD HH:mm'),
    datetime_end: DAY.add(hours + 2, 'hour').format('YYYY-MM-DD HH:mm'),
    location: 'Vereinsgelände',
    visibility: 1,
    status: 1,
    assignment,
  });
  await writeAsAdmin(site, 'POST', '/calendar', appointment(APPOINTMENTS.bogen, idOf('Bogen'), 0));
  await writeAsAdmin(site, 'POST', '/calendar', appointment(APPOINTMENTS.lgLp, idOf('LG/LP'), 24));
  await writeAsAdmin(site, 'POST', '/calendar', appointment(APPOINTMENTS.internal, internal, 48));
  await writeAsAdmin(site, 'POST', '/calendar', appointment(APPOINTMENTS.youth, youth, 72));
}

const session = useSite(prepare);
const { visit } = session;

/** The entries of /termine (issue 26, point 5: months of entries, no table any more). */
function appointmentEntries(page: Page): Locator {
  return page.locator('li.appointment');
}

/** The titles and sections of the appointments on the page, in order ('' for none). */
async function listed(page: Page): Promise<string[][]> {
  const result: string[][] = [];
  for (const entry of await appointmentEntries(page).all()) {
    const title = (await entry.locator('.appointment-title').innerText()).trim();
    const section = entry.locator('.appointment-section');
    result.push([title, (await section.count()) === 0 ? '' : (await section.innerText()).replace(/^Sparte: /, '').trim()]);
  }
  return result;
}

function sectionLinks(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Sparten' });
}

describe('sections', () => {
  it("lets an administrator tick 'Als Sparte öffentlich anzeigen' in the group dialog", async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Gruppen', exact: true }).click();
    const table = page.getByRole('table', { name: 'Gruppen' });
    // The seeded sections are marked as such; other groups are not.
    await table.getByRole('row').filter({ hasText: 'Bogen' }).getByText('Sparte', { exact: true }).waitFor();
    const row = table.getByRole('row').filter({ hasText: YOUTH });
    expect(await row.getByText('Sparte', { exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    const flag = dialog.getByRole('checkbox', { name: 'Als Sparte öffentlich anzeigen' });
    expect(await flag.isChecked()).toBe(false);
    await flag.check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: /^Gruppe gespeichert$/ }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Sparte', { exact: true }).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows visitors only sections as Sparte and filters /termine by the link of a section, with its own feed', async () => {
    const { page } = await visit();
    await page.goto('/termine');
    await settled(page);
    const links = sectionLinks(page);
    expect((await links.getByRole('link').allInnerTexts()).map((text) => text.trim())).toEqual(['Alle Sparten', 'LG/LP', 'Bogen', 'Blasrohr', YOUTH]);
    expect(await links.getByRole('link', { name: 'Alle Sparten' }).getAttribute('aria-current')).toBe('page');
    expect(await listed(page)).toEqual([
      [APPOINTMENTS.bogen, 'Bogen'],
      [APPOINTMENTS.lgLp, 'LG/LP'],
      [APPOINTMENTS.internal, ''],
      [APPOINTMENTS.youth, YOUTH],
    ]);
    expect(await page.locator('body').innerText()).not.toContain('Webteam');

    await links.getByRole('link', { name: 'Bogen' }).click();
    await page.waitForURL((url) => url.search === '?sparte=bogen');
    await page.getByRole('heading', { level: 1, name: 'Termine der Sparte Bogen' }).waitFor();
    await expect.poll(() => listed(page)).toEqual([[APPOINTMENTS.bogen, 'Bogen']]);
    expect(await links.getByRole('link', { name: 'Bogen' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.title()).toMatch(/^Termine der Sparte Bogen – /);

    // The section's own feed, offered where its appointments are, as plain links.
    const subscribe = page.getByRole('link', { name: 'Sparte Bogen in Kalender-App abonnieren' });
    expect(await subscribe.getAttribute('href')).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/public\/calendar\/bogen\.ics$/);
    const download = page.getByRole('link', { name: 'Sparte Bogen als iCal-Datei herunterladen' });
    const feed = await page.request.get(String(await download.getAttribute('href')));
    expect(feed.status()).toBe(200);
    const ics = await feed.text();
    expect(ics).toContain(`SUMMARY:${APPOINTMENTS.bogen}`);
    expect(ics).toContain('CATEGORIES:Bogen');
    expect(ics).not.toContain(APPOINTMENTS.lgLp);
    await expectNoSeriousAccessibilityViolations(page);

    // The section the administrator made a moment ago.
    await links.getByRole('link', { name: YOUTH }).click();
    await page.getByRole('heading', { level: 1, name: `Termine der Sparte ${YOUTH}` }).waitFor();
    await expect.poll(() => listed(page)).toEqual([[APPOINTMENTS.youth, YOUTH]]);
    await links.getByRole('link', { name: 'Blasrohr' }).click();
    await page.getByText('Für die Sparte Blasrohr sind keine ausstehenden Termine vorhanden.').waitFor();
    await links.getByRole('link', { name: 'Alle Sparten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Termine', exact: true }).waitFor();
    await expect.poll(async () => (await listed(page)).length).toBe(4);
  });

  it("a section's address comes rendered: the browser takes it over without asking for its data again", async () => {
    const visitor = await visit();
    const { page } = visitor;
    await page.goto('/termine?sparte=bogen', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Termine der Sparte Bogen' }).waitFor();
    expect(await listed(page)).toEqual([[APPOINTMENTS.bogen, 'Bogen']]);
    expect(visitor.requests.filter((path) => path.startsWith('/trpc') || path.startsWith('/api'))).toEqual([]);
    expect(visitor.consoleProblems).toEqual([]);
  });

  it('works without JavaScript: each section link is a page of its own', async () => {
    const visitor = await visit({ javaScriptEnabled: false });
    const { page } = visitor;
    await page.goto('/termine');
    await sectionLinks(page).getByRole('link', { name: 'LG/LP' }).click();
    await page.waitForURL((url) => url.search === '?sparte=lg-lp');
    await page.getByRole('heading', { level: 1, name: 'Termine der Sparte LG/LP' }).waitFor();
    expect(await listed(page)).toEqual([[APPOINTMENTS.lgLp, 'LG/LP']]);
    await sectionLinks(page).getByRole('link', { name: 'Alle Sparten' }).click();
    await page.waitForURL((url) => url.pathname === '/termine' && url.search === '');
    expect(await listed(page)).toHaveLength(4);
    // Another spelling of a section's address leads to it; an unknown one is not found.
    await page.goto('/termine?sparte=Bogen');
    expect(new URL(page.url()).search).toBe('?sparte=bogen');
    expect(await listed(page)).toEqual([[APPOINTMENTS.bogen, 'Bogen']]);
    const unknown = await page.goto('/termine?sparte=schach');
    expect(unknown?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    expect(visitor.requests.filter((path) => path.startsWith('/trpc'))).toEqual([]);
  });

  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('on a 360 px phone %s: the links fit, and each entry names its section', async (_label, javaScriptEnabled) => {
    const { page } = await visit({ viewport: PHONE, phone: true, javaScriptEnabled });
    await page.goto('/termine');
    if (javaScriptEnabled) await settled(page);
    else await page.getByRole('heading', { level: 1 }).waitFor();
    // An appointment of a group that is no section names none, not even an empty 'Sparte:'.
    const internal = appointmentEntries(page).filter({ hasText: APPOINTMENTS.internal });
    await internal.waitFor();
    expect(await internal.locator('.appointment-section').count()).toBe(0);
    expect(await internal.innerText()).not.toContain('Sparte:');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

    await sectionLinks(page).getByRole('link', { name: 'Bogen' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Termine der Sparte Bogen' }).waitFor();
    await expect.poll(() => listed(page)).toEqual([[APPOINTMENTS.bogen, 'Bogen']]);
    const section = appointmentEntries(page).locator('.appointment-section');
    const box = await section.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    for (const link of await sectionLinks(page).getByRole('link').all()) {
      const target = await link.boundingBox();
      expect(target!.height, await link.innerText()).toBeGreaterThanOrEqual(44);
    }
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    if (javaScriptEnabled) await expectNoSeriousAccessibilityViolations(page);
  });
});
