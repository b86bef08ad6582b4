import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    pool: 'forks',
    // One test file at a time, each in a fresh process: no file sees another's module state
    // (Vitest 3's singleFork, gone in Vitest 4, re-evaluated them per file in one process).
    maxWorkers: 1,
  },
});
