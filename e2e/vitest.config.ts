import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e-spec.ts'],
    globalSetup: ['./src/global-setup.ts'],
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a poll waits for crosses the gateway, a service and the database; on a loaded CI machine
    // that is more than Vitest's 1 s default, though never more than a few seconds when it works.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
