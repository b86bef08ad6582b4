import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type EngineProxy, type Exchange, startEngineProxy } from '../support/engine-proxy';
import {
  agentNode,
  type Catalogue,
  catalogue,
  chainDiagram,
  startWorld,
  type World,
} from '../support/world';

// How many tasks a worker holds at once: it starts at 4 and adapts to its event loop's load
// (worker/adaptive-limit.ts). Seen from a proxy in front of the engine, in the order of the engine's
// answers: a fetch's answer adds its tasks, a completion's answer takes one away. The proxy records
// an answer before the worker reads it, so what it counts is never below what the worker holds.
// Taking fewer while the worker's own computations keep its thread busy is the unit test's
// (adaptive-limit.spec.ts): how busy a test's worker is depends on the machine's load.

const ANTIGEN = 'MKTAYIAKQRQISFVKSHFS';
const tag = Date.now().toString(36).slice(-5);

/** Tasks held after each answer that changed it. */
function heldOverTime(exchanges: Exchange[]): number[] {
  let held = 0;
  const series: number[] = [];
  for (const e of exchanges) {
    if (e.status >= 300) continue;
    if (e.path.endsWith('/external-task/fetchAndLock')) {
      const tasks = (JSON.parse(e.answer) as unknown[]).length;
      if (!tasks) continue;
      held += tasks;
    } else if (/\/external-task\/[^/]+\/complete$/.test(e.path)) held -= 1;
    else continue;
    series.push(held);
  }
  return series;
}

describe('how many tasks a worker takes at once', () => {
  let world: World;
  let proxy: EngineProxy;
  let c: Catalogue;

  beforeAll(async () => {
    world = await startWorld();
    proxy = await startEngineProxy(world.engineUrl);
    c = catalogue(world);
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  /** `count` missions of a one-node workflow of sequence epitopes, all waiting for a worker. */
  async function queued(count: number): Promise<number[]> {
    const agent = await c.agent(`epitopes${tag}`, `epitopes ${tag}`, [
      await c.skill(`表位${tag}`, ['antibody.epitopes']),
    ]);
    const workflowId = await c.workflow(
      `表位流程${tag}`,
      chainDiagram('epitopes_flow', [
        agentNode('Task_one', `epitopes${tag}`, `epitopes ${tag}`, 100),
      ]),
      [agent],
    );
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await c.start(workflowId, `Epitopes\n>antigen\n${ANTIGEN}`)).id);
    }
    return ids;
  }

  it('should take more, up to its ceiling, while its tasks wait on others and more are queued', async () => {
    // Sequence epitopes of a 20-residue antigen: well under a millisecond of the worker's thread,
    // the rest of a task is waiting on the workflow service and the engine. Enough of them to keep
    // the worker going well past its own start, whose loading keeps its loop busy for its first
    // seconds (40 missions were done in 8 s beside the engine's suite, the limit never raised).
    const ids = await queued(120);
    const from = proxy.exchanges.length;
    const child = world.spawnWorker({ ENGINE_URL: proxy.url, AGENT_WORKER_MAX_TASKS: '8' });
    try {
      for (const id of ids) {
        expect((await c.finished(id, 90_000)).status, child.output.join('')).toBe('completed');
      }
    } finally {
      child.kill('SIGTERM');
    }
    const held = heldOverTime(proxy.exchanges.slice(from));
    expect(held[0], held.join(' ')).toBe(4);
    expect(Math.max(...held), held.join(' ')).toBeGreaterThan(4);
    expect(Math.max(...held), held.join(' ')).toBeLessThanOrEqual(8);
  }, 240_000);
});
