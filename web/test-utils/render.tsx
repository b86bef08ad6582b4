import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender } from '@testing-library/react';
import type { ReactElement } from 'react';

import { DEFAULT_SETTINGS, DEFAULT_SIZE } from '../src/features/layout/layout.store';
import { i18n } from '../src/lib/i18n';
import { buildTheme } from '../src/theme';

/** Renders with the app's providers: Mantine theme, Lingui, a fresh query client. */
export function render(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={buildTheme(DEFAULT_SETTINGS, DEFAULT_SIZE)}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
}
