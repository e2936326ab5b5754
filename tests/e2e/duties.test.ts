import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatGermanDate, toClubDate } from '../../src/shared/dates.ts';
import { formatDutyDate, NO_APPOINTMENT_TEXT } from '../../src/shared/duties.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { settled, sidewaysProblems, smallTouchTargets } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * 'Meine Dienste' on Meine Daten (issue 19, point 3) in Chromium: a member without any
 * permission sees his duties with the day's appointments, offers one for swapping, sets up
 * the private calendar feed and a reminder; another member takes the duty with one click,
 * and his feed follows. Then both views on a 360 px phone. The tests build on each other.
 */

const WERNER = { uid: '40000011', password: 'Dienst2026', prename: 'Werner', lastname: 'Wirt' };
const PETRA = { uid: '40000012', password: 'Tausch2026', prename: 'Petra', lastname: 'Pokal' };
const PHONE = { width: 360, height: 740 };
const DAY_MS = 24 * 60 * 60 * 1000;
const SWAPPED = toClubDate(new Date(Date.now() + 10 * DAY_MS));
const KEPT = toClubDate(new Date(Date.now() + 17 * DAY_MS));
const SWAPPED_DUTY = `Bewirtung am ${formatDutyDate(SWAPPED)}`;
const KEPT_DUTY = `Bewirtung am ${formatDutyDate(KEPT)}`;
let petraId = 0;
/** Werner's feed address, as the dialog showed it once. */
let wernersFeed = '';

const session = useSite(async (site) => {
  const werner = await createMember(site.databaseFile, { ...WERNER, groupName: 'Mitglieder', permissions: [] });
  petraId = (await createMember(site.databaseFile, { ...PETRA, groupName: 'Jugend', permissions: [] })).id;
  const group = await writeAsAdmin(site, 'POST', '/groups', { name: 'Luftgewehr', permissions: [] });
  await writeAsAdmin(site, 'POST', '/calendar', {
    name: 'Königsschießen',
    datetime_begin: `${SWAPPED} 18:00`,
    datetime_end: `${SWAPPED} 22:00`,
    location: 'Schützenhaus',
    visibility: 1,
    status: 2,
    assignment: group.data?.id,
  });
  await writeAsAdmin(site, 'POST', '/hosts', { date: SWAPPED, supervisor: -1, host: werner.id });
  await writeAsAdmin(site, 'POST', '/hosts', { date: KEPT, supervisor: -2, host: werner.id });
});
const { visit } = session;

/** Waits for the snackbar with exactly this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

function duties(page: Page): Locator {
  return page.getByRole('list', { name: 'Meine Dienste' });
}

function offers(page: Page): Locator {
  return page.getByRole('region', { name: 'Zum Tausch angeboten' });
}

async function feedText(url: string): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

async function openAccount(page: Page, member: { uid: string; password: string }): Promise<void> {
  await logIn(page, member.uid, member.password);
  // Without dashboard_view the login lands on Meine Daten (SPEC §4).
  await expectPath(page, '/admin/ich');
  await page.getByRole('region', { name: 'Meine Dienste', exact: true }).waitFor();
}

describe('Meine Dienste in Chromium', () => {
  it('shows a member his duties with the day, offers one for swapping, sets up the feed and a reminder', async () => {
    const { page } = await visit();
    await openAccount(page, WERNER);
    const swapped = duties(page).getByRole('listitem').filter({ hasText: SWAPPED_DUTY });
    await swapped.getByText('Königsschießen, 18:00–22:00 Uhr').waitFor();
    await duties(page).getByRole('listitem').filter({ hasText: KEPT_DUTY }).getByText(NO_APPOINTMENT_TEXT).waitFor();
    await offers(page).getByText('Derzeit bietet niemand einen Dienst an, den du übernehmen kannst.').waitFor();

    await page.getByRole('button', { name: `Zum Tausch anbieten: ${SWAPPED_DUTY}` }).click();
    await snackbar(page, 'Dienst zum Tausch angeboten');
    await swapped.getByText('Zum Tausch angeboten').waitFor();
    await page.getByRole('button', { name: `Angebot zurückziehen: ${SWAPPED_DUTY}` }).waitFor();

    // The feed's address is shown once, with a subscription link for calendar apps.
    const feed = page.getByRole('region', { name: 'Kalender-Abo' });
    await feed.getByRole('button', { name: 'Kalender-Abo einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adresse deines Kalender-Abos' });
    wernersFeed = (await dialog.getByTestId('duty-feed-url').innerText()).trim();
    expect(wernersFeed).toMatch(new RegExp(`^${session.site.baseUrl}/api/dienste/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await dialog.getByRole('link', { name: 'In Kalender-App abonnieren' }).getAttribute('href')).toBe(wernersFeed.replace(/^http:/, 'webcal:'));
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await feed.getByText(/^Kalender-Abo aktiv seit \d\d\.\d\d\.\d{4} \d\d:\d\d Uhr\.$/).waitFor();
    const calendar = await feedText(wernersFeed);
    expect(calendar.status).toBe(200);
    expect(calendar.type).toBe('text/calendar; charset=utf-8');
    expect(calendar.body).toContain('SUMMARY:Bewirtung – Königsschießen');
    expect(calendar.body).toContain(`DTSTART;VALUE=DATE:${SWAPPED.replaceAll('-', '')}`);
    expect(calendar.body).toContain(`DTSTART;VALUE=DATE:${KEPT.replaceAll('-', '')}`);

    // Off by default; on at a chosen time, and still so after a reload.
    const reminder = page.getByRole('form', { name: 'Erinnerung per E-Mail' });
    const on = reminder.getByLabel('Am Tag vor jedem Dienst erinnern');
    expect(await on.isChecked()).toBe(false);
    await on.check();
    await reminder.getByLabel('Erinnerung am Vortag um').selectOption('19:30');
    await reminder.getByRole('button', { name: 'Erinnerung speichern' }).click();
    await snackbar(page, 'Erinnerung gespeichert: am Tag vor jedem Dienst um 19:30 Uhr');
    await page.reload();
    await page.getByRole('region', { name: 'Meine Dienste', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('form', { name: 'Erinnerung per E-Mail' }).getByLabel('Am Tag vor jedem Dienst erinnern').isChecked()).toBe(true);
    expect(await page.getByLabel('Erinnerung am Vortag um').inputValue()).toBe('19:30');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('marks the offered slot on the roster page', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Standaufsicht & Bewirtung', exact: true }).click();
    const row = page.getByRole('form', { name: `Eintrag vom ${formatGermanDate(SWAPPED)}`, exact: true });
    await row.getByText('Zum Tausch angeboten').waitFor();
    expect(await row.getByRole('combobox', { name: 'Bewirtung' }).inputValue()).toBe('Werner Wirt');
    expect(await page.getByRole('form', { name: `Eintrag vom ${formatGermanDate(KEPT)}`, exact: true }).getByText('Zum Tausch angeboten').count()).toBe(0);
  });

  it('lets another member take the offered duty with one click; the roster and both feeds follow', async () => {
    const { page } = await visit();
    await openAccount(page, PETRA);
    await duties(page).waitFor({ state: 'detached' });
    await page.getByText('Ab heute stehst du mit keinem Dienst im Dienstplan.').waitFor();
    const offer = offers(page).getByRole('listitem').filter({ hasText: SWAPPED_DUTY });
    await offer.getByText('Angeboten von Werner Wirt').waitFor();
    await offer.getByText('Königsschießen, 18:00–22:00 Uhr').waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    await offer.getByRole('button', { name: `Übernehmen: ${SWAPPED_DUTY}` }).click();
    await snackbar(page, 'Dienst übernommen');
    await duties(page).getByRole('listitem').filter({ hasText: SWAPPED_DUTY }).waitFor();
    await offers(page).getByText('Derzeit bietet niemand einen Dienst an, den du übernehmen kannst.').waitFor();

    const roster = await fetch(`${session.site.baseUrl}/api/hosts`, {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    const entries = ((await roster.json()) as { data: Array<{ date: string; host: number }> }).data;
    expect(entries.find((entry) => entry.date === SWAPPED)?.host).toBe(petraId);
    const calendar = await feedText(wernersFeed);
    expect(calendar.body).not.toContain(`DTSTART;VALUE=DATE:${SWAPPED.replaceAll('-', '')}`);
    expect(calendar.body).toContain(`DTSTART;VALUE=DATE:${KEPT.replaceAll('-', '')}`);
    expect(calendar.body).not.toContain('Petra');
  });

  it('fits a 360 px phone with 44 px touch targets, for the member offering and the one who may take', async () => {
    const problems: Record<string, string[]> = {};
    const check = async (page: Page, what: string) => {
      const found = [...(await sidewaysProblems(page, PHONE.width)), ...(await smallTouchTargets(page))];
      if (found.length > 0) problems[what] = found;
      await expectNoSeriousAccessibilityViolations(page);
    };

    const petra = (await visit({ viewport: PHONE, phone: true })).page;
    await openAccount(petra, PETRA);
    await settled(petra);
    await petra.getByRole('button', { name: `Zum Tausch anbieten: ${SWAPPED_DUTY}` }).click();
    await snackbar(petra, 'Dienst zum Tausch angeboten');
    await petra.getByRole('button', { name: `Angebot zurückziehen: ${SWAPPED_DUTY}` }).waitFor();
    // The snackbar grows in; measured mid-way, its close button would be smaller than it is.
    await petra.waitForTimeout(400);
    await check(petra, 'Meine Daten (Petra, Dienst angeboten)');
    await petra.getByRole('region', { name: 'Kalender-Abo' }).getByRole('button', { name: 'Kalender-Abo einrichten' }).click();
    const dialog = petra.getByRole('dialog', { name: 'Adresse deines Kalender-Abos' });
    await dialog.waitFor();
    // The dialog's opening transition is over when its buttons stand still.
    await petra.waitForTimeout(400);
    await check(petra, 'Adresse deines Kalender-Abos');
    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await dialog.waitFor({ state: 'detached' });
    await petra.context().close();

    const werner = (await visit({ viewport: PHONE, phone: true })).page;
    await openAccount(werner, WERNER);
    await settled(werner);
    await offers(werner).getByRole('button', { name: `Übernehmen: ${SWAPPED_DUTY}` }).waitFor();
    await check(werner, 'Meine Daten (Werner, Angebot zum Übernehmen)');
    await werner.getByRole('region', { name: 'Kalender-Abo' }).getByRole('button', { name: 'Neue Adresse erzeugen' }).click();
    const confirm = werner.getByRole('dialog', { name: 'Neue Adresse erzeugen?' });
    await confirm.waitFor();
    await werner.waitForTimeout(400);
    await check(werner, 'Neue Adresse erzeugen?');
    await confirm.getByRole('button', { name: 'Ja' }).click();
    const renewed = werner.getByRole('dialog', { name: 'Adresse deines Kalender-Abos' });
    const url = (await renewed.getByTestId('duty-feed-url').innerText()).trim();
    expect(url).not.toBe(wernersFeed);
    expect((await feedText(wernersFeed)).status).toBe(404);
    expect((await feedText(url)).status).toBe(200);
    expect(problems).toEqual({});
  });
});
