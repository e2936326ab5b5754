import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminMenuEntries, expectPath, logIn } from './support/browser.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The second factor and app passwords in Chromium (README „Zweiter Faktor und
 * App-Passwörter“): the member sets it up on Meine Daten with the key shown as text (the
 * test is the authenticator app), logs in with a code and once with a recovery code; a
 * group's requirement leads its member to the setup first; a program uses an app password
 * over Basic authentication while the account password is refused; an administrator
 * switches a member's second factor off. The tests build on each other.
 */

const MEMBER = { uid: '40000001', password: 'Zweifach2026' };
const REQUIRED_MEMBER = { uid: '40000002', password: 'Pflicht2026' };
const REQUIRED_GROUP = 'Standdienst';

const session = useSite(async (site) => {
  await createMember(site.databaseFile, { ...MEMBER, groupName: 'Schießleitung', permissions: ['hosts_view'] });
  await createMember(site.databaseFile, { ...REQUIRED_MEMBER, groupName: REQUIRED_GROUP, permissions: ['hosts_view'] });
});
const { visit } = session;

/** What the member's authenticator app knows: the key typed from the screen, and the last step it was used for. */
interface App {
  key: string;
  lastStep: number;
}
let memberApp: App | undefined;
let recoveryCodes: string[] = [];

const STEP_MS = 30_000;

/**
 * A code the server has not accepted yet: of the current time step, or of the next when
 * the current one was used (the server accepts one step either side).
 */
async function freshCode(app: App): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(current, app.lastStep + 1);
    if (step <= current + 1) {
      app.lastStep = step;
      return new TOTP({ secret: Secret.fromBase32(app.key) }).generate({ timestamp: step * STEP_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function snackbar(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** A snackbar while a dialog is open: the dialog hides the rest of the page from the accessibility tree, not from the eye. */
async function snackbarBehindDialog(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').getByText(text, { exact: true }).waitFor();
}

async function openScreen(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

function tableRow(page: Page, table: string, text: string): Locator {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
}

/** Sets the second factor up on Meine Daten as a member does: QR code or key, first code, password; returns the app and the recovery codes. */
async function setUpSecondFactor(page: Page, password: string): Promise<{ app: App; codes: string[] }> {
  await page.getByRole('button', { name: 'Zweiten Faktor einrichten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zweiten Faktor einrichten' });
  // The QR code is drawn in the browser (no request leaves the site for it).
  const qr = dialog.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
  await qr.waitFor();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const key = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const app: App = { key, lastStep: 0 };

  await dialog.getByLabel('Code aus der App').fill('12');
  await dialog.getByLabel('Aktuelles Passwort').fill(password);
  await dialog.getByRole('button', { name: 'Einschalten' }).click();
  await dialog.getByText('Der Code besteht aus 6 Ziffern!').waitFor();
  await dialog.getByLabel('Code aus der App').fill(await freshCode(app));
  await dialog.getByRole('button', { name: 'Einschalten' }).click();
  await snackbarBehindDialog(page, 'Der zweite Faktor ist eingeschaltet.');

  const codesDialog = page.getByRole('dialog', { name: 'Deine Wiederherstellungscodes' });
  const list = codesDialog.getByRole('list', { name: 'Wiederherstellungscodes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await codesDialog.getByRole('button', { name: 'Fertig' }).click();
  await codesDialog.waitFor({ state: 'detached' });
  return { app, codes };
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Logout' }).click();
  await expectPath(page, '/login');
}

/** Shooter number and password, then the code step. */
async function logInWithCode(page: Page, uid: string, password: string, code: string): Promise<void> {
  await logIn(page, uid, password);
  const step = page.getByRole('form', { name: 'Zweiter Faktor' });
  await step.getByLabel('Code').fill(code);
  await step.getByRole('button', { name: 'Bestätigen' }).click();
}

function basicGet(path: string, uid: string, password: string): Promise<Response> {
  return fetch(`${session.site.baseUrl}${path}`, { headers: { authorization: `Basic ${Buffer.from(`${uid}:${password}`).toString('base64')}` } });
}

describe('the second factor', () => {
  it('is switched on at Meine Daten, then the login asks for a code, which counts once, and takes a recovery code once', async () => {
    const { page } = await visit();
    await logIn(page, MEMBER.uid, MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.getByText('Der zweite Faktor ist ausgeschaltet.', { exact: false }).waitFor();

    const { app, codes } = await setUpSecondFactor(page, MEMBER.password);
    memberApp = app;
    recoveryCodes = codes;
    await page.getByText('Der zweite Faktor ist eingeschaltet. Du hast noch 10 Wiederherstellungscodes.').waitFor();

    // The code used for the setup does not log in again.
    const usedCode = new TOTP({ secret: Secret.fromBase32(app.key) }).generate({ timestamp: app.lastStep * STEP_MS });
    await logOut(page);
    await logInWithCode(page, MEMBER.uid, MEMBER.password, usedCode);
    await snackbar(page, 'Fehler beim Einloggen: Der Code ist falsch oder wurde schon verwendet.');
    await page.getByText('Der Code ist falsch oder wurde schon verwendet.', { exact: true }).waitFor();
    await expectPath(page, '/login');

    const step = page.getByRole('form', { name: 'Zweiter Faktor' });
    await step.getByLabel('Code').fill(await freshCode(app));
    await step.getByRole('button', { name: 'Bestätigen' }).click();
    await expectPath(page, '/admin/ich');
    await page.getByRole('heading', { level: 1, name: 'Meine Daten' }).waitFor();

    // A recovery code, once.
    await logOut(page);
    await logInWithCode(page, MEMBER.uid, MEMBER.password, codes[0]!);
    await snackbar(page, 'Erfolgreich mit einem Wiederherstellungscode angemeldet. Du hast noch 9 Wiederherstellungscodes.');
    await expectPath(page, '/admin/ich');
    await page.getByText('Der zweite Faktor ist eingeschaltet. Du hast noch 9 Wiederherstellungscodes.').waitFor();
    await logOut(page);
    await logInWithCode(page, MEMBER.uid, MEMBER.password, codes[0]!);
    await snackbar(page, 'Fehler beim Einloggen: Der Code ist falsch oder wurde schon verwendet.');
    await expectPath(page, '/login');
  });

  it("leads a member of a group with 'Zweiter Faktor erforderlich' to the setup before anything else", async () => {
    const admin = await visit();
    await logIn(admin.page, ADMIN_UID, ADMIN_PASSWORD);
    await openScreen(admin.page, 'Gruppen');
    await tableRow(admin.page, 'Gruppen', REQUIRED_GROUP).getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Gruppe bearbeiten' });
    const required = dialog.getByRole('checkbox', { name: 'Zweiter Faktor erforderlich' });
    expect(await required.isChecked()).toBe(false);
    await required.check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await snackbar(admin.page, 'Gruppe gespeichert');
    await dialog.waitFor({ state: 'detached' });
    await admin.close();

    const { page } = await visit();
    await logIn(page, REQUIRED_MEMBER.uid, REQUIRED_MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.getByText('Deine Gruppe verlangt einen zweiten Faktor. Richte ihn jetzt ein; danach erreichst du die übrige Verwaltung.').waitFor();
    expect(await adminMenuEntries(page)).toEqual(['Meine Daten', 'Logout']);
    await page.goto('/admin/standaufsicht_bewirtung');
    await expectPath(page, '/admin/ich');
    await page.getByRole('button', { name: 'Zweiten Faktor einrichten' }).waitFor();

    await setUpSecondFactor(page, REQUIRED_MEMBER.password);
    await page.getByText('Deine Gruppe verlangt den zweiten Faktor; er kann nicht ausgeschaltet werden.').waitFor();
    expect(await page.getByRole('button', { name: 'Zweiten Faktor ausschalten' }).count()).toBe(0);
    await expect.poll(() => adminMenuEntries(page)).toEqual(['Standaufsicht & Bewirtung', 'Meine Daten', 'Logout']);
    await openScreen(page, 'Standaufsicht & Bewirtung');
  });

  it('lets a program use an app password over Basic authentication while the account password is refused, until it is revoked', async () => {
    const app = memberApp;
    if (!app) throw new Error('Der erste Test richtet den zweiten Faktor ein.');
    const { page } = await visit();
    await logInWithCode(page, MEMBER.uid, MEMBER.password, await freshCode(app));
    await expectPath(page, '/admin/ich');

    await page.getByRole('button', { name: 'App-Passwort anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'App-Passwort anlegen' });
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Der Name darf nicht leer gelassen werden!').waitFor();
    await dialog.getByLabel('Name').fill('Ergebnisdienst');
    await dialog.getByLabel('Aktuelles Passwort').fill(MEMBER.password);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await snackbarBehindDialog(page, 'App-Passwort angelegt');
    const shown = page.getByRole('dialog', { name: 'Dein neues App-Passwort' });
    const appPassword = (await shown.getByTestId('app-password').innerText()).trim();
    expect(appPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await shown.getByRole('button', { name: 'Fertig' }).click();
    const row = tableRow(page, 'App-Passwörter', 'Ergebnisdienst');
    await row.getByText('nie', { exact: true }).waitFor();

    const refused = await basicGet('/api/hosts', MEMBER.uid, MEMBER.password);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Dieses Konto ist mit einem zweiten Faktor geschützt/);
    const allowed = await basicGet('/api/hosts', MEMBER.uid, appPassword);
    expect(allowed.status).toBe(200);

    await page.reload();
    await expect.poll(() => tableRow(page, 'App-Passwörter', 'Ergebnisdienst').getByText('nie', { exact: true }).count()).toBe(0);

    await tableRow(page, 'App-Passwörter', 'Ergebnisdienst').getByRole('button', { name: 'App-Passwort „Ergebnisdienst“ widerrufen' }).click();
    const confirm = page.getByRole('dialog', { name: 'App-Passwort widerrufen?' });
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbar(page, 'App-Passwort widerrufen');
    await page.getByRole('table', { name: 'App-Passwörter' }).getByText('Leider sind keine Einträge vorhanden').waitFor();
    expect((await basicGet('/api/hosts', MEMBER.uid, appPassword)).status).toBe(401);
  });

  it("is switched off by an administrator in the member's dialog; the member then logs in with the password alone", async () => {
    expect(recoveryCodes.length).toBe(10);
    const admin = await visit();
    await logIn(admin.page, ADMIN_UID, ADMIN_PASSWORD);
    await openScreen(admin.page, 'Benutzer');
    await admin.page.getByLabel('Suche').fill(MEMBER.uid);
    await tableRow(admin.page, 'Benutzer', MEMBER.uid).getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Benutzer bearbeiten' });
    await dialog.getByText('Zweiter Faktor: eingeschaltet').waitFor();
    await dialog.getByRole('button', { name: 'Zweiten Faktor ausschalten' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Zweiten Faktor ausschalten?' });
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await snackbarBehindDialog(admin.page, 'Zweiter Faktor ausgeschaltet');
    await dialog.getByText('Zweiter Faktor: ausgeschaltet').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await admin.close();

    const { page } = await visit();
    await logIn(page, MEMBER.uid, MEMBER.password);
    await expectPath(page, '/admin/ich');
    await page.getByText('Der zweite Faktor ist ausgeschaltet.', { exact: false }).waitFor();
  });
});
