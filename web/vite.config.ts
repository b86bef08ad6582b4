import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';

import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // Brotli and gzip copies of every text asset, made once at build time at the highest levels (too
    // slow per request), so the gateway (or any static server) sends them as they are with
    // Content-Encoding. A maintained plugin rather than our own zlib step: it sees every emitted file,
    // workers and CSS included, and skips a copy that would not be smaller.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|mjs|css|json|svg|txt|wasm)$/,
      logLevel: 'silent',
      // The plugin has no peer dependency on Vite, so its types come from the workspace's hoisted copy
      // of the same Vite version: one Plugin type, declared twice.
    }) as PluginOption,
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
      // Operaton's Cockpit through the gateway; the browser's Host is kept for the webapps' CSRF check.
      '/operaton': { target: gateway },
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
