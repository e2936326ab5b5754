import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_LABEL, adminMenuEntries, expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The members screens of the back office (SPEC §2, §5, §6, §8) as an administrator and a
 * new member use them. The tests build on each other: the administrator creates the group
 * and the member that the later tests log in with, look up in the log and delete.
 */

const GROUP = 'Kalenderteam';
const MEMBER = { prename: 'Max', lastname: 'Mustermann', uid: '30000001', password: 'Sicher2026', newPassword: 'Neuer2026Zugang' };
const WEAK_PASSWORD_MESSAGE =
  'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!';

const session = useSite();
const { visit } = session;

/** Logs in with a plain HTTP request, as another device would; returns its session cookie. */
async function loginElsewhere(uid: string, password: string): Promise<string> {
  const response = await fetch(`${session.site.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uid, password }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sv_session='));
  if (!response.ok || !cookie) throw new Error(`Anmeldung fehlgeschlagen: ${response.status}`);
  return cookie.split(';')[0]!;
}

async function statusOfMe(cookie: string): Promise<number> {
  return (await fetch(`${session.site.baseUrl}/api/me`, { headers: { cookie } })).status;
}

/** Waits for the snackbar with exactly this text. */
async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
}

async function openScreen(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

function tableRow(page: Page, table: string, text: string): Locator {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

describe('members in the back office', () => {
  it('lets the administrator create a group and a member, then find and edit the member', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');

    // Gruppen: the protected group 1 offers neither edit nor delete.
    await openScreen(page, 'Gruppen');
    const admins = tableRow(page, 'Gruppen', 'Administratoren');
    await admins.getByRole('img', { name: 'Log: Löschen' }).waitFor();
    expect(await admins.getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Gruppe anlegen' });
    await groupDialog.getByRole('button', { name: 'Speichern' }).click();
    await groupDialog.getByText('Der Gruppenname darf nicht leer gelassen werden!').waitFor();
    await groupDialog.getByLabel('Name').fill(GROUP);
    await groupDialog.getByRole('checkbox', { name: 'Kalender: Ansehen' }).check();
    await groupDialog.getByRole('checkbox', { name: 'Benutzer: Ansehen' }).check();
    await groupDialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Gruppe angelegt');
    await groupDialog.waitFor({ state: 'detached' });
    const group = tableRow(page, 'Gruppen', GROUP);
    await group.getByRole('img', { name: 'Kalender: Ansehen' }).waitFor();
    await group.getByRole('img', { name: 'Benutzer: Ansehen' }).waitFor();
    expect(await group.getByRole('img').count()).toBe(2);

    // Benutzer: the dialog explains what is wrong before and after the server was asked.
    await openScreen(page, 'Benutzer');
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await userDialog.getByLabel('Vorname').fill(MEMBER.prename);
    await userDialog.getByLabel('Nachname').fill(MEMBER.lastname);
    await userDialog.getByLabel('Schützennummer').fill(ADMIN_UID);
    await userDialog.getByLabel(PASSWORD_LABEL).fill('geheim');
    await userDialog.getByLabel('E-Mail').fill('max.mustermann@');
    await userDialog.getByRole('button', { name: 'Speichern' }).click();
    await userDialog.getByText('Die Email-Adresse ist nicht gültig!').waitFor();
    await userDialog.getByText(WEAK_PASSWORD_MESSAGE).waitFor();

    await userDialog.getByLabel('E-Mail').fill('max.mustermann@example.org');
    await userDialog.getByLabel(PASSWORD_LABEL).fill(MEMBER.password);
    expect(await userDialog.getByText('Die Email-Adresse ist nicht gültig!').count()).toBe(0);
    await userDialog.getByLabel('Gruppen').click();
    await page.getByRole('option', { name: GROUP }).click();
    await userDialog.getByRole('button', { name: 'Speichern' }).click();
    // The server refuses the shooter number of user 1; its message shows under the field.
    await snackbar(page, 'Fehler beim Anlegen des Nutzers: Die Schützennummer ist bereits vergeben!');
    await userDialog.getByText('Die Schützennummer ist bereits vergeben!', { exact: true }).waitFor();

    await userDialog.getByLabel('Schützennummer').fill(MEMBER.uid);
    expect(await userDialog.getByText('Die Schützennummer ist bereits vergeben!', { exact: true }).count()).toBe(0);
    await userDialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Benutzer angelegt');
    await userDialog.waitFor({ state: 'detached' });

    // Search, then every row on one page.
    await page.getByLabel('Suche').fill('Mustermann');
    const users = page.getByRole('table', { name: 'Benutzer' });
    await expect.poll(() => users.getByRole('row').count()).toBe(2);
    await page.getByRole('combobox', { name: /Einträge pro Seite/ }).click();
    await page.getByRole('option', { name: 'Alle' }).click();
    const member = tableRow(page, 'Benutzer', MEMBER.uid);
    await member.getByText(GROUP).waitFor();

    await member.getByRole('button', { name: 'Bearbeiten' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Benutzer bearbeiten' });
    expect(await editDialog.getByLabel('Vorname').inputValue()).toBe(MEMBER.prename);
    await editDialog.getByText('Leer lassen, um das bisherige Passwort zu behalten.').waitFor();
    await editDialog.getByLabel('Telefon').fill('06151 123456');
    await editDialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Benutzer gespeichert');
    await member.getByText('06151 123456').waitFor();

    // User 1 cannot be edited or deleted.
    await page.getByLabel('Suche').fill(ADMIN_UID);
    const admin = tableRow(page, 'Benutzer', ADMIN_UID);
    await admin.waitFor();
    expect(await admin.getByRole('button').count()).toBe(0);
  });

  it('shows the new member only what the group allows and lets them save Meine Daten', async () => {
    const { page } = await visit();
    await logIn(page, MEMBER.uid, MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.getByRole('heading', { level: 1, name: 'Meine Daten' }).waitFor();
    expect(await adminMenuEntries(page)).toEqual(['Kalender', 'Benutzer', 'Meine Daten', 'Logout']);

    const form = page.getByRole('form', { name: 'Meine Daten' });
    expect(await form.getByLabel('Vorname').inputValue()).toBe(MEMBER.prename);
    expect(await form.getByLabel('Schützennummer').inputValue()).toBe(MEMBER.uid);
    // Without users_update and groups_view the groups are only shown.
    expect(await form.getByLabel('Gruppen').isDisabled()).toBe(true);
    await form.getByText(GROUP).waitFor();
    // SPEC §2: the social links of Meine Daten carry the disclaimer as a tooltip.
    await page.getByRole('link', { name: 'Instagram (externer Link)' }).hover();
    await page.getByRole('tooltip', { name: 'Externer Link: Für die Inhalte der verlinkten Seiten sind ausschließlich deren Betreiber verantwortlich.' }).waitFor();

    // A new e-mail address (or password, or shooter number) needs the current password:
    // its field appears with the first changed character and goes when the change is undone.
    const currentPassword = form.getByLabel('Aktuelles Passwort');
    const storedEmail = await form.getByLabel('E-Mail').inputValue();
    await form.getByLabel('Telefon').fill('0711 4711');
    expect(await currentPassword.count()).toBe(0);
    await form.getByLabel('E-Mail').fill('max@');
    await currentPassword.waitFor();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Die Email-Adresse ist nicht gültig!').waitFor();
    await form.getByLabel('E-Mail').fill(storedEmail);
    await currentPassword.waitFor({ state: 'detached' });
    await form.getByLabel('E-Mail').fill('max@example.org');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Bitte gib zur Bestätigung dein aktuelles Passwort ein.').waitFor();
    await form.getByLabel('Passwort', { exact: true }).fill(MEMBER.newPassword);
    await currentPassword.fill('Falsch2026');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Fehler beim Speichern: Das aktuelle Passwort ist falsch.');
    await form.getByText('Das aktuelle Passwort ist falsch.', { exact: true }).waitFor();
    await currentPassword.fill(MEMBER.password);
    expect(await form.getByText('Das aktuelle Passwort ist falsch.', { exact: true }).count()).toBe(0);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Gepeichert');
    expect(await form.getByLabel('Passwort', { exact: true }).inputValue()).toBe('');
    await currentPassword.waitFor({ state: 'detached' });

    // 'Auf allen Geräten abmelden' ends a session elsewhere (logged in without a browser here) and keeps this one.
    const elsewhere = await loginElsewhere(MEMBER.uid, MEMBER.newPassword);
    expect(await statusOfMe(elsewhere)).toBe(200);
    await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
    const confirmLogout = page.getByRole('dialog', { name: 'Auf allen Geräten abmelden?' });
    await confirmLogout.getByRole('button', { name: 'Nein' }).click();
    await confirmLogout.waitFor({ state: 'detached' });
    expect(await statusOfMe(elsewhere)).toBe(200);
    await page.getByRole('button', { name: 'Auf allen Geräten abmelden' }).click();
    await confirmLogout.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Du wurdest auf allen anderen Geräten abgemeldet.');
    expect(await statusOfMe(elsewhere)).toBe(401);

    // The session outlives the new password.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Meine Daten' }).waitFor();
    expect(await page.getByRole('form', { name: 'Meine Daten' }).getByLabel('E-Mail').inputValue()).toBe('max@example.org');

    // users_view without users_create, _update or _delete: the table, but no changes.
    await openScreen(page, 'Benutzer');
    expect(await page.getByRole('button', { name: 'Benutzer anlegen' }).isDisabled()).toBe(true);
    const self = tableRow(page, 'Benutzer', MEMBER.uid);
    expect(await self.getByRole('button', { name: 'Bearbeiten' }).isDisabled()).toBe(true);
    expect(await self.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);

    await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Logout' }).click();
    await expectPath(page, '/login');
  });

  it('lets the administrator read and clear the log, edit and delete a group and delete the member', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');

    await openScreen(page, 'Log');
    const log = page.getByRole('textbox', { name: 'Log' });
    await expect.poll(() => log.inputValue()).toContain(`Benutzer ${MEMBER.prename} ${MEMBER.lastname} (${MEMBER.uid}) angelegt`);
    const lines = (await log.inputValue()).split('\n');
    expect(lines.every((line) => line.trim() !== '')).toBe(true);
    const lineOf = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    // Newest first: the administrator's login of this test before everything earlier.
    expect(lineOf(/Anmeldung/)).toBe(0);
    expect(lineOf(/Eigene Daten geändert: Benutzer Max Mustermann \(30000001\) \(neues Passwort\)/)).toBeGreaterThan(0);
    expect(lineOf(/Benutzer Max Mustermann \(30000001\) geändert$/)).toBeGreaterThan(lineOf(/Eigene Daten geändert/));
    expect(lineOf(/Benutzer Max Mustermann \(30000001\) angelegt$/)).toBeGreaterThan(lineOf(/Benutzer Max Mustermann \(30000001\) geändert$/));
    expect(lineOf(/Gruppe „Kalenderteam“ angelegt$/)).toBeGreaterThan(lineOf(/Benutzer Max Mustermann \(30000001\) angelegt$/));

    await page.getByRole('button', { name: 'Log löschen' }).click();
    const confirmClear = page.getByRole('dialog', { name: 'Log löschen?' });
    await confirmClear.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Log gelöscht');
    await expect.poll(() => log.inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(:\d{2})? \[[^\]\n]+\] Log gelöscht$/);

    // Edit the group: its dialog starts with what the group holds.
    await openScreen(page, 'Gruppen');
    const group = tableRow(page, 'Gruppen', GROUP);
    await group.getByRole('button', { name: 'Bearbeiten' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    expect(await groupDialog.getByLabel('Name').inputValue()).toBe(GROUP);
    expect(await groupDialog.getByRole('checkbox', { name: 'Kalender: Ansehen' }).isChecked()).toBe(true);
    expect(await groupDialog.getByRole('checkbox', { name: 'Kalender: Bearbeiten' }).isChecked()).toBe(false);
    await groupDialog.getByRole('checkbox', { name: 'Kalender: Bearbeiten' }).check();
    await groupDialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(page, 'Gruppe gespeichert');
    await group.getByRole('img', { name: 'Kalender: Bearbeiten' }).waitFor();

    // Delete the member, after saying yes.
    await openScreen(page, 'Benutzer');
    const member = tableRow(page, 'Benutzer', MEMBER.uid);
    await member.getByRole('button', { name: 'Löschen' }).click();
    const confirmUser = page.getByRole('dialog', { name: 'Benutzer löschen?' });
    await confirmUser.getByText(`${MEMBER.prename} ${MEMBER.lastname}`).waitFor();
    await confirmUser.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Benutzer gelöscht');
    await member.waitFor({ state: 'detached' });

    // On a phone the table scrolls inside its box; the page itself stays 375 px wide.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Benutzer anlegen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete the group: 'Nein' keeps it, 'Ja' removes it.
    await openScreen(page, 'Gruppen');
    await group.getByRole('button', { name: 'Löschen' }).click();
    const confirmGroup = page.getByRole('dialog', { name: 'Gruppe löschen?' });
    await confirmGroup.getByText(GROUP).waitFor();
    await confirmGroup.getByRole('button', { name: 'Nein' }).click();
    await confirmGroup.waitFor({ state: 'detached' });
    await group.waitFor();
    await group.getByRole('button', { name: 'Löschen' }).click();
    await confirmGroup.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'Gruppe gelöscht');
    await group.waitFor({ state: 'detached' });
  });
});
