import { readStore, removeStore, STORAGE_KEYS, writeStore } from './storage';
import { createStore, useStore } from './store';

// Layout state of spec §2 "Main layout" and §3 "Layout settings": sidebar (key sidebarStatus, 1 open /
// 0 closed), device (mobile below 992 px), size (key size) and the settings of key layout-setting.

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 230;
export const SETTINGS_DRAWER_WIDTH = 280;
export const DEFAULT_THEME = '#409EFF';
export const THEME_PRESETS = [
  '#409EFF',
  '#ff4500',
  '#ff8c00',
  '#ffd700',
  '#90ee90',
  '#00ced1',
  '#1e90ff',
  '#c71585',
] as const;

/** A theme colour the settings keep: #rrggbb (a preset or one picked freely in the settings drawer). */
export const isThemeColour = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

export type SideTheme = 'theme-dark' | 'theme-light';

export interface LayoutSettings {
  theme: string;
  sideTheme: SideTheme;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: DEFAULT_THEME,
  sideTheme: 'theme-dark',
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
};

export function storedSettings(): LayoutSettings {
  const saved = readStore(STORAGE_KEYS.layoutSetting);
  if (!saved || typeof saved !== 'object') return { ...DEFAULT_SETTINGS };
  const picked: Partial<LayoutSettings> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = (saved as Record<string, unknown>)[key];
    if (key === 'theme' && !isThemeColour(value)) continue;
    if (typeof value === typeof DEFAULT_SETTINGS[key]) Object.assign(picked, { [key]: value });
  }
  return { ...DEFAULT_SETTINGS, ...picked };
}

export function saveSettings(settings: LayoutSettings): void {
  writeStore({ name: STORAGE_KEYS.layoutSetting, content: settings });
}

export function resetSettings(): void {
  removeStore(STORAGE_KEYS.layoutSetting);
}

function storedSize(): Size {
  const value = readStore(STORAGE_KEYS.size);
  return SIZES.includes(value as Size) ? (value as Size) : DEFAULT_SIZE;
}

function storedSidebarOpen(): boolean {
  return readStore(STORAGE_KEYS.sidebarStatus) !== 0;
}

export interface LayoutState {
  sidebarOpened: boolean;
  /** Hidden sidebar (top navigation on an entry without children): no toggle. */
  sidebarHidden: boolean;
  device: 'desktop' | 'mobile';
  /** The mobile drawer menu. */
  drawerOpened: boolean;
  size: Size;
  settings: LayoutSettings;
  settingsOpened: boolean;
}

/** The media query of a phone or a small tablet: the sidebar becomes a drawer. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** The device as the screen says at start, so the first render is already the right layout. */
function initialDevice(): LayoutState['device'] {
  const matches =
    typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
  return matches ? 'mobile' : 'desktop';
}

export const layoutStore = createStore<LayoutState>({
  sidebarOpened: storedSidebarOpen(),
  sidebarHidden: false,
  device: initialDevice(),
  drawerOpened: false,
  size: storedSize(),
  settings: storedSettings(),
  settingsOpened: false,
});

export function useLayout<S>(select: (state: LayoutState) => S): S {
  return useStore(layoutStore, select);
}

export function toggleSidebar(): void {
  const { sidebarHidden, sidebarOpened } = layoutStore.get();
  if (sidebarHidden) return;
  writeStore({ name: STORAGE_KEYS.sidebarStatus, content: sidebarOpened ? 0 : 1 });
  layoutStore.set((state) => ({ ...state, sidebarOpened: !sidebarOpened }));
}

export function setSize(size: Size): void {
  writeStore({ name: STORAGE_KEYS.size, content: size });
  layoutStore.set((state) => ({ ...state, size }));
}

/**
 * Changes the layout state; a patch that changes nothing leaves the state as it is (the layout's
 * effects patch it at every mount): a new state object re-renders every reader of the whole state,
 * synchronously (useSyncExternalStore), which at start was the whole layout a second time in one task.
 */
export function patchLayout(patch: Partial<LayoutState>): void {
  const state = layoutStore.get();
  const keys = Object.keys(patch) as (keyof LayoutState)[];
  if (keys.every((key) => Object.is(state[key], patch[key]))) return;
  layoutStore.set({ ...state, ...patch });
}

/**
 * Keeps `device` with the screen: across the breakpoint the layout switches between sidebar and
 * drawer (closed). The one place the app asks the media query, so every reader has the same answer
 * from the first render on.
 */
export function followScreen(screen: Pick<MediaQueryList, 'addEventListener'>): void {
  screen.addEventListener('change', (event) =>
    patchLayout({ device: event.matches ? 'mobile' : 'desktop', drawerOpened: false }),
  );
}

// Not at build time, where the layout is rendered without a browser (src/startup-shells.tsx).
if (typeof window.matchMedia === 'function') followScreen(window.matchMedia(MOBILE_QUERY));
