import { buildBpmnXml, type NodeSpec } from '@platform/bpmn';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { closeNotices, pageApi, screenshot, signInAsAdmin, useBrowser } from './browser';

// The workflow area's pages (issue 5): agents, functions with a sandboxed test run, workflows with
// versions, diff and restore, and the read-only process viewer on the workflow's pages.

const browser = useBrowser();
const stamp = String(Date.now()).slice(-6);

/**
 * Opens a select and clicks an option (the first when none is named). A field in a dialog that is
 * still opening, or whose options are still loading, gets clicked again until the option shows.
 */
async function choose(page: Page, field: Locator, option?: string) {
  const target = option
    ? page.getByRole('option', { name: option, exact: true })
    : page.getByRole('option').first();
  for (let attempt = 0; attempt < 40 && !(await target.isVisible()); attempt += 1) {
    if (attempt % 4 === 0) await field.click({ force: true });
    await page.waitForTimeout(100);
  }
  await target.click();
}

const pick = (page: Page, testId: string, option: string) =>
  choose(page, page.getByTestId(testId), option);

/**
 * Saves the workflow form and waits until the page has read the workflow back (the form then starts
 * again from what the server holds, so nothing typed before that could be lost).
 */
async function saveWorkflowForm(page: Page, id: number) {
  const readBack = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/workflow/${id}`),
  );
  await page.getByTestId('form-submit').click();
  await readBack;
  await page.waitForTimeout(200);
}

const agentDescriptor = (nameen: string, instruction: string) => ({
  nameen,
  type: 'Agent',
  instruction,
  output: `${nameen}.json`,
  validators: [{ name: 'JsonKeyExists', params: ['result'] }],
});

/**
 * Start → Task_1 → Gate_1 → Up_1 | Down_1 → End; `changed` edits Task_1 and adds Task_3 after Up_1,
 * `broken` points the second branch at a node that does not exist.
 */
function diagram(key: string, { changed = false, broken = false } = {}): string {
  const nodes: NodeSpec[] = [
    { id: 'Start', type: 'startEvent', name: '开始', x: 0, y: 122 },
    {
      id: 'Task_1',
      type: 'userTask',
      name: '规划',
      agent: agentDescriptor('Planner', changed ? 'Plan twice' : 'Plan the design'),
      x: 80,
      y: 100,
    },
    {
      id: 'Gate_1',
      type: 'exclusiveGateway',
      name: '评审',
      branch: {
        nameen: 'Review',
        type: 'Branch',
        branches: [
          { validator: { name: 'Equals', params: 'up' }, target_node: 'Up_1' },
          {
            validator: { name: 'WithIn', params: ['down', 'other'] },
            target_node: broken ? 'Nowhere' : 'Down_1',
          },
        ],
      },
      x: 230,
      y: 115,
    },
    {
      id: 'Up_1',
      type: 'userTask',
      name: '上游',
      agent: agentDescriptor('Upstream', 'Go up'),
      x: 330,
      y: 0,
    },
    {
      id: 'Down_1',
      type: 'userTask',
      name: '下游',
      agent: agentDescriptor('Downstream', 'Go down'),
      x: 330,
      y: 200,
    },
    { id: 'End', type: 'endEvent', name: '结束', x: 650, y: 122 },
  ];
  const flows = [
    { id: 'Flow_1', source: 'Start', target: 'Task_1' },
    { id: 'Flow_2', source: 'Task_1', target: 'Gate_1' },
    { id: 'Flow_3', source: 'Gate_1', target: 'Up_1' },
    { id: 'Flow_4', source: 'Gate_1', target: 'Down_1' },
    { id: 'Flow_6', source: 'Down_1', target: 'End' },
  ];
  if (changed) {
    nodes.push({
      id: 'Task_3',
      type: 'userTask',
      name: '复核',
      agent: agentDescriptor('Checker', 'Check it'),
      x: 490,
      y: 0,
    });
    flows.push(
      { id: 'Flow_5', source: 'Up_1', target: 'Task_3' },
      { id: 'Flow_7', source: 'Task_3', target: 'End' },
    );
  } else {
    flows.push({ id: 'Flow_5', source: 'Up_1', target: 'End' });
  }
  return buildBpmnXml({ id: key, name: '抗体设计', nodes, flows });
}

const markerOf = (page: Page, scope: string, id: string) =>
  page
    .getByTestId(scope)
    .locator(`g.djs-element[data-element-id="${id}"]`)
    .first()
    .getAttribute('class');

interface Stored {
  id: number;
  processKey: string;
  version: number;
  name: string;
  status: string;
  description: string;
  agentIds: number[];
  tags: string[];
  params: string;
  workflow: string;
  descriptionEn: string;
}

describe('workflow pages', () => {
  it('should create agents, and a function whose test run returns a value or hits the time limit', async () => {
    const { context, page } = await signInAsAdmin(browser());
    for (const [name, nameEn] of [
      [`规划智能体${stamp}`, `Planner ${stamp}`],
      [`评审智能体${stamp}`, `Reviewer ${stamp}`],
    ]) {
      await page.goto('/wujie/agent');
      await page.getByTestId('agents-page').getByTestId('add').click();
      await page.waitForURL('**/agent/info');
      await page.getByTestId('field-name').fill(name!);
      await page.getByTestId('field-nameEn').fill(nameEn!);
      await page.getByTestId('field-instruction').fill(`You are ${nameEn}.`);
      await page.getByTestId('form-submit').click();
      await page.waitForURL('**/wujie/agent');
      await page.getByTestId('agents-page').getByText(name!).waitFor();
    }
    const agents = await pageApi<
      { name: string; nameEn: string; type: string; instruction: string }[]
    >(page, 'GET', `/wujie/agent/list?name=${encodeURIComponent(stamp)}`);
    expect(agents.map((a) => a.nameEn).sort()).toEqual([`Planner ${stamp}`, `Reviewer ${stamp}`]);
    expect(agents[0]).toMatchObject({ type: 'Agent' });

    const fnName = `sum_${stamp}`;
    await page.goto('/wujie/functions');
    await page.getByTestId('functions-page').getByTestId('add').click();
    await page.waitForURL('**/functions/info');
    await page.getByTestId('field-name').fill(fnName);
    // No tag and no code yet: the form says what is missing and nothing is sent.
    await page.getByTestId('form-submit').click();
    await page.getByTestId('function-form').getByText('至少添加一个标签').waitFor();
    await page.getByTestId('function-form').getByText('代码不能为空').waitFor();

    await page.getByTestId('field-tags').fill('math');
    await page.keyboard.press('Enter');
    for (const [index, param] of ['a', 'b'].entries()) {
      await page.getByTestId('add-param').click();
      const row = page.getByTestId(`param-${index}`);
      await row.getByTestId('param-name').fill(param);
      await row.getByTestId('param-type').click();
      await page.getByRole('option', { name: 'number', exact: true }).click();
      await row.getByTestId('param-required').check();
    }
    await pick(page, 'field-returnType', 'number');
    const code = `function ${fnName}(a, b) {\n  console.log('adding', a, b);\n  return a + b;\n}`;
    await page.getByTestId('field-code').fill(code);

    await page.getByTestId('arg-a').fill('2');
    await page.getByTestId('arg-b').fill('3');
    await page.getByTestId('run').click();
    const outcome = page.getByTestId('run-outcome');
    await expect.poll(() => outcome.getAttribute('data-status')).toBe('success');
    expect(await page.getByTestId('run-result').textContent()).toBe('5');
    expect(await page.getByTestId('run-logs').textContent()).toContain('adding 2 3');
    await screenshot(page, 'workflow-function-run');

    await page.getByTestId('field-code').fill(`function ${fnName}(a, b) {\n  for (;;) {}\n}`);
    await page.getByTestId('run').click();
    await expect
      .poll(() => outcome.getAttribute('data-status'), { timeout: 20_000 })
      .toBe('timeout');
    expect(await page.getByTestId('run-status').textContent()).toBe('已停止：超出时间限制');
    await screenshot(page, 'workflow-function-timeout');

    await page.getByTestId('field-code').fill(code);
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/functions\/info\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await pageApi<{ name: string; tags: string[]; code: string; params: unknown[] }>(
      page,
      'GET',
      `/wujie/functions/${id}`,
    );
    expect(stored).toMatchObject({ name: fnName, tags: ['math'], code });
    expect(stored.params).toEqual([
      { name: 'a', type: 'number', required: true, description: '' },
      { name: 'b', type: 'number', required: true, description: '' },
    ]);
    await context.close();
  });

  it('should add a workflow, version it while online, compare and restore versions', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const name = `抗体设计流程${stamp}`;
    const key = `wf_e2e_${stamp}`;

    await page.goto('/wujie/workflow');
    await page.getByTestId('workflows-page').getByTestId('add').click();
    await page.waitForURL('**/bpm/info');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('workflow-form').getByText('至少选择一个智能体').waitFor();
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-description').fill('第一版');
    await page.getByTestId('field-descriptionEn').fill('First');
    await pick(page, 'field-agentIds', `规划智能体${stamp}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('field-tags').fill('e2e');
    await page.keyboard.press('Enter');
    await page.getByTestId('form-submit').click();
    await page.waitForURL(/\/bpm\/info\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    let stored = await pageApi<Stored>(page, 'GET', `/wujie/workflow/${id}`);
    expect(stored).toMatchObject({ name, status: '0', description: '第一版', tags: ['e2e'] });
    expect(stored.agentIds).toHaveLength(1);

    // The designer (another screen) saves the flowchart; the page then shows it read-only.
    await pageApi(page, 'PUT', '/wujie/workflow', { ...stored, workflow: diagram(key) });
    await page.reload();
    await page.getByTestId('field-name').waitFor();
    await pick(page, 'field-status', '已上线');
    await saveWorkflowForm(page, id);
    expect((await pageApi<Stored>(page, 'GET', `/wujie/workflow/${id}`)).status).toBe('2');
    await page.getByTestId('workflow-version').getByText('v1').waitFor();

    // Saving an online workflow makes a new version.
    await page.getByTestId('field-description').fill('第二版');
    await saveWorkflowForm(page, id);
    await page.getByTestId('workflow-version').getByText('v2').waitFor();
    stored = await pageApi<Stored>(page, 'GET', `/wujie/workflow/${id}`);
    expect(stored).toMatchObject({ version: 2, description: '第二版' });

    // The designer changes one agent and adds another: version 3.
    await pageApi(page, 'PUT', '/wujie/workflow', {
      ...stored,
      workflow: diagram(key, { changed: true }),
    });
    await page.reload();
    await page.getByTestId('workflow-version').getByText('v3').waitFor();

    await page.getByTestId('tab-versions').click();
    const table = page.getByTestId('versions-table');
    for (const v of [1, 2, 3]) await table.getByTestId(`version-${v}`).waitFor();
    expect(await table.getByTestId('version-3').getByTestId('current-version').count()).toBe(1);

    await pick(page, 'diff-from', 'v1');
    await pick(page, 'diff-to', 'v3');
    await page.getByTestId('diff-compare').click();
    const diff = page.getByTestId('version-diff');
    await diff.getByTestId('diff-field-description').waitFor();
    expect(await diff.getByTestId('diff-field-description').textContent()).toBe(
      '描述（中文）第一版第二版',
    );
    expect(await diff.getByTestId('diff-agent-Task_1').textContent()).toContain('Plan twice');
    expect(await diff.getByTestId('diff-agent-Task_3').textContent()).toContain('新增');
    expect(await diff.getByTestId('diff-xml').textContent()).toContain('Task_3');
    // The newer diagram marks the changed agent as todo and the added one as highlight.
    await diff
      .getByTestId('process-viewer')
      .locator('[data-element-id="Task_3"]')
      .first()
      .waitFor();
    await expect.poll(() => markerOf(page, 'version-diff', 'Task_1')).toContain('todo');
    expect(await markerOf(page, 'version-diff', 'Task_3')).toContain('highlight');
    expect(await markerOf(page, 'version-diff', 'Up_1')).not.toMatch(/todo|highlight|reject/);
    await screenshot(page, 'workflow-version-diff');

    await table.getByTestId('version-1').getByTestId('restore-version').click();
    await page.getByTestId('confirm-ok').click();
    await table.getByTestId('version-4').waitFor();
    expect(
      await table.getByTestId('version-4').getByTestId('restored-from').textContent(),
    ).toContain('v1');
    stored = await pageApi<Stored>(page, 'GET', `/wujie/workflow/${id}`);
    expect(stored).toMatchObject({ version: 4, description: '第一版' });
    expect(stored.workflow).not.toContain('Task_3');
    await context.close();
  });

  it('should show the flowchart read-only, mark checked and broken nodes, and show a clicked agent', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const [agent] = await pageApi<{ id: number }[]>(page, 'GET', `/wujie/agent/list?name=${stamp}`);
    const key = `wf_view_${stamp}`;
    const created = await pageApi<Stored>(page, 'POST', '/wujie/workflow', {
      name: `查看流程${stamp}`,
      agentIds: [agent!.id],
      workflow: diagram(key),
    });

    await page.goto(`/bpm/info?id=${created.id}&tab=diagram`);
    const viewer = page.getByTestId('process-viewer');
    await viewer.locator('[data-element-id="Task_1"]').first().waitFor();
    await expect.poll(() => page.getByTestId('viewer-loading').count()).toBe(0);
    const label = viewer.locator('g.djs-element[data-element-id="Task_1"] text');
    expect(await label.textContent()).toBe('规划');

    // Fitted on load: the whole diagram is inside the canvas.
    let frame = (await viewer.boundingBox())!;
    for (const id of ['Start', 'End', 'Up_1', 'Down_1']) {
      const box = (await viewer
        .locator(`g.djs-element[data-element-id="${id}"]`)
        .first()
        .boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
    }

    await page.getByTestId('check-diagram').click();
    await expect.poll(() => markerOf(page, 'workflow-diagram', 'Task_1')).toContain('highlight');
    expect(await markerOf(page, 'workflow-diagram', 'Gate_1')).toContain('highlight');
    expect(await markerOf(page, 'workflow-diagram', 'Start')).not.toContain('highlight');

    // Clicking an agent shows its settings; clicking a start event shows nothing new.
    // (Flows are drawn centre to centre, so the click goes near the task's corner.)
    await viewer
      .locator('g.djs-element[data-element-id="Up_1"]')
      .first()
      .click({ position: { x: 12, y: 12 } });
    await page.getByTestId('node-detail').getByText('Go up').waitFor();
    expect(await page.getByTestId('node-detail').getAttribute('data-node-id')).toBe('Up_1');
    await viewer
      .locator('g.djs-element[data-element-id="Start"]')
      .first()
      .click({ position: { x: 6, y: 18 } });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('node-detail').getAttribute('data-node-id')).toBe('Up_1');
    // A branch (exclusive gateway) shows its rules; the click goes near the diamond's top.
    await viewer
      .locator('g.djs-element[data-element-id="Gate_1"]')
      .first()
      .click({ position: { x: 25, y: 10 } });
    await page.getByTestId('node-detail').getByText('Equals(up) → Up_1').waitFor();
    expect(await page.getByTestId('node-detail').getAttribute('data-node-id')).toBe('Gate_1');

    // Dragging pans: with the mouse on an empty spot, and with one finger.
    frame = (await viewer.boundingBox())!;
    const offset = async () => {
      const matrix = (await viewer.locator('g.viewport').getAttribute('transform')) ?? '';
      const [, , , , x, y] = (/matrix\(([^)]*)\)/.exec(matrix)?.[1] ?? '0 0 0 0 0 0')
        .split(/[\s,]+/)
        .map(Number);
      return { x: x!, y: y! };
    };
    let start = await offset();
    await page.mouse.move(frame.x + 20, frame.y + frame.height - 20);
    await page.mouse.down();
    await page.mouse.move(frame.x + 80, frame.y + frame.height - 60, { steps: 5 });
    await page.mouse.up();
    let moved = await offset();
    expect(moved.x - start.x).toBeCloseTo(60, 0);
    expect(moved.y - start.y).toBeCloseTo(-40, 0);
    start = moved;
    await viewer
      .locator('svg')
      .first()
      .evaluate(
        (svg, at) => {
          const fire = (type: string, x: number, y: number) =>
            svg.dispatchEvent(
              new PointerEvent(type, {
                bubbles: true,
                pointerId: 7,
                pointerType: 'touch',
                isPrimary: true,
                clientX: x,
                clientY: y,
              }),
            );
          fire('pointerdown', at.x, at.y);
          fire('pointermove', at.x - 30, at.y + 10);
          fire('pointermove', at.x - 50, at.y + 25);
          fire('pointerup', at.x - 50, at.y + 25);
        },
        { x: frame.x + 200, y: frame.y + 100 },
      );
    moved = await offset();
    expect(moved.x - start.x).toBeCloseTo(-50, 0);
    expect(moved.y - start.y).toBeCloseTo(25, 0);

    // Zoom buttons scale by 1.1 and 0.9.
    const zoom = async () => Number(await viewer.getAttribute('data-zoom'));
    const before = await zoom();
    await page.getByTestId('viewer-zoom-in').click();
    expect(await zoom()).toBeCloseTo(before * 1.1, 2);
    await page.getByTestId('viewer-zoom-out').click();
    expect(await zoom()).toBeCloseTo(before * 1.1 * 0.9, 2);
    await screenshot(page, 'workflow-viewer-checked');

    // Labels follow the language: nameen of the agent descriptor in English.
    await page.getByTestId('lang-en').click();
    await expect.poll(() => label.textContent()).toBe('Planner');
    await page.getByTestId('lang-zh').click();
    await expect.poll(() => label.textContent()).toBe('规划');

    // A copy with a branch pointing nowhere: the check rejects that gateway.
    await page.getByTestId('tab-info').click();
    await page.getByTestId('copy').click();
    await page.waitForURL((url) => url.searchParams.get('id') !== String(created.id));
    const copyId = Number(new URL(page.url()).searchParams.get('id'));
    const copy = await pageApi<Stored>(page, 'GET', `/wujie/workflow/${copyId}`);
    expect(copy.name).toContain(`查看流程${stamp}`);
    expect(copy.processKey).toBe(`${key}_copy`);
    const broken = diagram(copy.processKey, { broken: true });
    await pageApi(page, 'PUT', '/wujie/workflow', { ...copy, workflow: broken });
    await page.reload();
    await page.getByTestId('tab-diagram').click();
    await page.getByTestId('check-diagram').click();
    await page.getByTestId('check-errors').getByText('Gate_1', { exact: false }).waitFor();
    await expect.poll(() => markerOf(page, 'workflow-diagram', 'Gate_1')).toContain('reject');
    expect(await markerOf(page, 'workflow-diagram', 'Task_1')).not.toContain('reject');
    await screenshot(page, 'workflow-viewer-rejected');

    // The list filters by status and deletes the copy.
    await page.goto('/wujie/workflow');
    const list = page.getByTestId('workflows-page');
    await list.getByTestId('field-name').fill(`查看流程${stamp}`);
    await pick(page, 'field-status', '开发中');
    await list.getByTestId('search').click();
    await expect.poll(() => list.getByTestId('total').textContent()).toContain('2');
    await list.getByTestId(`row-${copyId}`).getByTestId('delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => list.getByTestId('total').textContent()).toContain('1');
    const left = await pageApi<{ id: number }[]>(page, 'GET', `/wujie/workflow/list?name=${stamp}`);
    expect(left.map((w) => w.id)).not.toContain(copyId);
    await context.close();
  });
  it('should keep a skill with its functions and give it to an agent', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const skillName = `计算技能${stamp}`;
    await page.goto('/wujie/skill');
    await page.getByTestId('skills-page').getByTestId('add').click();
    const form = page.getByTestId('entity-form');
    await form.getByTestId('field-name').fill(skillName);
    await form.getByTestId('field-nameEn').fill(`Maths ${stamp}`);
    await choose(page, form.getByTestId('field-functionIds'), `sum_${stamp}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('skills-page').getByText(skillName).waitFor();
    expect(await page.getByTestId('skills-page').getByText(`sum_${stamp}`).count()).toBe(1);

    await page.goto('/wujie/agent');
    const row = page.getByTestId('agents-page').locator('tr', { hasText: `规划智能体${stamp}` });
    await row.getByTestId('edit').click();
    await page.waitForURL(/\/agent\/info\?id=\d+/);
    const agentId = new URL(page.url()).searchParams.get('id');
    await pick(page, 'field-skillIds', skillName);
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/wujie/agent');
    await row.getByText(skillName).waitFor();
    const [skill] = await pageApi<{ id: number; functionIds: number[] }[]>(
      page,
      'GET',
      `/wujie/skill/list?name=${encodeURIComponent(skillName)}`,
    );
    expect(skill!.functionIds).toHaveLength(1);
    const agent = await pageApi<{ skillIds: number[] }>(page, 'GET', `/wujie/agent/${agentId}`);
    expect(agent.skillIds).toEqual([skill!.id]);
    await context.close();
  });

  it('should manage process models, forms, work groups and task assignment rules', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const key = `bpm_e2e_${stamp}`;
    await page.goto('/bpm/manager/model');

    // A form, saved from the edit page's form builder (bpm.e2e-spec tests the builder itself); its one
    // field is then put in through the API.
    await page.getByTestId('tab-forms').click();
    await page.getByTestId('bpm-forms').getByTestId('add').click();
    await page.waitForURL('**/bpm/manager/form/edit');
    await page.locator('[data-testid="formjs-editor"][data-state="ready"]').waitFor();
    await page.getByTestId('field-name').fill(`请假表单${stamp}`);
    await page.getByTestId('form-submit').click();
    // Saving returns to the model page with its forms showing.
    await page.waitForURL('**/bpm/manager/model?tab=forms');
    await page.getByTestId('bpm-forms').getByText(`请假表单${stamp}`).waitFor();
    const [storedForm] = await pageApi<{ id: number; schema: { components: unknown[] } }[]>(
      page,
      'GET',
      `/bpm/form/list?name=${stamp}`,
    );
    expect(storedForm!.schema).toMatchObject({ type: 'default', components: [] });
    const daysField = { type: 'number', id: 'Field_days', key: 'days', label: '天数' };
    await pageApi(page, 'PUT', '/bpm/form', {
      id: storedForm!.id,
      name: `请假表单${stamp}`,
      schema: { ...storedForm!.schema, components: [daysField] },
    });

    // A work group.
    await page.getByTestId('tab-groups').click();
    await page.getByTestId('bpm-groups').getByTestId('add').click();
    const dialog = page.getByTestId('entity-form');
    await dialog.getByTestId('field-name').fill(`评审组${stamp}`);
    await choose(page, dialog.getByTestId('field-memberUserIds'));
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('bpm-groups').getByText(`评审组${stamp}`).waitFor();

    // A model using the form; the designer saves its diagram.
    await page.getByTestId('tab-models').click();
    await page.getByTestId('bpm-models').getByTestId('add').click();
    await dialog.getByTestId('field-key').fill(key);
    await dialog.getByTestId('field-name').fill(`请假流程${stamp}`);
    await choose(page, dialog.getByTestId('field-formId'), `请假表单${stamp}`);
    await page.getByTestId('form-submit').click();
    const modelRow = page.getByTestId('bpm-models').locator('tr', { hasText: key });
    await modelRow.waitFor();
    const [model] = await pageApi<{ id: number; formId: number }[]>(
      page,
      'GET',
      `/bpm/model/list?key=${key}`,
    );
    expect(model!.formId).toBe(storedForm!.id);
    const full = await pageApi<Record<string, unknown>>(page, 'GET', `/bpm/model/${model!.id}`);
    await pageApi(page, 'PUT', '/bpm/model', { ...full, bpmnXml: diagram(key) });

    await modelRow.getByTestId('preview').click();
    await page.locator('.mantine-Modal-body [data-element-id="Task_1"]').first().waitFor();
    await page.keyboard.press('Escape');

    // Rules: every user task is listed; one by post, one by custom script.
    await modelRow.getByTestId('rules').click();
    const editor = page.getByTestId('rules-editor');
    for (const task of ['Task_1', 'Up_1', 'Down_1'])
      await editor.getByTestId(`rule-${task}`).waitFor();
    await editor.getByTestId('rule-Task_1').getByTestId('edit-rule').click();
    await pick(page, 'rule-type-select', '岗位');
    await pick(page, 'rule-options-select', '项目经理');
    await page.keyboard.press('Escape');
    await page.getByTestId('rule-save').click();
    await expect
      .poll(() => editor.getByTestId('rule-Task_1').getByTestId('rule-options').textContent())
      .toBe('项目经理');
    await editor.getByTestId('rule-Up_1').getByTestId('edit-rule').click();
    await pick(page, 'rule-type-select', '自定义脚本');
    await pick(page, 'rule-options-select', '流程发起人');
    await page.keyboard.press('Escape');
    await page.getByTestId('rule-save').click();
    await expect
      .poll(() => editor.getByTestId('rule-Up_1').getByTestId('rule-type').textContent())
      .toBe('自定义脚本');
    await screenshot(page, 'workflow-bpm-rules');
    const rules = await pageApi<
      { taskDefinitionKey: string; type: string | null; options: unknown[] }[]
    >(page, 'GET', `/bpm/task-assign-rule/list?modelId=${model!.id}`);
    const byTask = Object.fromEntries(rules.map((r) => [r.taskDefinitionKey, r]));
    expect(byTask.Task_1).toMatchObject({ type: 'post' });
    expect(byTask.Task_1!.options).toHaveLength(1);
    expect(byTask.Up_1).toMatchObject({ type: 'script', options: ['starter'] });
    expect(byTask.Down_1).toMatchObject({ type: null, options: [] });

    // Deleting a rule asks first; the task is then without one.
    await closeNotices(page); // the saved notice lies over the rules' delete buttons
    await editor.getByTestId('rule-Up_1').getByTestId('delete-rule').click();
    await page.getByTestId('confirm-ok').click();
    await expect
      .poll(async () => {
        const after = await pageApi<{ taskDefinitionKey: string; type: string | null }[]>(
          page,
          'GET',
          `/bpm/task-assign-rule/list?modelId=${model!.id}`,
        );
        return after.find((r) => r.taskDefinitionKey === 'Up_1')?.type;
      })
      .toBeNull();

    // Deploy to the process engine, after a confirmation; the row shows the engine's version.
    await page.keyboard.press('Escape');
    await modelRow.getByTestId('deploy').click();
    await page.getByTestId('confirm-ok').click();
    await modelRow.getByText('版本 1').waitFor();
    const deployed = await pageApi<{ processDefinitionId: string | null }>(
      page,
      'GET',
      `/bpm/model/${model!.id}`,
    );
    expect(deployed.processDefinitionId).toMatch(new RegExp(`^${key}:1:`));
    await context.close();
  });
});
