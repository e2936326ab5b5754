import dayjs from 'dayjs';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import 'dayjs/locale/de';
import { formatGermanDate } from '../../src/shared/dates.ts';
import { pdf } from '../helpers/multipart.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { brokenWords, settled, sidewaysProblems, smallTouchTargets } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The back office on a 360 px wide phone (issue 19, point 4): every screen and dialog fits
 * the width, every control can be hit with a finger (44 px), and axe finds nothing serious.
 * The site holds a row of each kind, so that tables and lists are not empty.
 */

const PHONE = { width: 360, height: 740 };
const MEMBER = { uid: '40000001', password: 'Mitglied2026' };
/** May read the calendar and change appointments, read the roster; may neither create nor see the groups. */
const EDITOR = { uid: '40000002', password: 'Kalender2026' };
const BEGIN = dayjs().add(2, 'day').hour(18).minute(0).second(0);
const APPOINTMENT = 'Training Luftgewehr und Luftpistole';
/** Every panel of the dashboard, opened for the sweeps. */
const DASHBOARD_PANELS = [
  'Startseite',
  'Logo und Titelbild',
  'Hinweise',
  'Schießzeiten',
  'Luftdruckstand: Fakten',
  'Bogenparcours',
  'Bogenparcours: Fakten und Preise',
  'Über uns: Bildunterschriften',
  'Galerien',
  'Downloads',
  'Sponsoren',
  'Sportliche Leistungen',
  'Vereinsdaten',
];

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...MEMBER, groupName: 'Jugendabteilung Luftgewehr', permissions: ['calendar_view'] });
  await createMember(site.databaseFile, { ...EDITOR, groupName: 'Terminpflege', permissions: ['calendar_view', 'calendar_update', 'hosts_view'] });
  const group = await writeAsAdmin(site, 'POST', '/groups', { name: 'Bogensport', permissions: [] });
  await writeAsAdmin(site, 'POST', '/calendar', {
    name: APPOINTMENT,
    datetime_begin: BEGIN.format('YYYY-MM-DD HH:mm'),
    datetime_end: BEGIN.add(2, 'hour').format('YYYY-MM-DD HH:mm'),
    location: 'Schützenhaus',
    visibility: 1,
    status: 1,
    assignment: group.data?.id,
  });
  await writeAsAdmin(site, 'POST', '/hosts', { date: BEGIN.format('YYYY-MM-DD'), supervisor: -1, host: -2 });
  const download = new FormData();
  download.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'Anmeldeformular.pdf');
  await writeAsAdmin(site, 'POST', '/downloads', download);
});

async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  // The dialog's opening transition is over when its buttons stand still.
  await page.waitForTimeout(400);
  return dialog;
}

/** Collects what does not fit at each step; the test ends with all of it at once. */
function problemLog(page: Page) {
  const problems: Record<string, string[]> = {};
  return {
    problems,
    check: async (what: string): Promise<void> => {
      const found = [...(await sidewaysProblems(page, PHONE.width)), ...(await brokenWords(page)), ...(await smallTouchTargets(page))];
      if (found.length > 0) problems[what] = found;
      await expectNoSeriousAccessibilityViolations(page);
    },
  };
}

async function asAdministratorOnPhone(): Promise<Page> {
  const { page } = await visit({ viewport: PHONE, phone: true });
  await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
  await expectPath(page, '/admin/dash');
  await settled(page);
  return page;
}

describe('the back office on a 360 px wide phone: no sideways scrolling, touch targets of 44 px, no serious axe finding', () => {
  it('on the dashboard with every panel open, and its dialogs', async () => {
    const page = await asAdministratorOnPhone();
    const { problems, check } = problemLog(page);
    for (const title of DASHBOARD_PANELS) {
      const header = page.getByRole('button', { name: title, exact: true });
      await header.click();
      await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
      // The panel opens with a transition; the next header moves down until it is over.
      await page.waitForTimeout(500);
    }
    await page.waitForLoadState('networkidle');
    await check('/admin/dash');
    const sponsors = page.getByRole('region', { name: 'Sponsoren', exact: true });
    await openDialog(page, sponsors.getByRole('button', { name: 'Sponsor hinzufügen' }), 'Sponsor hinzufügen');
    await check('Sponsor hinzufügen');
    await page.keyboard.press('Escape');
    const galleries = page.getByRole('region', { name: 'Galerien', exact: true });
    await openDialog(page, galleries.getByRole('button', { name: 'Album anlegen' }), 'Album anlegen');
    await check('Album anlegen');
    expect(problems).toEqual({});
  });

  it('in the menu and the calendar with its dialogs', async () => {
    const page = await asAdministratorOnPhone();
    const { problems, check } = problemLog(page);
    const menu = page.getByRole('navigation', { name: 'Verwaltung' });
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await menu.getByRole('link', { name: 'Kalender', exact: true }).waitFor();
    await page.waitForTimeout(400);
    await check('Menü');
    await menu.getByRole('link', { name: 'Kalender', exact: true }).click();
    await expectPath(page, `/admin/kalender/${dayjs().format('YYYY/MM')}`);
    await settled(page);
    if (BEGIN.month() !== dayjs().month()) await page.getByRole('button', { name: 'Nächster Monat' }).click();
    const entry = page.getByRole('button', { name: new RegExp(`^${APPOINTMENT} Beginn`) });
    await entry.waitFor();
    await check('Kalender');
    const view = await openDialog(page, entry, 'Termin ansehen');
    await check('Termin ansehen');
    // Editing adds 'Abbrechen' and 'Speichern' beside 'Löschen' and 'Bearbeiten'.
    const edit = await openDialog(page, view.getByRole('button', { name: 'Bearbeiten', pressed: false }), 'Termin bearbeiten');
    await check('Termin bearbeiten');
    const question = await openDialog(page, edit.getByRole('button', { name: 'Löschen' }), 'Termin löschen?');
    await check('Termin löschen?');
    await question.getByRole('button', { name: 'Nein' }).click();
    await question.waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Abbrechen' }).click();
    await edit.waitFor({ state: 'detached' });
    await openDialog(page, page.getByRole('button', { name: 'Termin anlegen' }), 'Termin anlegen');
    await check('Termin anlegen');
    expect(problems).toEqual({});
  });

  it('keeps the calendar and the roster as SPEC §6 has them for a member with fewer rights: month addresses, disabled controls, the edit toggle', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await logIn(page, EDITOR.uid, EDITOR.password);
    await page.waitForURL(/\/admin\//);
    const { problems, check } = problemLog(page);
    // A month written without its leading zero opens that month under its canonical address.
    await page.goto(`/admin/kalender/${BEGIN.format('YYYY')}/${BEGIN.month() + 1}`);
    await expectPath(page, `/admin/kalender/${BEGIN.format('YYYY/MM')}`);
    const agenda = page.getByRole('list', { name: `Termine ${BEGIN.locale('de').format('MMMM YYYY')}` });
    await agenda.waitFor();
    await settled(page);
    const add = page.getByRole('button', { name: 'Termin anlegen' });
    expect(await add.isVisible()).toBe(true);
    expect(await add.isDisabled()).toBe(true);
    await check('Kalender ohne calendar_create');

    const view = await openDialog(page, agenda.getByRole('button', { name: new RegExp(`^${APPOINTMENT} Beginn`) }), 'Termin ansehen');
    // Without groups_view the assignment is text, and the groups are never asked for.
    expect(await view.getByRole('textbox', { name: 'Gruppe' }).inputValue()).toBe('Bogensport');
    await view.getByRole('button', { name: 'Bearbeiten', pressed: false }).tap();
    const edit = page.getByRole('dialog', { name: 'Termin bearbeiten', exact: true });
    await edit.getByLabel('Titel').fill('Verworfen');
    await page.waitForTimeout(400);
    await check('Termin bearbeiten ohne groups_view');
    // The pressed toggle leads back to reading without closing the dialog; the typing is dropped.
    await edit.getByRole('button', { name: 'Bearbeiten', pressed: true }).tap();
    await view.waitFor();
    expect(await view.getByLabel('Titel').inputValue()).toBe(APPOINTMENT);
    expect(await view.getByLabel('Titel').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });

    // A year alone opens that year's current month, not today's.
    await page.goto('/admin/kalender/2030');
    await expectPath(page, `/admin/kalender/2030/${dayjs().format('MM')}`);
    await page.getByLabel(`Termine ${dayjs().locale('de').format('MMMM')} 2030`).waitFor();

    // The roster read-only: delete and the new row are there, disabled (a row saves itself on leaving it, issue 28.5).
    await page.goto('/admin/standaufsicht_bewirtung');
    await settled(page);
    const entry = page.getByRole('form', { name: `Eintrag vom ${formatGermanDate(BEGIN.format('YYYY-MM-DD'))}`, exact: true });
    const deleteButton = entry.getByRole('button', { name: 'Löschen' });
    expect(await deleteButton.isVisible()).toBe(true);
    expect(await deleteButton.isDisabled()).toBe(true);
    expect(await page.getByRole('form', { name: 'Neuer Eintrag', exact: true }).getByRole('button', { name: 'Eintrag anlegen' }).isDisabled()).toBe(true);
    await check('Standaufsicht & Bewirtung nur lesend');
    expect(problems).toEqual({});
  });

  it("on Meine Daten's dialogs that show a secret once: recovery codes, a new app password, the second factor's own dialogs", async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await logIn(page, MEMBER.uid, MEMBER.password);
    await expectPath(page, '/admin/ich');
    await settled(page);
    const { problems, check } = problemLog(page);

    const setup = await openDialog(page, page.getByRole('button', { name: 'Zweiten Faktor einrichten' }), 'Zweiten Faktor einrichten');
    const key = (await setup.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await setup.getByLabel('Code aus der App').fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
    await setup.getByLabel('Aktuelles Passwort').fill(MEMBER.password);
    const codes = await openDialog(page, setup.getByRole('button', { name: 'Einschalten' }), 'Deine Wiederherstellungscodes');
    await codes.getByRole('list', { name: 'Wiederherstellungscodes' }).waitFor();
    await check('Deine Wiederherstellungscodes');
    await codes.getByRole('button', { name: 'Fertig' }).click();
    await codes.waitFor({ state: 'detached' });

    for (const name of ['Neue Wiederherstellungscodes', 'Zweiten Faktor ausschalten']) {
      await openDialog(page, page.getByRole('button', { name }), name);
      await check(name);
      await page.keyboard.press('Escape');
    }

    const create = await openDialog(page, page.getByRole('button', { name: 'App-Passwort anlegen' }), 'App-Passwort anlegen');
    await create.getByLabel('Name').fill('Vereinsprogramm auf dem Rechner im Schützenhaus');
    await create.getByLabel('Aktuelles Passwort').fill(MEMBER.password);
    const shown = await openDialog(page, create.getByRole('button', { name: 'Anlegen' }), 'Dein neues App-Passwort');
    await shown.getByRole('button', { name: 'Fertig' }).waitFor();
    await check('Dein neues App-Passwort');
    expect(problems).toEqual({});
  });

  it.each([
    ['/admin/standaufsicht_bewirtung', 'Dienste für Serie anlegen'],
    ['/admin/gruppen', 'Gruppe anlegen'],
    ['/admin/benutzer', 'Benutzer anlegen'],
    ['/admin/ich', undefined],
    ['/admin/log', undefined],
  ] as const)('on %s and its dialog', async (path, add) => {
    const page = await asAdministratorOnPhone();
    const { problems, check } = problemLog(page);
    await page.goto(path);
    await settled(page);
    await check(path);
    if (add) {
      await openDialog(page, page.getByRole('button', { name: add }), add);
      await check(add);
    }
    if (path === '/admin/ich') {
      // The second factor's setup (QR code and key) and a new app password.
      await openDialog(page, page.getByRole('button', { name: 'Zweiten Faktor einrichten' }), 'Zweiten Faktor einrichten');
      await check('Zweiten Faktor einrichten');
      await page.keyboard.press('Escape');
      await openDialog(page, page.getByRole('button', { name: 'App-Passwort anlegen' }), 'App-Passwort anlegen');
      await check('App-Passwort anlegen');
    }
    if (path === '/admin/benutzer') {
      await page.keyboard.press('Escape');
      await openDialog(page, page.getByRole('row').filter({ hasText: MEMBER.uid }).getByRole('button', { name: 'Bearbeiten' }), 'Benutzer bearbeiten');
      await check('Benutzer bearbeiten');
    }
    expect(problems).toEqual({});
  });
});

/** The screens of the back office with the dialog each opens to add something. */
const SCREENS = [
  ['/admin/dash', undefined],
  ['/admin/nachrichten', undefined],
  ['/admin/kalender', 'Termin anlegen'],
  ['/admin/standaufsicht_bewirtung', 'Dienste für Serie anlegen'],
  ['/admin/gruppen', 'Gruppe anlegen'],
  ['/admin/benutzer', 'Benutzer anlegen'],
  ['/admin/ich', 'App-Passwort anlegen'],
  ['/admin/log', undefined],
] as const;

describe.each([1024, 1280])('the back office’s tables and dialogs at %i px: nothing sideways, no word broken inside itself (issue 28.6)', (width) => {
  it('on every screen and its dialog', async () => {
    const { page } = await visit({ viewport: { width, height: 900 } });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const problems: Record<string, string[]> = {};
    const check = async (what: string) => {
      const found = [...(await sidewaysProblems(page, width)), ...(await brokenWords(page))];
      if (found.length > 0) problems[what] = found;
    };
    for (const [path, add] of SCREENS) {
      await page.goto(path);
      await settled(page);
      if (path === '/admin/dash') {
        for (const title of DASHBOARD_PANELS) {
          const header = page.getByRole('button', { name: title, exact: true });
          await header.click();
          await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
        }
        await page.waitForTimeout(500);
        await page.waitForLoadState('networkidle');
      }
      await check(path);
      if (add) {
        await openDialog(page, page.getByRole('button', { name: add, exact: true }).first(), add);
        await check(add);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: add, exact: true }).waitFor({ state: 'detached' });
      }
    }
    expect(problems).toEqual({});
  });
});
