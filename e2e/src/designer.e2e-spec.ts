/* eslint-disable @typescript-eslint/no-explicit-any -- code run inside the page drives bpmn-js
   services, which have no types there. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { downloaded, pageApi, screenshot, signInAsAdmin, useBrowser } from './browser';

// Issue 5's designer: a workflow's diagram drawn, described (agents and branches), saved, reloaded;
// a diagram made elsewhere imported and exported; undo/redo; the designer messages of spec §5.

const browser = useBrowser();
const stamp = String(Date.now()).slice(-6);
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'leave-request.bpmn');
/** start → task → exclusive gateway → two tasks, each to its own end. */
const BRANCH_FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'simulation-branch.bpmn');
/** A wide window, and the page's errors printed to tell why a step failed. */
const DESIGNER_SESSION = { viewport: { width: 1680, height: 1000 }, logErrors: true };
/** The process key the first test saves (taken for the duplicate-key check). */
let savedKey = '';

async function createWorkflow(page: Page, name: string): Promise<number> {
  const agent = await pageApi<{ id: number }>(page, 'POST', '/wujie/agent', {
    name: `Agent ${name}`,
  });
  const workflow = await pageApi<{ id: number }>(page, 'POST', '/wujie/workflow', {
    name,
    agentIds: [agent.id],
  });
  return workflow.id;
}

async function openDesigner(page: Page, query: string) {
  await page.goto(`/bpm/manager/model/design${query}`);
  await designerReady(page);
}

async function designerReady(page: Page) {
  await page.getByTestId('designer-canvas').waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid="designer-canvas"]') as
      (Element & { bpmnModeler?: unknown }) | null;
    return !!canvas?.bpmnModeler && !!document.querySelector('[data-testid="properties-panel"]');
  });
}

/**
 * Draws start → agent "plan" → gateway → agents "yes"/"no" → end with the modeler's API (pointer
 * drawing on an SVG canvas is impractical in a test); everything else goes through the UI.
 */
async function drawAgentFlow(page: Page) {
  await page.evaluate(() => {
    const canvasElement = document.querySelector('[data-testid="designer-canvas"]') as Element & {
      bpmnModeler: { get(name: string): any };
    };
    const modeler = canvasElement.bpmnModeler;
    const registry = modeler.get('elementRegistry');
    const factory = modeler.get('elementFactory');
    const bpmnFactory = modeler.get('bpmnFactory');
    const modeling = modeler.get('modeling');
    const root = modeler.get('canvas').getRootElement();
    const start = registry.filter((e: { type: string }) => e.type === 'bpmn:StartEvent')[0];
    const shape = (type: string, id: string, name: string, x: number, y: number) =>
      modeling.createShape(
        factory.createShape({ type, businessObject: bpmnFactory.create(type, { id, name }) }),
        { x, y },
        root,
      );
    const plan = shape('bpmn:UserTask', 'Agent_plan', '计划', 330, 178);
    const gateway = shape('bpmn:ExclusiveGateway', 'Gateway_check', '检查', 480, 178);
    const yes = shape('bpmn:UserTask', 'Agent_yes', '通过', 630, 90);
    const no = shape('bpmn:UserTask', 'Agent_no', '不通过', 630, 270);
    const end = shape('bpmn:EndEvent', 'End_done', '结束', 800, 178);
    const connect = (a: unknown, b: unknown) =>
      modeling.connect(a, b, { type: 'bpmn:SequenceFlow' });
    connect(start, plan);
    connect(plan, gateway);
    connect(gateway, yes);
    connect(gateway, no);
    connect(yes, end);
    connect(no, end);
  });
}

/** Selects an element by clicking it on the canvas. */
async function pick(page: Page, id: string) {
  await page
    .locator(`[data-testid="designer-canvas"] g.djs-element[data-element-id="${id}"]`)
    .click();
  await page.locator(`[data-testid="properties-panel"][data-element-id="${id}"]`).waitFor();
}

async function fill(page: Page, testId: string, value: string) {
  const input = page.getByTestId('properties-panel').getByTestId(testId);
  await input.fill(value);
  await input.press('Tab');
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId('properties-panel').getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Selects an element through the modeler (connections are thin targets for a pointer). */
async function selectById(page: Page, id: string) {
  await page.evaluate((id) => {
    const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any).bpmnModeler;
    modeler.get('selection').select(modeler.get('elementRegistry').get(id));
  }, id);
  await page.locator(`[data-testid="properties-panel"][data-element-id="${id}"]`).waitFor();
}

/** A business object property of an element: a reference's id, an expression's body, or null. */
async function businessValue(page: Page, id: string, property: string) {
  return page.evaluate(
    ({ id, property }) => {
      const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
        .bpmnModeler;
      const value = modeler.get('elementRegistry').get(id).businessObject.get(property);
      if (value === undefined || value === null) return null;
      return (value.id ?? value.body ?? value) as string;
    },
    { id, property },
  );
}

/** Element ids, types, names and documentation of the diagram shown now. */
async function shownDiagram(page: Page) {
  return page.evaluate(() => {
    const canvasElement = document.querySelector('[data-testid="designer-canvas"]') as Element & {
      bpmnModeler: { get(name: string): any };
    };
    const registry = canvasElement.bpmnModeler.get('elementRegistry');
    return registry
      .filter((e: { type: string }) => e.type !== 'label' && e.type !== 'bpmn:Process')
      .map((e: { id: string; type: string; businessObject: any; source?: any; target?: any }) => ({
        id: e.id,
        type: e.type,
        name: e.businessObject.name ?? '',
        documentation: (e.businessObject.documentation ?? []).map((d: any) => d.text).join(''),
        source: e.source?.id,
        target: e.target?.id,
      }))
      .sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id));
  });
}

/** A control token simulation puts over an element (its tooltip in the designer's language). */
function simulationPad(page: Page, elementId: string, title: string) {
  return page.locator(`.djs-overlays[data-container-id="${elementId}"] button[title="${title}"]`);
}

/** Scopes (process instances) of the token simulation that are still running. */
async function runningScopes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any).bpmnModeler;
    return modeler.get('simulator').findScopes({}).length as number;
  });
}

describe('process designer', () => {
  it('should draw agents and a branch, save them, and show the same diagram after a reload', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    const workflowId = await createWorkflow(page, `Review ${stamp}`);
    await openDesigner(page, `?workflowId=${workflowId}`);
    await drawAgentFlow(page);
    await page.getByTestId('zoom-reset').click();

    // Saving checks the diagram first: the errors name their elements.
    await page.getByTestId('save').click();
    const errors = page.getByTestId('designer-errors');
    await errors
      .getByText(/^计划 \(Agent_plan\): /)
      .first()
      .waitFor();
    await errors
      .getByText(/^检查 \(Gateway_check\): /)
      .first()
      .waitFor();
    expect(
      (await pageApi<{ workflow: string }>(page, 'GET', `/wujie/workflow/${workflowId}`)).workflow,
    ).toBe('');

    await pick(page, 'Agent_plan');
    await page.getByTestId('group-agent-control').click();
    await fill(page, 'agent-nameen', 'Plan');
    await fill(page, 'agent-instruction', 'Write the plan');
    await fill(page, 'agent-output', 'plan.json');
    await page.getByTestId('agent-validator-add').click();
    await choose(page, 'agent-validator-0-name', '属于其中之一');
    await fill(page, 'agent-validator-0-param-0', 'draft');
    // The one entry of a list cannot be removed; a second one can.
    await expect
      .poll(() => page.getByTestId('agent-validator-0-param-remove-0').isDisabled())
      .toBe(true);
    await page.getByTestId('agent-validator-0-param-add').click();
    await fill(page, 'agent-validator-0-param-1', 'final');

    for (const [id, nameen] of [
      ['Agent_yes', 'Accept'],
      ['Agent_no', 'Reject'],
    ]) {
      await pick(page, id);
      await page.getByTestId('group-agent-control').click();
      await fill(page, 'agent-nameen', nameen);
      await fill(page, 'agent-instruction', `${nameen} the plan`);
    }

    await pick(page, 'Gateway_check');
    await page.getByTestId('group-branch-control').click();
    await fill(page, 'branch-nameen', 'Check');
    await page.getByTestId('branch-add').click();
    await choose(page, 'branch-0-validator-name', '等于');
    await fill(page, 'branch-0-validator-param-0', 'yes');
    await choose(page, 'branch-0-target', '通过 (Agent_yes)');
    await page.getByTestId('branch-add').click();
    await choose(page, 'branch-1-validator-name', '不等于');
    await fill(page, 'branch-1-validator-param-0', 'yes');
    await choose(page, 'branch-1-target', '不通过 (Agent_no)');
    await screenshot(page, 'designer-branch-editor');

    const drawn = await shownDiagram(page);
    await page.getByTestId('save').click();
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(() => page.getByTestId('designer-errors').count()).toBe(0);
    // The saved diagram stays on the canvas with its history.
    expect(await page.getByTestId('undo').isDisabled()).toBe(false);

    // The previews: the XML as saved, and the agent graph the server builds from it.
    await page.getByTestId('preview').click();
    await page.getByTestId('preview-json').click();
    await page.getByTestId('preview-text').getByText('"Agent_yes"').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('preview').click();
    await page.getByTestId('preview-xml').click();
    await page
      .getByTestId('preview-text')
      .getByText('<bpmn2:exclusiveGateway id="Gateway_check"')
      .waitFor();
    await page.keyboard.press('Escape');

    // What the server stored: the agent and branch descriptors in the nodes' documentation.
    const stored = await pageApi<{ workflow: string; processKey: string }>(
      page,
      'GET',
      `/wujie/workflow/${workflowId}`,
    );
    expect(stored.processKey).toMatch(/^Process_/);
    savedKey = stored.processKey;
    const documentation = (id: string) => {
      const match = new RegExp(
        `id="${id}"[^>]*>\\s*<bpmn2?:documentation>([^<]*)</bpmn2?:documentation>`,
      ).exec(stored.workflow);
      const text = (match?.[1] ?? '').replace(/&#34;|&quot;/g, '"').replace(/&amp;/g, '&');
      return JSON.parse(text) as Record<string, unknown>;
    };
    expect(documentation('Agent_plan')).toEqual({
      nameen: 'Plan',
      type: 'Agent',
      instruction: 'Write the plan',
      output: 'plan.json',
      validators: [{ name: 'WithIn', params: ['draft', 'final'] }],
    });
    expect(documentation('Gateway_check')).toEqual({
      nameen: 'Check',
      type: 'Branch',
      branches: [
        { validator: { name: 'Equals', params: 'yes' }, target_node: 'Agent_yes' },
        { validator: { name: 'NotEquals', params: 'yes' }, target_node: 'Agent_no' },
      ],
    });

    await page.reload();
    await designerReady(page);
    expect(await shownDiagram(page)).toEqual(drawn);
    // The saved key cannot change any more.
    await expect.poll(() => page.getByTestId('base-id').isDisabled()).toBe(true);
    // In English, agents and branches are labelled with their English names.
    await page.getByTestId('lang-en').click();
    await page
      .locator('[data-testid="designer-canvas"] [data-element-id="Agent_plan"] text')
      .filter({ hasText: 'Plan' })
      .waitFor();
    await screenshot(page, 'designer-saved-en');
    await context.close();
  });

  it('should import a diagram made elsewhere and export it unchanged in meaning, with undo and redo', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    await openDesigner(page, '');
    await page.locator('input[type="file"]').setInputFiles(FIXTURE);
    await page
      .locator('[data-testid="designer-canvas"] [data-element-id="Task_approve"]')
      .waitFor();
    await page.getByTestId('zoom-reset').click();

    // The panel reads the Camunda attributes of the imported task.
    await pick(page, 'Task_approve');
    await page.getByTestId('group-task-control').click();
    await expect.poll(() => page.getByTestId('task-assignee').inputValue()).toBe('${manager}');
    await expect
      .poll(() => page.getByTestId('task-candidateGroups').inputValue())
      .toBe('managers,hr');
    await page.getByTestId('assignment-link').waitFor();
    expect(await page.getByTestId('assignment-link').getAttribute('target')).toBe('_blank');
    await page.getByTestId('extension-properties').getByText('sla').waitFor();
    await screenshot(page, 'designer-user-task');

    // Nothing done yet: undo and redo are off.
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('export')
        .click()
        .then(() => page.getByTestId('export-bpmn').click()),
    ]);
    const exported = (await downloaded(download)).toString('utf8');
    expect(download.suggestedFilename()).toBe('Leave request.bpmn');
    const [before, after] = await page.evaluate(
      async ({ a, b }) => {
        const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
          .bpmnModeler;
        const moddle = modeler.get('moddle');
        const canon = (value: any): any => {
          if (value === null || typeof value !== 'object') return value;
          if (Array.isArray(value)) return value.map(canon);
          const out: Record<string, unknown> = { $type: value.$type };
          for (const property of value.$descriptor.properties) {
            const v = value.get(property.name);
            if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
            out[property.name] = property.isReference
              ? Array.isArray(v)
                ? v.map((x: any) => x.id)
                : v.id
              : canon(v);
          }
          return out;
        };
        const read = async (xml: string) => canon((await moddle.fromXML(xml)).rootElement);
        return [await read(a), await read(b)];
      },
      { a: readFileSync(FIXTURE, 'utf8'), b: exported },
    );
    // The comparison covers the Camunda extensions, the message and the default flow.
    for (const part of ['${manager}', 'Message_approved', 'camunda:FormField', 'Flow_no', 'sla']) {
      expect(JSON.stringify(before)).toContain(part);
    }
    expect(after).toEqual(before);

    // A name changed in the panel is one command: undo and redo it from the toolbar.
    const label = page.locator(
      '[data-testid="designer-canvas"] [data-element-id="Task_approve"] text',
    );
    await fill(page, 'base-name', 'Approve leave');
    await expect.poll(() => label.textContent()).toContain('Approve leave');
    await page.getByTestId('undo').click();
    await expect.poll(() => label.textContent()).toBe('Approve');
    expect(await page.getByTestId('redo').isDisabled()).toBe(false);
    await page.getByTestId('redo').click();
    await expect.poll(() => label.textContent()).toContain('Approve leave');
    await expect.poll(() => page.getByTestId('base-name').inputValue()).toBe('Approve leave');

    // Alignment of two selected elements, after a confirmation.
    const top = (id: string) =>
      page.evaluate(
        (id) =>
          (document.querySelector('[data-testid="designer-canvas"]') as any).bpmnModeler
            .get('elementRegistry')
            .get(id).y as number,
        id,
      );
    expect(await top('StartEvent_request')).not.toBe(await top('Task_approve'));
    await page.keyboard.down('Shift');
    await page
      .locator(
        '[data-testid="designer-canvas"] g.djs-element[data-element-id="StartEvent_request"]',
      )
      .click();
    await page.keyboard.up('Shift');
    await page.getByTestId('align-top').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => top('StartEvent_request')).toBe(await top('Task_approve'));

    // The default flow of the gateway: normal clears the gateway's default, condition adds one.
    await selectById(page, 'Flow_no');
    await page.getByTestId('group-condition-control').click();
    const flowType = page.getByTestId('properties-panel').getByTestId('flow-type');
    await expect.poll(() => flowType.inputValue()).toBe('默认流转路径');
    await choose(page, 'flow-type', '普通流转路径');
    expect(await businessValue(page, 'Gateway_decision', 'default')).toBeNull();
    await choose(page, 'flow-type', '条件流转路径');
    await fill(page, 'flow-expression', '${!approved}');
    expect(await businessValue(page, 'Flow_no', 'conditionExpression')).toBe('${!approved}');
    await context.close();
  });

  it('should show the designer messages for a bad or taken key, a taken message id and a listener without a type', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    await openDesigner(page, '');
    const panel = page.getByTestId('properties-panel');

    // Alignment needs several elements.
    await page.getByTestId('align-left').click();
    await page.getByText('请按住 Shift 键选择多个元素对齐').waitFor();

    // Zoom in steps of 10 %; reset fits the diagram.
    const zoom = page.getByTestId('zoom-value');
    const before = Number.parseInt((await zoom.textContent()) ?? '', 10);
    await page.getByTestId('zoom-in').click();
    await expect
      .poll(async () => Number.parseInt((await zoom.textContent()) ?? '', 10))
      .toBe(Math.round(before / 10) * 10 + 10);
    await page.getByTestId('zoom-out').click();
    await page.getByTestId('zoom-out').click();
    await expect
      .poll(async () => Number.parseInt((await zoom.textContent()) ?? '', 10))
      .toBe(Math.round(before / 10) * 10 - 10);

    await fill(page, 'base-id', '1abc');
    await panel.getByText('key 只能使用英文数字命名').waitFor();
    expect(savedKey).not.toBe('');
    await fill(page, 'base-id', savedKey);
    await panel.getByText('Key值已存在,不允许使用相同的key值。').waitFor();
    await fill(page, 'base-id', `designer_${stamp}`);
    await expect.poll(() => panel.getByText('Key值已存在').count()).toBe(0);

    await page.getByTestId('group-messages-control').click();
    await panel.getByTestId('message-id').fill('Message_ready');
    await panel.getByTestId('message-name').fill('ready');
    await panel.getByTestId('message-add').click();
    await panel.getByTestId('message-row').waitFor();
    await panel.getByTestId('message-id').fill('Message_ready');
    await panel.getByTestId('message-add').click();
    await panel.getByText('该消息已存在，请修改id后重新保存').first().waitFor();
    expect(await panel.getByTestId('message-row').count()).toBe(1);

    await page.getByTestId('group-executionListeners-control').click();
    await panel.getByTestId('execution-listener-add').click();
    const dialog = page.getByTestId('listener-dialog');
    await dialog.getByTestId('listener-event').click();
    await page.getByRole('option', { name: '开始', exact: true }).click();
    await dialog.getByTestId('listener-save').click();
    await dialog.getByText('请选择监听器类型').waitFor();
    // With a type and its value the listener is added; removing it asks first.
    await dialog.getByTestId('listener-type').click();
    await page.getByRole('option', { name: 'Java 类', exact: true }).click();
    await dialog.getByTestId('listener-class').fill('org.example.Audit');
    await dialog.getByTestId('listener-save').click();
    await panel.getByTestId('execution-listener-row').waitFor();
    await panel.getByTestId('execution-listener-remove').click();
    await page.getByText('确认移除该监听器吗？').waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect(await panel.getByTestId('execution-listener-row').count()).toBe(1);
    await panel.getByTestId('execution-listener-remove').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => panel.getByTestId('execution-listener-row').count()).toBe(0);
    await screenshot(page, 'designer-messages');

    // An id another element already has is refused, and the element keeps its own.
    await selectById(page, 'StartEvent_1');
    await fill(page, 'base-id', 'BPMNPlane_1');
    await panel.getByText('元素编号 BPMNPlane_1 重复').waitFor();
    expect(await businessValue(page, 'StartEvent_1', 'id')).toBe('StartEvent_1');
    await context.close();
  });

  it('should save a new diagram as a process model and open it again by its id', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    // A workflow that cannot be read shows the read failure of spec §8.
    await page.goto('/bpm/manager/model/design?workflowId=987654321');
    await page.getByTestId('designer-error').getByText('获取模型失败，请重试！').waitFor();

    await openDesigner(page, '');
    const key = `model_${stamp}`;
    await fill(page, 'base-id', key);
    await fill(page, 'base-name', `Model ${stamp}`);
    // Simulation mode cannot save.
    await page.getByTestId('simulation').click();
    expect(await page.getByTestId('save').isDisabled()).toBe(true);
    await page.getByTestId('simulation').click();
    await page.getByTestId('save').click();
    await page.waitForURL(/modelId=\d+/);
    const modelId = new URL(page.url()).searchParams.get('modelId');
    const model = await pageApi<{ key: string; name: string; bpmnXml: string }>(
      page,
      'GET',
      `/bpm/model/${modelId}`,
    );
    expect(model.key).toBe(key);
    expect(model.name).toBe(`Model ${stamp}`);
    expect(model.bpmnXml).toContain(`<bpmn2:process id="${key}"`);
    await designerReady(page);
    await expect.poll(() => page.getByTestId('base-id').inputValue()).toBe(key);
    expect(await page.getByTestId('base-id').isDisabled()).toBe(true);
    await context.close();
  });

  it('should copy retry cycles, connectors and fields only where spec §5 allows them', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    await openDesigner(page, '');
    const kept = await page.evaluate(() => {
      const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
        .bpmnModeler;
      const factory = modeler.get('bpmnFactory');
      const modeling = modeler.get('modeling');
      const root = modeler.get('canvas').getRootElement();
      const extensionTypes = (element: any) =>
        (element.businessObject.extensionElements?.values ?? []).map((v: any) => v.$type);
      const withExtension = (type: string, definition: string, extension: any) => {
        const bo = factory.create(type, {
          eventDefinitions: [factory.create(definition)],
          extensionElements: factory.create('bpmn:ExtensionElements', { values: [extension] }),
        });
        return modeling.createShape(
          modeler.get('elementFactory').createShape({ type, businessObject: bo }),
          { x: 400, y: 300 },
          root,
        );
      };
      const retry = () => factory.create('camunda:FailedJobRetryTimeCycle', { body: 'R3/PT10M' });
      const field = () => factory.create('camunda:Field', { name: 'to', stringValue: 'a@b.c' });

      // Paste: a timer start event keeps its retry cycle (its timer definition comes later).
      const timerStart = withExtension('bpmn:StartEvent', 'bpmn:TimerEventDefinition', retry());
      modeler.get('selection').select(timerStart);
      modeler.get('copyPaste').copy([timerStart]);
      const [pasted] = modeler.get('copyPaste').paste({ element: root, point: { x: 600, y: 300 } });
      const replace = modeler.get('bpmnReplace');
      return {
        pastedTimerStart: extensionTypes(pasted),
        // Replace: the retry cycle does not survive on a message start event …
        messageStart: extensionTypes(
          replace.replaceElement(pasted, {
            type: 'bpmn:StartEvent',
            eventDefinitionType: 'bpmn:MessageEventDefinition',
          }),
        ),
        // … fields stay on a message throw event, not on a plain end event.
        messageThrow: extensionTypes(
          replace.replaceElement(
            withExtension('bpmn:EndEvent', 'bpmn:MessageEventDefinition', field()),
            {
              type: 'bpmn:IntermediateThrowEvent',
              eventDefinitionType: 'bpmn:MessageEventDefinition',
            },
          ),
        ),
        plainEnd: extensionTypes(
          replace.replaceElement(
            withExtension('bpmn:EndEvent', 'bpmn:MessageEventDefinition', field()),
            { type: 'bpmn:EndEvent' },
          ),
        ),
      };
    });
    expect(kept).toEqual({
      pastedTimerStart: ['camunda:FailedJobRetryTimeCycle'],
      messageStart: [],
      messageThrow: ['camunda:Field'],
      plainEnd: [],
    });
    await context.close();
  });

  it('should simulate a token along the branch chosen at the gateway, and edit and save again when simulation is left', async () => {
    const { context, page } = await signInAsAdmin(browser(), DESIGNER_SESSION);
    await openDesigner(page, '');
    await page.locator('input[type="file"]').setInputFiles(BRANCH_FIXTURE);
    const canvas = page.getByTestId('designer-canvas');
    await canvas.locator('[data-element-id="End_no"]').waitFor();
    // What the simulation does, as the library reports it on the modeler's event bus.
    await page.evaluate(() => {
      const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
        .bpmnModeler;
      const trace: string[] = [];
      (window as any).simulationTrace = trace;
      modeler
        .get('eventBus')
        .on('tokenSimulation.simulator.trace', (event: any) =>
          trace.push(`${event.action} ${event.element.id}`),
        );
    });
    const traced = () => page.evaluate(() => (window as any).simulationTrace as string[]);
    expect(await page.getByTestId('save').isDisabled()).toBe(false);

    await page.getByTestId('simulation').click();
    await canvas.locator('.bjs-container.simulation').waitFor();
    expect(await page.getByTestId('simulation').isChecked()).toBe(true);
    expect(await page.getByTestId('save').isDisabled()).toBe(true);
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);
    // The toolbar switch is the one control; the library's palette shows its texts in zh.
    expect(await canvas.locator('.bts-toggle-mode').isVisible()).toBe(false);
    await canvas.locator('.bts-palette button[title="重置模拟"]').waitFor();
    expect(await canvas.locator('.djs-palette').isVisible()).toBe(false);

    // The gateway sends tokens along its first flow until another is chosen.
    const activeFlow = () =>
      page.evaluate(() => {
        const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
          .bpmnModeler;
        const gateway = modeler.get('elementRegistry').get('Gateway_decide');
        return modeler.get('simulator').getConfig(gateway).activeOutgoing?.id as string;
      });
    expect(await activeFlow()).toBe('Flow_yes');
    await simulationPad(page, 'Gateway_decide', '选择流出的分支').click();
    expect(await activeFlow()).toBe('Flow_no');
    await canvas.locator('button[title="动画速度：快"]').click();

    await simulationPad(page, 'Start', '触发事件').click();
    const finished = page.locator(
      '.djs-overlays[data-container-id="End_no"] .bts-element-notification',
    );
    await finished.getByText('已完成').waitFor();
    await screenshot(page, 'designer-simulation');
    const trace = await traced();
    for (const step of ['enter Task_review', 'exit Gateway_decide', 'enter Task_no', 'exit End_no'])
      expect(trace).toContain(step);
    expect(trace.filter((step) => /Task_yes|End_yes/.test(step))).toEqual([]);
    expect(await runningScopes(page)).toBe(0);
    expect(await page.getByTestId('save').isDisabled()).toBe(true);

    // A second token held at the review task (a pause point, set as the library's pad does), then
    // simulation is left: the token is gone and the diagram can be edited and saved.
    await page.evaluate(() => {
      const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
        .bpmnModeler;
      modeler.get('simulator').waitAtElement(modeler.get('elementRegistry').get('Task_review'));
    });
    await simulationPad(page, 'Start', '触发事件').click();
    await page.locator('.djs-overlays[data-container-id="Task_review"] .bts-token-count').waitFor();
    expect(await runningScopes(page)).toBeGreaterThan(0);

    await page.getByTestId('simulation').click();
    await canvas.locator('.bjs-container.simulation').waitFor({ state: 'detached' });
    expect(await page.getByTestId('simulation').isChecked()).toBe(false);
    expect(await page.getByTestId('save').isDisabled()).toBe(false);
    expect(await runningScopes(page)).toBe(0);
    expect(await canvas.locator('.bts-token-count, .bts-element-notification').count()).toBe(0);
    expect(await canvas.locator('.djs-overlay-bts-context-menu').count()).toBe(0);
    expect(await canvas.locator('.djs-palette').isVisible()).toBe(true);
    const moved = await page.evaluate(() => {
      const modeler = (document.querySelector('[data-testid="designer-canvas"]') as any)
        .bpmnModeler;
      const task = modeler.get('elementRegistry').get('Task_yes');
      modeler.get('modeling').moveElements([task], { x: 0, y: 20 });
      return task.y as number;
    });
    expect(moved).toBe(80);
    await expect.poll(() => page.getByTestId('undo').isDisabled()).toBe(false);
    await context.close();
  });
});
