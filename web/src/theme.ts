import {
  createTheme,
  type CSSVariablesResolver,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type MantineColorsTuple,
  Tabs,
  toRgba,
} from '@mantine/core';

import type { LayoutSettings, Size } from './lib/layout.store';
import readableColors from './readable-colors.json';

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * `color` at `opacity` over a light grey (#f1f3f5), as the light variants (badges, light buttons) paint
 * their background over a striped row or the page.
 */
function tintOnGrey(color: string, opacity: number): string {
  const { r, g, b } = toRgba(color);
  const mix = (channel: number, base: number) => Math.round(base + (channel - base) * opacity);
  return `rgb(${mix(r, 241)}, ${mix(g, 243)}, ${mix(b, 245)})`;
}

/** AA for normal text (WCAG 1.4.3). */
export const TEXT_CONTRAST = 4.5;

/**
 * `color` darkened (or lightened) in small steps until text in it reaches `ratio` against every one of
 * `backgrounds`; the colour itself when it already does.
 */
export function readableOn(
  color: string,
  backgrounds: (candidate: string) => string[],
  { ratio = TEXT_CONTRAST, lighter = false } = {},
): string {
  for (let step = 0; step <= 40; step += 1) {
    const candidate =
      step === 0 ? color : lighter ? lighten(color, step * 0.025) : darken(color, step * 0.025);
    if (backgrounds(candidate).every((bg) => contrastRatio(candidate, bg) >= ratio))
      return candidate;
  }
  return lighter ? '#ffffff' : '#000000';
}

/**
 * The backgrounds a shade 6 to 9 is read on in the light scheme: white (and white text on it, the same
 * ratio), the page's grey, and its own light tint over grey (light variants: badges, light buttons).
 */
const onLightScheme = (candidate: string) => ['#ffffff', '#f1f3f5', tintOnGrey(candidate, 0.15)];

/**
 * A palette whose shades 6 to 9 (filled buttons with white text, links, coloured text, light variants)
 * meet AA on white; shades 0 to 5 (backgrounds, borders, large decoration) stay as they were.
 */
export function readablePalette(shades: readonly string[]): MantineColorsTuple {
  const out = [...shades];
  for (let i = 6; i < 10; i += 1) {
    const previous = i > 6 ? out[i - 1]! : undefined;
    const own = readableOn(shades[i]!, onLightScheme);
    // Each shade at least as dark as the one before it (hover is darker than rest).
    out[i] = previous && luminance(previous) < luminance(own) ? darken(previous, 0.08) : own;
  }
  return out as unknown as MantineColorsTuple;
}

/**
 * Ten shades around the chosen theme colour. The preset itself is shade 5 (and the swatch in the
 * settings drawer); shade 6, which Mantine uses for filled buttons, links and text in the theme colour,
 * is the preset darkened until white text on it and it as text on white reach 4.5:1 (issue 20: the
 * default #409EFF is 2.8:1 on white); lighter shades are derived from the preset.
 */
export function shadesOf(color: string): MantineColorsTuple {
  return readablePalette([
    lighten(color, 0.9),
    lighten(color, 0.75),
    lighten(color, 0.6),
    lighten(color, 0.45),
    lighten(color, 0.3),
    color,
    color,
    darken(color, 0.1),
    darken(color, 0.2),
    darken(color, 0.3),
  ]);
}

/** The dark sidebar's background under the active entry (Layout.module.css --menu-hover). */
export const DARK_SIDEBAR_ACTIVE_BG = '#263445';

/**
 * The colour of the active sidebar entry: the theme colour, lightened where needed to read at 4.5:1 on
 * the dark sidebar, darkened on the light one.
 */
export function sidebarAccent(color: string, dark: boolean): string {
  return dark
    ? readableOn(color, () => [DARK_SIDEBAR_ACTIVE_BG, '#304156'], { lighter: true })
    : readableOn(color, () => ['#ffffff', '#f1f3f5']);
}

/** Mantine's palettes (but dark) with shades 6 to 9 readable on white (its green 6 is 2.4:1, its red 6 3.3:1). */
export function readableMantineColors(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, shades]) => [name, readablePalette(shades)]),
  );
}

/**
 * readableMantineColors() as computed at build time (theme.test.ts writes and checks the file: `pnpm
 * exec vitest run src/theme.test.ts -u` after a Mantine upgrade): computing them as the app starts took
 * about 25 ms of a phone's first task (issue 20: total blocking time).
 */
const READABLE_COLORS = readableColors as unknown as Record<string, MantineColorsTuple>;

/** The size selector scales every component (Default, Medium, Small, Mini). */
export const SIZE_SCALE: Record<Size, number> = {
  default: 1.08,
  medium: 1,
  small: 0.93,
  mini: 0.86,
};

/**
 * CSS variables Mantine derives from the theme, changed for contrast: placeholder-like texts (an empty
 * select's "choose…") in the readable grey 6 instead of grey 5 (2.1:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

export function buildTheme(settings: LayoutSettings, size: Size) {
  return createTheme({
    primaryColor: 'brand',
    colors: { ...READABLE_COLORS, brand: shadesOf(settings.theme) },
    scale: SIZE_SCALE[size],
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif',
    defaultRadius: 'sm',
    components: {
      // Mantine 9 hides a kept-mounted panel with React's Activity, which renders nothing of it until
      // it is first shown; display: none keeps Mantine 8's behaviour: a panel's content (the toolkit's
      // structure button, a form's fields) is in the page, only hidden, as the pages expect.
      Tabs: Tabs.extend({ defaultProps: { keepMountedMode: 'display-none' } }),
    },
  });
}
