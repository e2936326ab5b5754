import dayjs from 'dayjs';
import 'dayjs/locale/de';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { APPOINTMENT_MESSAGES } from '../../src/shared/schemas/calendar.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The calendar (SPEC §2, §4, §5, §8) as an administrator keeps it and visitors read it on
 * /termine. The tests build on each other: the appointment created in one is the one
 * opened, edited and deleted in the next.
 */

/** May look at and change appointments, but neither create them nor see the groups (SPEC §6). */
const EDITOR = { uid: '30000001', password: 'Kalender2026' };
/** May create appointments, but not see the groups. */
const CREATOR = { uid: '30000002', password: 'Kalender2026' };

const session = useSite(async (site) => {
  await createMember(site.databaseFile, { ...EDITOR, groupName: 'Kalender bearbeiten', permissions: ['calendar_view', 'calendar_update'] });
  await createMember(site.databaseFile, { ...CREATOR, groupName: 'Kalender anlegen', permissions: ['calendar_view', 'calendar_create'] });
});
const { visit } = session;

/** Three days ahead at 18:00, in the club's time: upcoming, so /termine lists it. */
const DAY = dayjs().add(3, 'day').hour(18).minute(0).second(0);
const BEGIN = DAY.format('DD.MM.YYYY HH:mm');
const END = DAY.add(2, 'hour').format('DD.MM.YYYY HH:mm');
const TITLE = 'Vereinsmeisterschaft Luftgewehr';
const DESCRIPTION = 'Alle Klassen, Anmeldung bis Freitag; Startgeld 5 €';
const ATTACHMENT = 'Ausschreibung.txt';
const MONTH_PATH = `/admin/kalender/${DAY.format('YYYY')}/${DAY.format('MM')}`;

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** Types a date-time into a picker field as a member would: digits only, the field moves on by itself. */
async function typeDateTime(page: Page, field: Locator, value: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value.replace(/\D/g, ''));
}

function picker(scope: Locator, label: string): Locator {
  return scope.getByRole('group', { name: label });
}

async function openCalendar(page: Page): Promise<void> {
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await page.goto(MONTH_PATH);
  await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
}

/**
 * Opens an attachment link of the dialog as a member does (a new tab, same origin, the
 * session cookie along) and answers what the tab shows; a visitor without the cookie gets 404.
 */
async function openAttachment(page: Page, scope: Locator, name: string): Promise<string> {
  const link = scope.getByRole('link', { name });
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await tab.waitForLoadState();
  const shown = await tab.locator('body').innerText();
  await tab.close();
  const anonymous = await fetch(new URL(String(await link.getAttribute('href')), session.site.baseUrl));
  expect(anonymous.status).toBe(404);
  return shown.trim();
}

function chip(page: Page, name: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^${name} \\(`) });
}

describe('the calendar', () => {
  it('starts its weeks on Monday, and the next month button changes the route', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto('/admin/kalender');
    const now = dayjs();
    await expectPath(page, `/admin/kalender/${now.format('YYYY')}/${now.format('MM')}`);
    await page.getByRole('columnheader').first().waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    // The first cell is a Monday, whatever weekday the 1st is.
    const firstDay = await page.locator('td[data-day]').first().getAttribute('data-day');
    expect(dayjs(firstDay).day()).toBe(1);
    await page.getByRole('button', { name: 'Nächster Monat' }).click();
    const next = now.add(1, 'month');
    await expectPath(page, `/admin/kalender/${next.format('YYYY')}/${next.format('MM')}`);
    await page.getByRole('button', { name: 'Vorheriger Monat' }).click();
    await expectPath(page, `/admin/kalender/${now.format('YYYY')}/${now.format('MM')}`);

    // The month picker changes the route as well.
    const picked = now.month((now.month() + 6) % 12);
    await page.getByRole('button', { name: /^Datum auswählen/ }).click();
    await page.getByRole('radio', { name: picked.locale('de').format('MMMM') }).or(page.getByRole('radio', { name: picked.locale('de').format('MMM') })).first().click();
    await expectPath(page, `/admin/kalender/${picked.format('YYYY')}/${picked.format('MM')}`);

    // An address with the month unpadded, or with the year alone, opens that year's month.
    await page.goto('/admin/kalender/2030/3');
    await expectPath(page, '/admin/kalender/2030/03');
    await page.getByRole('table', { name: 'Kalender März 2030' }).waitFor();
    await page.goto('/admin/kalender/2030');
    await expectPath(page, `/admin/kalender/2030/${now.format('MM')}`);
    await page.getByRole('table', { name: `Kalender ${now.locale('de').format('MMMM')} 2030` }).waitFor();
  });

  it('refuses an empty appointment with the group message and an end before the begin', async () => {
    const { page } = await visit();
    await openCalendar(page);
    await page.getByRole('button', { name: 'Termin anlegen' }).click();
    const form = dialog(page, 'Termin anlegen');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Eine Gruppenzuordnung muss angegeben werden!').waitFor();
    await form.getByText('Der Titel darf nicht leer gelassen werden!').waitFor();
    await expectNoSeriousAccessibilityViolations(page);

    await typeDateTime(page, picker(form, 'Beginn'), END);
    await typeDateTime(page, picker(form, 'Ende'), BEGIN);
    await form.getByText('Das Ende muss nach dem Beginnzeitpunkt liegen!').waitFor();
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('creates a public appointment with an attachment, shown in the grid and on /termine', async () => {
    const { page } = await visit();
    await openCalendar(page);
    await page.getByRole('button', { name: 'Termin anlegen' }).click();
    const form = dialog(page, 'Termin anlegen');
    await form.getByLabel('Titel').fill(TITLE);
    await typeDateTime(page, picker(form, 'Beginn'), BEGIN);
    await typeDateTime(page, picker(form, 'Ende'), END);
    await form.getByLabel('Ort').fill('Schützenhaus');
    await form.getByRole('combobox', { name: 'Gruppe' }).click();
    await page.getByRole('option', { name: 'Administratoren' }).click();
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In Organisation' }).click();
    await form.getByLabel('Beschreibung (öffentlich)').fill(DESCRIPTION);
    await form.getByLabel('Notizen (intern)').fill('Schlüssel bei Hans');
    await form.getByRole('switch', { name: 'Öffentlich auf der Terminseite' }).check();
    await form.locator('input[type=file]').setInputFiles({ name: ATTACHMENT, mimeType: 'text/plain', buffer: Buffer.from('Startzeiten ab 18 Uhr') });
    await snackbar(page, 'Anhänge hochgeladen');
    await form.getByRole('link', { name: ATTACHMENT }).waitFor();
    // Not saved yet: the uploader's own, shown to them alone.
    expect(await openAttachment(page, form, ATTACHMENT)).toBe('Startzeiten ab 18 Uhr');
    expect(await picker(form, 'Beginn').locator('input').inputValue()).toBe(BEGIN);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Termin angelegt');
    await form.waitFor({ state: 'hidden' });

    const cell = page.locator(`td[data-day="${DAY.format('YYYY-MM-DD')}"]`);
    const entry = cell.getByRole('button', { name: `${TITLE} (In Organisation)` });
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('1');

    await page.goto('/termine');
    const row = page.locator('li.appointment').filter({ has: page.getByRole('heading', { level: 3, name: TITLE, exact: true }) });
    await row.waitFor();
    // The weekday, the date once, the times joined (issue 26, point 5).
    const weekday = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'][DAY.day()];
    expect(await row.locator('.appointment-when').innerText()).toBe(`${weekday}, ${DAY.format('DD.MM.YYYY')}, 18:00–20:00`);
    expect(await row.locator('.appointment-location').innerText()).toBe('Ort: Schützenhaus');
    // Administratoren is no section: visitors do not read the group's name (issue 26).
    expect(await row.locator('.appointment-section').count()).toBe(0);
    await row.locator('summary').filter({ hasText: `Details zu ${TITLE}` }).click();
    await page.getByText(DESCRIPTION).waitFor();
    const link = page.getByRole('link', { name: ATTACHMENT });
    await link.waitFor();
    expect(await (await page.request.get(String(await link.getAttribute('href')))).text()).toBe('Startzeiten ab 18 Uhr');
    expect(await page.locator('body').innerText()).not.toContain('Schlüssel bei Hans');
    const webcal = await page.getByRole('link', { name: 'In Kalender-App abonnieren' }).getAttribute('href');
    expect(webcal).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/public\/calendar\.ics$/);
    await expectNoSeriousAccessibilityViolations(page);

    // Home names the next appointments.
    await page.goto('/home');
    await page.getByRole('region', { name: 'Nächste Termine' }).getByText(TITLE).waitFor();
  });

  it('lets a member without groups_view change an appointment, its group shown as text, without an error', async () => {
    const { page } = await visit();
    await logIn(page, EDITOR.uid, EDITOR.password);
    await page.waitForURL(/\/admin\//);
    await page.goto(MONTH_PATH);
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
    // SPEC §6: the add button is there, disabled.
    expect(await page.getByRole('button', { name: 'Termin anlegen' }).isDisabled()).toBe(true);
    await chip(page, TITLE).click();
    const view = dialog(page, 'Termin ansehen');
    expect(await view.getByRole('textbox', { name: 'Gruppe' }).inputValue()).toBe('Administratoren');
    await view.getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = dialog(page, 'Termin bearbeiten');
    await edit.getByText(APPOINTMENT_MESSAGES.groupsNeedPermission).waitFor();
    await edit.getByLabel('Ort').fill('Schützenhaus, Stand 2');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Termin gespeichert');
    await edit.waitFor({ state: 'hidden' });
    // The groups were never asked for: no error snackbar.
    expect(await page.getByRole('alert').filter({ hasText: 'Gruppen' }).count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('tells a member who may create appointments but not see the groups why no group can be chosen', async () => {
    const { page } = await visit();
    await logIn(page, CREATOR.uid, CREATOR.password);
    await page.waitForURL(/\/admin\//);
    await page.goto(MONTH_PATH);
    await page.getByRole('button', { name: 'Termin anlegen' }).click();
    const form = dialog(page, 'Termin anlegen');
    await form.getByText(APPOINTMENT_MESSAGES.groupsNeedPermission).waitFor();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Eine Gruppenzuordnung muss angegeben werden!').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Gruppen' }).count()).toBe(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('shows the month as an agenda on a phone and as a grid without sideways scrolling from 600 px on', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto(MONTH_PATH);
    const agenda = page.getByRole('list', { name: `Termine ${DAY.locale('de').format('MMMM YYYY')}` });
    await agenda.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // Named by all it shows, beginning with the title.
    const entry = agenda.getByRole('button', { name: new RegExp(`^${TITLE} Beginn`) });
    // What the grid's tooltip says is there to read: begin, end, place and status.
    const text = await entry.innerText();
    expect(text).toContain(`Beginn: ${BEGIN}`);
    expect(text).toContain(`Ende: ${END}`);
    expect(text).toContain('Ort: Schützenhaus');
    expect(text).toContain('Status: In Organisation');
    expect((await entry.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousAccessibilityViolations(page);
    await entry.tap();
    const view = dialog(page, 'Termin ansehen');
    expect(await view.getByLabel('Titel').inputValue()).toBe(TITLE);
    await view.getByRole('button', { name: 'Schließen' }).tap();
    await view.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 600, height: 800 });
    const grid = page.getByRole('table', { name: `Kalender ${DAY.locale('de').format('MMMM YYYY')}` });
    await grid.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
    expect(await grid.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
    await grid.getByRole('button', { name: new RegExp(`^${TITLE} \\(`) }).waitFor();
  });

  it('opens the appointment read-only, edits it after the toggle, and deletes it after "Termin löschen?"', async () => {
    const { page } = await visit();
    await openCalendar(page);
    await chip(page, TITLE).click();
    const view = dialog(page, 'Termin ansehen');
    await view.waitFor();
    expect(await view.getByLabel('Titel').getAttribute('readonly')).not.toBeNull();
    await expectNoSeriousAccessibilityViolations(page);
    await view.getByRole('button', { name: 'Bearbeiten' }).click();
    const edit = dialog(page, 'Termin bearbeiten');
    // The toggle leads back to reading without closing the dialog, dropping what was typed.
    await edit.getByLabel('Titel').fill('Verworfen');
    await edit.getByRole('button', { name: 'Bearbeiten', pressed: true }).click();
    await view.waitFor();
    expect(await view.getByLabel('Titel').inputValue()).toBe(TITLE);
    expect(await view.getByLabel('Titel').getAttribute('readonly')).not.toBeNull();
    await view.getByRole('button', { name: 'Bearbeiten', pressed: false }).click();
    await edit.getByLabel('Titel').fill(`${TITLE} 2026`);
    // No longer public: the attachment is the members' now, still opened from the dialog.
    await edit.getByRole('switch', { name: 'Öffentlich auf der Terminseite' }).uncheck();
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Termin gespeichert');
    await edit.waitFor({ state: 'hidden' });

    await chip(page, `${TITLE} 2026`).click();
    const saved = dialog(page, 'Termin ansehen');
    expect(await openAttachment(page, saved, ATTACHMENT)).toBe('Startzeiten ab 18 Uhr');
    await saved.getByRole('button', { name: 'Löschen' }).click();
    const confirm = dialog(page, 'Termin löschen?');
    await confirm.getByText(`${TITLE} 2026`).waitFor();
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Termin gelöscht');
    await chip(page, `${TITLE} 2026`).waitFor({ state: 'detached' });

    await page.goto('/termine');
    await page.getByText('Es sind keine ausstehenden Termine vorhanden.').waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });
});
