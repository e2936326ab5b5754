import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The club data in the dashboard (issue 18) as an administrator keeps it and visitors see
 * it: the checklist of what is missing, the panel 'Vereinsdaten', the About, Impressum and
 * contact pages. The tests build on each other.
 */

const VIEWER = { uid: '40000011', password: 'Ansehen2026' };
const HISTORY = 'Gegründet 1921 von zwölf Schützen.\n\nSeit 1985 mit eigener Bogenabteilung.';
const REGISTER = 'Vereinsregister des Amtsgerichts Musterstadt, VR 4711';

const { visit } = useSite(async (site) => {
  await createMember(site.databaseFile, { ...VIEWER, groupName: 'Dashboard ansehen', permissions: ['dashboard_view'] });
});

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

function clubForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Vereinsdaten', exact: true });
}

function field(form: Locator, label: string): Locator {
  return form.getByRole('textbox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`) });
}

function checklist(page: Page): Locator {
  return page.getByRole('region', { name: 'Noch einzurichten' });
}

async function saveClubData(page: Page): Promise<void> {
  await clubForm(page).getByRole('button', { name: 'Speichern' }).click();
  await snackbar(page, 'Vereinsdaten gespeichert');
}

describe('club data in the dashboard', () => {
  it('lists what the installation lacks, links to the panel, and forgets a point once it is saved', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    const list = checklist(page);
    await list.waitFor();
    // The e2e site has the example coordinates, no mail server and plain http.
    await list.getByText('In den Vereinsdaten fehlen noch die Koordinaten des Bogenparcours (noch die Beispielwerte).').waitFor();
    await list.getByText(/Es ist kein Mailserver eingerichtet \(SMTP_URL\)/).waitFor();
    await list.getByText(/beginnt nicht mit https:\/\//).waitFor();
    await list.getByText(/Mitglied der Gruppe Administratoren meldet sich noch ohne zweiten Faktor an/).waitFor();
    // The server's environment is the operators' business: the manual the site serves says how.
    expect(await list.getByRole('link', { name: 'Handbuch „Betrieb“, Abschnitt „Konfiguration“' }).getAttribute('href')).toBe('/hilfe/betrieb.html#konfiguration');

    await list.getByRole('link', { name: 'Zu „Vereinsdaten“' }).click();
    const form = clubForm(page);
    await form.waitFor();
    expect(new URL(page.url()).hash).toBe('#vereinsdaten');
    // The checklist and the open panel with its labelled fields pass axe.
    await expectNoSeriousAccessibilityViolations(page);

    // Wrong values are refused under their fields, in German, before anything is sent.
    await field(form, 'Bogenparcours: Breite').fill('95');
    await field(form, 'Postleitzahl').fill('1234');
    await field(form, 'Instagram').fill('www.instagram.com/verein');
    // The bank account (issue 30.5): one digit wrong is caught by the check digits.
    await field(form, 'IBAN').fill('DE02 1203 0000 0000 2020 52');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Die IBAN ist ungültig (Prüfziffer stimmt nicht).').waitFor();
    await form.getByText('Die Breite des Bogenparcours muss zwischen -90 und 90 liegen!').waitFor();
    await form.getByText('Die Postleitzahl muss aus genau 5 Ziffern bestehen!').waitFor();
    await form
      .getByText('Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.')
      .waitFor();

    await field(form, 'Bogenparcours: Breite').fill('50,5521');
    await field(form, 'Postleitzahl').fill('12345');
    await field(form, 'Instagram').fill('https://www.instagram.com/verein/');
    await field(form, 'IBAN').fill('de02120300000000202051');
    await field(form, 'Name des Vereins').fill('Schützenverein Musterstadt 1921 e. V.');
    await field(form, 'Geschichte (Über uns)').fill(HISTORY);
    await field(form, 'Registereintrag').fill(REGISTER);
    await saveClubData(page);

    // The point is done: gone from the list, the others stay.
    await list.getByText(/In den Vereinsdaten fehlen/).waitFor({ state: 'detached' });
    await list.getByText(/Es ist kein Mailserver eingerichtet/).waitFor();
    // What was saved is what the panel shows after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Vereinsdaten', exact: true }).waitFor();
    expect(await field(clubForm(page), 'Bogenparcours: Breite').inputValue()).toBe('50,5521');
    expect(await field(clubForm(page), 'IBAN').inputValue()).toBe('DE02 1203 0000 0000 2020 51');
    expect(await field(clubForm(page), 'Aufbewahrung des Parcoursbuchs (Monate)').inputValue()).toBe('12');
  });

  it('shows the saved data on the public pages at once', async () => {
    const { page } = await visit();
    await page.goto('/about');
    await page.getByText('Gegründet 1921 von zwölf Schützen.').waitFor();
    await page.getByText('Seit 1985 mit eigener Bogenabteilung.').waitFor();
    expect(await page.getByText(/Unser Verein wurde von einer kleinen Gruppe/).count()).toBe(0);
    await page.goto('/impressum');
    await page.getByText(REGISTER).waitFor();
    await page.getByText('Der Verein wird durch seinen Vorstand vertreten.').waitFor();
    expect(await page.locator('body').innerText()).toContain('Schützenverein Musterstadt 1921 e. V.');
    // The IBAN stays in the back office: not on the Impressum, not in its page source.
    expect(await page.content()).not.toContain('202051');
  });

  it('offers only recipients with an address, and no form without any', async () => {
    const admin = await visit();
    await logIn(admin.page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(admin.page, '/admin/dash');
    await admin.page.getByRole('button', { name: 'Vereinsdaten', exact: true }).click();
    const form = clubForm(admin.page);
    for (const recipient of ['Info', 'Vorstand', 'LG/LP', 'Blasrohr', 'Webmaster']) await field(form, `Kontaktformular: ${recipient}`).fill('');
    await saveClubData(admin.page);

    const { page } = await visit();
    await page.goto('/kontakt');
    await page.getByRole('button', { name: 'Nachricht schreiben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nachricht senden' });
    await dialog.getByRole('combobox', { name: 'Adressat' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Bogen']);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();

    await field(form, 'Kontaktformular: Bogen').fill('');
    await saveClubData(admin.page);
    await checklist(admin.page).getByText(/Für keinen Adressaten des Kontaktformulars ist eine E-Mail-Adresse eingetragen/).waitFor();

    await page.goto('/kontakt');
    await page.getByText('Über das Kontaktformular können derzeit noch keine Nachrichten gesendet werden.').waitFor();
    await page.getByText(/Du erreichst uns unter der Anschrift Schützenverein Musterstadt 1921 e\. V\., Am Schießstand 1, 12345 Musterstadt oder telefonisch unter/).waitFor();
    expect(await page.getByRole('button', { name: 'Nachricht schreiben' }).count()).toBe(0);
  });

  it('shows members with dashboard_view alone the data read-only, without the checklist', async () => {
    const { page } = await visit();
    await logIn(page, VIEWER.uid, VIEWER.password);
    await expectPath(page, '/admin/dash');
    await page.getByRole('button', { name: 'Vereinsdaten', exact: true }).click();
    const form = clubForm(page);
    await form.getByText('Du kannst diese Texte ansehen, aber zum Ändern fehlt dir die Berechtigung.').waitFor();
    const name = field(form, 'Name des Vereins');
    expect(await name.inputValue()).toBe('Schützenverein Musterstadt 1921 e. V.');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await form.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    expect(await checklist(page).count()).toBe(0);
  });
});
