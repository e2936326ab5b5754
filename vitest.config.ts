import { defineConfig } from 'vitest/config';

/** unit, api and rest suites; `TEST_DATABASE=mysql` runs the api and rest suites on MariaDB/MySQL. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/rest/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
