import { describe, expect, it } from 'vitest';
import { expectNoSeriousAccessibilityViolations } from './support/axe.ts';
import { expectPath, logIn } from './support/browser.ts';
import { sidewaysProblems } from './support/layout.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

/**
 * The About carousel's captions as data (issue 26.1): an administrator changes the caption
 * of the first drawing in the panel 'Über uns: Bildunterschriften' (preview by the page's
 * own carousel), visitors read it on /about, also without JavaScript and on a phone.
 */

const CAPTION = 'Zehn Meter bis zur Scheibe – Training jeden Dienstag.';

const { visit } = useSite();

describe('the About captions in the dashboard and on /about', () => {
  it('are edited with a preview and saved', async () => {
    const { page } = await visit();
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await expectPath(page, '/admin/dash');
    await page.getByRole('button', { name: 'Über uns: Bildunterschriften', exact: true }).click();
    const form = page.getByRole('form', { name: 'Über uns: Bildunterschriften' });
    const first = form.getByRole('group', { name: 'Bild Luftgewehr und Luftpistole' }).getByRole('textbox', { name: /^Bildunterschrift/ });
    await first.fill('');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Die Bildunterschrift darf nicht leer gelassen werden!').waitFor();
    await first.fill(CAPTION);
    await page.getByRole('region', { name: 'Vorschau der Bildunterschriften' }).getByText(CAPTION).waitFor();
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Bildunterschriften gespeichert' }).waitFor();
  });

  for (const [name, options] of [
    ['a desktop browser', {}],
    ['a browser without JavaScript', { javaScriptEnabled: false }],
    ['a 360 px phone', { viewport: { width: 360, height: 740 }, phone: true }],
  ] as const) {
    it(`shows the new caption on /about in ${name}`, async () => {
      const { page } = await visit(options);
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: 'Über uns' }).waitFor();
      await page.getByRole('region', { name: 'Bilder aus dem Verein' }).getByText(CAPTION).waitFor();
      expect(await page.locator('body').innerText()).not.toContain('Unser Luftdruckstand für Training und Wettkampf.');
      expect(await sidewaysProblems(page, 'viewport' in options ? options.viewport.width : 1280)).toEqual([]);
    });
  }
});
