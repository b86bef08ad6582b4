import { createServer, type Server } from 'node:http';

import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { AGENT_TOOL_NAMES, type Language, type NodeRunOutputView } from '@platform/contracts';
import { planConversation } from '@platform/llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AgentFailure } from '../agents/agent-failure';
import { readAgentInputs } from '../agents/agent-inputs';
import type { ToolContext, ToolResult } from './agent-tool';
import { ANTIBODY_TOOLS } from './antibody-tools';
import { ToolRegistry } from './tool-registry';

// Each built-in tool on published therapeutic antibodies (the toolkit's fixtures, with their
// published CDRs) and on a real antigen, as a node runs it: from the mission's text, or from an
// earlier node's output.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const VH = chain('trastuzumab VH');
const VL = chain('trastuzumab VL');
/** Hen egg-white lysozyme, mature chain (UniProt P00698, residues 19-147). */
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

const tool = (name: string) => new ToolRegistry().get(name)!;

function context(text: string, previous: NodeRunOutputView[] = [], url?: string): ToolContext {
  return {
    language: 'en',
    inputs: readAgentInputs({ text }),
    previous,
    signal: new AbortController().signal,
    structure: { url, timeoutMs: 5000 },
  };
}

const pair = `Trastuzumab, please.\n>VH\n${VH.sequence}\n>VL\n${VL.sequence}`;

describe(ToolRegistry.name, () => {
  it('should implement every built-in tool name of the contracts, once', () => {
    const sut = new ToolRegistry();
    expect(
      sut
        .all()
        .map((t) => t.name)
        .sort(),
    ).toEqual([...AGENT_TOOL_NAMES].sort());
    expect(new Set(ANTIBODY_TOOLS.map((t) => t.key)).size).toBe(ANTIBODY_TOOLS.length);
  });
});

describe('antibody.number', () => {
  it('should number both chains with their published IMGT CDRs and ranges', async () => {
    const sut = await tool('antibody.number').run({}, context(pair));
    const [h, l] = sut.data.chains as {
      id: string;
      chainType: string;
      cdrs: Record<string, { sequence: string; start: string; end: string; from: number }>;
      residues: { position: string; residue: string; region: string }[];
    }[];
    expect(h).toMatchObject({ id: 'VH', chainType: 'heavy' });
    expect(l).toMatchObject({ id: 'VL', chainType: 'kappa' });
    expect(h.cdrs.cdr3.sequence).toBe(VH.imgt.cdr3);
    expect(h.cdrs.cdr1).toMatchObject({ sequence: VH.imgt.cdr1, start: '27', end: '38' });
    expect(l.cdrs.cdr1.sequence).toBe(VL.imgt.cdr1);
    expect(
      h.residues
        .filter((r) => r.region === 'cdr2')
        .map((r) => r.residue)
        .join(''),
    ).toBe(VH.imgt.cdr2);
    expect(sut.summary.en).toContain(VH.imgt.cdr3);
    expect(sut.summary.zh).toContain('IMGT 编号');
  });

  it('should use the scheme the request names', async () => {
    const sut = await tool('antibody.number').run({}, context(`Kabat numbering please ${pair}`));
    const [h] = sut.data.chains as { cdrs: Record<string, { sequence: string }> }[];
    expect(sut.data.scheme).toBe('kabat');
    expect(h.cdrs.cdr1.sequence).toBe(VH.kabat.cdr1);
  });

  it('should check the CDRs of chains an earlier node humanized', async () => {
    const humanized = await tool('antibody.humanize').run({}, context(pair));
    const previous = [
      {
        nodeId: 'Task_h',
        nodeName: '',
        nodeNameEn: '',
        agent: '',
        attempt: 1,
        outputs: { humanize: humanized.data },
      },
    ];
    const sut = await tool('antibody.number').run({}, context(pair, previous));
    const [h] = sut.data.chains as { source: string; cdrCheck: { allKept: boolean } }[];
    expect(h).toMatchObject({ source: 'humanized', cdrCheck: { allKept: true } });
  });

  it('should fail without retries when the inputs hold no antibody chain', async () => {
    const failure = await tool('antibody.number')
      .run({}, context(`antigen: ${LYSOZYME}`))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AgentFailure);
    expect(failure).toMatchObject({ retryable: false });
    expect((failure as AgentFailure).text.zh).toBe('输入中没有找到抗体重链或轻链可变区序列');
  });
});

describe('antibody.liabilities', () => {
  it('should list risk sites with positions, regions and severities, counted by region', async () => {
    const sut = await tool('antibody.liabilities').run({}, context(pair));
    const [h] = sut.data.chains as {
      liabilities: {
        kind: string;
        motif: string;
        sequencePosition: number;
        region: string;
        severity: string;
      }[];
      byRegion: Record<string, number>;
      bySeverity: Record<string, number>;
    }[];
    expect(h.liabilities.length).toBeGreaterThan(0);
    for (const l of h.liabilities) {
      // The motif is where the position says it is.
      expect(VH.sequence.slice(l.sequencePosition - 1).startsWith(l.motif)).toBe(true);
    }
    // Trastuzumab VH carries the known isomerization site DG in CDR-H3 (WGGDGFYAMDY).
    expect(h.liabilities).toContainEqual(
      expect.objectContaining({ kind: 'isomerization', motif: 'DG', region: 'cdr3' }),
    );
    const total = Object.values(h.byRegion).reduce((a, b) => a + b, 0);
    expect(total).toBe(h.liabilities.length);
    expect(sut.data.pair).toBeDefined();
  });

  it('should filter the library an earlier node designed', async () => {
    const design = await tool('antibody.design').run({}, context(`8 variants ${pair}`));
    const previous = [
      {
        nodeId: 'Task_d',
        nodeName: '',
        nodeNameEn: '',
        agent: '',
        attempt: 1,
        outputs: { design: design.data },
      },
    ];
    const sut = await tool('antibody.liabilities').run({}, context(pair, previous));
    expect(sut.data.library).toMatchObject({ from: 'Task_d', checked: 8 });
    expect(sut.summary.en).toMatch(/of 8 library variants/);
  });
});

describe('antibody.humanize', () => {
  it('should graft a mouse antibody onto a human framework with identity before and after', async () => {
    const mouse = chain('muromonab (OKT3) VH');
    const sut = await tool('antibody.humanize').run({}, context(`>OKT3_VH\n${mouse.sequence}`));
    const [h] = sut.data.chains as {
      id: string;
      parental: string;
      humanized: string;
      identity: { before: number; after: number };
      mutations: unknown[];
      cdrs: { imgt: { cdr3: string } };
    }[];
    expect(h.id).toBe('OKT3_VH');
    // The variable domain, without the constant-region start the fixture carries.
    expect(mouse.sequence.startsWith(h.parental)).toBe(true);
    expect(h.humanized).not.toBe(h.parental);
    expect(h.identity.after).toBeGreaterThan(h.identity.before);
    expect(h.mutations.length).toBeGreaterThan(5);
    // The CDRs are kept.
    expect(h.humanized).toContain(h.cdrs.imgt.cdr3);
    expect(sut.summary.en).toMatch(/human germline identity \d+% → \d+%/);
  });
});

describe("the assistant's preview and the mission's results", () => {
  // Adalimumab VH: its closest germline (IGHV3-9) is not the acceptor its framework picks, so a
  // preview naming only the first disagreed with the humanization's result.
  const adalimumab = chain('adalimumab VH');
  const ask = { en: 'Please humanize this antibody', zh: '请把这个抗体人源化' };

  it.each(['en', 'zh'] as Language[])(
    'should name the germlines the mission names for the same chain (%s)',
    async (lang) => {
      const outcome = planConversation([
        { role: 'user', content: `${ask[lang]}\n>VH\n${adalimumab.sequence}` },
      ]);
      if (outcome.kind !== 'plan') throw new Error(outcome.reply);
      const mission = context(JSON.stringify(outcome.plan.inputs));

      const numbered = await tool('antibody.number').run({}, mission);
      const humanized = await tool('antibody.humanize').run({}, mission);

      const [n] = numbered.data.chains as { germlines: { v: { gene: string } } }[];
      const [h] = humanized.data.chains as { acceptor: { v: string; j: string } }[];
      expect(h.acceptor.v).not.toBe(n.germlines.v.gene);
      const preview = outcome.reply.split('\n').find((line) => line.startsWith('- '))!;
      expect(preview).toContain(
        lang === 'en'
          ? `closest germline ${n.germlines.v.gene}`
          : `最接近的胚系 ${n.germlines.v.gene}`,
      );
      expect(preview).toContain(`${h.acceptor.v} / ${h.acceptor.j}`);
      expect(numbered.summary[lang]).toContain(n.germlines.v.gene);
      expect(humanized.summary[lang]).toContain(h.acceptor.v);
    },
  );
});

describe('antibody.epitopes', () => {
  it('should score every residue of the antigen with four scales and give consensus regions', async () => {
    const sut = await tool('antibody.epitopes').run({}, context(`Antigen: ${LYSOZYME}`));
    const [a] = sut.data.antigens as {
      length: number;
      methods: Record<string, { scores: unknown[]; segments: unknown[] }>;
      regions: { start: number; end: number; peptide: string }[];
    }[];
    expect(a.length).toBe(LYSOZYME.length);
    expect(Object.keys(a.methods).sort()).toEqual(
      ['chou-fasman', 'emini', 'kolaskar-tongaonkar', 'parker'].sort(),
    );
    for (const m of Object.values(a.methods)) expect(m.scores).toHaveLength(LYSOZYME.length);
    for (const r of a.regions) expect(LYSOZYME.slice(r.start - 1, r.end)).toBe(r.peptide);
    expect(sut.summary.en).toMatch(/predicted epitope regions/);
  });

  it('should refuse a request without an antigen', async () => {
    const failure = await tool('antibody.epitopes')
      .run({}, context(pair))
      .catch((e: unknown) => e);
    expect((failure as AgentFailure).text.en).toBe(
      'No antigen protein sequence was found in the inputs',
    );
  });
});

describe('antibody.design', () => {
  it('should design a seeded library of the count asked, varying the CDRs asked', async () => {
    const ask = `Design 12 variants of CDR-H3 and CDR2, seed 7 ${pair}`;
    const sut = await tool('antibody.design').run({}, context(ask));
    expect(sut.data).toMatchObject({ parentId: 'VH', count: 12, cdrs: ['cdr2', 'cdr3'], seed: 7 });
    const rows = sut.data.rows as { rank: number; sequence: string; cdrs: { cdr1: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(12);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    // CDR1 was not asked for: it is the parent's in every row.
    for (const r of rows) expect(r.cdrs.cdr1).toBe(VH.imgt.cdr1);
    const again = await tool('antibody.design').run({}, context(ask));
    expect(again.data.rows).toEqual(sut.data.rows);
  });
});

describe('antibody.design against a target', () => {
  const ask = (text: string) => context(`${text}\n>antigen lysozyme\n${LYSOZYME}`);
  const after = (design: ToolResult): NodeRunOutputView[] => [
    {
      nodeId: 'Task_Design',
      nodeName: '',
      nodeNameEn: '',
      agent: '',
      attempt: 1,
      outputs: { design: design.data },
    } as unknown as NodeRunOutputView,
  ];

  it('should design a ranked library of at least 50 human VH/VL antibodies when only an antigen is given', async () => {
    const sut = await tool('antibody.design').run(
      {},
      ask('Design antibodies against this antigen'),
    );
    expect(sut.data).toMatchObject({ kind: 'target-design', count: 60, seed: 1, format: 'fv' });
    const rows = sut.data.rows as { rank: number; heavy: string; light: string; source: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(rows.every((r) => r.heavy && r.light && r.source === 'built-in')).toBe(true);
    expect(sut.summary.en).toMatch(/not a prediction of binding/);
    expect(sut.summary.zh).toMatch(/不是结合预测/);
    // The liabilities node after it checks the library's designs instead of asking for an antibody.
    const checked = await tool('antibody.liabilities').run(
      {},
      {
        ...ask('Design antibodies against this antigen'),
        previous: after(sut),
      },
    );
    const library = checked.data.library as { checked: number; kept: number };
    expect(library).toMatchObject({ checked: rows.length, kept: rows.length });
  });

  it('should take the region, count, seed and VHH format from the request', async () => {
    const sut = await tool('antibody.design').run(
      {},
      ask('设计 50 个纳米抗体，针对区域 30-45，种子 3'),
    );
    expect(sut.data).toMatchObject({ count: 50, seed: 3, format: 'vhh' });
    expect(sut.data.epitope).toMatchObject({ origin: 'user-region', start: 30, end: 45 });
    expect((sut.data.rows as { light?: string }[]).every((r) => !r.light)).toBe(true);
  });

  it('should fail in zh and en, starting nothing, for a region outside the antigen', async () => {
    const run = tool('antibody.design').run({}, ask('Design antibodies against residues 120-140'));
    await expect(run).rejects.toBeInstanceOf(AgentFailure);
    await expect(run).rejects.toMatchObject({
      message: expect.stringContaining('129') as string,
    });
  });
});

describe('antibody.structure', () => {
  let server: Server;
  let url = '';
  const bodies: { heavy?: string; light?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(body) as { heavy?: string; light?: string });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            pdb: 'ATOM      1  CA  GLU H   1       0.000   0.000   0.000  1.00 90.00           C\nEND\n',
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('should answer with the built-in template model, saying so, when no predictor is configured', async () => {
    const sut = await tool('antibody.structure').run({}, context(pair));
    expect(sut.data).toMatchObject({
      configured: false,
      predictor: 'built-in-template',
      format: 'pdb',
    });
    expect(sut.summary.en).toMatch(/^Built-in template model \(not a deep-learning prediction\)/);
    expect(sut.summary.en).toMatch(/H CDR3 \d+\.\d Å/);
    expect(sut.summary.zh).toMatch(/^内置模板建模完成/);
    const pdb = String(sut.data.pdb);
    expect(pdb).toMatch(/^REMARK 999 BUILT-IN TEMPLATE MODEL/);
    expect(pdb).toMatch(/^ATOM .{16}H 104 /m);
    expect(pdb).toMatch(/^ATOM .{16}L 104 /m);
    const regions = sut.data.regions as { chain: string; region: string; error: number }[];
    expect(regions.map((r) => `${r.chain}:${r.region}`)).toEqual(
      expect.arrayContaining(['H:framework', 'H:cdr3', 'L:framework', 'L:cdr3']),
    );
    expect(regions.every((r) => r.error > 0)).toBe(true);
    const tap = sut.data.developability as {
      metrics: { name: string; flag: string; residues: unknown[] }[];
    };
    expect(tap.metrics.map((m) => m.name)).toEqual(['cdrLength', 'psh', 'ppc', 'pnc', 'sfvcsp']);
    expect(sut.summary.en).toMatch(/TAP developability: \d green, \d amber, \d red/);
    expect(sut.summary.zh).toMatch(/TAP 可开发性/);
  });

  it('should fail in both languages, not retried, when the built-in modeller gets no heavy chain', async () => {
    const failure = await tool('antibody.structure')
      .run({ light: VL.sequence }, context(''))
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ retryable: false });
    expect((failure as AgentFailure).text.en).toMatch(/one heavy and one light chain/);
    expect((failure as AgentFailure).text.zh).toMatch(/重链/);
  });

  it('should send the pair to the configured predictor and return its PDB', async () => {
    const sut = await tool('antibody.structure').run({}, context(pair, [], url));
    expect(bodies.at(-1)).toEqual(
      expect.objectContaining({ heavy: VH.sequence, light: VL.sequence }),
    );
    expect(sut.data).toMatchObject({
      configured: true,
      predictor: 'external',
      atoms: 1,
      format: 'pdb',
    });
    expect(String(sut.data.pdb)).toContain('ATOM');
  });

  it('should fail, to be retried, when the predictor is down', async () => {
    const failure = await tool('antibody.structure')
      .run({}, context(pair, [], 'http://127.0.0.1:9/'))
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ retryable: true });
    expect((failure as AgentFailure).text.en).toMatch(/The structure predictor failed/);
  });
});
