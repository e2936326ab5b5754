import { readFile } from 'node:fs/promises';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { writeAsAdmin } from './support/rest.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID, type Site } from './support/site.ts';

/**
 * The organiser's side of sign-ups (issue 29.1, 29.4) as a member with calendar rights uses
 * it: sign-ups opened in the appointment dialog, fewer places asked about first, the list
 * with bezahlt/anwesend, a move to the waiting list, a cancellation, the CSV download read
 * back, and the print list of 30 names per page; on a desktop and on a 360 px phone. The
 * sign-ups themselves arrive over the REST API, as from the public form.
 */

const PHONE = { width: 360, height: 740 };
const DAY = dayjs().add(1, 'month').date(12);
const BEGIN = `${DAY.format('YYYY-MM-DD')} 10:00:00`;
const MONTH_PATH = `/admin/kalender/${DAY.format('YYYY')}/${DAY.format('MM')}`;
const COURSE = 'Bogen-Schnupperkurs';
const TOURNAMENT = 'Vereinsmeisterschaft Bogen';

const ids: { course: number; tournament: number } = { course: 0, tournament: 0 };

async function appointment(site: Site, name: string): Promise<number> {
  const created = await writeAsAdmin(site, 'POST', '/calendar', {
    name,
    datetime_begin: BEGIN,
    datetime_end: `${DAY.format('YYYY-MM-DD')} 16:00:00`,
    location: 'Bogenplatz',
    visibility: 1,
    description: '',
    notes: '',
    assignment: 1,
    status: 0,
  });
  return created.data!.id;
}

/** 31 archers of a tournament, entered by the organiser (the public form counts sign-ups per network). */
async function tournamentWith31(site: Site): Promise<number> {
  const id = await appointment(site, TOURNAMENT);
  await writeAsAdmin(site, 'PUT', `/registrations/${id}`, {
    places: 40,
    fields: { club: 'optional', custom: [{ label: 'Bogenklasse', type: 'choice', options: ['Recurve', 'Compound', 'Blankbogen'] }] },
  });
  for (let n = 1; n <= 31; n += 1) {
    await writeAsAdmin(site, 'POST', `/registrations/${id}`, { prename: `Archer${n}`, lastname: `Schütze${String(n).padStart(2, '0')}`, email: `a${n}@example.org`, club: 'SV Musterstadt' });
  }
  return id;
}

const session = useSite(async (running) => {
  ids.course = await appointment(running, COURSE);
  ids.tournament = await tournamentWith31(running);
});
const { visit } = session;

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function signUp(name: string): Promise<void> {
  const response = await fetch(`${session.site.baseUrl}/api/public/registrations/${ids.course}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prename: name, lastname: 'Muster', email: `${name.toLowerCase()}@example.org`, answers: {} }),
  });
  if (response.status !== 201) throw new Error(`Anmeldung ${name}: ${response.status} ${await response.text()}`);
}

async function openAppointment(page: Page, name: string): Promise<Locator> {
  await page.goto(MONTH_PATH);
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Termin ansehen' });
  await dialog.waitFor();
  return dialog.getByRole('region', { name: 'Anmeldung' });
}

function table(page: Page, name: 'Teilnehmer' | 'Warteliste'): Locator {
  return page.getByRole('region', { name, exact: true });
}

describe('sign-ups for the organiser', () => {
  for (const device of ['desktop', 'phone'] as const) {
    it(`opens sign-ups in the appointment dialog, asks before fewer places, and works the list (${device})`, async () => {
      const { page } = await visit(device === 'phone' ? { viewport: PHONE, phone: true } : {});
      await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
      await expectPath(page, '/admin/dash');
      let section = await openAppointment(page, COURSE);
      if (device === 'desktop') {
        await section.getByText('Für diesen Termin ist keine Anmeldung geöffnet.').waitFor();
        await section.getByRole('button', { name: 'Anmeldung öffnen' }).click();
        const settings = page.getByRole('dialog', { name: 'Anmeldung öffnen' });
        // Closing defaults to the appointment's start.
        expect(await settings.getByRole('group', { name: 'Anmeldeschluss' }).locator('input').inputValue()).toBe(`${DAY.format('DD.MM.YYYY')} 10:00`);
        await settings.getByRole('spinbutton', { name: 'Plätze', exact: true }).fill('0');
        await settings.getByRole('button', { name: 'Speichern' }).click();
        await settings.getByText('Die Zahl der Plätze muss eine ganze Zahl zwischen 1 und 10000 sein!').waitFor();
        await settings.getByRole('spinbutton', { name: 'Plätze', exact: true }).fill('2');
        await settings.getByRole('button', { name: 'Eigenes Feld hinzufügen' }).click();
        const own = settings.getByRole('group', { name: 'Eigenes Feld 1' });
        await own.getByRole('textbox', { name: 'Bezeichnung' }).fill('Bogenklasse');
        await own.getByRole('textbox', { name: 'Möglichkeiten (eine pro Zeile)' }).fill('Recurve\nBlankbogen');
        // The unsaved-changes guard covers the new fields.
        await settings.getByRole('button', { name: 'Abbrechen' }).click();
        await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Weiter bearbeiten' }).click();
        await expectNoSeriousAccessibilityViolations(page);
        await settings.getByRole('button', { name: 'Speichern' }).click();
        await snackbar(page, 'Anmeldung gespeichert');
        await settings.waitFor({ state: 'hidden' });
        await section.getByRole('link', { name: 'Anmeldungen (0/2)' }).waitFor();
        await signUp('Anna');
        await signUp('Bernd');

        // Fewer places than are taken: the dialog asks with the server's number first.
        section = await openAppointment(page, COURSE);
        await section.getByRole('button', { name: 'Anmeldung bearbeiten' }).click();
        const editing = page.getByRole('dialog', { name: 'Anmeldung bearbeiten' });
        await editing.getByRole('spinbutton', { name: 'Plätze', exact: true }).fill('1');
        await editing.getByRole('button', { name: 'Speichern' }).click();
        const question = page.getByRole('dialog', { name: 'Weniger Plätze?' });
        await question.getByText('Bei 1 Platz rückt 1 Anmeldung auf die Warteliste. Bitte bestätige die Änderung.').waitFor();
        await question.getByRole('button', { name: 'Ja' }).click();
        await snackbar(page, 'Anmeldung gespeichert');
        await editing.waitFor({ state: 'hidden' });
      }
      section = await openAppointment(page, COURSE);
      if (device === 'phone') {
        // The settings fit a phone: every field, the pickers and the own fields, without sideways scrolling.
        await section.getByRole('button', { name: 'Anmeldung bearbeiten' }).click();
        const editing = page.getByRole('dialog', { name: 'Anmeldung bearbeiten' });
        await editing.getByRole('group', { name: 'Eigenes Feld 1' }).waitFor();
        expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
        await editing.getByRole('button', { name: 'Abbrechen' }).click();
        await editing.waitFor({ state: 'hidden' });
      }
      await section.getByRole('link', { name: /^Anmeldungen \(\d\/1\)$/ }).click();
      await page.getByRole('heading', { level: 1, name: `Anmeldungen: ${COURSE}` }).waitFor();
      if (device === 'phone') expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);

      if (device === 'desktop') {
        await table(page, 'Teilnehmer').getByText('Muster, Anna').waitFor();
        await table(page, 'Warteliste').getByText('Muster, Bernd').waitFor();
        // The box shows what the server saved: ticked once the answer is there.
        await page.getByRole('checkbox', { name: 'Muster, Anna bezahlt' }).click();
        await snackbar(page, 'Anmeldung gespeichert');
        await expect.poll(() => page.getByRole('checkbox', { name: 'Muster, Anna bezahlt' }).isChecked()).toBe(true);
        await page.getByRole('checkbox', { name: 'Muster, Anna anwesend' }).click();
        await expect.poll(() => page.getByRole('checkbox', { name: 'Muster, Anna anwesend' }).isChecked()).toBe(true);
        expect(await page.getByRole('checkbox', { name: 'Muster, Anna bezahlt' }).isChecked()).toBe(true);
        await expectNoSeriousAccessibilityViolations(page);

        // Anna to the waiting list: Bernd moves up to the place she left.
        await page.getByRole('button', { name: 'Muster, Anna auf die Warteliste' }).click();
        await table(page, 'Teilnehmer').getByText('Muster, Bernd').waitFor();
        await table(page, 'Warteliste').getByText('Muster, Anna').waitFor();

        // The CSV, read back: UTF-8 with BOM, every field.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV exportieren', exact: true }).click()]);
        expect(download.suggestedFilename()).toBe(`anmeldungen-${ids.course}-${DAY.format('YYYY-MM-DD')}.csv`);
        const csv = await readFile((await download.path()), 'utf8');
        expect(csv.charCodeAt(0)).toBe(0xfeff);
        expect(csv).toContain('Bogenklasse');
        expect(csv).toMatch(/Platz.*Muster.*Bernd/);
        expect(csv).toMatch(/Warteliste.*Muster.*Anna/);
        await snackbar(page, 'Anmeldeliste heruntergeladen');
        const [ianseo] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ianseo-CSV exportieren' }).click()]);
        expect(ianseo.suggestedFilename()).toBe(`anmeldungen-${ids.course}-${DAY.format('YYYY-MM-DD')}-ianseo.csv`);
        expect(await readFile((await ianseo.path()), 'utf8')).toContain('Muster');
      }

      // Cancelling asks first; the place goes to the waiting list.
      const who = device === 'desktop' ? 'Bernd' : 'Anna';
      await page.getByRole('button', { name: `Muster, ${who} stornieren` }).click();
      const confirm = page.getByRole('dialog', { name: 'Anmeldung stornieren?' });
      await confirm.getByText(`Soll die Anmeldung von ${who} Muster wirklich storniert werden?`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Ja' }).click();
      await snackbar(page, 'Anmeldung storniert');
      await page.getByText(/^Storniert: Anmeldung/).waitFor();
    });
  }

  for (const device of ['desktop', 'phone'] as const) {
    it(`prints 31 names on two A4 pages with a check-in column (${device})`, async () => {
      const { page } = await visit(device === 'phone' ? { viewport: PHONE, phone: true } : {});
      await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
      await expectPath(page, '/admin/dash');
      await page.goto(`/admin/kalender/anmeldungen/${ids.tournament}`);
      await page.getByRole('heading', { level: 1, name: `Anmeldungen: ${TOURNAMENT}` }).waitFor();
      await page.getByText('31 von 40 Plätzen vergeben').waitFor();
      await page.getByRole('link', { name: 'Druckliste' }).click();
      await page.getByRole('button', { name: 'Drucken' }).waitFor();
      const pages = page.locator('.print-page');
      expect(await pages.count()).toBe(2);
      expect(await pages.nth(0).locator('tbody tr').count()).toBe(30);
      expect(await pages.nth(1).locator('tbody tr').count()).toBe(1);
      await pages.nth(0).getByRole('columnheader', { name: 'Anwesend ✓' }).waitFor();
      await page.getByRole('region', { name: 'Seite 2 von 2' }).getByText('Schütze31, Archer31').waitFor();
      // Printed, only the list shows and each block breaks to a page of its own.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Drucken' }).isVisible()).toBe(false);
      expect(await pages.nth(0).evaluate((element) => getComputedStyle(element).breakAfter)).toBe('page');
      await page.emulateMedia({ media: 'screen' });
      if (device === 'phone') expect(await sidewaysProblems(page, PHONE.width)).toEqual([]);
    });
  }
  it('adds a participant by hand, edits, counts per choice, sorts, searches, writes a mail and closes sign-ups (desktop)', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto(`/admin/kalender/anmeldungen/${ids.tournament}`);
    const counts = page.getByRole('region', { name: 'Zahlen je Auswahl' });
    await counts.getByText('Recurve: 0 · Compound: 0 · Blankbogen: 0').waitFor();

    // A phone call: the organiser enters the archer with a bow class.
    await page.getByRole('button', { name: 'Teilnehmer eintragen' }).click();
    const adding = page.getByRole('dialog', { name: 'Teilnehmer eintragen' });
    await adding.getByRole('button', { name: 'Speichern' }).click();
    await adding.getByText('Der Vorname darf nicht leer gelassen werden!').waitFor();
    await adding.getByRole('textbox', { name: 'Vorname' }).fill('Zoe');
    await adding.getByRole('textbox', { name: 'Nachname' }).fill('Ahrens');
    await adding.getByRole('textbox', { name: 'E-Mail' }).fill('zoe@example.org');
    await adding.getByRole('combobox', { name: 'Bogenklasse' }).click();
    await page.getByRole('option', { name: 'Compound' }).click();
    await adding.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Teilnehmer eingetragen');
    await adding.waitFor({ state: 'hidden' });
    await counts.getByText('Recurve: 0 · Compound: 1 · Blankbogen: 0').waitFor();
    await page.getByText('32 von 40 Plätzen vergeben').waitFor();

    // Sorted by name she comes first; by arrival, the first sign-up does.
    const participants = table(page, 'Teilnehmer');
    const firstRow = participants.getByRole('row').nth(1);
    await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
    await page.getByRole('option', { name: 'Name' }).click();
    await firstRow.getByText('Ahrens, Zoe').waitFor();
    await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
    await page.getByRole('option', { name: 'Eingang' }).click();
    await firstRow.getByText('Schütze01, Archer1').waitFor();
    await participants.getByRole('searchbox', { name: 'Suche' }).fill('Ahrens');
    await expect.poll(() => participants.getByRole('row').count()).toBe(2);

    // Edited: another bow class, counted at once.
    await page.getByRole('button', { name: 'Ahrens, Zoe bearbeiten' }).click();
    const editing = page.getByRole('dialog', { name: 'Anmeldung bearbeiten' });
    expect(await editing.getByRole('textbox', { name: 'Vorname' }).inputValue()).toBe('Zoe');
    await editing.getByRole('combobox', { name: 'Bogenklasse' }).click();
    await page.getByRole('option', { name: 'Recurve' }).click();
    await editing.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Anmeldung gespeichert');
    await counts.getByText('Recurve: 1 · Compound: 0 · Blankbogen: 0').waitFor();

    // A mail to all participants, through the outbox.
    await page.getByRole('button', { name: 'Mail schreiben' }).click();
    const mail = page.getByRole('dialog', { name: 'Mail an die Angemeldeten' });
    await mail.getByRole('button', { name: 'Senden' }).click();
    await mail.getByText('Der Betreff darf nicht leer gelassen werden!').waitFor();
    await mail.getByRole('textbox', { name: 'Betreff' }).fill('Startzeiten');
    await mail.getByRole('textbox', { name: 'Text' }).fill('Die Scheibenvergabe beginnt um 8:30 Uhr.');
    await mail.getByRole('button', { name: 'Senden' }).click();
    await snackbar(page, '32 Mails werden gesendet');
    await mail.waitFor({ state: 'hidden' });

    // Closing sign-ups asks first and deletes every sign-up.
    await page.goto(MONTH_PATH);
    await page.getByRole('button', { name: new RegExp(`^${TOURNAMENT}`) }).first().click();
    const section = page.getByRole('dialog', { name: 'Termin ansehen' }).getByRole('region', { name: 'Anmeldung' });
    await section.getByRole('link', { name: 'Anmeldungen (32/40)' }).waitFor();
    await section.getByRole('button', { name: 'Anmeldung schließen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Anmeldung schließen?' });
    await confirm.getByText(`Soll die Anmeldung zu „${TOURNAMENT}“ geschlossen werden? Alle Anmeldungen und ihre Daten werden gelöscht.`).waitFor();
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Anmeldung geschlossen und alle Anmeldungen gelöscht');
    await section.getByRole('button', { name: 'Anmeldung öffnen' }).waitFor();
  });
});
