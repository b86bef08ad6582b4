import { buildBpmnXml } from '@platform/bpmn';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

// The mission screens (issue 12) on the real stack: the seeded humanization workflow started from
// the console's task list, run by the real agent worker, followed live on /mission/info (markers
// move as the nodes run), a node's outputs read as a scientist reads them, the task log, a rerun
// from a node and a stop. The worker is paused (SIGSTOP) where a test must see a mission before its
// nodes run, and always resumed.

const browser = useBrowser();
const workerPid = inject('agentWorkerPid');

/** Rituximab's murine VH (DrugBank DB00073), the humanization's parent. */
const MURINE_VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
const REQUEST = `请将这条鼠源抗体人源化\n>rituximab_VH murine\n${MURINE_VH}\n`;
const NODES = ['Task_Numbering', 'Task_Humanize', 'Task_Review'];
const REVIEWER_PASSWORD = 'Reviewer#Pass2026';
const SLOW = { timeout: 60_000, intervals: [250] };

interface Mission {
  id: number;
  code: string;
  status: string;
  currentRunId: string;
}

/** Runs `work` with the agent worker stopped (SIGSTOP), and lets it go on after (SIGCONT). */
async function withWorkerPaused<T>(work: (resume: () => void) => Promise<T>): Promise<T> {
  let paused = true;
  const resume = () => {
    if (paused) process.kill(workerPid, 'SIGCONT');
    paused = false;
  };
  process.kill(workerPid, 'SIGSTOP');
  try {
    return await work(resume);
  } finally {
    resume();
  }
}

const node = (page: Page, id: string): Locator =>
  page.getByTestId('mission-flow').locator(`g.djs-element[data-element-id="${id}"]`).first();

/** The viewer's marker classes on a node (todo, highlight, reject), '' for none. */
async function markerOf(page: Page, id: string): Promise<string> {
  const classes = ((await node(page, id).getAttribute('class')) ?? '').split(/\s+/);
  return classes.filter((c) => ['todo', 'highlight', 'reject'].includes(c)).join(' ');
}

const markers = async (page: Page) =>
  Object.fromEntries(await Promise.all(NODES.map(async (id) => [id, await markerOf(page, id)])));

/** Opens a select and clicks its option (a select in a dialog that is opening may need a second click). */
async function choose(page: Page, field: Locator, option: string) {
  const target = page.getByRole('option', { name: option, exact: true });
  for (let attempt = 0; attempt < 40 && !(await target.isVisible()); attempt += 1) {
    if (attempt % 4 === 0) await field.click({ force: true });
    await page.waitForTimeout(100);
  }
  await target.click();
}

/**
 * A small workflow through the API: the seeded numbering agent, then (with `review`) a Human node
 * an administrator reviews. `status` 2 is online, 1 in testing.
 */
async function numberingWorkflow(page: Page, status: '1' | '2', review: boolean) {
  const agents = await pageApi<{ id: number; nameEn?: string }[]>(
    page,
    'GET',
    '/wujie/agent/listSimple',
  );
  const numbering = agents.find((a) => a.nameEn === 'Numbering agent')!;
  const key = `mission_${review ? 'review' : 'number'}_${String(Date.now()).slice(-6)}`;
  const last = review ? 'Review_1' : 'Task_Number';
  return pageApi<{ id: number; name: string }>(page, 'POST', '/wujie/workflow', {
    name: `${review ? '审核流程' : '编号流程'}${key.slice(-6)}`,
    status,
    agentIds: [numbering.id],
    workflow: buildBpmnXml({
      id: key,
      name: key,
      nodes: [
        { id: 'Start', type: 'startEvent', x: 0, y: 122 },
        {
          id: 'Task_Number',
          type: 'userTask',
          name: '编号',
          agent: {
            nameen: 'Numbering agent',
            type: 'Agent',
            instruction: 'Number the chains',
            output: 'number',
            validators: [],
          },
          x: 100,
          y: 100,
        },
        ...(review
          ? [
              {
                id: 'Review_1',
                type: 'userTask',
                name: '人工审核',
                documentation: JSON.stringify({
                  nameen: 'Review',
                  type: 'Human',
                  instruction: '请核对编号结果',
                }),
                x: 260,
                y: 100,
              },
            ]
          : []),
        { id: 'End', type: 'endEvent', x: 420, y: 122 },
      ],
      flows: [
        { id: 'Flow_1', source: 'Start', target: 'Task_Number' },
        ...(review ? [{ id: 'Flow_2', source: 'Task_Number', target: 'Review_1' }] : []),
        { id: 'Flow_3', source: last, target: 'End' },
      ],
    }),
  });
}

const missionOf = (page: Page, id: number) => pageApi<Mission>(page, 'GET', `/wujie/mission/${id}`);

/** The task list's review queue, searched until mission `id` is in it (its node before runs first). */
async function rowInReviewQueue(page: Page, id: number): Promise<Locator> {
  await page.goto('/wujie/mission');
  await page.getByTestId('missions-view').getByText('待审核队列').click();
  const list = page.getByTestId('missions-page');
  const row = list.getByTestId(`row-${id}`);
  await expect
    .poll(async () => {
      await list.getByTestId('search').click();
      return row.count();
    }, SLOW)
    .toBe(1);
  return row;
}

describe.skipIf(!workerPid)('mission screens', () => {
  let page: Page;
  let close: () => Promise<void>;
  let humanizationId = 0;
  let missionId = 0;

  beforeAll(async () => {
    const signedIn = await signInAsAdmin(browser());
    page = signedIn.page;
    close = () => signedIn.context.close();
    const workflows = await pageApi<{ id: number; name: string }[]>(
      page,
      'GET',
      '/wujie/workflow/listSimple?status=2',
    );
    humanizationId = workflows.find((w) => w.name === '抗体人源化')?.id ?? 0;
    expect(humanizationId, 'the seeded humanization workflow').toBeGreaterThan(0);
  });
  afterAll(() => close());

  it('should start the humanization mission from the task list and move its markers live on /mission/info', async () => {
    await page.goto('/wujie/mission');
    await page.getByTestId('missions-page').waitFor();
    await withWorkerPaused(async (resume) => {
      await page.getByTestId('start-mission').click();
      await choose(page, page.getByTestId('start-workflow'), '抗体人源化');
      await page.getByTestId('start-text').fill(REQUEST);
      await page.getByTestId('start-submit').click();
      await page.waitForURL('**/mission/info?id=*');
      missionId = Number(new URL(page.url()).searchParams.get('id'));

      // Nothing has run: the engine waits on the first agent (todo), the others carry no marker.
      await node(page, 'Task_Numbering').waitFor();
      await expect
        .poll(() => markers(page), SLOW)
        .toEqual({
          Task_Numbering: 'todo',
          Task_Humanize: '',
          Task_Review: '',
        });
      expect(await page.getByTestId('mission-info').getAttribute('data-status')).toBe(
        'not_started',
      );
      await screenshot(page, 'mission-info-waiting');
      resume();

      // The worker runs the three agents: each ends highlighted, and the mission completes.
      await expect
        .poll(() => markers(page), SLOW)
        .toEqual({
          Task_Numbering: 'highlight',
          Task_Humanize: 'highlight',
          Task_Review: 'highlight',
        });
    });
    await expect
      .poll(() => page.getByTestId('mission-info').getAttribute('data-status'), SLOW)
      .toBe('completed');
    await page.getByTestId('tab-runs').click();
    // The log is read again after the pushes that moved the markers: it comes to agree with them.
    const runs = page.getByTestId('node-runs').locator('tbody tr');
    await expect
      .poll(() => runs.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))), SLOW)
      .toEqual(['success', 'success', 'success']);
    // The mission's own flowchart view hides the language switch (spec §2).
    expect(await page.getByTestId('lang-en').count()).toBe(0);
  });

  it("should open a node's outputs: the humanized sequence against the parental one", async () => {
    // The click goes near the task's corner (flows run centre to centre).
    await node(page, 'Task_Humanize').click({ position: { x: 12, y: 12 } });
    const panel = page.getByTestId('node-run-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-node-id')).toBe('Task_Humanize');
    const outputs = panel.getByTestId('node-outputs');
    const humanized = outputs.getByTestId('result-humanization');
    await humanized.waitFor();
    expect(await humanized.getByTestId('parental-sequence').textContent()).toBe(MURINE_VH);
    const sequence = (await humanized.getByTestId('humanized-sequence').textContent()) ?? '';
    expect(sequence).toMatch(/^[A-Z]{110,}$/);
    expect(sequence).not.toBe(MURINE_VH);
    // Residues the graft changed are marked; CDR-H3 is kept.
    expect(
      await humanized.getByTestId('humanized-sequence').locator('mark').count(),
    ).toBeGreaterThan(5);
    expect(sequence).toContain('ARSTYYGGDWYFNV');
    expect(await humanized.getByTestId('humanness-identity').textContent()).toMatch(/%.*%/);
    expect(await outputs.getByTestId('result-text').first().textContent()).toContain('人源化');
    await humanized.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await screenshot(page, 'mission-info-outputs');

    // The first agent's numbering shows the CDRs; its raw JSON is one switch away.
    await node(page, 'Task_Numbering').click({ position: { x: 12, y: 12 } });
    await expect.poll(() => panel.getAttribute('data-node-id')).toBe('Task_Numbering');
    await expect
      .poll(() => panel.getByTestId('cdr-cdr3').first().textContent())
      .toBe('ARSTYYGGDWYFNV');
    await panel.getByTestId('result-view-switch').getByText('原始 JSON').click();
    expect(await panel.getByTestId('raw-json').textContent()).toContain('"number"');
    await panel.getByTestId('tab-inputs').click();
    await expect
      .poll(() => panel.getByTestId('node-inputs').textContent())
      .toContain('rituximab_VH');
  });

  it('should list the node runs on the task log and open their outputs', async () => {
    const { code } = await missionOf(page, missionId);
    await page.goto('/wujie/missionlog');
    const logPage = page.getByTestId('mission-log-page');
    await logPage.waitFor();
    await logPage.getByTestId('field-missionCode').fill(code);
    await logPage.getByTestId('search').click();
    const rows = logPage.getByTestId('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: 'Task_Humanize' }).getByTestId('open-run').click();
    const dialog = page.getByTestId('run-dialog');
    await dialog.getByTestId('result-humanization').waitFor();
    expect(await dialog.getByTestId('parental-sequence').textContent()).toBe(MURINE_VH);
    await page.keyboard.press('Escape');
  });

  it('should rerun the mission from its last node: a new run that runs that node only', async () => {
    const before = await missionOf(page, missionId);
    await page.goto(`/mission/info?id=${missionId}`);
    await node(page, 'Task_Review').waitFor();
    await node(page, 'Task_Review').click({ position: { x: 12, y: 12 } });
    await page.getByTestId('rerun-from-here').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(async () => (await missionOf(page, missionId)).currentRunId, SLOW)
      .not.toBe(before.currentRunId);
    await expect
      .poll(() => markers(page), SLOW)
      .toEqual({
        Task_Numbering: '',
        Task_Humanize: '',
        Task_Review: 'highlight',
      });
    await expect
      .poll(() => page.getByTestId('mission-info').getAttribute('data-status'), SLOW)
      .toBe('completed');
    // A node the new run did not run shows its last run, and says so.
    await node(page, 'Task_Humanize').click({ position: { x: 12, y: 12 } });
    await page.getByTestId('earlier-run').waitFor();
    await page.getByTestId('node-run-panel').getByTestId('result-humanization').waitFor();
  });

  it("should queue a mission that waits for an administrator's review, and go on once approved", async () => {
    const workflow = await numberingWorkflow(page, '2', true);
    const started = await pageApi<Mission>(page, 'POST', '/wujie/mission', {
      workflowId: workflow.id,
      inputs: { text: REQUEST },
    });

    const row = await rowInReviewQueue(page, started.id);
    await screenshot(page, 'missions-review-queue');
    await row.getByTestId('view').click();
    await page.waitForURL(`**/mission/info?id=${started.id}`);
    await page.getByTestId('notice-review').getByText('请核对编号结果').waitFor();
    await expect.poll(() => markerOf(page, 'Task_Number'), SLOW).toBe('highlight');
    expect(await markerOf(page, 'Review_1')).toBe('todo');

    await page.getByTestId('mission-review').click();
    await page.getByTestId('review-send').click();
    await expect
      .poll(() => page.getByTestId('mission-info').getAttribute('data-status'), SLOW)
      .toBe('completed');
    expect(await page.getByTestId('mission-review').count()).toBe(0);
  });

  it("should let a reviewer who is no administrator find another user's mission in the review queue and approve it, without stopping it", async () => {
    const workflow = await numberingWorkflow(page, '2', true);
    const started = await pageApi<Mission>(page, 'POST', '/wujie/mission', {
      workflowId: workflow.id,
      inputs: { text: REQUEST },
    });
    // A role with the task list (11) and its review (11001), view (11004) and stop (11005) buttons.
    const stamp = String(Date.now()).slice(-7);
    const name = `rev${stamp}`;
    const role = await pageApi<{ roleId: number }>(page, 'POST', '/system/role', {
      roleName: name,
      roleKey: name,
      roleSort: 5,
      menuIds: [11, 11001, 11004, 11005],
    });
    await pageApi(page, 'POST', '/system/user', {
      userName: name,
      nickName: name,
      password: REVIEWER_PASSWORD,
      // With a phone number the phone-binding dialog (mainland users without one) stays away.
      phonenumber: `1391${stamp}`,
      deptId: 100,
      roleIds: [role.roleId],
    });
    const context = await openContext(browser());
    try {
      const reviewer = await context.newPage();
      await reviewer.goto('/login');
      await signIn(reviewer, name, REVIEWER_PASSWORD);
      await reviewer.waitForURL('**/wujie/char/talk');
      const row = await rowInReviewQueue(reviewer, started.id);
      // The administrator's mission: no stop for the reviewer, though they may stop their own.
      expect(await row.getByTestId('stop').count()).toBe(0);
      await row.getByTestId('view').click();
      await reviewer.waitForURL(`**/mission/info?id=${started.id}`);
      await reviewer.getByTestId('notice-review').waitFor();
      expect(await reviewer.getByTestId('mission-stop').count()).toBe(0);
      await reviewer.getByTestId('mission-review').click();
      await reviewer.getByTestId('review-send').click();
      await expect
        .poll(() => reviewer.getByTestId('mission-info').getAttribute('data-status'), SLOW)
        .toBe('completed');
    } finally {
      await context.close();
    }
  });

  it('should run a workflow in testing with a sample input from the task test page', async () => {
    const workflow = await numberingWorkflow(page, '1', false);
    await page.goto('/wujie/playground/mission');
    const testPage = page.getByTestId('mission-test-page');
    await testPage.waitFor();
    await choose(page, testPage.getByTestId('start-workflow'), workflow.name);
    await testPage.getByTestId('sample-1').click();
    expect(await testPage.getByTestId('start-text').inputValue()).toContain('trastuzumab_VH');
    await testPage.getByTestId('start-submit').click();
    const card = testPage.getByTestId('test-runs').getByTestId('mission-card');
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-status'), SLOW).toBe('completed');
    await expect
      .poll(() => card.getByTestId('mission-card-progress').textContent(), SLOW)
      .toBe('已完成 1 个节点');
    await screenshot(page, 'mission-test-page');
  });

  it('should stop a mission from the task list', async () => {
    await withWorkerPaused(async () => {
      const started = await pageApi<Mission>(page, 'POST', '/wujie/mission', {
        workflowId: humanizationId,
        name: `停止测试${String(Date.now()).slice(-6)}`,
        inputs: { text: REQUEST },
      });
      await page.goto('/wujie/mission');
      const row = page.getByTestId('missions-page').getByTestId(`row-${started.id}`);
      await row.waitFor();
      await row.getByTestId('stop').click();
      await page.getByTestId('confirm-ok').click();
      await expect
        .poll(async () => (await missionOf(page, started.id)).status, SLOW)
        .toBe('stopped');
      await expect
        .poll(() => row.getByTestId('dict-wujie_mission_status').textContent())
        .toBe('已停止');
      // Stopped: no stop any more, a rerun instead.
      expect(await row.getByTestId('stop').count()).toBe(0);
      expect(await row.getByTestId('rerun').count()).toBe(1);
      await page.goto(`/mission/info?id=${started.id}`);
      await page.getByTestId('notice-stopped').waitFor();
      expect(await page.getByTestId('mission-stop').count()).toBe(0);
    });
  });
});
