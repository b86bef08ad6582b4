import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import {
  DEFAULT_SETTINGS,
  layoutStore,
  patchLayout,
  storedSettings,
} from '../../../lib/layout.store';
import { STORAGE_KEYS, writeStore } from '../../../lib/storage';
import { SettingsDrawer } from './SettingsDrawer';

describe(SettingsDrawer.name, () => {
  afterEach(() => patchLayout({ settings: { ...DEFAULT_SETTINGS }, settingsOpened: false }));

  it('should take a freely picked theme colour beside the presets, once it is a whole colour', () => {
    patchLayout({ settingsOpened: true });
    render(<SettingsDrawer />);
    const input = screen.getByRole('textbox', { name: 'Custom colour' });
    fireEvent.change(input, { target: { value: '#12ab' } });
    expect(layoutStore.get().settings.theme).toBe(DEFAULT_SETTINGS.theme);
    fireEvent.change(input, { target: { value: '#12ab34' } });
    expect(layoutStore.get().settings.theme).toBe('#12ab34');
    fireEvent.click(screen.getByTestId('theme-#ff4500'));
    expect(layoutStore.get().settings.theme).toBe('#ff4500');
    expect((input as HTMLInputElement).value).toBe('#ff4500');
  });

  it('should not load a stored theme that is not a colour', () => {
    writeStore({ name: STORAGE_KEYS.layoutSetting, content: { theme: 'red; x' } });
    expect(storedSettings().theme).toBe(DEFAULT_SETTINGS.theme);
    writeStore({ name: STORAGE_KEYS.layoutSetting, content: { theme: '#abcdef' } });
    expect(storedSettings().theme).toBe('#abcdef');
  });
});
