import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type EngineProxy, startEngineProxy } from '../support/engine-proxy';
import { type FakePredictor, startFakePredictor } from '../support/structure-predictor';
import {
  agentNode,
  type Catalogue,
  catalogue,
  chainDiagram,
  eventually,
  startWorld,
  type World,
} from '../support/world';

// The worker as its own process (node dist/main.js), killed with SIGKILL in the middle of a
// mission and started again: the mission finishes with every node logged once, as attempt 1, and
// run in the engine once. Killed after a node computed (its completion held back by a proxy in
// front of the engine), the node is not run again: the restarted worker completes it from the
// stored outputs. Killed while a node's agent runs, the node runs again (its first run never
// finished) and still ends once.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const PAIR = `>VH\n${chain('trastuzumab VH').sequence}\n>VL\n${chain('trastuzumab VL').sequence}`;
const tag = Date.now().toString(36).slice(-5);

describe('an agent worker killed with SIGKILL in the middle of a mission', () => {
  let world: World;
  let c: Catalogue;
  let predictor: FakePredictor;
  let proxy: EngineProxy;
  let workflowId: number;

  beforeAll(async () => {
    predictor = await startFakePredictor();
    world = await startWorld();
    proxy = await startEngineProxy(world.engineUrl);
    c = catalogue(world);
    const number = await c.agent(`number${tag}`, `number ${tag}`, [
      await c.skill(`编号${tag}`, ['antibody.number', 'antibody.liabilities']),
    ]);
    const structure = await c.agent(`structure${tag}`, `structure ${tag}`, [
      await c.skill(`结构${tag}`, ['antibody.structure']),
    ]);
    workflowId = await c.workflow(
      `强杀${tag}`,
      chainDiagram('sigkill_flow', [
        agentNode('Task_number', `number${tag}`, `number ${tag}`, 100),
        agentNode('Task_structure', `structure${tag}`, `structure ${tag}`, 250),
        agentNode('Task_check', `number${tag}`, `number ${tag}`, 400),
      ]),
      [number, structure],
    );
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
    await predictor?.close();
  });

  const env = () => ({
    ENGINE_URL: proxy.url,
    STRUCTURE_PREDICTOR_URL: predictor.url,
    AGENT_WORKER_ID: 'killed-worker',
    LOG_LEVEL: 'info',
  });

  async function kill(child: ReturnType<World['spawnWorker']>): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    expect(await exited).toBeDefined();
    expect(child.signalCode).toBe('SIGKILL');
  }

  async function expectRunOnce(code: string, processInstanceId: string) {
    const logs = await c.logs(code);
    expect(logs.map((l) => [l.nodeId, l.attempt, l.status])).toEqual([
      ['Task_number', 1, 'success'],
      ['Task_structure', 1, 'success'],
      ['Task_check', 1, 'success'],
    ]);
    const history = await world.engine.historicActivityInstances({ processInstanceId });
    const tasks = history.filter((h) => h.activityId.startsWith('Task_'));
    expect(tasks.map((t) => [t.activityId, t.canceled])).toEqual([
      ['Task_number', false],
      ['Task_structure', false],
      ['Task_check', false],
    ]);
  }

  it('should finish the mission with no node lost or run twice when killed after a node computed', async () => {
    proxy.holdWhen(
      (path, body) => path.endsWith('/complete') && body.includes('output_Task_structure'),
    );
    const child = world.spawnWorker(env());
    const before = predictor.calls.length;
    const m = await c.start(workflowId, `Structure, please\n${PAIR}`);
    await proxy.nextHeld(60_000);
    expect((await world.executions(m.code)).map((e) => [e.node_id, e.status])).toEqual([
      ['Task_number', 'completed'],
      ['Task_structure', 'computed'],
    ]);
    await kill(child);
    proxy.dropHeld();

    const again = world.spawnWorker(env());
    const done = await c.finished(m.id, 60_000);
    expect(done.status, again.output.join('')).toBe('completed');
    await expectRunOnce(m.code, done.processInstanceId!);
    expect(predictor.calls.length - before).toBe(1);
    const executions = await world.executions(m.code);
    expect(executions.map((e) => [e.node_id, e.attempt, e.status, e.deliveries, e.runs])).toEqual([
      ['Task_number', 1, 'completed', 1, 1],
      ['Task_structure', 1, 'completed', 2, 1],
      ['Task_check', 1, 'completed', 1, 1],
    ]);
    await kill(again);
  });

  it('should finish the mission with each node ending once when killed while a node runs', async () => {
    predictor.delayMs = 1500;
    try {
      const child = world.spawnWorker(env());
      const before = predictor.calls.length;
      const m = await c.start(workflowId, `Structure, please\n${PAIR}`);
      // The structure agent is waiting for the predictor: kill the worker now.
      await eventually(
        async () => predictor.calls.length,
        (n) => n > before,
        60_000,
      );
      await kill(child);
      expect((await world.executions(m.code)).map((e) => [e.node_id, e.status])).toEqual([
        ['Task_number', 'completed'],
        ['Task_structure', 'running'],
      ]);

      const again = world.spawnWorker(env());
      const done = await c.finished(m.id, 60_000);
      expect(done.status, again.output.join('')).toBe('completed');
      await expectRunOnce(m.code, done.processInstanceId!);
      // The killed run never finished, so the node ran again; it still ended once.
      const structure = (await world.executions(m.code)).find(
        (e) => e.node_id === 'Task_structure',
      );
      expect(structure).toMatchObject({ attempt: 1, status: 'completed', deliveries: 2, runs: 2 });
      await kill(again);
    } finally {
      predictor.delayMs = 0;
    }
  });
});
