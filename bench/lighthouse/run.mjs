// Lighthouse (npm `lighthouse`, mobile profile: its default config, a mid-range phone on a slow 4G link,
// simulated throttling) on /login, /register and the signed-in landing page, in Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium); prints the four category scores of each page and the
// figures behind performance. Targets (issue 20): performance ≥ 90, accessibility 100, best practices
// 100, SEO ≥ 95.
// Usage: pnpm bench:lighthouse            (starts its own platform from the build: pnpm -r run build)
//        pnpm bench:lighthouse -- --base http://127.0.0.1:8080 --password '…'   (a platform already up)
// The signed-in page: the session token is put where the app keeps it (localStorage wujie-Admin-Token)
// in the browser's default profile, and Lighthouse runs with its storage reset off so the token stays.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import Redis from 'ioredis';
import lighthouse from 'lighthouse';
import { createConnection } from 'mysql2/promise';
import { chromium } from 'playwright-core';

import { benchPlatform, freePort } from '../lib/platform-env.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 95 };

async function startOwnPlatform() {
  const bench = await benchPlatform('lh', { engine: 'embedded' });
  // The billing and notification services' databases too (benchPlatform names the others).
  bench.databases.billing = `bench_${bench.namespace}_billing`;
  bench.databases.notification = `bench_${bench.namespace}_notification`;
  bench.env.BILLING_DB_URL = `mysql://root@127.0.0.1:3306/${bench.databases.billing}`;
  bench.env.NOTIFICATION_DB_URL = `mysql://root@127.0.0.1:3306/${bench.databases.notification}`;
  const password = 'Bench#Admin2026';
  const child = spawn(process.execPath, [join(root, 'scripts/platform.mjs')], {
    env: {
      ...process.env,
      ...bench.env,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      WEB_DIST: join(root, 'web', 'dist'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('[platform] up:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`platform exited with ${code}`)));
  });
  // No captcha for the API sign-in below; the administrator has seen the chat's tour (its popover
  // would cover the landing page a returning user sees).
  const db = await createConnection({
    host: '127.0.0.1',
    user: 'root',
    database: bench.databases.identity,
  });
  await db.query(
    `UPDATE sys_config SET config_value='false' WHERE config_key='sys.account.captchaEnabled'`,
  );
  await db.query('UPDATE sys_user SET tour = 1 WHERE user_id = 1');
  await db.end();
  const redis = new Redis();
  await redis.del(`${bench.namespace}:sys_config:sys.account.captchaEnabled`);
  await redis.quit();
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const admin = await createConnection({ host: '127.0.0.1', user: 'root' });
    for (const name of Object.values(bench.databases)) {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    }
    await admin.end();
  };
  return { base: `http://127.0.0.1:${bench.gatewayPort}`, password, stop };
}

async function signIn(base, password) {
  const res = await fetch(`${base}/prod-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

function pad(text, width) {
  return String(text).padEnd(width);
}

const given = option('base');
const platform = given
  ? {
      base: given.replace(/\/$/, ''),
      password: option('password') ?? process.env.ADMIN_PASSWORD,
      stop: async () => {},
    }
  : await startOwnPlatform();
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const port = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  headless: true,
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const rows = [];
let failed = false;
try {
  const pages = [
    { name: '/login', path: '/login', signedIn: false },
    { name: '/register', path: '/register', signedIn: false },
    { name: 'landing (signed in)', path: '/', signedIn: true },
  ];
  for (const page of pages) {
    if (page.signedIn) {
      const token = await signIn(platform.base, platform.password);
      const tab = await context.newPage();
      await tab.goto(`${platform.base}/robots.txt`);
      await tab.evaluate((value) => {
        localStorage.setItem(
          'wujie-Admin-Token',
          JSON.stringify({ dataType: 'string', content: value }),
        );
      }, token);
      await tab.close();
    }
    const result = await lighthouse(`${platform.base}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: page.signedIn,
    });
    const { lhr } = result;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.displayValue ?? '';
    const row = {
      page: page.name,
      url: lhr.finalDisplayedUrl,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
    };
    row.error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : '';
    rows.push(row);
    const below = Object.keys(TARGETS)
      .map((id) => lhr.categories[id])
      .flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter(
            (a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative',
          )
          .map((a) => `${category.id}: ${a.id} (${a.score})`),
      )
      .filter((line, i, all) => all.indexOf(line) === i);
    row.failing = below;
    for (const [id, target] of Object.entries(TARGETS)) if (row[id] < target) failed = true;
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await platform.stop();
}

console.log(
  '\nLighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown), Chromium at',
  chromePath,
);
console.log(
  `${pad('page', 22)}${pad('perf', 6)}${pad('a11y', 6)}${pad('b.p.', 6)}${pad('seo', 6)}FCP / LCP / TBT / CLS / weight`,
);
for (const row of rows) {
  console.log(
    `${pad(row.page, 22)}${pad(row.performance, 6)}${pad(row.accessibility, 6)}${pad(row['best-practices'], 6)}${pad(row.seo, 6)}` +
      `${row.fcp} / ${row.lcp} / ${row.tbt} / ${row.cls} / ${row.bytes}   (${row.url})`,
  );
  if (row.failing.length) console.log(`    below 1: ${row.failing.join(', ')}`);
}
console.log(
  `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}: ${failed ? 'NOT MET' : 'met'}`,
);
