import { I18nProvider } from '@lingui/react';
import { MantineProvider, mergeThemeOverrides, Popover, Tooltip } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender } from '@testing-library/react';
import type { ReactElement } from 'react';

import { i18n } from '../src/lib/i18n';
import { DEFAULT_SETTINGS, DEFAULT_SIZE } from '../src/lib/layout.store';
import { buildTheme } from '../src/theme';

/**
 * Mantine 9's tooltips and popovers (menus, selects) hide themselves when their target is off screen
 * (hideDetached), and in jsdom, which has no layout, every target is: the tests see them as the browser
 * shows them over an on-screen button. (A menu's dropdown was hidden so whenever floating-ui's
 * position came back before the test looked: 2 runs in 10 under load.)
 */
const testOverrides = {
  components: {
    Tooltip: Tooltip.extend({ defaultProps: { hideDetached: false } }),
    Popover: Popover.extend({ defaultProps: { hideDetached: false } }),
  },
};

/** Renders with the app's providers: Mantine theme, Lingui, a fresh query client. */
export function render(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(
    <I18nProvider i18n={i18n}>
      <MantineProvider
        theme={mergeThemeOverrides(buildTheme(DEFAULT_SETTINGS, DEFAULT_SIZE), testOverrides)}
      >
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
}
