import { Variables } from 'camunda-external-task-client-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineHarness, eventually, finished, fixture } from './support/engine-harness';

describe('restart in the middle: state lives in MySQL', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await EngineHarness.start();
    await h.deploy('sequence', fixture('sequence'));
    await h.deploy('timer', fixture('timer'));
  });

  afterAll(async () => {
    await h.close();
  });

  it('should finish with the same variables when the engine restarts between fetch and complete', async () => {
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      variables: { input: { value: 'kept', type: 'String' } },
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let fetched!: () => void;
    const wasFetched = new Promise<void>((r) => (fetched = r));
    const worker = h.worker();
    worker.subscribe('seq-a', async ({ task, taskService }) => {
      if (task.processInstanceId !== started.id) return;
      fetched();
      await held;
      // The engine that locked this task is gone; the new one holds the lock from MySQL.
      await taskService.complete(task, new Variables().set('fromA', 1));
    });
    await wasFetched;
    await h.restart();
    release();
    // The original worker completes against the restarted engine; a new one takes task B.
    let sawInput: unknown;
    const second = h.worker();
    second.subscribe('seq-b', async ({ task, taskService }) => {
      sawInput = task.variables.get('input');
      await taskService.complete(
        task,
        new Variables().set('fromB', (task.variables.get('fromA') as number) + 1),
      );
    });
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(sawInput).toBe('kept');
    const history = await h.client.historicActivityInstances({
      processInstanceId: started.id,
      activityId: 'taskA',
    });
    expect(history).toHaveLength(1);
  });

  it('should resume between two tasks after a restart', async () => {
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      variables: { input: { value: 'between', type: 'String' } },
    });
    const [a] = await h.client.fetchAndLock({
      workerId: 'manual',
      maxTasks: 1,
      topics: [{ topicName: 'seq-a', lockDuration: 10_000, processDefinitionKey: 'conf_sequence' }],
    });
    expect(a.processInstanceId).toBe(started.id);
    await h.client.completeExternalTask(a.id, {
      workerId: 'manual',
      variables: { fromA: { value: 7, type: 'Integer' } },
    });
    await h.restart();
    const open = await h.client.externalTasks({ processInstanceId: started.id });
    expect(open.map((t) => t.activityId)).toEqual(['taskB']);
    const [b] = await h.client.fetchAndLock({
      workerId: 'manual',
      maxTasks: 1,
      topics: [{ topicName: 'seq-b', lockDuration: 10_000 }],
    });
    expect(b.variables).toMatchObject({
      input: { value: 'between', type: 'String' },
      fromA: { value: 7, type: 'Integer' },
    });
    await h.client.completeExternalTask(b.id, { workerId: 'manual' });
    expect((await finished(h.client, started.id)).state).toBe('COMPLETED');
  });

  it('should stay correct when two engines share the database (live engines are revision-checked)', async () => {
    const other = await EngineHarness.start();
    try {
      const started = await h.client.startProcessInstanceByKey('conf_sequence', {
        businessKey: 'two-engines',
      });
      const fetchOn = (engine: EngineHarness, topicName: string) =>
        engine.client.fetchAndLock({
          workerId: 'two',
          maxTasks: 1,
          topics: [{ topicName, lockDuration: 10_000, businessKey: 'two-engines' }],
        });
      // The first engine keeps a live engine for the instance; the second one advances it.
      const [a] = await fetchOn(other, 'seq-a');
      await other.client.completeExternalTask(a.id, {
        workerId: 'two',
        variables: { fromA: { value: 2, type: 'Integer' } },
      });
      const [b] = await fetchOn(h, 'seq-b');
      expect(b.variables.fromA).toMatchObject({ value: 2 });
      await h.client.completeExternalTask(b.id, { workerId: 'two' });
      expect((await finished(h.client, started.id)).state).toBe('COMPLETED');
      const ids = (await h.client.historicActivityInstances({ processInstanceId: started.id })).map(
        (x) => x.activityId,
      );
      expect(ids).toEqual(['start', 'taskA', 'taskB', 'end']);
    } finally {
      await other.close();
    }
  });

  it('should fire a timer that came due while the engine was down', async () => {
    const started = await h.client.startProcessInstanceByKey('conf_timer', {});
    await h.stop();
    await new Promise((r) => setTimeout(r, 1200));
    await h.resume();
    const task = await eventually(async () => {
      const [t] = await h.client.externalTasks({ processInstanceId: started.id });
      return t;
    });
    expect(task.activityId).toBe('after');
  });
});
