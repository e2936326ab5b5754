import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { expectNoPageProblems, launchBrowser, newVisitor, type Visitor, type VisitorOptions } from './browser.ts';
import { startSite, type Site, type SiteOptions } from './site.ts';

export interface SiteSession {
  /** The running site; there from beforeAll on. */
  readonly site: Site;
  /** A fresh browser profile for the current test, checked for page problems and closed after it. */
  visit: (options?: VisitorOptions) => Promise<Visitor>;
}

/**
 * Registers the hooks of a test file that drives the built site in Chromium: beforeAll starts
 * the site and the browser (then runs `setup`, e.g. to prepare data in the site's database),
 * afterAll closes both, and afterEach checks and closes the visitor of the test that ended.
 */
export function useSite(setup?: (site: Site) => Promise<unknown>, options?: SiteOptions): SiteSession {
  let site: Site | undefined;
  let browser: Browser | undefined;
  /** The current test's browser profile, checked and closed after it. */
  let visitor: Visitor | undefined;

  beforeAll(async () => {
    site = await startSite(options);
    browser = await launchBrowser();
    await setup?.(site);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  afterEach(async ({ task }) => {
    const finished = visitor;
    visitor = undefined;
    if (!finished) return;
    // A failure in CI leaves only the log: what the page showed then goes into it.
    if (task.result?.state === 'fail') await reportPage(finished);
    try {
      expectNoPageProblems(finished);
    } finally {
      await finished.close();
    }
  });

  return {
    get site() {
      if (!site) throw new Error('Die Website läuft erst ab beforeAll.');
      return site;
    },
    async visit(options) {
      if (!site || !browser) throw new Error('Website und Browser laufen erst ab beforeAll.');
      visitor = await newVisitor(browser, site, options);
      return visitor;
    },
  };
}

/** The failed test's page as a screen reader reads it, with its address, for the log. */
async function reportPage({ page }: Visitor): Promise<void> {
  try {
    const snapshot = await page.ariaSnapshot({ timeout: 5000 });
    process.stdout.write(`\nDie Seite beim Fehler (${page.url()}):\n${snapshot.slice(0, 6000)}\n`);
  } catch {
    // The page or its browser is gone already: nothing to show.
  }
}
