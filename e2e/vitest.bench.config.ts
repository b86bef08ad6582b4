import { defineConfig } from 'vitest/config';

// The web benchmark (not part of the test run): same real stack as the browser tests, prints figures.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    globalSetup: ['./src/global-setup.ts'],
    pool: 'forks',
    // One test file at a time, each in a fresh process: no file sees another's module state
    // (Vitest 3's singleFork, gone in Vitest 4, re-evaluated them per file in one process).
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
