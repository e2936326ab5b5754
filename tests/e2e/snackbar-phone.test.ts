import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_LABEL } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_UID } from './support/site.ts';

/**
 * On a phone a snackbar covers neither a heading nor the field being typed into (issue
 * 28.5): it sits at the bottom, and moves to the top when the field is down there (as when
 * the on-screen keyboard has shrunk the screen). On the desktop it stays below the app bar.
 */

const { visit } = useSite();

const WRONG_LOGIN = 'Fehler beim Einloggen: Schützennummer oder Passwort ist falsch.';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

function overlap(one: Box, other: Box): boolean {
  return one.top < other.bottom && other.top < one.bottom && one.left < other.right && other.left < one.right;
}

/** A wrong password sent with Enter, so that the focus stays in the field; answers the boxes of snackbar, heading and field. */
async function failLogin(page: Page): Promise<{ snackbar: Box; heading: Box; field: Box }> {
  await page.goto('/login');
  await page.getByLabel('Schützennummer').fill(ADMIN_UID);
  const field = page.getByLabel(PASSWORD_LABEL);
  await field.fill('falsch-falsch');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: WRONG_LOGIN });
  await alert.waitFor();
  // The snackbar has slid in.
  await page.waitForTimeout(400);
  expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
  return { snackbar: await box(alert), heading: await box(page.getByRole('heading', { level: 1, name: 'Login' })), field: await box(field) };
}

describe('the snackbar', () => {
  it('covers neither the heading nor the field on a phone', async () => {
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    const shown = await failLogin(page);
    expect(overlap(shown.snackbar, shown.heading)).toBe(false);
    expect(overlap(shown.snackbar, shown.field)).toBe(false);
    expect(shown.snackbar.top).toBeGreaterThan(370);
  });

  it('moves to the top when the field being typed into is low on a phone’s screen', async () => {
    // The on-screen keyboard leaves little of the screen: the field is at its bottom.
    const { page } = await visit({ viewport: { width: 360, height: 740 }, phone: true });
    await page.goto('/login');
    const fieldBottom = (await box(page.getByLabel(PASSWORD_LABEL))).bottom;
    await page.setViewportSize({ width: 360, height: Math.ceil(fieldBottom) + 40 });
    const shown = await failLogin(page);
    expect(overlap(shown.snackbar, shown.field)).toBe(false);
    expect(shown.snackbar.bottom).toBeLessThan(shown.field.top);
  });

  it('stays below the app bar on the desktop', async () => {
    const { page } = await visit();
    const shown = await failLogin(page);
    expect(shown.snackbar.top).toBeLessThan(200);
  });
});
