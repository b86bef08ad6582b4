import { defineConfig } from 'vitest/config';

// The fault suite (`pnpm bench:faults`) and the resilience test on their own: they start a platform of
// their own (src/fault-platform.ts), so the shared browser-test stack is not needed.
export default defineConfig({
  test: {
    include: ['bench/faults.fault-run.ts', 'src/resilience.e2e-spec.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
