import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The built site in real Chromium (DESIGN §7). One file at a time: each starts its own
 * server and browser, and a browser is slow enough without competing for the CPU.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
