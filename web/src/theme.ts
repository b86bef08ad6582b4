import { createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

import type { LayoutSettings, Size } from './features/layout/layout.store';

/** Ten shades around the chosen theme colour (index 6 is the colour itself). */
export function shadesOf(color: string): MantineColorsTuple {
  return [
    lighten(color, 0.9),
    lighten(color, 0.75),
    lighten(color, 0.6),
    lighten(color, 0.45),
    lighten(color, 0.3),
    lighten(color, 0.15),
    color,
    darken(color, 0.1),
    darken(color, 0.2),
    darken(color, 0.3),
  ];
}

/** The size selector scales every component (Default, Medium, Small, Mini). */
export const SIZE_SCALE: Record<Size, number> = {
  default: 1.08,
  medium: 1,
  small: 0.93,
  mini: 0.86,
};

export function buildTheme(settings: LayoutSettings, size: Size) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shadesOf(settings.theme) },
    scale: SIZE_SCALE[size],
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif',
    defaultRadius: 'sm',
  });
}
