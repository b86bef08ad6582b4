import { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { forgetSession, loadSession } from './features/auth/session';
import { getToken } from './lib/auth';
import { activateLanguage, storedLanguage } from './lib/i18n';
import { notify, showOutage } from './lib/notify';
import { configureRequest } from './lib/request';
import { removeSignInShell, signInShellShown } from './lib/sign-in-shell';
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

// The sign-in screen index.html may show goes once the first page is drawn, whichever it is.
const stopWatchingFirstRender = router.subscribe('onRendered', () => {
  removeSignInShell();
  stopWatchingFirstRender();
});

const languageLoaded = activateLanguage(storedLanguage(), false);
if (signInShellShown()) {
  // Behind the sign-in screen index.html shows, the route is resolved before the first render: that
  // render (time-sliced) is then the screen itself. Rendered first and resolved after, the route's
  // screen came in a second render the router's store makes synchronous: one task of the whole screen
  // on a phone's main thread (issue 20: total blocking time).
  await Promise.all([languageLoaded, router.load()]);
} else {
  // A signed-in visit: user info and menu on their way while the catalogue loads and the app renders
  // (the guard waits for this same load, and handles its failure).
  if (getToken()) loadSession().catch(() => undefined);
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
