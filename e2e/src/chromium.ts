import { type Browser, type BrowserServer, chromium } from 'playwright-core';

// Debian's Chromium as the tests run it; no Vitest here: the global setup (global-setup.ts) starts the
// run's Chromium with it.

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
};

export function launch(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/** A Chromium the spec files connect to (global-setup.ts), each with contexts of its own. */
export function launchServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}
