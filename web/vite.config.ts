import { fileURLToPath } from 'node:url';

import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
  ],
  resolve: {
    // contracts, the antibody toolkit and the diagram rules (bpmn) compile to CommonJS for the
    // services; the app bundles their TypeScript source instead.
    alias: {
      '@platform/contracts': fileURLToPath(
        new URL('../packages/contracts/src/index.ts', import.meta.url),
      ),
      '@platform/antibody': fileURLToPath(
        new URL('../packages/antibody/src/index.ts', import.meta.url),
      ),
      '@platform/bpmn': fileURLToPath(new URL('../packages/bpmn/src/index.ts', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/prod-api': { target: gateway, changeOrigin: true },
      '/ws/user': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
  // The antibody toolkit runs in a module worker (features/antibody/toolkit.worker.ts).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Mol* (about 2.9 MB, loaded only when the antibody toolkit shows a structure) is the one chunk
    // above Vite's default warning size.
    chunkSizeWarningLimit: 3000,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        authCallback: fileURLToPath(new URL('auth-callback.html', import.meta.url)),
      },
    },
  },
});
