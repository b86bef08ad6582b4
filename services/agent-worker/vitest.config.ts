import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC, not esbuild: Nest needs decorator metadata, which esbuild does not emit.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['test/**/*.spec.ts', 'src/**/*.spec.ts'],
    globalSetup: ['test/build.setup.ts'],
    pool: 'forks',
    // One test file at a time, each in a fresh process: no file sees another's module state
    // (Vitest 3's singleFork, gone in Vitest 4, re-evaluated them per file in one process).
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
