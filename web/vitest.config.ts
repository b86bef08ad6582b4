import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config';

// Files that replace a module with vi.mock: a module another file loaded first would stay the real one
// in a shared worker, so these run each in a fresh process.
const MOCKING = [
  'src/features/admin/components/RichTextEditor.test.tsx',
  'src/features/bpmn/ProcessDesigner.test.tsx',
  'src/features/billing/components/PaymentPanel.test.tsx',
  'src/features/realname/AuthCallbackPage.test.tsx',
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./test-utils/setup.ts'],
      pool: 'forks',
      // Two workers: the suite runs beside one service suite on the machine's two cores
      // (scripts/test-all.mjs).
      maxWorkers: 2,
      testTimeout: 15000,
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: MOCKING,
            // The files of a worker share its modules and its jsdom (the setup file clears the DOM and
            // the storages after each test): each file in a fresh process spent three quarters of
            // the suite's time loading React, Mantine and jsdom again (30 November 2026: 272 s
            // against 71 s).
            isolate: false,
          },
        },
        { extends: true, test: { name: 'isolated', include: MOCKING } },
      ],
    },
  }),
);
