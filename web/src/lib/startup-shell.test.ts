import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_SETTINGS, DEFAULT_SIZE, MOBILE_QUERY } from './layout.store';
import { LANDING_PATH } from './local-routes';
import { removeStartupShell, startupShellKind } from './startup-shell';
import { STORAGE_KEYS, writeStore } from './storage';

// public/startup-shell.js, run as index.html runs it: which of the build's screens a visit shows before
// the app starts, if any, and when the app's entry and modules are put in the head.
const script = readFileSync(join(__dirname, '../../public/startup-shell.js'), 'utf8');

const SIGN_IN = ['zh-login', 'zh-register', 'en-login', 'en-register'];
const LANDING = ['zh-mobile', 'zh-desktop', 'en-mobile', 'en-desktop'];
/** What the build writes on the landing page's template (startup-shells.tsx LANDING_SHELL). */
const LANDING_SHELL = JSON.stringify({
  paths: ['/', LANDING_PATH],
  mobileQuery: MOBILE_QUERY,
  settings: DEFAULT_SETTINGS,
  size: DEFAULT_SIZE,
}).replace(/"/g, '&quot;');

/** The app's modules the head preloads, and whether its entry is there. */
function appInHead(): { preloads: string[]; entry: boolean } {
  return {
    preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
    entry: document.head.querySelector('script[src="/assets/main.js"]') !== null,
  };
}

function stylesheetsInHead(): HTMLLinkElement[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
}

/** Runs the script on `address` on a screen of `width` pixels; the text of the screen shown, or null. */
function visit(address: string, width = 1280): string | null {
  window.history.replaceState(null, '', address);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query === MOBILE_QUERY && width < 992,
        media: query,
      }) as MediaQueryList,
  );
  document.head.innerHTML = '';
  document.body.innerHTML = [
    ...SIGN_IN.map((id) => `<template id="sign-in-shell-${id}"><p>${id}</p></template>`),
    ...LANDING.map((id) => `<template id="landing-shell-${id}"><p>landing ${id}</p></template>`),
    `<template id="landing-shell" data-landing="${LANDING_SHELL}"><link rel="stylesheet" href="/assets/layout.css"><link rel="stylesheet" href="/assets/chat.css"></template>`,
    '<template id="startup-shell-styles"><style>p { margin: 0 }</style></template>',
    '<template id="app-preloads"><link rel="modulepreload" href="/assets/a.js"></template>',
    '<template id="app-entry"><script type="module" src="/assets/main.js"></script></template>',
    '<div id="root"></div>',
  ].join('');
  new Function(script)();
  const shell = document.getElementById('startup-shell');
  return shell ? (shell.querySelector('p')?.textContent ?? '') : null;
}

/** What the browser does when the landing page's stylesheets are in, then after the next paint. */
async function stylesheetsLoaded(): Promise<void> {
  for (const link of stylesheetsInHead()) link.dispatchEvent(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 250));
}

describe('the screen index.html shows while the app loads', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('should show the Chinese sign-in panel to a first visit, inert, before #root, and start the app', () => {
    expect(visit('/login')).toBe('zh-login');
    const shell = document.getElementById('startup-shell')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(startupShellKind()).toBe('sign-in');
    expect(shell.querySelector('style')?.textContent).toBe('p { margin: 0 }');
    expect(shell.nextElementSibling?.id).toBe('root');
    expect(document.documentElement.lang).toBe('zh-CN');
    // The app's entry, but not all its modules: they do not compete with what the shell's paint needs.
    expect(appInHead()).toEqual({ preloads: [], entry: true });
    // Any other address goes to the sign-in page without a token.
    expect(visit('/wujie/char/talk')).toBe('zh-login');
  });

  it('should show the register panel where the address opens it, in the stored language', () => {
    writeStore({ name: STORAGE_KEYS.lang, content: 'en' });
    expect(visit('/register')).toBe('en-register');
    expect(visit('/login?redirect=%2Fregister')).toBe('en-register');
    expect(visit('/login?panel=register')).toBe('en-register');
    expect(document.documentElement.lang).toBe('en');
  });

  it('should show a signed-in user the landing page of their screen, once its stylesheets are in, and only then start the app', async () => {
    writeStore({ name: STORAGE_KEYS.token, content: 'a-token' });
    expect(visit('/', 390)).toBe('landing zh-mobile');
    expect(startupShellKind()).toBe('landing');
    const shell = document.getElementById('startup-shell')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    // Hidden while its stylesheets load (drawn without them, it would move when they come).
    expect(shell.style.visibility).toBe('hidden');
    expect(stylesheetsInHead().map((link) => link.getAttribute('href'))).toEqual([
      '/assets/layout.css',
      '/assets/chat.css',
    ]);
    expect(appInHead()).toEqual({ preloads: [], entry: false });
    await stylesheetsLoaded();
    expect(shell.style.visibility).toBe('');
    expect(appInHead()).toEqual({ preloads: ['/assets/a.js'], entry: true });

    writeStore({ name: STORAGE_KEYS.lang, content: 'en' });
    expect(visit('/wujie/char/talk')).toBe('landing en-desktop');
    expect(document.documentElement.lang).toBe('en');
  });

  it('should show a failed stylesheet landing page anyway, and start the app', async () => {
    writeStore({ name: STORAGE_KEYS.token, content: 'a-token' });
    visit('/');
    for (const link of stylesheetsInHead()) link.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(document.getElementById('startup-shell')!.style.visibility).toBe('');
    expect(appInHead().entry).toBe(true);
  });

  it('should show no landing page where the app would draw another screen or another layout', () => {
    writeStore({ name: STORAGE_KEYS.token, content: 'a-token' });
    // One conversation, another page.
    expect(visit('/wujie/char/talk?id=4')).toBeNull();
    expect(appInHead()).toEqual({ preloads: ['/assets/a.js'], entry: true });
    expect(visit('/system/user')).toBeNull();
    // Layout settings other than those it was drawn with.
    writeStore({
      name: STORAGE_KEYS.layoutSetting,
      content: { ...DEFAULT_SETTINGS, sideTheme: 'theme-light' },
    });
    expect(visit('/')).toBeNull();
    writeStore({ name: STORAGE_KEYS.layoutSetting, content: DEFAULT_SETTINGS });
    expect(visit('/')).toBe('landing zh-desktop');
    writeStore({ name: STORAGE_KEYS.size, content: 'small' });
    expect(visit('/')).toBeNull();
    writeStore({ name: STORAGE_KEYS.size, content: DEFAULT_SIZE });
    // A collapsed sidebar on a desktop; a phone has a drawer instead.
    writeStore({ name: STORAGE_KEYS.sidebarStatus, content: 0 });
    expect(visit('/')).toBeNull();
    expect(visit('/', 390)).toBe('landing zh-mobile');
  });

  it('should show nothing, and start the whole app, on the agreement or the password recovery', () => {
    expect(visit('/agreement?tab=user')).toBeNull();
    expect(appInHead()).toEqual({ preloads: ['/assets/a.js'], entry: true });
    expect(visit('/login?panel=forgot')).toBeNull();
    expect(appInHead()).toEqual({ preloads: ['/assets/a.js'], entry: true });
    expect(startupShellKind()).toBeNull();
  });

  it('should be taken away by the app', () => {
    visit('/login');
    removeStartupShell();
    expect(document.getElementById('startup-shell')).toBeNull();
  });
});
