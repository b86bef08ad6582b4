import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { registerUser } from './api';
import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

// The console's conversation history and the playground on the real stack (issue 13): a user's
// conversation with the assistant read by the administrator (owner, message count, the messages
// and the mission card linking to /mission/info, nothing to act on), one agent tried on its own,
// and a seeded workflow tried on a sample input and followed step by step to completed by the real
// agent worker.

const browser = useBrowser();
const workerPid = inject('agentWorkerPid');
const PASSWORD = 'User#Pass2024';
const RUN_TIMEOUT_MS = 120_000;
const NEEDS_WORKER =
  'the agent worker must run in the e2e stack (build services/agent-worker: pnpm --filter @platform/agent-worker build)';

/** Rituximab's murine VH and VL (DrugBank DB00073). */
const VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
const VL =
  'QIVLSQSPAILSASPGEKVTMTCRASSSVSYIHWFQQKPGSSPKPWIYATSNLASGVPVRFSGSGSGTSYSLTISRVEAEDAATYYCQQWTSNPPTFGGGTKLEIK';

/** Opens a select and clicks its option (the options are in a portal that opens on a click). */
async function choose(page: Page, field: Locator, option: string) {
  const target = page.getByRole('option', { name: option, exact: true });
  for (let attempt = 0; attempt < 40 && !(await target.isVisible()); attempt += 1) {
    if (attempt % 4 === 0) await field.click({ force: true });
    await page.waitForTimeout(100);
  }
  await target.click();
}

/** Sends a message in the page's session and waits for the whole reply (Accept: application/json). */
async function ask(page: Page, conversationId: number, content: string) {
  return page.evaluate(
    async ({ conversationId, content }) => {
      const raw = localStorage.getItem('wujie-Admin-Token') ?? '';
      let token = raw;
      try {
        token = (JSON.parse(raw) as { content?: string }).content ?? raw;
      } catch {
        // stored as plain text
      }
      const response = await fetch(`/prod-api/wujie/chat/${conversationId}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          repeatSubmit: 'false',
        },
        body: JSON.stringify({ content }),
      });
      return (await response.json()) as { code: number; data?: { missionId?: number } };
    },
    { conversationId, content },
  );
}

describe('conversation history and playground', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("should show the administrator a user's conversation read only, with its owner, messages and mission card", async () => {
    // A user asks the assistant (built-in planner) for a humanization: two messages and a mission.
    const phone = await registerUser(PASSWORD);
    const userContext = await openContext(browser());
    closers.push(() => userContext.close());
    const user = await userContext.newPage();
    await user.goto('/login');
    await signIn(user, phone, PASSWORD);
    await user.waitForURL('**/wujie/char/talk');
    const { id } = await pageApi<{ id: number }>(user, 'POST', '/wujie/chat', {});
    const question = `请帮我把这个抗体人源化 ${phone}\n重链：${VH}\n轻链：${VL}`;
    const answer = await ask(user, id, question);
    expect(answer.code).toBe(200);
    expect(answer.data?.missionId).toBeGreaterThan(0);

    const { context, page } = await signInAsAdmin(browser());
    closers.push(() => context.close());
    await page.goto('/wujie/chat/history');
    const list = page.getByTestId('conversations-page');
    await list.waitFor();
    await list.getByTestId('field-theme').fill(phone);
    await list.getByTestId('search').click();
    const row = list.locator('tbody tr').filter({ hasText: phone });
    await row.waitFor();
    // The filtered page replaces the unfiltered one when its answer arrives.
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    // id, theme, owner, messages, created, last message, actions
    expect(cells[0]).toBe(String(id));
    expect(cells[2]).toContain(phone);
    expect(cells[3]).toBe('2');
    await screenshot(page, 'conversation-history-admin');

    await row.getByTestId('conversation-theme').click();
    const drawer = page.getByTestId('conversation-messages');
    await drawer.waitFor();
    await expect
      .poll(() => drawer.getByTestId('chat-message').count(), { timeout: 10_000 })
      .toBe(2);
    const speakers = await drawer.getByTestId('chat-message-agent').allInnerTexts();
    expect(speakers[0]).toContain(phone);
    const card = drawer.getByTestId('mission-card');
    await card.waitFor();
    const link = card.locator(`a[href="/mission/info?id=${answer.data!.missionId}"]`);
    await link.waitFor();
    // Read only: no action on the mission, nothing to continue for someone else's conversation.
    expect(await card.getByTestId('mission-stop').count()).toBe(0);
    expect(await drawer.getByTestId('conversation-continue').count()).toBe(0);
    await screenshot(page, 'conversation-history-messages');
    await link.click();
    await page.waitForURL(`**/mission/info?id=${answer.data!.missionId}`);
    await page.getByTestId('mission-info').waitFor();
  });

  it('should run one agent on a sample input and show its steps and output', async () => {
    expect(workerPid, NEEDS_WORKER).toBeGreaterThan(0);
    const { context, page } = await signInAsAdmin(browser());
    closers.push(() => context.close());
    await page.goto('/playground/info');
    // Both tabs stay mounted: act inside the agent's.
    const tab = page.getByTestId('agent-playground');
    await tab.waitFor();
    await choose(page, tab.getByTestId('playground-agent'), '抗体编号智能体');
    await tab.getByTestId('playground-sample-1').click();
    await tab.getByTestId('playground-run-agent').click();
    const result = page.locator('[data-testid="agent-run-result"][data-status="success"]');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByTestId('agent-run-step').count()).toBeGreaterThanOrEqual(1);
    expect(await result.getByTestId('agent-run-step').first().innerText()).toContain(
      'antibody.number',
    );
    await result.getByTestId('agent-run-output').waitFor();
    await screenshot(page, 'playground-agent');
  }, 90_000);

  it(
    'should try the seeded risk-site analysis on a sample input and follow each step to completed',
    async () => {
      expect(workerPid, NEEDS_WORKER).toBeGreaterThan(0);
      const { context, page } = await signInAsAdmin(browser());
      closers.push(() => context.close());
      await page.goto('/playground/mission');
      const tab = page.getByTestId('workflow-playground');
      await tab.waitFor();
      await choose(page, tab.getByTestId('playground-workflow'), '风险位点分析');
      await tab.getByTestId('playground-sample-1').click();
      await tab.getByTestId('playground-start').click();
      const run = page.getByTestId('playground-mission-run');
      await run.waitFor();
      await page.locator('.process-viewer').waitFor();
      try {
        await page
          .locator('[data-testid="playground-mission-run"][data-status="completed"]')
          .waitFor({ timeout: RUN_TIMEOUT_MS });
      } catch (error) {
        throw new Error(`${NEEDS_WORKER} (status: ${await run.getAttribute('data-status')})`, {
          cause: error,
        });
      }
      const steps = page.getByTestId('playground-step');
      await expect
        .poll(() => steps.evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))), {
          timeout: 20_000,
        })
        .toEqual(['success', 'success']);
      expect(
        await steps.evaluateAll((els) => els.map((el) => el.getAttribute('data-node-id'))),
      ).toHaveLength(2);
      // A step opens on its output as a scientist reads it.
      await steps.last().locator('button').first().click();
      await page.getByTestId('playground-result').waitFor();
      await screenshot(page, 'playground-workflow');
      // The mission is an ordinary one: its code links to its detail page.
      const href = await page.getByTestId('playground-mission-link').getAttribute('href');
      expect(href).toMatch(/^\/mission\/info\?id=\d+$/);
    },
    RUN_TIMEOUT_MS + 60_000,
  );
});
