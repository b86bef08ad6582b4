import { type PdbResidue, writePdb } from '@platform/antibody';
import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { modelWithBuiltInTemplates } from '@platform/antibody/node';
import { MISSION_STRUCTURE_MAX, type MissionStructure } from '@platform/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { AgentFailure } from '../agents/agent-failure';
import { chainIn, readAgentInputs } from '../agents/agent-inputs';
import type { ToolContext } from './agent-tool';
import { ToolRegistry } from './tool-registry';

// Structure-based epitopes on a PDB file attached in the chat (issue 26): the file's atoms reach the
// tool in the mission's inputs, the tool takes the antigen chain (named, the only one, or the longest
// that is no antibody) and answers ElliPro's per-residue scores, ranked patches and the chain's atoms
// for the 3D view; bad files fail in both languages with nothing returned.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
/** Hen egg-white lysozyme, mature chain (UniProt P00698): residue names for the antigen chain. */
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

/**
 * A complex as a user would upload it: an Fv model of trastuzumab (chains H and L) and an "antigen"
 * chain A, the heavy chain's backbone moved 40 Å away and renamed with lysozyme's residues, so that
 * it is a protein chain that is no antibody domain (a real protein's fold, not a real antigen).
 */
let complex: string;
let antibodyOnly: string;
/** The complex with a second antigen chain B: a homodimer's copy, or another protein. */
let withCopy: string;
let withOther: string;

beforeAll(() => {
  const model = modelWithBuiltInTemplates({
    heavy: chain('trastuzumab VH').sequence,
    light: chain('trastuzumab VL').sequence,
  });
  const antigen: PdbResidue[] = model.residues
    .filter((r) => r.chain === 'H')
    .map((r, k) => ({
      ...r,
      chain: 'A',
      iCode: '',
      resSeq: k + 1,
      aa: LYSOZYME[k % LYSOZYME.length],
      atoms: Object.fromEntries(
        Object.entries(r.atoms).map(([name, [x, y, z]]) => [name, [x + 40, y, z]]),
      ) as PdbResidue['atoms'],
    }));
  complex = writePdb([...model.residues, ...antigen]);
  const chainB = (aa: (r: PdbResidue, k: number) => string) =>
    antigen.map((r, k) => ({
      ...r,
      chain: 'B',
      aa: aa(r, k),
      atoms: Object.fromEntries(
        Object.entries(r.atoms).map(([name, [x, y, z]]) => [name, [x, y + 40, z]]),
      ) as PdbResidue['atoms'],
    }));
  withCopy = writePdb([...model.residues, ...antigen, ...chainB((r) => r.aa)]);
  withOther = writePdb([
    ...model.residues,
    ...antigen,
    ...chainB((_, k) => LYSOZYME[LYSOZYME.length - 1 - (k % LYSOZYME.length)]!),
  ]);
  antibodyOnly = model.pdb;
});

const epitopes = () => new ToolRegistry().get('antibody.epitopes')!;

function context(text: string, structures: MissionStructure[]): ToolContext {
  return {
    language: 'en',
    inputs: readAgentInputs({ text, structures }),
    previous: [],
    signal: new AbortController().signal,
    structure: { timeoutMs: 5000 },
  };
}

type StructureData = {
  chain: string;
  chainChoice: string;
  chains: { id: string; antibody: boolean }[];
  residues: { chain: string; number: string; residue: string; score: number }[];
  patches: { rank: number; residues: { number: string }[] }[];
  pdb: string;
};

async function failureOf(run: Promise<unknown>): Promise<AgentFailure> {
  const failure = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(AgentFailure);
  return failure as AgentFailure;
}

describe('antibody.epitopes on an attached structure', () => {
  it('should take the chain that is no antibody when none is named, and say so', async () => {
    const sut = await epitopes().run(
      {},
      context('Predict the epitopes of this antigen', [{ name: 'complex.pdb', pdb: complex }]),
    );
    const s = sut.data.structure as StructureData;
    expect(s).toMatchObject({ chain: 'A', chainChoice: 'picked' });
    expect(s.chains.map((c) => [c.id, c.antibody])).toEqual([
      ['H', true],
      ['L', true],
      ['A', false],
    ]);
    expect(s.residues.length).toBeGreaterThan(100);
    expect(s.residues.every((r) => r.chain === 'A' && r.score >= 0 && r.score <= 1)).toBe(true);
    expect(s.patches.length).toBeGreaterThan(0);
    expect(s.patches[0].rank).toBe(1);
    // The 3D view gets the antigen chain's atoms alone.
    const atomChains = new Set(
      s.pdb
        .split('\n')
        .filter((l) => l.startsWith('ATOM'))
        .map((l) => l[21]),
    );
    expect([...atomChains]).toEqual(['A']);
    expect(sut.summary.en).toMatch(/ElliPro.*chain A \(the longest chain that is no antibody/);
    expect(sut.summary.zh).toMatch(/链 A/);
    // The sequence scales of the same chain stand beside the structure's scores.
    expect((sut.data.antigens as unknown[]).length).toBe(1);
  });

  it('should ask which chain is the antigen when two different chains could be, and read the reply', async () => {
    const failure = await failureOf(
      epitopes().run({}, context('epitopes', [{ name: 'complex.pdb', pdb: withOther }])),
    );
    expect(failure.ask?.en).toMatch(
      /complex\.pdb has several protein chains that could be the antigen: chain H \(\d+ residues, antibody variable domain\), chain L .*chain A \(\d+ residues\), chain B \(\d+ residues\)\. Which is the antigen\? Reply for example "chain A"/,
    );
    expect(failure.ask?.zh).toMatch(/请指明抗原链，例如回复“链 A”/);
    expect(failure.text).toEqual(failure.ask);
    expect(failure.retryable).toBe(false);
    // The owner's reply joins the request's text, as the agent runner does.
    const answered = await epitopes().run(
      {},
      context('epitopes\n链 B', [{ name: 'complex.pdb', pdb: withOther }]),
    );
    expect(answered.data.structure).toMatchObject({ chain: 'B', chainChoice: 'named' });
  });

  it("should take a homodimer's first copy without asking", async () => {
    const sut = await epitopes().run(
      {},
      context('epitopes', [{ name: 'dimer.pdb', pdb: withCopy }]),
    );
    expect(sut.data.structure).toMatchObject({ chain: 'A', chainChoice: 'picked' });
  });

  it('should use the chain the user names, in English or Chinese', async () => {
    const sut = await epitopes().run(
      {},
      context('预测链 L 上的表位', [{ name: 'complex.pdb', pdb: complex }]),
    );
    expect(sut.data.structure).toMatchObject({ chain: 'L', chainChoice: 'named' });
    expect(chainIn('epitopes on chain B please')).toBe('B');
    expect(chainIn('chains A, C')).toBe('A,C');
    expect(chainIn('B 链的表位')).toBe('B');
    expect(chainIn('the heavy chain and the light chain')).toBeUndefined();
  });

  it('should refuse a chain the file does not have, naming the chains it has', async () => {
    const failure = await failureOf(
      epitopes().run({ chain: 'Z' }, context('epitopes', [{ name: 'complex.pdb', pdb: complex }])),
    );
    expect(failure.text.en).toMatch(/no chain Z; its chains are H, L, A/);
    expect(failure.text.zh).toMatch(/没有链 Z/);
    expect(failure.retryable).toBe(false);
  });

  it('should refuse a PDB file with no protein atoms', async () => {
    const waters = 'HETATM    1  O   HOH W   1      10.000  10.000  10.000';
    const failure = await failureOf(
      epitopes().run({}, context('epitopes', [{ name: 'water.pdb', pdb: waters }])),
    );
    expect(failure.text.en).toMatch(/water\.pdb.*no protein atoms/);
    expect(failure.text.zh).toMatch(/没有蛋白质原子/);
  });

  it('should refuse a structure too large to carry, without computing on part of it', async () => {
    const failure = await failureOf(
      epitopes().run({}, context('epitopes', [{ name: 'big.pdb', pdb: '', tooLarge: true }])),
    );
    expect(failure.text.en).toMatch(`over ${MISSION_STRUCTURE_MAX / 1000} KB`);
    expect(failure.text.zh).toMatch(/结构文件过大/);
  });

  it('should take the only chain of a file with one', async () => {
    const heavyOnly = antibodyOnly
      .split('\n')
      .filter((l) => !l.startsWith('ATOM') || l[21] === 'H')
      .join('\n');
    const sut = await epitopes().run({}, context('epitopes', [{ name: 'h.pdb', pdb: heavyOnly }]));
    expect(sut.data.structure).toMatchObject({ chain: 'H', chainChoice: 'only' });
  });
});

describe('antibody.design against an attached structure', () => {
  it("should aim at the structure's ElliPro patch and return the antigen chain for the 3D view", async () => {
    const sut = await new ToolRegistry()
      .get('antibody.design')!
      .run(
        { count: 5 },
        context('Design antibodies against this antigen', [{ name: 'complex.pdb', pdb: complex }]),
      );
    expect(sut.data).toMatchObject({
      kind: 'target-design',
      antigenId: 'complex.pdb:A',
      epitope: { origin: 'ellipro' },
      structure: { chain: 'A', chainChoice: 'picked' },
    });
    const epitope = sut.data.epitope as { pdbResidues: { chain: string }[] };
    expect(epitope.pdbResidues.every((r) => r.chain === 'A')).toBe(true);
  });
});
