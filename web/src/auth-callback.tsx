import '@mantine/core/styles.css';

import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';

import { AuthCallbackPage } from './features/realname/AuthCallbackPage';
import { activateLanguage, i18n, storedLanguage } from './lib/i18n';
import { DEFAULT_SETTINGS, DEFAULT_SIZE } from './lib/layout.store';
import { buildTheme } from './theme';

// The page the payment app opens after real-name authorization (spec §2): a separate entry, outside
// the signed-in app and its route guard, since it opens on the phone that scanned the code.
await activateLanguage(storedLanguage(), false);

createRoot(document.getElementById('root')!).render(
  <I18nProvider i18n={i18n}>
    <MantineProvider theme={buildTheme(DEFAULT_SETTINGS, DEFAULT_SIZE)}>
      <AuthCallbackPage authCode={new URLSearchParams(window.location.search).get('auth_code')} />
    </MantineProvider>
  </I18nProvider>,
);
