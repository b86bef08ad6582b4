import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';

import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type PluginOption, type Rollup } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** The modules of the sign-in screen, whose chunks' stylesheets the shell needs. */
const SIGN_IN_MODULES = /\/features\/auth\/components\/(AuthScreen|LoginForm|RegisterForm)\.tsx$/;
/** The modules of the landing page (the layout and the chat), whose stylesheets its shell needs. */
const LANDING_MODULES = /\/features\/(layout\/components\/MainLayout|chat\/ChatPage)\.tsx$/;

const STYLE_TAG = /<style[^>]*>[\s\S]*?<\/style>/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*><\/script>\n?/;

/**
 * The stylesheets of the chunks holding `modules`, and with `withImports` those of the chunks they
 * import statically too (what Vite loads with them), as the page links them.
 */
function stylesheetsOf(
  bundle: Rollup.OutputBundle,
  modules: RegExp,
  withImports: boolean,
): string[] {
  const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const queue = chunks.filter((chunk) => chunk.moduleIds.some((id) => modules.test(id)));
  const seen = new Set(queue.map((chunk) => chunk.fileName));
  const css = new Set<string>();
  while (queue.length > 0) {
    const chunk = queue.shift()!;
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
    if (!withImports) continue;
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk' && !seen.has(name)) {
        seen.add(name);
        queue.push(imported);
      }
    }
  }
  return [...css];
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Puts the screens a first visit lands on, rendered by React at build time (src/startup-shells.tsx),
 * in index.html as templates, and public/startup-shell.js, which shows the one the visit needs before
 * the app starts (issue 20: a phone's first paint without waiting for the JavaScript): the sign-in
 * screen, and for a signed-in visit the chat landing page. The shell is shown inert and without test
 * ids, so neither a user nor a test acts on it before the app takes it away.
 */
function startupShells(): Plugin {
  return {
    name: 'startup-shells',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { path, bundle }) {
        if (path !== '/index.html' || !bundle) return html;
        const { signIn, landing, landingShell } = await renderShells();
        const linked = (href: string) => html.includes(`${href}"`);
        // Mantine's style tags (theme variables, global classes: 10 KB, the same in every variant) once,
        // in a template of their own the script shows with the screen: less HTML for a phone to parse.
        const all = [...signIn, ...landing];
        const styles = [...new Set(all.flatMap(({ markup }) => markup.match(STYLE_TAG) ?? []))];
        const inert = (markup: string) =>
          markup.replace(STYLE_TAG, '').replace(/ data-testid="[^"]*"/g, '');
        const templates = [`<template id="startup-shell-styles">${styles.join('')}</template>`];
        for (const { lang, panel, markup } of signIn) {
          templates.push(
            `<template id="sign-in-shell-${lang}-${panel}">${inert(markup)}</template>`,
          );
        }
        const signInSheets = stylesheetsOf(bundle, SIGN_IN_MODULES, false).filter(
          (href) => !linked(href),
        );
        const landingSheets = stylesheetsOf(bundle, LANDING_MODULES, true).filter(
          (href) => !linked(href) && !signInSheets.includes(href),
        );
        // The landing page's stylesheets (the whole of Mantine's, the layout's, the chat's): links the
        // script puts in the head only on a visit that shows it; with what the script needs to know of
        // the page (data-landing).
        templates.push(
          `<template id="landing-shell" data-landing="${escapeAttribute(JSON.stringify(landingShell))}">${landingSheets
            .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
            .join('')}</template>`,
        );
        for (const { lang, device, markup } of landing) {
          templates.push(
            `<template id="landing-shell-${lang}-${device}">${inert(markup)}</template>`,
          );
        }
        // The app's modulepreloads wait in a template too: on a visit the shell serves, they would share
        // a phone's link with the stylesheets and the script the first paint needs; the script puts them
        // in the head when the app itself draws the first screen, or once the landing page is shown.
        const preloads = html.match(MODULE_PRELOAD) ?? [];
        templates.push(
          `<template id="app-preloads">${preloads.map((l) => l.trim()).join('')}</template>`,
        );
        // So does the app's entry: the landing page's first paint waits for its stylesheets, which the
        // script adds (a module script in the head would be on the link before them).
        const entry = html.match(ENTRY_SCRIPT);
        if (!entry) throw new Error('index.html has no entry module script');
        templates.push(`<template id="app-entry">${entry[0].trim()}</template>`);
        return {
          html: html
            .replace(MODULE_PRELOAD, '')
            .replace(ENTRY_SCRIPT, '')
            // After the templates it reads, parser-blocking: it runs before any module script, and the
            // first paint can show the screen it puts in.
            .replace(
              '<div id="root"></div>',
              `<div id="root"></div>\n${templates.join('\n')}\n<script src="/startup-shell.js"></script>`,
            ),
          // The stylesheets of the sign-in screen's own chunks, render-blocking like the main one: the
          // shell is drawn as it will stay (no layout shift when the route's chunk brings them).
          tags: signInSheets.map((href) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** Renders the shells with Vite's SSR loader (same plugins and aliases as the app, so the same markup). */
async function renderShells() {
  // The app reads its stored settings as modules load; at build time nothing is stored.
  const empty = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  const globals = globalThis as Record<string, unknown>;
  const saved = { window: globals.window, localStorage: globals.localStorage };
  Object.assign(globals, {
    window: { localStorage: empty, sessionStorage: empty },
    localStorage: empty,
  });
  const server = await createServer({
    configFile: fileURLToPath(new URL('vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    // The stand-in window makes TanStack Query (loaded by Node, outside Vite's SSR graph) take this
    // process for a browser: each query it renders then keeps a five-minute garbage-collection timer
    // that holds the build open minutes after its output is written. It is a server render: say so.
    const { environmentManager } = (await server.ssrLoadModule(
      '@tanstack/react-query',
    )) as typeof import('@tanstack/react-query');
    environmentManager.setIsServer(() => true);
    const { renderStartupShells, LANDING_SHELL } = (await server.ssrLoadModule(
      '/src/startup-shells.tsx',
    )) as typeof import('./src/startup-shells');
    return { ...(await renderStartupShells()), landingShell: LANDING_SHELL };
  } finally {
    await server.close();
    Object.assign(globals, saved);
  }
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The sign-in screen is where a phone's first visit lands: in the entry, so its first render is
      // the screen itself, without a second render and a commit after the route's chunk arrives (issue
      // 20: total blocking time).
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined),
      },
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    startupShells(),
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
      output: {
        // Rollup gives every module two lazy pages share a chunk of its own: an icon, a hook, each a
        // request of a few hundred bytes. The signed-in landing page needed 60 of them, in rounds of six
        // on a phone's HTTP/1.1 link (issue 20). Chunks below 20 kB go into the chunks that import
        // them, where that changes no module's side effects.
        experimentalMinChunkSize: 20_000,
      },
    },
  },
});
