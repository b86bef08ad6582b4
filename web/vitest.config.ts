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
      poolOptions: { forks: { singleFork: true } },
      testTimeout: 15000,
    },
  }),
);
