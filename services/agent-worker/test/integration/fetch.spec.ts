import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type EngineProxy, startEngineProxy } from '../support/engine-proxy';
import {
  agentNode,
  catalogue,
  chainDiagram,
  dataOf,
  eventually,
  startWorld,
  type World,
} from '../support/world';

// What a worker fetches a task with. The engine loads every variable a fetch asks for (Operaton a
// byte-array select for each Json one), and without a list it loads them all: the mission's inputs
// and the output of every earlier node. The worker asks for the mission's keys and language only;
// the earlier outputs come with the node's context, from the mission log and, in a rerun, from the
// instance (read by the workflow service). Seen from a proxy in front of the engine.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const PAIR = `>VH\n${chain('trastuzumab VH').sequence}\n>VL\n${chain('trastuzumab VL').sequence}`;
const tag = Date.now().toString(36).slice(-5);

const HUMANIZED = { source: 'humanized', cdrCheck: { allKept: true } };
const firstChain = (outputs: unknown) =>
  (outputs as { number: { chains: unknown[] } }).number.chains[0];

interface FetchBody {
  topics: { topicName: string; variables?: string[] }[];
}

describe('the variables a task is fetched with', () => {
  let world: World;
  let proxy: EngineProxy;

  beforeAll(async () => {
    world = await startWorld();
    proxy = await startEngineProxy(world.engineUrl);
  });
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  it('should fetch the mission variables only, and still run each node, and a rerun, on the earlier outputs', async () => {
    const c = catalogue(world);
    const number = await c.agent(`number${tag}`, `number ${tag}`, [
      await c.skill(`编号${tag}`, ['antibody.number']),
    ]);
    const humanize = await c.agent(`humanize${tag}`, `humanize ${tag}`, [
      await c.skill(`人源化${tag}`, ['antibody.humanize']),
    ]);
    const check = await c.agent(`check${tag}`, `check ${tag}`, [
      await c.skill(`检查${tag}`, ['antibody.number', 'antibody.liabilities']),
    ]);
    const id = await c.workflow(
      `取变量${tag}`,
      chainDiagram('fetch_flow', [
        agentNode('Task_number', `number${tag}`, `number ${tag}`, 100),
        agentNode('Task_humanize', `humanize${tag}`, `humanize ${tag}`, 250),
        agentNode('Task_check', `check${tag}`, `check ${tag}`, 400),
      ]),
      [number, humanize, check],
    );
    await world.startWorker({ ENGINE_URL: proxy.url });
    const m = await c.start(id, `Humanize trastuzumab\n${PAIR}`);
    const first = await c.finished(m.id);
    expect(first.status).toBe('completed');
    dataOf(await world.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_humanize' }));
    const second = await eventually(
      () => c.mission(m.id),
      (x) => x.currentRunId !== first.currentRunId && x.status === 'completed',
    );
    expect(second.status).toBe('completed');

    const fetches = proxy.exchanges.filter(
      (e) => e.path.endsWith('/external-task/fetchAndLock') && e.status === 200,
    );
    const delivered = fetches.flatMap(
      (f) => JSON.parse(f.answer) as { activityId: string; variables: Record<string, unknown> }[],
    );
    // Three nodes, then the two of the rerun.
    expect(delivered.map((t) => t.activityId)).toEqual([
      'Task_number',
      'Task_humanize',
      'Task_check',
      'Task_humanize',
      'Task_check',
    ]);
    for (const fetch of fetches) {
      const { topics } = JSON.parse(fetch.body) as FetchBody;
      expect(topics.map((t) => t.variables)).toEqual([['missionCode', 'runId', 'language']]);
    }
    for (const task of delivered) {
      expect(Object.keys(task.variables).sort()).toEqual(['language', 'missionCode', 'runId']);
    }

    const logs = await c.logs(m.code);
    const run = (runId: string | null) => logs.filter((l) => l.runId === runId);
    // The check numbers the humanized chains: the earlier outputs reached it without the fetch.
    const [, , checked] = run(first.currentRunId);
    expect(checked.inputs).toMatchObject({ previous: ['Task_number', 'Task_humanize'] });
    expect(firstChain(checked.outputs)).toMatchObject(HUMANIZED);
    // The rerun's first node starts with the numbering its run carries (output_Task_number).
    const [humanized, rechecked] = run(second.currentRunId);
    expect(humanized.inputs).toMatchObject({ previous: ['Task_number'] });
    expect(rechecked.inputs).toMatchObject({ previous: ['Task_number', 'Task_humanize'] });
    expect(firstChain(rechecked.outputs)).toMatchObject(HUMANIZED);
  });
});
