import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { SEEDED_WORKFLOWS } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Catalogue, catalogue, startWorld, type World } from '../support/world';

// The five seeded workflows of the assistant's jobs (the workflow service's seed) run by the worker
// on a fresh platform with the embedded defaults (no language model, no structure predictor): each
// ends completed with one success log row per node and a real result from the toolkit.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const PAIR = `>VH\n${chain('trastuzumab VH').sequence}\n>VL\n${chain('trastuzumab VL').sequence}`;
/** Hen egg-white lysozyme, mature chain (UniProt P00698, residues 19-147). */
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

const INPUTS: Record<string, string> = {
  [SEEDED_WORKFLOWS.humanization]: `Humanize this antibody\n${PAIR}`,
  [SEEDED_WORKFLOWS.denovo]: `Design 10 variants of CDR-H3\n${PAIR}`,
  [SEEDED_WORKFLOWS.epitope]: `Predict epitopes\n>antigen lysozyme\n${LYSOZYME}`,
  [SEEDED_WORKFLOWS.structure]: `Predict the structure\n${PAIR}`,
  [SEEDED_WORKFLOWS.liabilities]: `Find the risk sites\n${PAIR}`,
};

describe('the seeded workflows', () => {
  let world: World;
  let c: Catalogue;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    world = await startWorld();
    c = catalogue(world);
    const [rows] = await world.stack.dbs.workflow.query(
      'SELECT id, process_key AS `key` FROM wf_workflow WHERE process_key IS NOT NULL',
    );
    for (const row of rows as { id: number; key: string }[]) ids.set(row.key, Number(row.id));
    await world.startWorker();
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(Object.values(SEEDED_WORKFLOWS))(
    'should run %s to completed with one success row per node',
    async (key) => {
      const id = ids.get(key);
      expect(id, `seeded workflow ${key}`).toBeDefined();
      const m = await c.start(id!, INPUTS[key]);
      const done = await c.finished(m.id);
      const logs = await c.logs(m.code);
      expect(done.status, JSON.stringify({ error: done.error, logs })).toBe('completed');
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.every((l) => l.status === 'success' && l.attempt === 1)).toBe(true);
      expect(new Set(logs.map((l) => l.nodeId)).size).toBe(logs.length);
      expect((done.result as { result: string }).result).toBeTruthy();
    },
  );
});
