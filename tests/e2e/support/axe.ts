import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

let axeSource: Promise<string> | undefined;

/** What a violation is, where, and how to look it up, so a failing test says what to fix. */
function describe(violation: AxeResults['violations'][number]): string {
  const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
  return `${violation.impact}: ${violation.id} (${violation.help}) at ${targets}`;
}

/**
 * Runs axe-core in the page as it is now and fails on every serious or critical violation.
 * The script is evaluated through the DevTools protocol, which the site's Content Security
 * Policy (no inline scripts) does not apply to; a <script> tag with its text would be refused.
 */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  // Mid-transition (a snackbar fading in, a panel unfolding) colours are half-blended and
  // axe would measure a contrast nobody sees for long; check the page once it stands still.
  // Endless ones (a spinner) never stop and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  axeSource ??= readFile(AXE_SCRIPT, 'utf8');
  const source = await axeSource;
  const alreadyThere = await page.evaluate(() => 'axe' in window);
  if (!alreadyThere) await page.evaluate(source);
  const results = await page.evaluate(() => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    return axe.run(document, { resultTypes: ['violations'] });
  });
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map(describe)).toEqual([]);
}
