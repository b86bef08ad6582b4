import { SEEDED_WORKFLOWS } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Catalogue, catalogue, dataOf, startWorld, type World } from '../support/world';

// "Design antibodies against this antigen" with a pasted antigen, in zh and in en, through the chat
// on a fresh platform (built-in planner, no language model, no generator): the planner starts the
// seeded de novo workflow with the antigen alone, the worker runs it, and the mission completes
// with a ranked library of at least 50 complete human antibodies, each free of high-severity
// liabilities in its CDRs, aimed at the epitope it names, saying what it can and cannot claim.

/** Hen egg-white lysozyme (UniProt P00698, mature chain). */
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

interface DesignRow {
  rank: number;
  source: string;
  scaffold: string;
  heavy: string;
  light?: string;
  score: number;
  parts: Record<string, number>;
}
interface DesignData {
  kind: string;
  total: number;
  epitope: { start: number; end: number; origin: string };
  claim: { zh: string; en: string };
  rows: DesignRow[];
}
interface LibraryCheck {
  checked: number;
  kept: number;
  rows: { high: number; heavy: string; light?: string }[];
}

describe('design against a target from the chat', () => {
  let world: World;
  let c: Catalogue;

  beforeAll(async () => {
    world = await startWorld();
    c = catalogue(world);
    await world.startWorker();
  });
  afterAll(async () => {
    await world?.close();
  });

  async function askInChat(content: string, lang: 'zh' | 'en'): Promise<number> {
    const conversation = dataOf<{ id: number }>(await world.post('/wujie/chat', {}, lang)).id;
    const res = await world
      .post(`/wujie/chat/${conversation}/messages`, { content }, lang)
      .set('Accept', 'application/json');
    const answer = dataOf<{ reply: string; missionId?: number }>(res);
    expect(answer.missionId, answer.reply).toEqual(expect.any(Number));
    expect(answer.reply).toMatch(lang === 'zh' ? /不是结合预测/ : /not a prediction of binding/);
    return answer.missionId!;
  }

  it.each([
    ['en', `Design antibodies against this antigen:\n${LYSOZYME}`, undefined],
    ['zh', `针对这个抗原设计抗体，区域 40-55：\n${LYSOZYME}`, { start: 40, end: 55 }],
  ] as const)(
    'should start the de novo mission from a %s request and complete it with at least 50 ranked designs',
    async (lang, content, region) => {
      const started = Date.now();
      const missionId = await askInChat(content, lang);
      const mission = await c.mission(missionId);
      expect(mission.processDefinitionId).toMatch(new RegExp(`^${SEEDED_WORKFLOWS.denovo}:`));
      const done = await c.finished(missionId, 60_000);
      const logs = await c.logs(done.code);
      expect(done.status, JSON.stringify({ error: done.error, logs })).toBe('completed');
      expect(Date.now() - started).toBeLessThan(60_000);

      const design = logs
        .map((l) => (l.outputs as { design?: DesignData } | null)?.design)
        .find(Boolean)!;
      expect(design.kind).toBe('target-design');
      expect(design.rows.length).toBeGreaterThanOrEqual(50);
      expect(design.rows.map((r) => r.rank)).toEqual(design.rows.map((_, k) => k + 1));
      for (const row of design.rows) {
        expect(row.heavy.length).toBeGreaterThan(100);
        expect(row.light!.length).toBeGreaterThan(95);
        expect(row.source).toBe('built-in');
        expect(row.scaffold).toMatch(/^IGHV\d-\d+\/IGKV\d-\d+$/);
        expect(Object.keys(row.parts).sort()).toEqual(
          ['charge', 'developability', 'humanness', 'liabilities', 'paratope'].sort(),
        );
      }
      if (region) expect(design.epitope).toMatchObject({ origin: 'user-region', ...region });
      else expect(design.epitope.origin).toBe('sequence-consensus');
      expect(design.claim[lang]).toBeTruthy();

      // The liabilities node checked every design's CDRs (both chains): none has a high-severity site.
      const check = logs
        .map((l) => (l.outputs as { liabilities?: { library?: LibraryCheck } } | null)?.liabilities)
        .find((x) => x?.library)!.library!;
      expect(check.checked).toBe(design.rows.length);
      expect(check.kept).toBe(design.rows.length);
      expect(check.rows.every((r) => r.high === 0 && r.heavy && r.light)).toBe(true);
    },
  );
});
