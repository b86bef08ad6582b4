import '@mantine/core/styles/ColorInput.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/Popover.layer.css';

import { useLingui } from '@lingui/react/macro';
import {
  Button,
  CheckIcon,
  ColorInput,
  ColorSwatch,
  Divider,
  Drawer,
  Group,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

import {
  isThemeColour,
  type LayoutSettings,
  patchLayout,
  resetSettings,
  saveSettings,
  SETTINGS_DRAWER_WIDTH,
  type SideTheme,
  THEME_PRESETS,
  useLayout,
} from '../../../lib/layout.store';
import classes from './Layout.module.css';

/** How long the "saving" prompt stays (spec §2: about 1 s). */
export const SAVE_PROMPT_MS = 1000;

/** Layout settings (spec §2): changes apply at once; save keeps them in layout-setting, reset clears it. */
export function SettingsDrawer() {
  const { t } = useLingui();
  const opened = useLayout((state) => state.settingsOpened);
  const settings = useLayout((state) => state.settings);
  const change = (patch: Partial<LayoutSettings>) =>
    patchLayout({ settings: { ...settings, ...patch } });
  // The free picker's text while it is typed; the theme follows only a complete #rrggbb colour (its
  // scale, made readable by theme.ts shadesOf, is built from any colour, not only the presets).
  const [customColour, setCustomColour] = useState(settings.theme);
  useEffect(() => setCustomColour(settings.theme), [settings.theme]);

  const save = () => {
    const id = notifications.show({
      loading: true,
      message: t`Saving to local storage, please wait...`,
      autoClose: false,
      withCloseButton: false,
    });
    saveSettings(settings);
    setTimeout(() => notifications.hide(id), SAVE_PROMPT_MS);
  };

  const reset = () => {
    notifications.show({
      loading: true,
      message: t`Clearing settings and reloading, please wait...`,
    });
    resetSettings();
    setTimeout(() => window.location.reload(), SAVE_PROMPT_MS);
  };

  const toggles: { key: keyof LayoutSettings; label: string }[] = [
    { key: 'topNav', label: t`Top navigation` },
    { key: 'tagsView', label: t`Tags view` },
    { key: 'fixedHeader', label: t`Fixed header` },
    { key: 'sidebarLogo', label: t`Show logo` },
    { key: 'dynamicTitle', label: t`Dynamic title` },
  ];
  const sideThemes: { value: SideTheme; label: string }[] = [
    { value: 'theme-dark', label: t`Dark sidebar` },
    { value: 'theme-light', label: t`Light sidebar` },
  ];

  return (
    <Drawer
      opened={opened}
      onClose={() => patchLayout({ settingsOpened: false })}
      position="right"
      size={SETTINGS_DRAWER_WIDTH}
      title={t`Layout settings`}
      data-testid="settings-drawer"
    >
      <Stack gap="md">
        <Text fw={600} size="sm">{t`Sidebar theme`}</Text>
        <Group gap="sm">
          {sideThemes.map((item) => (
            <UnstyledButton
              key={item.value}
              className={classes.themeTile}
              data-theme={item.value}
              data-selected={settings.sideTheme === item.value || undefined}
              onClick={() => change({ sideTheme: item.value })}
              aria-label={item.label}
              data-testid={`side-${item.value}`}
            >
              {settings.sideTheme === item.value ? <CheckIcon size={12} /> : null}
            </UnstyledButton>
          ))}
        </Group>
        <Text fw={600} size="sm">{t`Theme colour`}</Text>
        <Group gap={8}>
          {THEME_PRESETS.map((color) => (
            <ColorSwatch
              key={color}
              component="button"
              color={color}
              size={24}
              onClick={() => change({ theme: color })}
              aria-label={color}
              data-testid={`theme-${color}`}
              style={{ cursor: 'pointer', color: 'white' }}
            >
              {settings.theme.toLowerCase() === color.toLowerCase() ? (
                <CheckIcon size={12} />
              ) : null}
            </ColorSwatch>
          ))}
        </Group>
        <ColorInput
          label={t`Custom colour`}
          format="hex"
          value={customColour}
          onChange={(value) => {
            setCustomColour(value);
            if (isThemeColour(value) && value.toLowerCase() !== settings.theme.toLowerCase())
              change({ theme: value });
          }}
          withEyeDropper={false}
          popoverProps={{ withinPortal: true }}
          data-testid="theme-custom"
        />
        <Divider />
        <Text fw={600} size="sm">{t`System layout`}</Text>
        {toggles.map((item) => (
          <Switch
            key={item.key}
            label={item.label}
            labelPosition="left"
            checked={Boolean(settings[item.key])}
            onChange={(event) => change({ [item.key]: event.currentTarget.checked })}
            data-testid={`setting-${item.key}`}
            styles={{ body: { justifyContent: 'space-between' } }}
          />
        ))}
        <Divider />
        <Group grow>
          <Button onClick={save} data-testid="settings-save">
            {t`Save settings`}
          </Button>
          <Button variant="default" onClick={reset} data-testid="settings-reset">
            {t`Reset settings`}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
