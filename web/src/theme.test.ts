import { describe, expect, it } from 'vitest';

import { DEFAULT_SETTINGS, THEME_PRESETS } from './lib/layout.store';
import {
  buildTheme,
  contrastRatio,
  DARK_SIDEBAR_ACTIVE_BG,
  readableMantineColors,
  shadesOf,
  sidebarAccent,
  TEXT_CONTRAST,
} from './theme';

// Issue 20: text in the theme colour, white text on it, and the active sidebar entry meet WCAG AA
// (4.5:1) with every preset of the settings drawer, in the light and the dark sidebar.

describe('theme colours', () => {
  it('should tell the ratio of the spec default on white (2.8:1: it fails as text)', () => {
    expect(contrastRatio('#409EFF', '#ffffff')).toBeCloseTo(2.78, 1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it.each(THEME_PRESETS)(
    'should make shade 6 to 9 of %s readable on white and under white text',
    (preset) => {
      const shades = shadesOf(preset);
      expect(shades[5]).toBe(preset);
      for (const shade of shades.slice(6)) {
        expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(shade, '#f1f3f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    },
  );

  // The settings drawer's free picker (issue 30): any colour, from near white to near black, gets a
  // readable scale and sidebar accent too.
  it.each(['#ffffff', '#fffbe6', '#7fffd4', '#808080', '#8b0000', '#000000', '#12ab34'])(
    'should make a freely picked %s readable as well',
    (picked) => {
      const shades = shadesOf(picked);
      expect(shades[5]).toBe(picked);
      for (const shade of shades.slice(6)) {
        expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(shade, '#f1f3f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      expect(
        contrastRatio(sidebarAccent(picked, true), DARK_SIDEBAR_ACTIVE_BG),
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(sidebarAccent(picked, false), '#f1f3f5')).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    },
  );

  it.each(THEME_PRESETS)(
    'should give the active sidebar entry 4.5:1 with %s in both sidebar themes',
    (preset) => {
      expect(
        contrastRatio(sidebarAccent(preset, true), DARK_SIDEBAR_ACTIVE_BG),
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(sidebarAccent(preset, false), '#f1f3f5')).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    },
  );

  it('should ship the readable Mantine colours as computed from the installed Mantine', async () => {
    // Written with -u (after a Mantine upgrade); fails when the stored file is not what the code makes.
    await expect(JSON.stringify(readableMantineColors(), null, 2) + '\n').toMatchFileSnapshot(
      './readable-colors.json',
    );
  });

  it("should make every Mantine colour's filled and text shades readable on white", () => {
    const theme = buildTheme(DEFAULT_SETTINGS, 'medium');
    for (const [name, shades] of Object.entries(theme.colors ?? {})) {
      for (const shade of shades!.slice(6)) {
        expect({ name, shade, ok: contrastRatio(shade, '#ffffff') >= TEXT_CONTRAST }).toEqual({
          name,
          shade,
          ok: true,
        });
      }
    }
  });
});
