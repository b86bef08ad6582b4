import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { type Language, LANGUAGES } from '@platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';

import { type AuthPanel, AuthScreen } from './features/auth/components/AuthScreen';
import { ChatPage } from './features/chat/ChatPage';
import { MainLayout } from './features/layout/components/MainLayout';
import {
  DEFAULT_SETTINGS,
  DEFAULT_SIZE,
  type LayoutState,
  MOBILE_QUERY,
  patchLayout,
} from './lib/layout.store';
import { DASHBOARD_PATH, LANDING_PATH } from './lib/local-routes';
import { tagsStore } from './lib/tags';
import { buildTheme, cssVariablesResolver } from './theme';

// Renders, at build time, the screens a phone's first visit lands on (vite.config.ts puts them in
// index.html): the sign-in screen, and for a signed-in visit the chat landing page in its layout. The
// phone paints the screen from the HTML and its stylesheets instead of waiting for React, the router,
// the language catalogue, the session and the page's chunks (issue 20). The same components, theme and
// catalogues as the app, in the default layout settings: what React then draws in their place, text
// for text.

async function catalogue(lang: Language): Promise<Messages> {
  const { messages } = (await import(`./locales/${lang}/messages.po`)) as { messages: Messages };
  return messages;
}

async function toString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
}

/**
 * React writes a Suspense boundary's content (the lazily loaded register form) after its fallback, with
 * a script that swaps them in the browser; the page allows no inline script, so each content is put in
 * its fallback's place here and the scripts dropped.
 */
function inlineBoundaries(html: string): string {
  const segments = new Map<string, string>();
  const rest = html
    .replace(
      /<div hidden id="S:(\w+)">([\s\S]*?)<\/div><script>[\s\S]*?<\/script>/g,
      (_, id: string, content: string) => {
        segments.set(id, content);
        return '';
      },
    )
    .replace(/<script>[\s\S]*?<\/script>/g, '');
  return rest.replace(
    /<!--\$\?--><template id="B:(\w+)"><\/template>[\s\S]*?<!--\/\$-->/g,
    (whole, id: string) => {
      const content = segments.get(id);
      return content === undefined ? whole : `<!--$-->${content}<!--/$-->`;
    },
  );
}

/** The static HTML of what `router` shows, in one language, lazily loaded parts included. */
async function renderStatic(lang: Language, router: AnyRouter): Promise<string> {
  i18n.loadAndActivate({ locale: lang, messages: await catalogue(lang) });
  await router.load();
  // A component that throws leaves its Suspense boundary to the client: a build error here.
  const errors: unknown[] = [];
  const html = inlineBoundaries(
    await toString(
      (
        await prerenderToNodeStream(
          <I18nProvider i18n={i18n}>
            <MantineProvider
              theme={buildTheme(DEFAULT_SETTINGS, DEFAULT_SIZE)}
              cssVariablesResolver={cssVariablesResolver}
            >
              <QueryClientProvider client={new QueryClient()}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </MantineProvider>
          </I18nProvider>,
          { onError: (error) => void errors.push(error) },
        )
      ).prelude,
    ),
  );
  if (errors.length > 0) throw errors[0];
  if (/<script|<template id="B:|hidden id="S:|<!--\$!-->/.test(html)) {
    throw new Error(`${router.state.location.href} did not render to static markup`);
  }
  return html;
}

/** The HTML of one panel of the sign-in screen in one language (the lazy forms included). */
async function renderSignInShell(lang: Language, panel: AuthPanel): Promise<string> {
  const screen = () => <AuthScreen panel={panel} onPanel={() => {}} onSignedIn={() => {}} />;
  const router = createRouter({
    routeTree: createRootRoute({ component: screen }),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  return renderStatic(lang, router);
}

/**
 * What public/startup-shell.js needs to know of the landing page: the addresses that open it, the
 * screens that get its phone variant, and the layout it is drawn in (it is shown only to a user with
 * that layout).
 */
export const LANDING_SHELL = {
  paths: ['/', LANDING_PATH],
  mobileQuery: MOBILE_QUERY,
  settings: DEFAULT_SETTINGS,
  size: DEFAULT_SIZE,
};

/**
 * The HTML of the chat landing page (a new conversation) in the main layout, on a phone or a desktop,
 * before the session is known: no user, no menu, the dashboard's pinned tab; the conversation list
 * still loading.
 */
async function renderLandingShell(lang: Language, device: LayoutState['device']): Promise<string> {
  patchLayout({ device });
  tagsStore.set([{ path: DASHBOARD_PATH, href: DASHBOARD_PATH, affix: true }]);
  const root = createRootRoute({ component: Outlet });
  const layout = createRoute({ getParentRoute: () => root, id: 'layout', component: MainLayout });
  const chat = createRoute({
    getParentRoute: () => layout,
    path: LANDING_PATH,
    component: () => <ChatPage params={{}} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([chat])]),
    history: createMemoryHistory({ initialEntries: [LANDING_PATH] }),
  });
  return renderStatic(lang, router);
}

/**
 * Every variant index.html carries, one after the other (they share the app's stores): the sign-in
 * screen per language and panel the address opens, the landing page per language and device.
 */
export async function renderStartupShells() {
  const signIn = [];
  const landing = [];
  for (const lang of LANGUAGES) {
    for (const panel of ['login', 'register'] as const) {
      signIn.push({ lang, panel, markup: await renderSignInShell(lang, panel) });
    }
    for (const device of ['mobile', 'desktop'] as const) {
      landing.push({ lang, device, markup: await renderLandingShell(lang, device) });
    }
  }
  return { signIn, landing };
}
