import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./test-utils/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      pool: 'forks',
      // Each file in a fresh process (no file sees another's module state), two at a time: the
      // suite runs alone on the machine's two cores (scripts/test-all.mjs), 140 s one by one, 95 s so.
      maxWorkers: 2,
      testTimeout: 15000,
    },
  }),
);
