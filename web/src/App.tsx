import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useMemo } from 'react';

import { useLayout } from './features/layout/layout.store';
import { i18n } from './lib/i18n';
import type { AppRouter } from './router';
import { buildTheme } from './theme';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  const settings = useLayout((state) => state.settings);
  const size = useLayout((state) => state.size);
  const theme = useMemo(() => buildTheme(settings, size), [settings, size]);
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
