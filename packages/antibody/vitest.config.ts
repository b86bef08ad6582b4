import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'bench/**/*.spec.mjs'],
    pool: 'forks',
    // Each file in a fresh process (no file sees another's module state), two at a time: pure
    // computation on the machine's two cores, and the suite runs alone (scripts/test-all.mjs).
    maxWorkers: 2,
  },
});
