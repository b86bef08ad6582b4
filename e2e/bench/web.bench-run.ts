import { gzipSync } from 'node:zlib';

import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { openContext, signIn, useBrowser } from '../src/browser';
import { ADMIN_PASSWORD } from '../src/stack';

// Issue 3's benchmark: gzip bytes of the JavaScript the browser loads for /login and for the first
// signed-in screen, and the median time to interactive of /login over 5 cold loads (headless Chromium).
// Issue 7 adds what the antibody toolkit screen loads on top: the page, the toolkit worker, and Mol*
// when a structure is shown.

const LOADS = 5;
const BUDGET_BEFORE_SIGN_IN = 250 * 1024;

const browser = useBrowser();

/** Records every script the page (and its workers) downloads: url → gzip size of its body. */
function recordScripts(page: Page | BrowserContext): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect) carries no script
    }
  });
  return scripts;
}

const total = (scripts: Map<string, number>) => [...scripts.values()].reduce((a, b) => a + b, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** ms from navigation start until the sign-in form is on screen and the main thread is idle. */
async function timeToInteractive(page: Page): Promise<number> {
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestIdleCallback(() => resolve(performance.now()), { timeout: 5000 }),
      ),
  );
}

it('reports JavaScript bytes and time to interactive', async () => {
  const context = await openContext(browser());
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const login = total(scripts);
  const loginFiles = scripts.size;
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/wujie/char/talk');
  await page.getByTestId('page-not-available').waitFor();
  await page.waitForLoadState('networkidle');
  const signedIn = total(scripts);
  await context.close();

  const times: number[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const fresh = await openContext(browser());
    times.push(await timeToInteractive(await fresh.newPage()));
    await fresh.close();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(LOADS / 2)]!;

  console.log(
    [
      `web bench: /login JavaScript ${kb(login)} gzip in ${loginFiles} files (budget ${kb(BUDGET_BEFORE_SIGN_IN)})`,
      `web bench: first signed-in screen JavaScript ${kb(signedIn)} gzip in total, ${kb(signedIn - login)} after sign-in (${scripts.size} files)`,
      `web bench: /login time to interactive median ${median.toFixed(0)} ms over ${LOADS} cold loads (${times.map((t) => t.toFixed(0)).join(', ')})`,
    ].join('\n'),
  );
  expect(login).toBeGreaterThan(0);
});

const TRASTUZUMAB_VH =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';

it('reports the JavaScript of the antibody toolkit screen', async () => {
  const context = await openContext(browser());
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/wujie/char/talk');
  await page.waitForLoadState('networkidle');
  const scripts = recordScripts(context);
  await page.getByTestId('sidebar-menu').locator('[data-menu-path="/wujie/antibody"]').click();
  await page.waitForURL('**/wujie/antibody');
  await page.getByTestId('sequence-input').fill(TRASTUZUMAB_VH);
  await page.waitForLoadState('networkidle');
  const screen = total(scripts);
  await page.getByTestId('analyze').click();
  await page.getByTestId('cdr3-seq1').waitFor();
  await page.waitForLoadState('networkidle');
  const withWorker = total(scripts);
  await page.getByRole('tab', { name: '结构' }).click();
  await page.getByTestId('structure-predict').click();
  await page.locator('[data-testid="molstar-viewer"][data-state="ready"]').waitFor();
  const withViewer = total(scripts);
  await context.close();
  console.log(
    [
      `web bench: antibody toolkit screen ${kb(screen)} gzip when opened from the menu`,
      `web bench: toolkit worker ${kb(withWorker - screen)} gzip on the first analysis`,
      `web bench: Mol* viewer ${kb(withViewer - withWorker)} gzip when a structure is first shown`,
    ].join('\n'),
  );
  expect(withViewer).toBeGreaterThan(withWorker);
});
