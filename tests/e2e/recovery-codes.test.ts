import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { createMember } from './support/members.ts';
import { useSite } from './support/session.ts';

/**
 * The recovery codes after the setup of the second factor (issue 28.5): each code on one
 * line, on the desktop and at 360 px; 'Alle kopieren' puts them on the clipboard (and
 * selects them where there is none), 'Drucken' prints only them, 'Als Textdatei speichern'
 * downloads wiederherstellungscodes.txt with a header.
 */

const DESKTOP_MEMBER = { uid: '40000011', password: 'Kopieren2026' };
const PHONE_MEMBER = { uid: '40000012', password: 'Telefon2026' };

const { visit } = useSite(async (site) => {
  for (const member of [DESKTOP_MEMBER, PHONE_MEMBER]) await createMember(site.databaseFile, { ...member, groupName: `Codes ${member.uid}`, permissions: ['hosts_view'] });
});

/** Sets the factor up with the key typed from the screen (the test is the authenticator app); the codes dialog stays open. */
async function showRecoveryCodes(page: Page, member: { uid: string; password: string }): Promise<void> {
  await logIn(page, member.uid, member.password);
  await expectPath(page, '/admin/ich');
  await page.getByRole('button', { name: 'Zweiten Faktor einrichten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zweiten Faktor einrichten' });
  const key = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await dialog.getByLabel('Code aus der App').fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
  await dialog.getByLabel('Aktuelles Passwort').fill(member.password);
  await dialog.getByRole('button', { name: 'Einschalten' }).click();
  await page.getByRole('dialog', { name: 'Deine Wiederherstellungscodes' }).getByRole('list', { name: 'Wiederherstellungscodes' }).waitFor();
}

async function shownCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('dialog', { name: 'Deine Wiederherstellungscodes' }).getByRole('list', { name: 'Wiederherstellungscodes' });
  return (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
}

/** Each code's line box is one line of text high: nothing wraps inside a code. */
async function codeLineCounts(page: Page): Promise<number[]> {
  return page
    .getByRole('dialog', { name: 'Deine Wiederherstellungscodes' })
    .getByRole('list', { name: 'Wiederherstellungscodes' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const range = document.createRange();
        range.selectNodeContents(item);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
}

async function snackbarText(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').getByText(text, { exact: true }).waitFor();
}

describe('the recovery codes', () => {
  it('are shown one a line and are copied, printed alone and saved as a text file', async () => {
    const { page, context } = await visit();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await showRecoveryCodes(page, DESKTOP_MEMBER);
    const codes = await shownCodes(page);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(await codeLineCounts(page)).toEqual(Array(10).fill(1));
    const dialog = page.getByRole('dialog', { name: 'Deine Wiederherstellungscodes' });

    await dialog.getByRole('button', { name: 'Alle kopieren' }).click();
    await snackbarText(page, 'Codes kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

    // Printing: the browser's print dialog opens; what it prints is the codes and their header alone.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await dialog.getByRole('button', { name: 'Drucken' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printView = page.getByTestId('recovery-codes-print');
    expect(await printView.isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Meine Daten' }).isVisible()).toBe(false);
    const printed = await printView.innerText();
    expect(printed).toContain(`Schützennummer: ${DESKTOP_MEMBER.uid}`);
    for (const code of codes) expect(printed).toContain(code);
    await page.emulateMedia({ media: 'screen' });
    expect(await printView.isVisible()).toBe(false);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Als Textdatei speichern' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('wiederherstellungscodes.txt');
    const file = await readFile(await download.path(), 'utf8');
    const lines = file.split('\r\n');
    expect(lines[0]).toMatch(/^Wiederherstellungscodes – /);
    expect(lines[1]).toBe(`Schützennummer: ${DESKTOP_MEMBER.uid}`);
    expect(lines[2]).toMatch(/^Erzeugt am \d{2}\.\d{2}\.\d{4}$/);
    expect(lines.slice(-11, -1)).toEqual(codes);

    await dialog.getByRole('button', { name: 'Fertig' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('recovery-codes-print').count()).toBe(0);
  });

  it('fit a phone one a line, and without a clipboard are selected for copying by hand', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    // A browser without the clipboard interface (e.g. a page not served over HTTPS).
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await showRecoveryCodes(page, PHONE_MEMBER);
    expect(await codeLineCounts(page)).toEqual(Array(10).fill(1));
    expect(await sidewaysProblems(page, 360)).toEqual([]);
    const dialog = page.getByRole('dialog', { name: 'Deine Wiederherstellungscodes' });
    await dialog.getByRole('button', { name: 'Alle kopieren' }).click();
    await snackbarText(page, 'Die Codes sind markiert: Kopiere sie mit Strg+C (am Telefon über „Kopieren“).');
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    for (const code of await shownCodes(page)) expect(selected).toContain(code);
  });
});
