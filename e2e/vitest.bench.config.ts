import { defineConfig } from 'vitest/config';

// The web benchmark (not part of the test run): same real stack as the browser tests, prints figures.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench-run.ts'],
    globalSetup: ['./src/global-setup.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
