import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/de';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems, smallTouchTargets } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Appointment series (issue 19, point 1) as an administrator keeps them: a weekly training
 * evening made once, one evening changed on its own, one cancelled and taken back, the
 * rule changed from an evening on, and the same dialog on a phone. The tests build on each other.
 */

const { visit } = useSite();

/** A Tuesday at least a week ahead, 18:30. */
function firstTuesday(): Dayjs {
  let day = dayjs().add(7, 'day').hour(18).minute(30).second(0).millisecond(0);
  while (day.day() !== 2) day = day.add(1, 'day');
  return day;
}
const FIRST = firstTuesday();
const EVENINGS = Array.from({ length: 6 }, (_, index) => FIRST.add(index, 'week'));
const TITLE = 'Training Luftgewehr';

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true });
}

async function typeInto(page: Page, group: Locator, value: string): Promise<void> {
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value.replace(/\D/g, ''));
}

function monthPath(day: Dayjs): string {
  return `/admin/kalender/${day.format('YYYY')}/${day.format('MM')}`;
}

/** The entries of /termine with the training's title. */
function publicEntries(page: Page): Locator {
  return page.locator('li.appointment').filter({ has: page.getByRole('heading', { level: 3, name: TITLE, exact: true }) });
}

/** An evening as /termine writes it: `Di, 01.12.2026, 18:30–21:00`. */
function eveningText(day: Dayjs): string {
  return `Di, ${day.format('DD.MM.YYYY')}, 18:30–21:00`;
}

/** The evening's entry in the month grid. */
async function evening(page: Page, day: Dayjs): Promise<Locator> {
  await page.goto(monthPath(day));
  const cell = page.locator(`td[data-day="${day.format('YYYY-MM-DD')}"]`);
  await cell.waitFor();
  return cell.getByRole('button', { name: new RegExp(`\\(`) }).first();
}

describe('appointment series', () => {
  it('makes a weekly training evening once: six Tuesdays in the grid and on /termine', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto(monthPath(FIRST));
    await page.getByRole('button', { name: 'Termin anlegen' }).click();
    const form = dialog(page, 'Termin anlegen');
    await form.getByLabel('Titel').fill(TITLE);
    await typeInto(page, form.getByRole('group', { name: 'Beginn' }), FIRST.format('DD.MM.YYYY HH:mm'));
    await typeInto(page, form.getByRole('group', { name: 'Ende' }), FIRST.hour(21).minute(0).format('DD.MM.YYYY HH:mm'));
    await form.getByLabel('Ort').fill('Schützenhaus');
    await form.getByRole('combobox', { name: 'Gruppe' }).click();
    await page.getByRole('option', { name: 'Administratoren' }).click();
    await form.getByRole('switch', { name: 'Öffentlich auf der Terminseite' }).check();

    await form.getByRole('combobox', { name: 'Wiederholung' }).click();
    await page.getByRole('option', { name: 'Wöchentlich' }).click();
    // The begin's weekday is chosen already.
    expect(await form.getByRole('button', { name: 'Dienstag' }).getAttribute('aria-pressed')).toBe('true');
    // A rule that does not fit the first evening is refused in German before anything is sent.
    await form.getByRole('button', { name: 'Dienstag' }).click();
    await form.getByRole('button', { name: 'Mittwoch' }).click();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Der erste Termin muss auf einem der gewählten Wochentage liegen.').waitFor();
    await form.getByRole('button', { name: 'Mittwoch' }).click();
    await form.getByRole('button', { name: 'Dienstag' }).click();
    await form.getByRole('radio', { name: 'nach einer Zahl von Terminen' }).check();
    await form.getByLabel('Anzahl der Termine').fill('6');
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Terminserie mit 6 Terminen angelegt');
    await form.waitFor({ state: 'hidden' });

    for (const day of EVENINGS) {
      const entry = await evening(page, day);
      expect(await entry.getAttribute('aria-label')).toBe(`${TITLE} (Neu)`);
    }
    // On /termine the six evenings are one entry with the rhythm, opening to all of them (issue 26).
    await page.goto('/termine');
    const entries = publicEntries(page);
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    expect(await entries.locator('.appointment-when').innerText()).toBe(`jeden Dienstag, 18:30–21:00 · nächste: ${EVENINGS.slice(0, 3).map((day) => day.format('DD.MM.')).join(', ')}`);
    await entries.locator('summary').filter({ hasText: 'Alle 6 Termine' }).click();
    expect(await entries.locator('.appointment-dates li').allInnerTexts()).toEqual(EVENINGS.map(eveningText));
  });

  it("changes one evening alone after 'Nur diesen Termin', and says so when it is opened again", async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await (await evening(page, EVENINGS[2]!)).click();
    const view = dialog(page, 'Termin ansehen');
    expect(await view.getByRole('combobox', { name: 'Wiederholung' }).innerText()).toBe('Wöchentlich');
    await view.getByRole('button', { name: 'Bearbeiten' }).click();
    const form = dialog(page, 'Termin bearbeiten');
    await form.getByLabel('Ort').fill('Vereinsheim');
    await form.getByRole('button', { name: 'Speichern' }).click();
    const question = dialog(page, 'Termin der Serie speichern');
    await question.getByRole('radio', { name: 'Nur diesen Termin' }).check();
    await expectNoSeriousAccessibilityViolations(page);
    await question.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Termin gespeichert');

    await (await evening(page, EVENINGS[2]!)).click();
    const again = dialog(page, 'Termin ansehen');
    await again.getByText('Dieser Termin der Serie wurde einzeln geändert').waitFor();
    expect(await again.getByLabel('Ort').inputValue()).toBe('Vereinsheim');
    await again.getByRole('button', { name: 'Schließen' }).click();
    await again.waitFor({ state: 'hidden' });
    // The next evening stayed as the series has it.
    await (await evening(page, EVENINGS[3]!)).click();
    expect(await dialog(page, 'Termin ansehen').getByLabel('Ort').inputValue()).toBe('Schützenhaus');
  });

  it('cancels one evening (it stays in the back office as cancelled, leaves /termine) and takes the cancellation back', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await (await evening(page, EVENINGS[1]!)).click();
    const view = dialog(page, 'Termin ansehen');
    await view.getByRole('button', { name: 'Löschen' }).click();
    const question = dialog(page, 'Termin der Serie löschen');
    expect(await question.getByRole('radio', { name: /^Nur diesen Termin/ }).isChecked()).toBe(true);
    await question.getByRole('button', { name: 'Löschen' }).click();
    await snackbar(page, 'Termin abgesagt');

    const cancelled = await evening(page, EVENINGS[1]!);
    expect(await cancelled.getAttribute('aria-label')).toBe(`${TITLE} (entfällt)`);
    // /termine: the cancelled evening is gone, the changed one (Vereinsheim) is an entry of its own.
    await page.goto('/termine');
    const entries = publicEntries(page);
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    const series = entries.filter({ has: page.locator('.appointment-dates') });
    await series.locator('summary').filter({ hasText: 'Alle 4 Termine' }).click();
    expect(await series.locator('.appointment-dates li').allInnerTexts()).toEqual([EVENINGS[0]!, EVENINGS[3]!, EVENINGS[4]!, EVENINGS[5]!].map(eveningText));
    const changed = entries.filter({ hasNot: page.locator('.appointment-dates') });
    expect(await changed.locator('.appointment-when').innerText()).toBe(eveningText(EVENINGS[2]!));
    expect(await changed.locator('.appointment-location').innerText()).toBe('Ort: Vereinsheim');

    await (await evening(page, EVENINGS[1]!)).click();
    const opened = dialog(page, 'Termin ansehen');
    await opened.getByText('Dieser Termin der Serie entfällt.').waitFor();
    expect(await opened.getByRole('button', { name: 'Bearbeiten' }).count()).toBe(0);
    await opened.getByRole('button', { name: 'Absage zurücknehmen' }).click();
    await snackbar(page, 'Absage zurückgenommen');
    expect(await (await evening(page, EVENINGS[1]!)).getAttribute('aria-label')).toBe(`${TITLE} (Neu)`);
  });

  it("changes the rule from an evening on: 'Nur diesen Termin' is not offered, and the later evenings move to Thursday", async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await (await evening(page, EVENINGS[4]!)).click();
    await dialog(page, 'Termin ansehen').getByRole('button', { name: 'Bearbeiten' }).click();
    const form = dialog(page, 'Termin bearbeiten');
    const thursday = EVENINGS[4]!.add(2, 'day');
    await typeInto(page, form.getByRole('group', { name: 'Beginn' }), thursday.format('DD.MM.YYYY HH:mm'));
    await typeInto(page, form.getByRole('group', { name: 'Ende' }), thursday.hour(21).minute(0).format('DD.MM.YYYY HH:mm'));
    expect(await form.getByRole('button', { name: 'Donnerstag' }).getAttribute('aria-pressed')).toBe('true');
    await form.getByRole('button', { name: 'Speichern' }).click();
    const question = dialog(page, 'Termin der Serie speichern');
    expect(await question.getByRole('radio', { name: 'Nur diesen Termin' }).isDisabled()).toBe(true);
    expect(await question.getByRole('radio', { name: 'Diesen und alle folgenden' }).isChecked()).toBe(true);
    await question.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Termin gespeichert');
    for (const day of [thursday, thursday.add(1, 'week')]) expect(await (await evening(page, day)).getAttribute('aria-label')).toBe(`${TITLE} (Neu)`);
    await page.goto(monthPath(EVENINGS[5]!));
    await page.locator(`td[data-day="${EVENINGS[5]!.format('YYYY-MM-DD')}"]`).waitFor();
    expect(await page.locator(`td[data-day="${EVENINGS[5]!.format('YYYY-MM-DD')}"]`).getByRole('button', { name: /\(/ }).count()).toBe(0);
  });

  it("fills the roster for the series in one step ('Dienste für Serie anlegen') and marks a cancelled evening's entry", async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto('/admin/standaufsicht_bewirtung');
    await page.getByRole('button', { name: 'Dienste für Serie anlegen' }).click();
    const form = dialog(page, 'Dienste für Serie anlegen');
    await form.getByRole('combobox', { name: 'Terminserie' }).click();
    // The first series ends the day before the evening the rule was changed from.
    // By title, rhythm, time and its range, once (issue 28.5).
    await page
      .getByRole('option', { name: new RegExp(`^${TITLE} – jeden Dienstag, \\d\\d:\\d\\d–\\d\\d:\\d\\d, ${EVENINGS[0]!.format('DD\\.MM\\.YYYY')} bis ${EVENINGS[3]!.format('DD\\.MM\\.YYYY')}$`) })
      .click();
    expect(await form.getByRole('group', { name: 'Von' }).locator('input').inputValue()).toBe(EVENINGS[0]!.format('DD.MM.YYYY'));
    expect(await form.getByRole('group', { name: 'Bis' }).locator('input').inputValue()).toBe(EVENINGS[3]!.format('DD.MM.YYYY'));
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Dienste anlegen' }).click();
    await snackbar(page, '4 Dienste angelegt');
    for (const day of EVENINGS.slice(0, 4)) {
      const row = page.getByRole('form', { name: `Eintrag vom ${day.format('DD.MM.YYYY')}` });
      await row.waitFor();
      expect(await row.getByRole('combobox', { name: 'Standaufsicht' }).inputValue()).toBe('ungeklärt');
    }

    // The third evening is cancelled in the calendar: its roster entry says so.
    await (await evening(page, EVENINGS[2]!)).click();
    await dialog(page, 'Termin ansehen').getByRole('button', { name: 'Löschen' }).click();
    await dialog(page, 'Termin der Serie löschen').getByRole('button', { name: 'Löschen' }).click();
    await snackbar(page, 'Termin abgesagt');
    await page.goto('/admin/standaufsicht_bewirtung');
    const row = page.getByRole('form', { name: `Eintrag vom ${EVENINGS[2]!.format('DD.MM.YYYY')}` });
    await row.getByText('entfällt - siehe Kalender').waitFor();
    await row.getByRole('link', { name: 'Termine im Kalender' }).click();
    await expectPath(page, monthPath(EVENINGS[2]!));
  });

  it('works on a phone: the agenda names the series, the dialog with its repetition fits 360 px', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto(monthPath(FIRST));
    const agenda = page.getByRole('list', { name: `Termine ${FIRST.locale('de').format('MMMM YYYY')}` });
    await agenda.waitFor();
    const entry = agenda.getByRole('button', { name: new RegExp(`^${TITLE} Beginn: ${FIRST.format('DD.MM.YYYY')}`) });
    // Split in the test before: the first series ends the day before the fifth evening.
    expect(await entry.innerText()).toContain(`Serie: jeden Dienstag, bis ${EVENINGS[4]!.subtract(1, 'day').format('DD.MM.YYYY')}`);
    await entry.tap();
    const view = dialog(page, 'Termin ansehen');
    await view.getByRole('button', { name: 'Bearbeiten' }).tap();
    const form = dialog(page, 'Termin bearbeiten');
    await form.getByRole('button', { name: 'Mittwoch' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysProblems(page, 360)).toEqual([]);
    expect(await smallTouchTargets(page)).toEqual([]);
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Speichern' }).tap();
    const question = dialog(page, 'Termin der Serie speichern');
    await question.getByRole('radio', { name: 'Diesen und alle folgenden' }).waitFor();
    // Its opening transition is over when its buttons stand still.
    await page.waitForTimeout(400);
    expect(await sidewaysProblems(page, 360)).toEqual([]);
    expect(await smallTouchTargets(page)).toEqual([]);
    await question.getByRole('button', { name: 'Abbrechen' }).tap();
    await question.waitFor({ state: 'hidden' });
  });
});
