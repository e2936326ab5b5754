import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toClubDate } from '../../src/shared/dates.ts';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';

/**
 * The 3D course's state (issue 30.1) as a member sets it on the back-office screen
 * 'Parcours' and a visitor reads it on /bogenparcours and the home page: a closure of
 * tomorrow with its reason in the opening hours, closed targets with the detour in the
 * notice on top; with and without JavaScript, on a desktop and on a 360 px phone. The tests
 * build on each other.
 */

const WARDEN = { uid: '30300001', password: 'Parcours2026' };
const PHONE = { width: 360, height: 740 };
const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

const { visit } = useSite((site) => createMember(site.databaseFile, { ...WARDEN, groupName: 'Parcoursdienst', permissions: ['parcours_view', 'parcours_update'] }));

/** The club's day `offset` days from today: `YYYY-MM-DD` and as the opening hours name it (`Sa, 28.11.2026`). */
function clubDay(offset: number): { iso: string; label: string } {
  const [year, month, day] = toClubDate(new Date()).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + offset, 12));
  const iso = date.toISOString().slice(0, 10);
  return { iso, label: `${WEEKDAYS[date.getUTCDay()]}, ${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` };
}

const TOMORROW = clubDay(1);
const IN_THREE_DAYS = clubDay(3);

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

async function openParcoursScreen(page: Page): Promise<void> {
  await logIn(page, WARDEN.uid, WARDEN.password);
  // Without dashboard_view the member lands on Meine Daten; the menu leads on.
  await expectPath(page, '/admin/ich');
  await page.goto('/admin/parcours');
  await page.getByRole('heading', { level: 1, name: 'Parcours' }).waitFor();
}

async function fillClosure(page: Page, day: string, reason: string, note: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Erster Tag/).fill(day);
  await dialog.getByLabel(/^Letzter Tag/).fill(day);
  await dialog.getByRole('combobox', { name: /^Grund/ }).click();
  await page.getByRole('option', { name: reason, exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Erläuterung/ }).fill(note);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
}

/** What a visitor sees: the closed day with its reason instead of times, the closed targets and the detour on top. */
async function expectCoursePage(page: Page): Promise<void> {
  await page.goto('/bogenparcours');
  await page.getByRole('heading', { level: 1, name: '3D-Bogenparcours' }).waitFor();
  const hours = page.getByRole('list', { name: 'Öffnungszeiten der nächsten 7 Tage' });
  await hours.getByRole('listitem').filter({ hasText: `${TOMORROW.label} geschlossen (Sturm: umgestürzte Bäume)` }).waitFor();
  expect(await hours.getByRole('listitem').filter({ hasText: new RegExp(`${TOMORROW.label} \\d\\d:\\d\\d`) }).count()).toBe(0);
  await hours.getByRole('listitem').filter({ hasText: `${IN_THREE_DAYS.label} geschlossen (Forstarbeiten)` }).waitFor();
  const notice = page.getByRole('alert').filter({ hasText: 'Teilweise gesperrt' });
  await notice.getByText('Ziele 4 und 12 sind gesperrt.').waitFor();
  await notice.getByText('Umleitung: Von Ziel 3 dem roten Band zu Ziel 5 folgen.').waitFor();
}

describe('the course state on the screen Parcours and on the public pages', () => {
  it('a member enters a closure of tomorrow and closed targets with a detour; a wrong target is refused in German', async () => {
    const { page } = await visit();
    await openParcoursScreen(page);

    await page.getByRole('button', { name: 'Schließung eintragen' }).click();
    await page.getByRole('dialog', { name: 'Schließung eintragen' }).waitFor();
    // 'Sonstiges' needs its words.
    await fillClosure(page, TOMORROW.iso, 'Sonstiges', '');
    await page.getByRole('dialog').getByText('Bei „Sonstiges“ gib bitte den Grund an, er steht auf der Seite des Parcours.').waitFor();
    await fillClosure(page, TOMORROW.iso, 'Sturm', 'umgestürzte Bäume');
    await snackbar(page, 'Schließung eingetragen');
    const closures = page.getByRole('table', { name: 'Schließungen' });
    await closures.getByRole('row').filter({ hasText: 'Sturm' }).filter({ hasText: 'umgestürzte Bäume' }).waitFor();

    const targets = page.getByRole('form', { name: 'Gesperrte Ziele' });
    await targets.getByRole('textbox', { name: 'Gesperrte Ziele' }).fill('4, 40');
    await targets.getByRole('button', { name: 'Speichern' }).click();
    await targets.getByText('Ziel 40 gibt es nicht: Der Parcours hat 28 Ziele.').waitFor();
    await targets.getByRole('textbox', { name: 'Gesperrte Ziele' }).fill('12, 4');
    await targets.getByRole('textbox', { name: 'Umleitung' }).fill('Von Ziel 3 dem roten Band zu Ziel 5 folgen.');
    await targets.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Zustand des Parcours gespeichert');
    await targets.getByText('Zurzeit gesperrt: Ziele 4 und 12.').waitFor();
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('on a 360 px phone the member plans another closure, and the screen fits without sideways scrolling', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await openParcoursScreen(page);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.getByRole('button', { name: 'Schließung eintragen' }).click();
    await fillClosure(page, IN_THREE_DAYS.iso, 'Forstarbeiten', '');
    await snackbar(page, 'Schließung eingetragen');
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });

  it('a visitor sees the closed days with their reasons and the closed targets on the course page and the home page', async () => {
    const { page } = await visit();
    await expectCoursePage(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.goto('/home');
    const course = page.getByRole('region', { name: '3D-Bogenparcours' });
    await course.getByText('Ziele 4 und 12 sind gesperrt.').waitFor();
    await course.getByRole('listitem').filter({ hasText: `${TOMORROW.label} geschlossen (Sturm: umgestürzte Bäume)` }).waitFor();
  });

  it('shows the same as plain HTML to a browser without JavaScript', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await expectCoursePage(page);
  });

  it('shows the same on a 360 px phone without sideways scrolling', async () => {
    const { page } = await visit({ viewport: PHONE, phone: true });
    await expectCoursePage(page);
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    await page.goto('/home');
    await page.getByRole('region', { name: '3D-Bogenparcours' }).getByText('Ziele 4 und 12 sind gesperrt.').waitFor();
    expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
  });
});
