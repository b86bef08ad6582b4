import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type EngineProxy, startEngineProxy } from '../support/engine-proxy';
import { type FakePredictor, startFakePredictor } from '../support/structure-predictor';
import {
  agentNode,
  catalogue,
  chainDiagram,
  eventually,
  startWorld,
  type World,
} from '../support/world';

// Delivery is at least once. A worker that computed a node and stopped before the engine heard of
// the completion (its completion held back by a proxy in front of the engine, never forwarded) lets
// the task's lock expire; the next worker gets the task again and completes it with the outputs the
// first one stored, without running the agent again (the structure predictor is called once).

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const PAIR = `>VH\n${chain('trastuzumab VH').sequence}\n>VL\n${chain('trastuzumab VL').sequence}`;
const tag = Date.now().toString(36).slice(-5);

describe('a task redelivered after its worker stopped', () => {
  let world: World;
  let predictor: FakePredictor;
  let proxy: EngineProxy;

  beforeAll(async () => {
    predictor = await startFakePredictor();
    world = await startWorld();
    proxy = await startEngineProxy(world.engineUrl);
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
    await predictor?.close();
  });

  it('should complete with the stored outputs instead of running the agent twice', async () => {
    const c = catalogue(world);
    const number = await c.agent(`number${tag}`, `number ${tag}`, [
      await c.skill(`编号${tag}`, ['antibody.number']),
    ]);
    const structure = await c.agent(`structure${tag}`, `structure ${tag}`, [
      await c.skill(`结构${tag}`, ['antibody.structure']),
    ]);
    const id = await c.workflow(
      `重投${tag}`,
      chainDiagram('redelivery_flow', [
        agentNode('Task_number', `number${tag}`, `number ${tag}`, 100),
        agentNode('Task_structure', `structure${tag}`, `structure ${tag}`, 250),
        agentNode('Task_again', `number${tag}`, `number ${tag}`, 400),
      ]),
      [number, structure],
    );
    const env = { ENGINE_URL: proxy.url, STRUCTURE_PREDICTOR_URL: predictor.url };
    proxy.holdWhen(
      (path, body) =>
        path.endsWith('/complete') &&
        body.includes('"workerId":"first-worker"') &&
        body.includes('output_Task_structure'),
    );
    const first = await world.startWorker({ ...env, AGENT_WORKER_ID: 'first-worker' });
    const m = await c.start(id, `Predict a structure\n${PAIR}`);

    // The first worker computed the structure node; the engine never hears of its completion.
    await proxy.nextHeld();
    const computed = await world.executions(m.code);
    expect(computed.map((e) => [e.node_id, e.status, e.runs])).toEqual([
      ['Task_number', 'completed', 1],
      ['Task_structure', 'computed', 1],
    ]);
    expect(predictor.calls).toHaveLength(1);
    await first.close();

    const stoppedAt = Date.now();
    await world.startWorker({ ...env, AGENT_WORKER_ID: 'second-worker' });
    const done = await c.finished(m.id);
    expect(done.status).toBe('completed');
    // The second worker got the task only once its lock (3 s) had expired.
    const [structureRow] = (await world.executions(m.code)).filter(
      (e) => e.node_id === 'Task_structure',
    );
    expect(Date.now() - stoppedAt).toBeGreaterThan(1000);

    expect(predictor.calls).toHaveLength(1);
    expect(structureRow).toMatchObject({ attempt: 1, status: 'completed', deliveries: 2, runs: 1 });
    const logs = await c.logs(m.code);
    expect(logs.map((l) => [l.nodeId, l.attempt, l.status])).toEqual([
      ['Task_number', 1, 'success'],
      ['Task_structure', 1, 'success'],
      ['Task_again', 1, 'success'],
    ]);
    expect(logs[1].outputs).toMatchObject({ structure: { configured: true, atoms: 40 } });
    const history = await world.engine.historicActivityInstances({
      processInstanceId: done.processInstanceId!,
      activityId: 'Task_structure',
    });
    expect(history).toHaveLength(1);
    proxy.dropHeld();
    // The first worker's late answer changes nothing.
    await eventually(
      async () => (await world.executions(m.code)).every((e) => e.status === 'completed'),
      (ok) => ok,
    );
  });
});
