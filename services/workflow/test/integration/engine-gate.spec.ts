import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CamundaRestClient } from '@platform/engine-client';
import { freePort } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  agentChain,
  createAgent,
  dataOf,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

// The engine gate through the real service (issue 25): workflows and process models that would run
// code on the engine host (an expression in a name, an assignee, a timer, a script, a listener, a
// timer start) are refused at save, naming the element; a model row written around the service is
// refused at deploy before the engine sees it. The BPMN files are the engine's shared fixtures.

const ENGINE_AUTH = { user: 'gate-test', password: 'Gate-test-engine-password-0123456789abc' };
const FIXTURES = join(__dirname, '../../../../packages/engine/test/fixtures/unsafe');
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.bpmn`), 'utf8');
const keyOf = (name: string) => `unsafe_${name.replaceAll('-', '_')}`;

interface Refusal {
  field: string;
  msg: string;
}

/** The refusal's details, asserting it is one (400, every problem naming its element). */
function refusals(res: { status: number; body: { data?: { errors?: Refusal[] } } }): Refusal[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const errors = res.body.data?.errors ?? [];
  expect(errors.length).toBeGreaterThan(0);
  return errors;
}

function expectNamed(errors: Refusal[], element: string, word: string): void {
  const named = errors.find((e) => e.field === element && e.msg.includes(word));
  expect(named, JSON.stringify(errors)).toBeDefined();
  expect(named!.msg).toContain(element);
}

/** Workflow fixtures: the element and the attribute each refusal names. */
const WORKFLOW_CASES = [
  { name: 'name-expression', element: 'review', word: 'name' },
  { name: 'assignee-expression', element: 'review', word: 'camunda:assignee' },
  { name: 'due-date-expression', element: 'review', word: 'camunda:dueDate' },
  { name: 'form-key-expression', element: 'review', word: 'camunda:formKey' },
  { name: 'topic-expression', element: 'work', word: 'camunda:topic' },
  { name: 'timer-expression', element: 'wait', word: 'timeDuration' },
  { name: 'loop-cardinality-expression', element: 'review', word: 'loop cardinality' },
  { name: 'condition-method-call', element: 'to_long', word: 'conditionExpression' },
];

/** Process-model fixtures, refused at save and at deploy. */
const MODEL_CASES = [
  { name: 'timer-start', element: 'start', word: 'timer start' },
  { name: 'service-expression', element: 'run', word: 'camunda:expression' },
  { name: 'script-task', element: 'run', word: 'ScriptTask' },
  { name: 'class-listener', element: 'review', word: 'camunda:ExecutionListener' },
];

describe('the engine gate at save and deploy', () => {
  let s: WorkflowStack;
  let engine: CamundaRestClient;
  let agentId: number;

  beforeAll(async () => {
    const port = await freePort();
    s = await startWorkflowStack({
      ENGINE_PORT: String(port),
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
    });
    engine = new CamundaRestClient({
      baseUrl: `http://127.0.0.1:${port}/engine-rest`,
      auth: ENGINE_AUTH,
    });
    agentId = await createAgent(s);
  });
  afterAll(() => s.close());

  it.each(WORKFLOW_CASES)(
    'should refuse to save a workflow with $name, naming $element and $word',
    async ({ name, element, word }) => {
      const body = { name, agentIds: [agentId], workflow: fixture(name) };
      expectNamed(refusals(await s.post('/wujie/workflow', body, 'en')), element, word);
      const zh = refusals(await s.post('/wujie/workflow', body));
      expect(zh.find((e) => e.field === element)?.msg).toMatch(/[\u4e00-\u9fff]/);
      const list = await s.get(`/wujie/workflow/list?processKey=${keyOf(name)}`);
      expect(list.body.total).toBe(0);
    },
  );

  it('should refuse an unsafe diagram when a saved workflow is updated', async () => {
    const saved = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: 'gate',
        agentIds: [agentId],
        workflow: agentChain('gate_update'),
      }),
    );
    const unsafe = agentChain('gate_update').replace('name="任务1"', 'name="${x.run()}"');
    const res = await s.put(
      '/wujie/workflow',
      { id: saved.id, name: 'gate', agentIds: [agentId], workflow: unsafe },
      'en',
    );
    expectNamed(refusals(res), 'Task_1', 'name');
  });

  it('should still save and deploy a safe gateway condition', async () => {
    const id = dataOf<{ id: number }>(
      await s.post('/bpm/model', {
        key: 'safe_condition',
        name: 'safe',
        bpmnXml: fixture('safe-condition'),
      }),
    ).id;
    dataOf(await s.post(`/bpm/model/deploy?id=${id}`));
    const started = await engine.startProcessInstanceByKey('safe_condition', {
      variables: { days: { value: 5, type: 'Integer' } },
    });
    const tasks = await engine.tasks({ processInstanceId: started.id });
    expect(tasks.map((t) => t.taskDefinitionKey)).toEqual(['long_review']);
  });

  it.each(MODEL_CASES)(
    'should refuse a process model with $name at save, naming $element',
    async ({ name, element, word }) => {
      const body = { key: keyOf(name), name, bpmnXml: fixture(name) };
      expectNamed(refusals(await s.post('/bpm/model', body, 'en')), element, word);
      const list = await s.get(`/bpm/model/list?key=${keyOf(name)}`);
      expect(list.body.total).toBe(0);
    },
  );

  it.each(MODEL_CASES)(
    'should refuse to deploy a process model with $name written around the service',
    async ({ name, element, word }) => {
      // A key of its own, so this row does not depend on the save above having refused its twin.
      const key = `${keyOf(name)}_row`;
      const [result] = (await s.stack.dbs.workflow.query(
        'INSERT INTO bpm_model (model_key, name, bpmn_xml) VALUES (?, ?, ?)',
        [key, name, fixture(name).replace(`id="${keyOf(name)}"`, `id="${key}"`)],
      )) as [{ insertId: number }];
      const res = await s.post(`/bpm/model/deploy?id=${result.insertId}`, {}, 'en');
      expectNamed(refusals(res), element, word);
      await expect(engine.getProcessDefinitionByKey(key)).rejects.toMatchObject({
        status: 404,
      });
      const model = dataOf<{ processDefinitionId: string | null }>(
        await s.get(`/bpm/model/${result.insertId}`),
      );
      expect(model.processDefinitionId).toBeNull();
    },
  );
});
