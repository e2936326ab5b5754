import { describe, expect, it } from 'vitest';
import { backOfficeChunks } from './support/chunks.ts';
import { ACTION_TIMEOUT_MS, expectPath, logIn } from './support/browser.ts';
import { useSite } from './support/session.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from './support/site.ts';

const { visit } = useSite();

describe('public site', () => {
  it('sends / to /home', async () => {
    const { page } = await visit();
    await page.goto('/');
    await expectPath(page, '/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('reaches the pages through the top navigation and the footer', async () => {
    const { page } = await visit();
    await page.goto('/home');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });

    await navigation.getByRole('link', { name: 'Termine' }).click();
    await page.getByRole('heading', { level: 1, name: 'Termine' }).waitFor();

    await navigation.getByRole('button', { name: 'Bogen' }).click();
    await page.getByRole('menuitem', { name: 'Bogenparcours' }).click();
    await expectPath(page, '/bogenparcours');

    await page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Unterstützer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spender' }).waitFor();
    await expectPath(page, '/unterstuetzer');
  });

  it.each([
    ['/about', 'Über uns'],
    ['/downloads', 'Downloads'],
    ['/galerien', 'Galerien'],
    ['/zeiten-lg-lp', 'Schießzeiten Luftgewehr/Luftpistole'],
    ['/ergebnisse-lg-lp', 'Ergebnisse Luftgewehr/Luftpistole'],
    ['/zeiten-bogen', 'Schießzeiten Bogen'],
    ['/bogenparcours', '3D-Bogenparcours'],
    ['/ergebnisse-bogen', 'Ergebnisse Bogen'],
    ['/zeiten-blasrohr', 'Schießzeiten Blasrohr'],
    ['/ergebnisse-blasrohr', 'Ergebnisse Blasrohr'],
    ['/kontakt', 'Kontakt'],
    ['/datenschutz', 'Datenschutzerklärung'],
    ['/disclaimer', 'Disclaimer'],
    ['/impressum', 'Impressum'],
    ['/login', 'Login'],
  ])('opens %s with its German title', async (path, title) => {
    const { page } = await visit();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('shows its own not-found page for unknown paths and gallery sections', async () => {
    const { page } = await visit();
    await page.goto('/gibt-es-nicht');
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();

    await page.goto('/galerien/fussball');
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();

    await page.goto('/galerien/bogen');
    await page.getByRole('heading', { level: 1, name: 'Galerien' }).waitFor();
  });

  it('remembers that the cookie notice was acknowledged', async () => {
    const { page } = await visit({ cookieNoticeAccepted: false });
    await page.goto('/home');
    const notice = page.getByRole('region', { name: 'Hinweis zu Cookies' });
    await notice.waitFor();

    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    expect(await notice.count()).toBe(0);
  });

  it('puts the navigation behind a menu button on a phone', async () => {
    const { page } = await visit({ viewport: { width: 375, height: 740 } });
    await page.goto('/home');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await navigation.count()).toBe(0);

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await navigation.getByRole('link', { name: 'Termine' }).click();
    await page.getByRole('heading', { level: 1, name: 'Termine' }).waitFor();
    await navigation.waitFor({ state: 'detached' });
  });

  it('loads none of the back office on public pages', async () => {
    const chunks = await backOfficeChunks();
    const { page, requests } = await visit();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => chunks.files.has(path))).toEqual([]);
    // Nor the not-found page once the app has taken it over (it links the login, not the back office).
    await page.goto('/vereinsheim-alt', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
    await page.mouse.move(10, 10);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => chunks.files.has(path))).toEqual([]);

    // The same requests do show the back office once a member goes there, so the check above can fail.
    await logIn(page, ADMIN_UID, ADMIN_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(requests).toContain(chunks.layoutFile);
  });

  it('runs under the strict Content Security Policy, which does block inline scripts', async () => {
    const { page, cspViolations } = await visit();
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Willkommen' }).waitFor();
    expect(cspViolations).toEqual([]);

    // Proof that a violation would be noticed: an inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.length, { timeout: ACTION_TIMEOUT_MS }).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'inlineScriptRan' in window)).toBe(false);
    cspViolations.length = 0;
  });
});
