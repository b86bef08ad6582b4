import { Variables } from 'camunda-external-task-client-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineHarness, eventually, finished, fixture } from './support/engine-harness';

async function activityIds(
  h: EngineHarness,
  id: string,
  filter: (a: { canceled: boolean; endTime: string | null }) => boolean = () => true,
) {
  const rows = await h.client.historicActivityInstances({
    processInstanceId: id,
    sortBy: 'startTime',
    sortOrder: 'asc',
  });
  return rows.filter(filter).map((r) => r.activityId);
}

describe('conformance: BPMN fixtures end to end through HTTP with the real external-task client', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await EngineHarness.start();
  });

  afterAll(async () => {
    await h.close();
  });

  it('should run a sequence of external tasks and pass variables along', async () => {
    await h.deploy('sequence', fixture('sequence'));
    const seen: unknown[] = [];
    const worker = h.worker();
    worker.subscribe('seq-a', async ({ task, taskService }) => {
      seen.push(task.variables.get('input'));
      await taskService.complete(task, new Variables().set('fromA', 41));
    });
    worker.subscribe('seq-b', async ({ task, taskService }) => {
      const fromA = task.variables.get('fromA') as number;
      await taskService.complete(task, new Variables().set('fromB', fromA + 1));
    });
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      businessKey: 'seq-1',
      variables: { input: { value: 'hello', type: 'String' } },
    });
    expect(started.definitionKey).toBe('conf_sequence');
    const history = await finished(h.client, started.id);
    await h.stopWorkers();
    expect(history.state).toBe('COMPLETED');
    expect(seen).toEqual(['hello']);
    expect(await h.client.findProcessInstance(started.id)).toBeNull();
    expect(await activityIds(h, started.id)).toEqual(['start', 'taskA', 'taskB', 'end']);
    const types = (await h.client.historicActivityInstances({ processInstanceId: started.id })).map(
      (a) => a.activityType,
    );
    expect(types).toEqual(expect.arrayContaining(['startEvent', 'serviceTask', 'noneEndEvent']));
  });

  it.each([
    { score: 0.9, status: 'OK', branch: 'high' },
    { score: 0.9, status: 'NO', branch: 'low' },
    { score: 0.2, status: 'OK', branch: 'low' },
  ])(
    'should take the $branch branch of an exclusive gateway for score $score and status $status',
    async ({ score, status, branch }) => {
      await h.deploy('exclusive', fixture('exclusive'));
      const worker = h.worker();
      worker.subscribe('xor-score', async ({ task, taskService }) => {
        await taskService.complete(task, new Variables().set('score', score).set('status', status));
      });
      for (const topic of ['xor-high', 'xor-low']) {
        worker.subscribe(topic, async ({ task, taskService }) => taskService.complete(task));
      }
      const started = await h.client.startProcessInstanceByKey('conf_exclusive', {});
      await finished(h.client, started.id);
      await h.stopWorkers();
      const done = await activityIds(h, started.id);
      expect(done).toContain(branch);
      expect(done).not.toContain(branch === 'high' ? 'low' : 'high');
      expect(done).toContain('merge');
    },
  );

  it('should join both branches of a parallel gateway before going on', async () => {
    await h.deploy('parallel', fixture('parallel'));
    const order: string[] = [];
    const worker = h.worker();
    let releaseB!: () => void;
    const bMayFinish = new Promise<void>((r) => (releaseB = r));
    worker.subscribe('par-a', async ({ task, taskService }) => {
      await taskService.complete(task);
      order.push('a');
    });
    worker.subscribe('par-b', async ({ task, taskService }) => {
      await bMayFinish;
      order.push('b');
      await taskService.complete(task);
    });
    worker.subscribe('par-c', async ({ task, taskService }) => {
      order.push('c');
      await taskService.complete(task);
    });
    const started = await h.client.startProcessInstanceByKey('conf_parallel', {});
    await eventually(async () => (order.includes('a') ? true : undefined));
    // A is done and B is held: the join must not have released C.
    const open = await h.client.externalTasks({ processInstanceId: started.id });
    expect(open.map((t) => t.activityId)).toEqual(['taskB']);
    releaseB();
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('should route a BPMN error from the worker to the matching boundary event', async () => {
    await h.deploy('boundary-error', fixture('boundary-error'));
    const worker = h.worker();
    worker.subscribe('err-risky', async ({ task, taskService }) => {
      await taskService.handleBpmnError(
        task,
        'E_BAD_INPUT',
        'input rejected',
        new Variables().set('reason', 'bad'),
      );
    });
    let reason: unknown;
    worker.subscribe('err-handle', async ({ task, taskService }) => {
      reason = task.variables.get('reason');
      await taskService.complete(task);
    });
    const started = await h.client.startProcessInstanceByKey('conf_boundary_error', {});
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(reason).toBe('bad');
    const all = await h.client.historicActivityInstances({ processInstanceId: started.id });
    const risky = all.find((a) => a.activityId === 'risky')!;
    expect(risky.canceled).toBe(true);
    expect(all.find((a) => a.activityId === 'caught')?.activityType).toBe('boundaryError');
    expect(all.map((a) => a.activityId)).toContain('endHandled');
    expect(all.map((a) => a.activityId)).not.toContain('endOk');
  });

  it('should fire an intermediate timer and continue', async () => {
    await h.deploy('timer', fixture('timer'));
    const worker = h.worker();
    worker.subscribe('timer-after', async ({ task, taskService }) => taskService.complete(task));
    const started = await h.client.startProcessInstanceByKey('conf_timer', {});
    const [timer] = await h.client.historicActivityInstances({
      processInstanceId: started.id,
      activityId: 'wait',
    });
    expect(timer.activityType).toBe('intermediateTimer');
    expect(timer.endTime).toBeNull();
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(await activityIds(h, started.id)).toEqual(['start', 'wait', 'after', 'end']);
  });

  it('should interrupt a user task with a boundary timer, and drop the timer when the task completes first', async () => {
    await h.deploy('boundary-timer', fixture('boundary-timer'));
    const worker = h.worker();
    worker.subscribe('timer-escalate', async ({ task, taskService }) => taskService.complete(task));
    const late = await h.client.startProcessInstanceByKey('conf_boundary_timer', {});
    const onTime = await h.client.startProcessInstanceByKey('conf_boundary_timer', {});
    const [task] = await h.client.tasks({ processInstanceId: onTime.id });
    await h.client.completeTask(task.id);
    await finished(h.client, late.id);
    await h.stopWorkers();
    expect(await activityIds(h, late.id)).toEqual([
      'start',
      'approve',
      'tooLate',
      'escalate',
      'escalated',
    ]);
    const [approve] = await h.client.historicActivityInstances({
      processInstanceId: late.id,
      activityId: 'approve',
    });
    expect(approve.canceled).toBe(true);
    expect(await h.client.tasks({ processInstanceId: late.id })).toEqual([]);
    expect((await finished(h.client, onTime.id)).state).toBe('COMPLETED');
    expect(await activityIds(h, onTime.id)).toEqual(['start', 'approve', 'approved']);
    const [timers] = await h.engine.db.pool.query(
      'SELECT COUNT(*) AS n FROM eng_timer_job WHERE process_instance_id IN (?)',
      [[late.id, onTime.id]],
    );
    expect((timers as { n: number }[])[0].n).toBe(0);
  });

  it('should run a sub-process, a receive task and an event-based gateway', async () => {
    await h.deploy('subprocess-events', fixture('subprocess-events'));
    const worker = h.worker();
    worker.subscribe('sub-inner', async ({ task, taskService }) => taskService.complete(task));
    const started = await h.client.startProcessInstanceByKey('conf_subprocess_events', {});
    const waiting = () =>
      h.client.historicActivityInstances({ processInstanceId: started.id, unfinished: true });
    await eventually(async () =>
      (await waiting()).some((a) => a.activityId === 'receive') ? true : undefined,
    );
    await h.stopWorkers();
    await h.client.correlateMessage({ messageName: 'conf-receive', processInstanceId: started.id });
    expect((await waiting()).map((a) => a.activityId).sort()).toEqual(['fast', 'race', 'slow']);
    await h.client.correlateMessage({ messageName: 'conf-fast', processInstanceId: started.id });
    await finished(h.client, started.id);
    const all = await h.client.historicActivityInstances({ processInstanceId: started.id });
    const ids = all.map((a) => a.activityId);
    expect(ids).toEqual(
      expect.arrayContaining(['sub', 'inner', 'subEnd', 'receive', 'race', 'fast', 'endFast']),
    );
    expect(ids).not.toContain('endSlow');
    expect(all.find((a) => a.activityId === 'inner')?.parentActivityInstanceId).toBe(
      all.find((a) => a.activityId === 'sub')?.id,
    );
    expect(all.find((a) => a.activityId === 'sub')?.activityType).toBe('subProcess');
    const [timers] = await h.engine.db.pool.query(
      'SELECT COUNT(*) AS n FROM eng_timer_job WHERE process_instance_id = ?',
      [started.id],
    );
    expect((timers as { n: number }[])[0].n).toBe(0);
  });

  it('should correlate a message to a waiting instance by business key', async () => {
    await h.deploy('message', fixture('message'));
    let approvedBy: unknown;
    const worker = h.worker();
    worker.subscribe('msg-after', async ({ task, taskService }) => {
      approvedBy = task.variables.get('approvedBy');
      await taskService.complete(task);
    });
    const started = await h.client.startProcessInstanceByKey('conf_message', {
      businessKey: 'order-7',
    });
    await expect(
      h.client.correlateMessage({ messageName: 'conf-approved', businessKey: 'nope' }),
    ).rejects.toMatchObject({ status: 400 });
    await h.client.correlateMessage({
      messageName: 'conf-approved',
      businessKey: 'order-7',
      processVariables: { approvedBy: { value: 'alice', type: 'String' } },
    });
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(approvedBy).toBe('alice');
  });

  it('should start an instance from a message start event', async () => {
    await h.deploy('message-start', fixture('message-start'));
    const worker = h.worker();
    let payload: unknown;
    worker.subscribe('msgstart-after', async ({ task, taskService }) => {
      payload = task.variables.get('payload');
      await taskService.complete(task);
    });
    const results = await h.client.correlateMessage({
      messageName: 'conf-kickoff',
      resultEnabled: true,
      processVariables: { payload: { value: '{"a":1}', type: 'Json' } },
    });
    expect(results?.[0].resultType).toBe('ProcessDefinition');
    await finished(h.client, results![0].processInstance!.id);
    await h.stopWorkers();
    expect(payload).toEqual({ a: 1 });
  });

  it('should run one external task per collection element of a multi-instance activity', async () => {
    await h.deploy('multi-instance', fixture('multi-instance'));
    const docs: unknown[] = [];
    const worker = h.worker();
    worker.subscribe('mi-doc', async ({ task, taskService }) => {
      docs.push(task.variables.get('doc'));
      await taskService.complete(task);
    });
    worker.subscribe('mi-summary', async ({ task, taskService }) => taskService.complete(task));
    const started = await h.client.startProcessInstanceByKey('conf_multi_instance', {
      variables: { docs: { value: JSON.stringify(['d1', 'd2', 'd3']), type: 'Json' } },
    });
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(docs.sort()).toEqual(['d1', 'd2', 'd3']);
  });

  it('should list a user task, complete it over /task and go on', async () => {
    await h.deploy('user-task', fixture('user-task'));
    let decision: unknown;
    const worker = h.worker();
    worker.subscribe('user-after', async ({ task, taskService }) => {
      decision = task.variables.get('decision');
      await taskService.complete(task);
    });
    const started = await h.client.startProcessInstanceByKey('conf_user_task', {});
    const [task] = await h.client.tasks({ processInstanceId: started.id });
    expect(task).toMatchObject({
      name: 'Review design',
      assignee: 'demo',
      taskDefinitionKey: 'review',
      formKey: 'embedded:review',
    });
    await h.client.completeTask(task.id, {
      variables: { decision: { value: 'accept', type: 'String' } },
    });
    await finished(h.client, started.id);
    await h.stopWorkers();
    expect(decision).toBe('accept');
    expect(await h.client.tasks({ processInstanceId: started.id })).toEqual([]);
  });
});
