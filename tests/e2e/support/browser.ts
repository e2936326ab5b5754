import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';
import { COOKIE_NOTICE_STORAGE_KEY } from '../../../src/shared/browserData.ts';
import type { Site } from './site.ts';

/** Debian's Chromium (apt), or CHROME_PATH; playwright-core downloads no browser of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const ACTION_TIMEOUT_MS = 10_000;

export { COOKIE_NOTICE_STORAGE_KEY };

export interface VisitorOptions {
  /** Most tests are not about the cookie notice; its bar would only cover the page. */
  cookieNoticeAccepted?: boolean;
  viewport?: { width: number; height: number };
  /** A visitor whose browser runs no scripts (false): the pages must work as plain HTML. */
  javaScriptEnabled?: boolean;
  /** A phone's browser: touch events (for taps) and the mobile viewport rules. */
  phone?: boolean;
}

export interface Visitor {
  page: Page;
  context: BrowserContext;
  /** Paths of every request the page made, in order. */
  requests: string[];
  /** Console messages about the Content Security Policy; the site must cause none. */
  cspViolations: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Errors and warnings the page wrote to the console (hydration problems among them). */
  consoleProblems: string[];
  close(): Promise<void>;
}

/** A fresh browser profile in German and in the club's time zone, as a visitor would bring. */
export async function newVisitor(browser: Browser, site: Site, options: VisitorOptions = {}): Promise<Visitor> {
  const { cookieNoticeAccepted = true, viewport = { width: 1280, height: 900 }, javaScriptEnabled = true, phone = false } = options;
  const context = await browser.newContext({
    baseURL: site.baseUrl,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport,
    javaScriptEnabled,
    isMobile: phone,
    hasTouch: phone,
    storageState: {
      cookies: [],
      origins: cookieNoticeAccepted
        ? [{ origin: site.baseUrl, localStorage: [{ name: COOKIE_NOTICE_STORAGE_KEY, value: 'true' }] }]
        : [],
    },
  });
  // Fail an action with Playwright's own explanation well before the test's time runs out.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  // The browser's clock shows the server's time, so that both agree on today (it runs on).
  if (site.clockOffsetMs !== 0) await context.clock.install({ time: Date.now() + site.clockOffsetMs });
  const page = await context.newPage();
  const visitor: Visitor = { page, context, requests: [], cspViolations: [], pageErrors: [], consoleProblems: [], close: () => context.close() };
  page.on('request', (request) => visitor.requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) visitor.cspViolations.push(message.text());
    if (message.type() === 'error' || message.type() === 'warning') visitor.consoleProblems.push(message.text());
  });
  page.on('pageerror', (error) => visitor.pageErrors.push(error.message));
  if (javaScriptEnabled) {
    // A page comes rendered from the server and is readable before React has taken it
    // over; a person waits that moment without noticing, a test must wait for it.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const thenApp = async (response: Response | null) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) await waitForApp(page);
      return response;
    };
    page.goto = async (url, gotoOptions) => thenApp(await goto(url, gotoOptions));
    page.reload = async (reloadOptions) => thenApp(await reload(reloadOptions));
  }
  return visitor;
}

/**
 * Until React has taken the page over (App marks <html data-hydrated>); pages without the
 * app pass at once. A page the server rendered starts the app on the visitor's first
 * intent (boot.ts), so the pointer moves first, as a person's does.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined || document.getElementById('root') === null, undefined, { polling: 50 });
}

export function expectNoPageProblems(visitor: Visitor): void {
  expect(visitor.cspViolations).toEqual([]);
  expect(visitor.pageErrors).toEqual([]);
}

/** The field 'Passwort' (also when required: 'Passwort *'), never its button 'Passwort anzeigen'. */
export const PASSWORD_LABEL = /^Passwort\s*\*?$/;

export async function logIn(page: Page, uid: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Schützennummer').fill(uid);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The entries of the back-office menu as a member sees them. */
export async function adminMenuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Verwaltung' });
  await menu.waitFor();
  return (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** The path of the page once it has settled on `path`; fails with the path it is on otherwise. */
export async function expectPath(page: Page, path: string): Promise<void> {
  // A login runs bcrypt and may load back-office chunks first: give it the time of an action.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: ACTION_TIMEOUT_MS }).toBe(path);
  // The address changes as the router starts the new page; until its chunks have come, the
  // old page stays, and a tap on its header's 'Menü öffnen' opened the login page's menu,
  // which then went with it. The back office has settled once the login form is gone (/logout
  // shows it on purpose).
  if (path.startsWith('/admin')) await page.getByRole('heading', { level: 1, name: 'Login', exact: true }).waitFor({ state: 'detached', timeout: ACTION_TIMEOUT_MS });
}

/**
 * A public address the server answers with 404: the not-found page, the same once the app has
 * taken over (after a first intent) and asked for the data again, and no snackbar saying it twice.
 */
export async function expectNotFoundPageAlone(page: Page, address: string): Promise<void> {
  const answer = await page.goto(address, { waitUntil: 'networkidle' });
  expect(answer?.status()).toBe(404);
  await page.mouse.move(10, 10);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('');
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
}
