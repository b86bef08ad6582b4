import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';

import { type AuthPanel, AuthScreen } from './features/auth/components/AuthScreen';
import { DEFAULT_SETTINGS, DEFAULT_SIZE } from './features/layout/layout.store';
import { buildTheme, cssVariablesResolver } from './theme';

// Renders the sign-in screen to HTML at build time (vite.config.ts puts it in index.html), so that a
// phone opening /login paints the screen from the HTML and its stylesheets instead of waiting for
// React, the router and the language catalogue (issue 20). The same components, theme and catalogues
// as the app, in the default layout settings: what React then draws in their place, text for text.

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

/** The HTML of one panel of the sign-in screen in one language (the lazy forms included). */
export async function renderSignInShell(lang: Language, panel: AuthPanel): Promise<string> {
  i18n.loadAndActivate({ locale: lang, messages: await catalogue(lang) });
  const screen = () => <AuthScreen panel={panel} onPanel={() => {}} onSignedIn={() => {}} />;
  const router = createRouter({
    routeTree: createRootRoute({ component: screen }),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  await router.load();
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
        )
      ).prelude,
    ),
  );
  if (/<script|<template id="B:|hidden id="S:/.test(html)) {
    throw new Error(`the ${panel} panel did not render to static markup`);
  }
  return html;
}
