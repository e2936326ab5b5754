import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * Passwords set with care (issue 28.3): every password field can show what was typed, a new
 * password's rules are said before typing, and the login points out Caps Lock.
 */

const RULES = 'Mindestens 8 Zeichen, darunter mindestens ein Buchstabe und eine Ziffer.';
const { visit } = useSite();

/** The field's input and its show/hide button, found as a person finds them. */
function passwordField(scope: Page | Locator, label: string): { input: Locator; toggle: Locator } {
  // A required field's label ends in ' *'.
  const input = scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  const toggle = input.locator('xpath=ancestor::div[contains(@class, "MuiInputBase-root")][1]').getByRole('button');
  return { input, toggle };
}

async function expectToggles(field: { input: Locator; toggle: Locator }, typed: string): Promise<void> {
  await field.input.fill(typed);
  expect(await field.input.getAttribute('type')).toBe('password');
  expect(await field.toggle.getAttribute('aria-label')).toBe('Passwort anzeigen');
  await field.toggle.click();
  expect(await field.input.getAttribute('type')).toBe('text');
  expect(await field.input.inputValue()).toBe(typed);
  expect(await field.toggle.getAttribute('aria-label')).toBe('Passwort verbergen');
  await field.toggle.click();
  expect(await field.input.getAttribute('type')).toBe('password');
}

describe('password fields', () => {
  it('on the login: shown on request, and Caps Lock is pointed out', async () => {
    const { page } = await visit();
    await page.goto('/login');
    const field = passwordField(page, 'Passwort');
    await expectToggles(field, 'geheim123');
    await field.input.dispatchEvent('keyup', { key: 'A', modifierCapsLock: true });
    await page.getByText('Die Feststelltaste ist eingeschaltet.').waitFor();
    await field.input.dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
    await page.getByText('Die Feststelltaste ist eingeschaltet.').waitFor({ state: 'detached' });
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('in the user dialog: the rules before typing, and the typed password shown on request', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto('/admin/benutzer');
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer anlegen' });
    await dialog.getByText(RULES).waitFor();
    await expectToggles(passwordField(dialog, 'Passwort'), 'Schuetze2026');
    await expectNoSeriousAccessibilityViolations(page);
  });

  it('on Meine Daten: the new and the current password both shown on request', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.goto('/admin/ich');
    const form = page.getByRole('form', { name: 'Meine Daten' });
    await expectToggles(passwordField(form, 'Passwort'), 'Neu2026Passwort');
    await expectToggles(passwordField(form, 'Aktuelles Passwort'), ADMIN_PASSWORD);
  });
});
