import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@platform/contracts';
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
  patchLayout,
} from './features/layout/layout.store';
import { tagsStore } from './features/layout/tags';
import { DASHBOARD_PATH, LANDING_PATH } from './features/menu/local-routes';
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
export async function renderSignInShell(lang: Language, panel: AuthPanel): Promise<string> {
  const screen = () => <AuthScreen panel={panel} onPanel={() => {}} onSignedIn={() => {}} />;
  const router = createRouter({
    routeTree: createRootRoute({ component: screen }),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  return renderStatic(lang, router);
}

/** The layout the landing page is drawn in (public/startup-shell.js shows it only to a user with it). */
export const LANDING_LAYOUT = { settings: DEFAULT_SETTINGS, size: DEFAULT_SIZE };

/**
 * The HTML of the chat landing page (a new conversation) in the main layout, on a phone or a desktop,
 * before the session is known: no user, no menu, the dashboard's pinned tab; the conversation list
 * still loading.
 */
export async function renderLandingShell(
  lang: Language,
  device: LayoutState['device'],
): Promise<string> {
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
