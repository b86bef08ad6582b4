import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch } from './browser';
import { call, checkIntegrity, signIn, startLoad, userBody } from './fault-load';
import { FAULT_ADMIN_PASSWORD, type FaultPlatform, startFaultPlatform } from './fault-platform';

// Resilience (issue 19), the part of the fault suite that runs with the tests: the platform as
// scripts/platform.mjs runs it (supervised), on a Redis and a MariaDB of its own that are killed here.
// `pnpm bench:faults` runs every fault with figures.

// Trastuzumab VH (DrugBank DB00072).
const TRASTUZUMAB_VH =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';

const UNAVAILABLE = {
  en: 'The service is temporarily unavailable, please try again',
  zh: '服务暂时不可用，请稍后重试',
};

describe('resilience', () => {
  let platform: FaultPlatform;
  let token: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    platform = await startFaultPlatform({}, { transportProxy: false });
    token = await signIn(platform.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 60_000);

  it('should restart a SIGKILLed service within 15 s, naming it meanwhile, the others untouched', async () => {
    const load = startLoad(platform.baseUrl, token, { readers: 1, writers: 1 });
    let stopped = false;
    const stopLoad = () => {
      stopped = true;
      return load.stop();
    };
    try {
      const before = platform.pids();
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['identity', 'gateway']));
      const killed = Date.now();
      process.kill(before.identity!, 'SIGKILL');
      // Health names it while it is down or restarting.
      let named = '';
      for (let i = 0; i < 50 && !named; i += 1) {
        const health = await call(platform.baseUrl, 'GET', '/health');
        const down = (health.body.data as { down?: string[] } | undefined)?.down ?? [];
        named = down.find((entry) => entry.startsWith('identity')) ?? '';
        if (!named) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(named).toMatch(/^identity/);
      await platform.waitHealthy(Math.max(1000, 15_000 - (Date.now() - killed)));
      const ms = Date.now() - killed;
      const after = platform.pids();
      expect(after.identity).toBeGreaterThan(0);
      expect(after.identity).not.toBe(before.identity);
      for (const [name, pid] of Object.entries(before)) {
        if (name !== 'identity') expect(after[name], name).toBe(pid);
      }
      expect(platform.output()).toMatch(/identity stopped \(SIGKILL\); restart #1 in 1 s/);
      // Sign-in and a list page work again.
      const fresh = await signIn(platform.baseUrl);
      const list = await call(platform.baseUrl, 'GET', '/system/user/list?pageNum=1&pageSize=10', {
        token: fresh,
      });
      expect(list.code).toBe(200);
      const result = await stopLoad();
      const integrity = await checkIntegrity(platform, token, result.writes);
      expect(integrity.problems).toEqual([]);
      console.log(
        `identity SIGKILL: UP again ${(ms / 1000).toFixed(1)} s after the kill; ${result.failed}/${result.total} requests failed ${JSON.stringify([...result.failures])}; writes ${integrity.acknowledged} acknowledged, ${integrity.refused} refused then done once with their key`,
      );
    } finally {
      if (!stopped) await stopLoad();
    }
  }, 120_000);

  it('should finish a mission whose workflow service (and its engine) was SIGKILLed, each node once', async () => {
    const [workflow] = await platform.sql<{ id: number }>(
      'SELECT id FROM wf_workflow WHERE process_key = ?',
      ['risk_site_analysis'],
      'platform_workflow',
    );
    expect(workflow, 'the seeded risk-site analysis').toBeDefined();
    const before = platform.pids();
    // The worker is held, so the mission cannot have finished before the kill: it must be picked up
    // from the engine's stored state by the restarted service.
    process.kill(before['agent-worker']!, 'SIGSTOP');
    let held = true;
    try {
      const started = await call(platform.baseUrl, 'POST', '/wujie/mission', {
        token,
        body: { workflowId: Number(workflow!.id), inputs: { text: TRASTUZUMAB_VH } },
      });
      expect(started.code, started.msg).toBe(200);
      const mission = started.body.data as { id: number; code: string };
      process.kill(before.workflow!, 'SIGKILL');
      process.kill(before['agent-worker']!, 'SIGCONT');
      held = false;
      await platform.waitHealthy(30_000);
      expect(platform.pids().workflow).not.toBe(before.workflow);

      let status = '';
      for (let i = 0; i < 120 && status !== 'completed'; i += 1) {
        const read = await call(platform.baseUrl, 'GET', `/wujie/mission/${mission.id}`, { token });
        status = String((read.body.data as { status?: string } | undefined)?.status ?? '');
        if (status !== 'completed') await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(status).toBe('completed');
      const logs = await call(
        platform.baseUrl,
        'GET',
        `/wujie/missionLog/list?missionCode=${mission.code}&pageSize=50`,
        { token },
      );
      const rows = (logs.body.rows as { nodeId: string; attempt: number; status: string }[])
        .map((row) => [row.nodeId, row.attempt, row.status])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(rows).toEqual([
        ['Task_Liabilities', 1, 'success'],
        ['Task_Numbering', 1, 'success'],
      ]);
    } finally {
      if (held) process.kill(before['agent-worker']!, 'SIGCONT');
    }
  }, 120_000);

  for (const dependency of ['redis', 'mariadb'] as const) {
    it(`should answer 503 in zh and en while ${dependency} is down, then serve again`, async () => {
      let userName = '';
      let write: Awaited<ReturnType<typeof call>> | undefined;
      await platform[dependency].kill();
      try {
        for (const lang of ['en', 'zh'] as const) {
          const read = await call(platform.baseUrl, 'GET', '/system/user/list?pageNum=1', {
            token,
            lang,
          });
          expect(read.status, read.msg).toBe(503);
          expect(read.headers?.get('retry-after')).toBe('2');
          expect(read.msg).toBe(UNAVAILABLE[lang]);
        }
        userName = `down${dependency}${Date.now() % 100000}`;
        write = await call(platform.baseUrl, 'POST', '/system/user', {
          token,
          body: userBody(userName),
          key: `down-${userName}`,
        });
        expect([503, 504]).toContain(write.status);
        expect(write.msg).not.toMatch(/unknown error|未知错误/);
      } finally {
        await platform[dependency].start();
      }
      await platform.waitHealthy(30_000);
      const list = await call(platform.baseUrl, 'GET', '/system/user/list?pageNum=1', { token });
      expect(list.code).toBe(200);
      // 503 promises that nothing was done, also once the dependency is back (nothing queued ran it).
      if (write?.status === 503) {
        const rows = await platform.sql('SELECT user_id FROM sys_user WHERE user_name = ?', [
          userName,
        ]);
        expect(rows, `${userName} was answered 503`).toEqual([]);
      }
    }, 90_000);
  }

  it('should create once for one Idempotency-Key sent twice, and refuse the key with another body', async () => {
    const userName = `idem${Date.now() % 100000}`;
    const key = `create-${userName}`;
    const first = await call(platform.baseUrl, 'POST', '/system/user', {
      token,
      body: userBody(userName),
      key,
    });
    const second = await call(platform.baseUrl, 'POST', '/system/user', {
      token,
      body: userBody(userName),
      key,
    });
    expect(first.code, first.msg).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers?.get('idempotent-replayed')).toBe('true');
    const rows = await platform.sql('SELECT user_id FROM sys_user WHERE user_name = ?', [userName]);
    expect(rows).toHaveLength(1);
    const other = await call(platform.baseUrl, 'POST', '/system/user', {
      token,
      body: userBody(`${userName}x`),
      key,
      lang: 'zh',
    });
    expect(other.status).toBe(422);
    expect(other.msg).toBe('该幂等键已用于内容不同的另一个请求，不能复用');
  });

  it('should show a retryable notice in the browser during an outage and recover by itself', async () => {
    browser = await launch();
    const context = await browser.newContext({
      baseURL: platform.baseUrl,
      viewport: { width: 1366, height: 820 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-identifier').fill('admin');
    await page.getByTestId('login-password').fill(FAULT_ADMIN_PASSWORD);
    await page.getByTestId('agreement').check();
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/wujie\//);
    await page.goto('/system/user');
    const users = page.getByTestId('users-page');
    // The list's first page (the newest users: the load above made many), then a search for admin.
    const rows = users.locator('[data-testid^="row-"]');
    await rows.nth(1).waitFor();
    await users.getByTestId('field-userName').fill('admin');
    await platform.redis.kill();
    await users.getByTestId('search').click();
    // The notice says what happened and that it is retried; no error page, no "unknown error".
    const notice = page.getByText(/Retrying automatically…|正在自动重试…/);
    await notice.waitFor({ timeout: 15_000 });
    expect(await page.getByText(/temporarily unavailable|暂时不可用/).count()).toBeGreaterThan(0);
    await platform.redis.start();
    // Found once Redis is back, without a reload: the request was retried by itself.
    await users.getByTestId('row-1').waitFor({ timeout: 30_000 });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await notice.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await users.getByTestId('list-error').count()).toBe(0);
    expect(await page.getByText(/unknown error|未知错误/).count()).toBe(0);
    await context.close();
  }, 120_000);
});
