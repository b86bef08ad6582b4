import { defineConfig } from 'vitest/config';

// The fault suite (`pnpm bench:faults`) and the resilience test on their own: they start a platform of
// their own (src/fault-platform.ts), so the shared browser-test stack is not needed.
export default defineConfig({
  test: {
    include: ['bench/faults.fault-run.ts', 'src/resilience.e2e-spec.ts'],
    pool: 'forks',
    // One test file at a time, each in a fresh process: no file sees another's module state
    // (Vitest 3's singleFork, gone in Vitest 4, re-evaluated them per file in one process).
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
