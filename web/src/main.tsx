import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { forgetSession } from './features/auth/session';
import { activateLanguage, storedLanguage } from './lib/i18n';
import { notify, showOutage } from './lib/notify';
import { configureRequest } from './lib/request';
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

await activateLanguage(storedLanguage(), false);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
