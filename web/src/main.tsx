import { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { forgetSession, loadSession } from './features/auth/session';
import { LANDING_COMPONENT } from './features/chat/register';
import { resolvePath } from './features/menu/resolve';
import { getToken, sessionStore } from './lib/auth';
import { activateLanguage, storedLanguage } from './lib/i18n';
import { notify, showOutage } from './lib/notify';
import { preloadPage } from './lib/page-registry';
import { configureRequest } from './lib/request';
import { removeStartupShell, startupShellKind } from './lib/startup-shell';
import { registerAllPages } from './register-pages';
import { buildRouter } from './router';

registerAllPages();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
const router = buildRouter(queryClient);

configureRequest({
  notify,
  onOutage: showOutage,
  // Code 401 (spec §8): sign out and go to /index, which the guard sends on to the sign-in page.
  onUnauthorized: () => {
    forgetSession();
    queryClient.clear();
    router.history.push('/index');
  },
});

// The screen index.html may show goes once the first page is drawn, whichever it is.
const stopWatchingFirstRender = router.subscribe('onRendered', () => {
  removeStartupShell();
  stopWatchingFirstRender();
});

/** The module of the page the resolved route shows inside the layout. */
async function preloadShownPage(): Promise<void> {
  const found = resolvePath(router.state.location.pathname, sessionStore.get());
  if (found.kind === 'page') await preloadPage(found.component);
}

const languageLoaded = activateLanguage(storedLanguage(), false);
const shell = startupShellKind();
if (getToken()) {
  // A signed-in visit: user info and menu on their way while the catalogue loads (the guard waits for
  // this same load, and handles its failure).
  loadSession().catch(() => undefined);
}
if (shell) {
  // Behind the screen index.html shows, the route is resolved and the page's module loaded before the
  // first render: that render (time-sliced) is then the screen itself. Rendered first and resolved
  // after, the screen came in a second render the router's store makes synchronous, and a lazy page
  // behind a loader: one task of the whole screen on a phone's main thread, and a loader where the
  // shell had drawn the page (issue 20: total blocking time, largest paint).
  const landing = shell === 'landing' ? preloadPage(LANDING_COMPONENT) : undefined;
  await Promise.all([languageLoaded, router.load().then(preloadShownPage), landing]).catch(
    () => undefined, // a chunk that did not load: the page's own error state says so
  );
} else {
  await languageLoaded;
}

// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one task that blocks a phone's main thread for the whole tree (issue
// 20: Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
