import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC, not esbuild: Nest needs decorator metadata, which esbuild does not emit.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['test/**/*.spec.ts', 'src/**/*.spec.ts'],
    pool: 'forks',
    // One test file at a time, all in one process that keeps the modules loaded (no test here
    // replaces a module): a fresh process per file spent most of its time loading Nest, TypeORM and
    // the services again (30 November 2026, the gateway's suite: 581 s against 217 s). A stack is
    // made and closed by each file (test-support's startStack), and no service keeps state in a module.
    maxWorkers: 1,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
