import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { CamundaRestError } from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineHarness, fixture } from './support/engine-harness';

// The engine gate at /deployment/create (issue 25): every file of fixtures/unsafe but the safe one
// is refused with a ParseException naming the element (and the attribute) in en and zh; the same
// files run against Operaton in the conformance suite. The safe condition deploys and routes.

const UNSAFE = readdirSync(join(__dirname, 'fixtures', 'unsafe'))
  .filter((file) => file.endsWith('.bpmn') && !file.startsWith('safe-'))
  .map((file) => file.replace('.bpmn', ''));

/** What each refusal must name besides the element id: the attribute or element type. */
const NAMED: Record<string, { element: string; words: string[] }> = {
  'timer-start': { element: 'start', words: ['timer start'] },
  'service-expression': { element: 'run', words: ['camunda:expression'] },
  'script-task': { element: 'run', words: ['ScriptTask'] },
  'class-listener': { element: 'review', words: ['camunda:ExecutionListener'] },
  'name-expression': { element: 'review', words: ['name'] },
  'assignee-expression': { element: 'review', words: ['camunda:assignee'] },
  'due-date-expression': { element: 'review', words: ['camunda:dueDate'] },
  'form-key-expression': { element: 'review', words: ['camunda:formKey'] },
  'topic-expression': { element: 'work', words: ['camunda:topic'] },
  'timer-expression': { element: 'wait', words: ['timeDuration'] },
  'loop-cardinality-expression': { element: 'review', words: ['loop cardinality'] },
  'condition-method-call': { element: 'to_long', words: ['conditionExpression'] },
};

interface ParseError {
  mainElementId: string | null;
  message: string;
  messageZh: string;
  code: string;
}

describe('engine gate at deploy', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await EngineHarness.start();
  });

  afterAll(async () => {
    await h.close();
  });

  it('should have a case for every unsafe fixture', () => {
    expect(UNSAFE.sort()).toEqual(Object.keys(NAMED).sort());
  });

  it.each(UNSAFE)('should refuse %s, naming the element and attribute', async (name) => {
    const err = (await h
      .deploy(`unsafe-${name}`, fixture(`unsafe/${name}`))
      .catch((e: unknown) => e)) as CamundaRestError;
    expect(err).toBeInstanceOf(CamundaRestError);
    expect(err.status).toBe(400);
    expect(err.type).toBe('ParseException');
    const details = (err.body?.details ?? {}) as Record<string, { errors: ParseError[] }>;
    const gate = Object.values(details)[0].errors.filter((e) => e.code === 'NOT_ALLOWED');
    const { element, words } = NAMED[name];
    const named = gate.find((e) => e.mainElementId === element);
    expect(named, JSON.stringify(gate)).toBeDefined();
    for (const word of words) expect(named!.message).toContain(word);
    expect(named!.message).toContain(element);
    expect(named!.messageZh).toContain(element);
    expect(named!.messageZh).toMatch(/[\u4e00-\u9fff]/);
    await expect(
      h.client.getProcessDefinitionByKey(`unsafe_${name.replaceAll('-', '_')}`),
    ).rejects.toMatchObject({ status: 404 });
  });

  it.each([
    { days: 5, task: 'long_review' },
    { days: 1, task: 'short_review' },
  ])('should deploy the safe condition and route days = $days to $task', async ({ days, task }) => {
    await h.deploy('safe-condition', fixture('unsafe/safe-condition'));
    const started = await h.client.startProcessInstanceByKey('safe_condition', {
      variables: { days: { value: days, type: 'Integer' } },
    });
    const tasks = await h.client.tasks({ processInstanceId: started.id });
    expect(tasks.map((t) => t.taskDefinitionKey)).toEqual([task]);
  });
});
