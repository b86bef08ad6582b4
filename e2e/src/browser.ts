import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { Redis } from 'ioredis';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

import { registerUser } from './api';
import { ADMIN_PASSWORD, ROOT } from './stack';

export const OUTPUT = join(ROOT, 'e2e', 'output');
const SCREENSHOTS = join(OUTPUT, 'screenshots');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

const captchaIds = new WeakMap<Page, string>();
let redis: Redis | undefined;

/**
 * The answer of the captcha the page shows now, read where the identity service keeps it; undefined when
 * captchas are off.
 */
export async function captchaAnswer(page: Page): Promise<string | undefined> {
  for (let i = 0; i < 100 && !captchaIds.has(page); i += 1) await page.waitForTimeout(100);
  const uuid = captchaIds.get(page);
  if (!uuid) return undefined;
  redis ??= new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
    lazyConnect: false,
  });
  const answer = await redis.get(`${inject('namespace')}:captcha_codes:${uuid}`);
  if (!answer) throw new Error(`no captcha answer for ${uuid}`);
  return answer;
}

async function closeRedis(): Promise<void> {
  await redis?.quit();
  redis = undefined;
}

/** One Chromium for the test file, closed after it (with the Redis connection the captcha reads use). */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await closeRedis();
  });
  return () => browser!;
}

/** The popover of the chat's guided tour. */
export const TOUR = '.driver-popover';

/**
 * A fresh context (empty storage) that talks to this run's gateway and socket port, or to `baseUrl`
 * (a second gateway of the same run, on the same services).
 */
export async function openContext(
  browser: Browser,
  viewport = { width: 1366, height: 820 },
  baseUrl = inject('baseUrl'),
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const socketPort = inject('socketPort');
  context.on('response', (response) => {
    if (!response.url().includes('/prod-api/captchaImage')) return;
    void response
      .json()
      .then((body: { data?: { uuid?: string } }) => {
        captchaIds.set(response.frame().page(), body.data?.uuid ?? '');
      })
      .catch(() => undefined);
  });
  await context.addInitScript((port) => {
    (window as { __PLATFORM_SOCKET_PORT__?: number }).__PLATFORM_SOCKET_PORT__ = port;
  }, socketPort);
  // A user's first visit to the chat (every user's landing page) shows the guided tour over it: the
  // tests close it as a user would (Escape) before acting, except the tour's own test (keepTour).
  context.on('page', (page) => {
    void page
      .addLocatorHandler(
        page.locator(TOUR),
        async () => {
          if (!toursKept.has(page)) await page.keyboard.press('Escape');
        },
        { noWaitAfter: true },
      )
      .catch(() => undefined);
  });
  return context;
}

const toursKept = new WeakSet<Page>();

/** Lets the tour stay on `page` (its own test looks at it). */
export function keepTour(page: Page): void {
  toursKept.add(page);
}

/**
 * Closes the notices in the top-right corner. One that covers the next control never closes by
 * itself under the test: the pointer waiting over it pauses Mantine's auto-close.
 */
export async function closeNotices(page: Page): Promise<void> {
  const notices = page.locator('.mantine-Notification-root');
  const deadline = Date.now() + 30_000;
  // Rounds until none is left: a notice that appears while the others close (a late answer's) is
  // closed in the next round, not waited for (the pointer over it would keep it open).
  while ((await notices.count()) > 0) {
    if (Date.now() > deadline) throw new Error('notices still open after 30 s');
    for (const close of await notices.locator('.mantine-Notification-closeButton').all())
      await close.click({ timeout: 2_000 }).catch(() => undefined); // gone by itself meanwhile
    await page.waitForTimeout(200);
  }
}

/** What a download holds, read through Playwright (whether or not the browser runs on this machine). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // CI keeps no files of the run: the 60-odd screenshots (Chromium's CPU, on the run's clock) would
  // go nowhere.
  if (process.env.CI) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Fills the sign-in form, ticks the agreement box and submits. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByTestId('login-identifier').waitFor();
  await page.getByTestId('login-identifier').fill(identifier);
  await page.getByTestId('login-password').fill(password);
  const answer = await captchaAnswer(page);
  if (answer) await page.getByTestId('login-captcha').fill(answer);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  // A failed attempt shows a new captcha: the next attempt waits for it.
  captchaIds.delete(page);
}

/** A plain user registered just now (by phone), signed in on a fresh context, on the start page. */
export async function signInAsNewUser(
  browser: Browser,
  password: string,
): Promise<{ context: BrowserContext; page: Page; phone: string }> {
  const phone = await registerUser(password);
  const context = await openContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, phone, password);
  await page.waitForURL('**/wujie/char/talk');
  return { context, page, phone };
}

/**
 * A fresh context and page signed in as the admin, on the start page. `logErrors` prints the page's
 * console errors and uncaught exceptions, to tell why a step failed.
 */
export async function signInAsAdmin(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    logErrors?: boolean;
    baseUrl?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, options.viewport, options.baseUrl);
  const page = await context.newPage();
  if (options.logErrors) {
    page.on('console', (m) => {
      if (m.type() === 'error') console.log('[console]', m.text());
    });
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
  }
  await page.goto('/login');
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/wujie/char/talk');
  return { context, page };
}

/**
 * An API call with the signed-in user's token, made from inside the page as another client (the
 * designer) would make it; a list's rows or else the data, and an error unless the code is 200.
 */
export async function pageApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const envelope = await page.evaluate(
    async ({ method, path, body }) => {
      const raw =
        localStorage.getItem('wujie-Admin-Token') ??
        sessionStorage.getItem('wujie-Admin-Token') ??
        '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { content?: string }).content ?? raw;
      } catch {
        // stored as plain text
      }
      const response = await fetch(`/prod-api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          repeatSubmit: 'false',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as {
        code: number;
        msg: string;
        data: unknown;
        rows?: unknown;
      };
    },
    { method, path, body },
  );
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return (envelope.rows ?? envelope.data) as T;
}

export async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export interface MenuRoute {
  path: string;
  hidden?: boolean;
  children?: MenuRoute[];
}

/** The address of every entry the menu shows (leaves of the server's tree that are not hidden). */
export function shownMenuPaths(routes: MenuRoute[], parent = ''): string[] {
  return routes
    .filter((route) => !route.hidden)
    .flatMap((route) => {
      const path = (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`).replace(
        /\/+/g,
        '/',
      );
      return route.children?.length ? shownMenuPaths(route.children, path) : [path];
    })
    .filter((path) => !/^https?:/.test(path));
}
