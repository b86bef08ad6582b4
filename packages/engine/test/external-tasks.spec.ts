import { CamundaRestError } from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  AUTH_HEADERS,
  EngineHarness,
  eventually,
  finished,
  fixture,
} from './support/engine-harness';

const ONE_TASK = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="PROC" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    <bpmn:serviceTask id="work" camunda:type="external" camunda:topic="TOPIC" />
    <bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

const oneTask = (key: string, topic: string) =>
  ONE_TASK.replace('PROC', key).replace('TOPIC', topic);

describe('external tasks', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await EngineHarness.start();
  });

  afterAll(async () => {
    await h.close();
  });

  const lock = (topic: string, workerId: string, extra: Record<string, unknown> = {}) =>
    h.client.fetchAndLock({
      workerId,
      maxTasks: 10,
      topics: [{ topicName: topic, lockDuration: 30_000 }],
      ...extra,
    });

  it('should complete each task exactly once with several workers on one topic', async () => {
    await h.deploy('concurrency', oneTask('et_concurrency', 'et-conc'));
    const handled = new Map<string, string[]>();
    for (let w = 0; w < 4; w++) {
      const worker = h.worker({ workerId: `conc-${w}`, maxTasks: 3 });
      worker.subscribe('et-conc', async ({ task, taskService }) => {
        handled.set(task.id, [...(handled.get(task.id) ?? []), `conc-${w}`]);
        await taskService.complete(task);
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await h.client.startProcessInstanceByKey('et_concurrency', {})).id);
    for (const id of ids) await finished(h.client, id);
    await h.stopWorkers();
    expect(handled.size).toBe(40);
    expect([...handled.values()].every((workers) => workers.length === 1)).toBe(true);
    expect(new Set([...handled.values()].flat()).size).toBeGreaterThan(1);
  });

  it('should answer a long poll as soon as a task of its topic is created', async () => {
    await h.deploy('longpoll-new', oneTask('et_longpoll_new', 'et-lp-new'));
    const polling = lock('et-lp-new', 'lp-1', { asyncResponseTimeout: 600_000 });
    await eventually(async () => (h.engine.longPoll.size > 0 ? true : undefined));
    const started = await h.client.startProcessInstanceByKey('et_longpoll_new', {});
    const tasks = await polling;
    expect(tasks.map((t) => t.processInstanceId)).toEqual([started.id]);
    expect(tasks[0].workerId).toBe('lp-1');
  });

  it('should wake a long poll when another worker unlocks the task', async () => {
    await h.deploy('longpoll-unlock', oneTask('et_longpoll_unlock', 'et-lp-unlock'));
    await h.client.startProcessInstanceByKey('et_longpoll_unlock', {});
    const [held] = await lock('et-lp-unlock', 'holder');
    const polling = lock('et-lp-unlock', 'waiter', { asyncResponseTimeout: 600_000 });
    await eventually(async () => (h.engine.longPoll.size > 0 ? true : undefined));
    // The real client's unlock sends no body and no content type.
    const res = await fetch(`${h.url}/external-task/${held.id}/unlock`, {
      method: 'POST',
      headers: AUTH_HEADERS,
    });
    expect(res.status).toBe(204);
    const tasks = await polling;
    expect(tasks.map((t) => t.id)).toEqual([held.id]);
    expect(tasks[0].workerId).toBe('waiter');
  });

  it('should make a task fetchable again when its lock expires, waking a long poll', async () => {
    await h.deploy('lock-expiry', oneTask('et_lock_expiry', 'et-expiry'));
    await h.client.startProcessInstanceByKey('et_lock_expiry', {});
    const [first] = await h.client.fetchAndLock({
      workerId: 'slow',
      maxTasks: 1,
      topics: [{ topicName: 'et-expiry', lockDuration: 300 }],
    });
    const again = await h.client.fetchAndLock({
      workerId: 'fast',
      maxTasks: 1,
      asyncResponseTimeout: 600_000,
      topics: [{ topicName: 'et-expiry', lockDuration: 30_000 }],
    });
    expect(again.map((t) => t.id)).toEqual([first.id]);
    await expect(
      h.client.completeExternalTask(first.id, { workerId: 'slow' }),
    ).rejects.toMatchObject({ status: 400 });
    await h.client.completeExternalTask(first.id, { workerId: 'fast' });
  });

  it('should answer an empty long poll with [] after asyncResponseTimeout', async () => {
    const tasks = await lock('et-nothing-here', 'idle', { asyncResponseTimeout: 200 });
    expect(tasks).toEqual([]);
  });

  it('should retry after a failure and raise an incident at 0 retries', async () => {
    await h.deploy('failure', oneTask('et_failure', 'et-fail'));
    const started = await h.client.startProcessInstanceByKey('et_failure', {});
    const [t1] = await lock('et-fail', 'w');
    expect(t1.retries).toBeNull();
    await h.client.handleExternalTaskFailure(t1.id, {
      workerId: 'w',
      errorMessage: 'boom',
      retries: 1,
      retryTimeout: 0,
    });
    const [t2] = await lock('et-fail', 'w');
    expect(t2).toMatchObject({ id: t1.id, retries: 1, errorMessage: 'boom' });
    await h.client.handleExternalTaskFailure(t2.id, {
      workerId: 'w',
      errorMessage: 'boom again',
      errorDetails: 'stack',
      retries: 0,
    });
    expect(await lock('et-fail', 'w')).toEqual([]);
    const [incident] = await h.client.incidents({ processInstanceId: started.id });
    expect(incident).toMatchObject({
      incidentType: 'failedExternalTask',
      activityId: 'work',
      configuration: t1.id,
      incidentMessage: 'boom again',
    });
    expect(
      await h.client.externalTasks({ processInstanceId: started.id, noRetriesLeft: true }),
    ).toHaveLength(1);
  });

  it('should refuse completion by another worker (400) and an unknown task (404)', async () => {
    await h.deploy('mismatch', oneTask('et_mismatch', 'et-mismatch'));
    await h.client.startProcessInstanceByKey('et_mismatch', {});
    const [task] = await lock('et-mismatch', 'owner');
    const err = await h.client
      .completeExternalTask(task.id, { workerId: 'intruder' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CamundaRestError);
    expect(err).toMatchObject({ status: 400, type: 'RestException' });
    await expect(
      h.client.completeExternalTask('no-such-task', { workerId: 'owner' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      h.client.extendExternalTaskLock(task.id, 60_000, 'intruder'),
    ).rejects.toMatchObject({ status: 400 });
    await h.client.extendExternalTaskLock(task.id, 60_000, 'owner');
    await h.client.completeExternalTask(task.id, { workerId: 'owner' });
  });

  it('should send JSON with Content-Type application/json and no charset', async () => {
    const res = await fetch(`${h.url}/external-task/fetchAndLock`, {
      method: 'POST',
      headers: { ...AUTH_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        workerId: 'ct',
        maxTasks: 1,
        topics: [{ topicName: 'none', lockDuration: 1000 }],
      }),
    });
    expect(res.headers.get('content-type')).toBe('application/json');
    const missing = await fetch(`${h.url}/process-instance/nope`, { headers: AUTH_HEADERS });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json');
    expect(await missing.json()).toMatchObject({ type: 'InvalidRequestException' });
  });

  it('should filter fetched variables by name and type them the Camunda way', async () => {
    await h.deploy('sequence', fixture('sequence'));
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      businessKey: 'vars-1',
      variables: {
        input: { value: 'x', type: 'string' },
        count: { value: 3, type: 'integer' },
        doc: { value: '{"k":[1,2]}', type: 'json' },
        untyped: { value: 2.5 },
      },
    });
    const [task] = await h.client.fetchAndLock({
      workerId: 'vars',
      maxTasks: 1,
      topics: [
        {
          topicName: 'seq-a',
          lockDuration: 10_000,
          businessKey: 'vars-1',
          variables: ['count', 'doc', 'untyped'],
        },
      ],
    });
    expect(task.variables).toEqual({
      count: { type: 'Integer', value: 3, valueInfo: {} },
      doc: { type: 'Json', value: '{"k":[1,2]}', valueInfo: {} },
      untyped: { type: 'Double', value: 2.5, valueInfo: {} },
    });
    expect(task.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    // Its lock runs out: later files' workers on seq-a must not find it.
    await h.client.deleteProcessInstance(started.id);
  });
});
