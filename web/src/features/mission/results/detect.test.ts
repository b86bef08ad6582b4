import { describe, expect, it } from 'vitest';

import {
  epitopeOutput,
  humanizationOutput,
  libraryOutput,
  numberingOutput,
  workerHumanizationOutput,
  workerLibraryOutput,
} from '../../../../test-utils/mission-factories';
import { detectResults, isEmptyOutput } from './detect';
import { downloadsOf } from './downloads';

const kinds = (output: unknown) => detectResults(output).map((b) => `${b.kind}:${b.label}`);

describe(detectResults.name, () => {
  it('should find the summary, files and per-chain toolkit results of a node, named by chain', () => {
    const blocks = detectResults(humanizationOutput());
    expect(blocks.map((b) => `${b.kind}:${b.label}`)).toEqual([
      'text:',
      'liabilities:rituximab_VH',
      'numbering:rituximab_VH',
      'humanization:rituximab_VH',
      'files:',
    ]);
    const risks = blocks.find((b) => b.kind === 'liabilities');
    expect(risks).toMatchObject({ developability: { totalCdrLength: expect.any(Object) } });
    expect(risks).toHaveProperty('sequence');
    expect(blocks.find((b) => b.kind === 'files')?.value).toEqual(['rituximab_humanized.fasta']);
  });

  it("should read the agent worker's output: one summary, its tools' chains in the toolkit's shapes", () => {
    const blocks = detectResults(workerHumanizationOutput());
    expect(blocks.map((b) => `${b.kind}:${b.label}`)).toEqual([
      'text:',
      'numbering:rituximab_VH',
      'humanization:rituximab_VH',
    ]);
    expect(blocks[0]!.value).toEqual({
      zh: expect.any(String),
      en: 'Humanization: rituximab_VH …',
    });
    const numbering = blocks[1]!.value as { cdrs: Record<string, string> };
    expect(numbering.cdrs.cdr3).toBe('ARSTYYGGDWYFNV');
    const humanized = blocks[2]!.value as {
      parent: string;
      humanness: { after: { identity: number } };
    };
    expect(humanized.parent).toMatch(/^QVQLQQPGAELVK/);
    expect(humanized.humanness.after.identity).toBeGreaterThan(0.8);

    const library = detectResults(workerLibraryOutput());
    expect(library.map((b) => `${b.kind}:${b.label}`)).toEqual(['text:', 'library:trastuzumab_VH']);
    expect((library[1]!.value as { variants: unknown[] }).variants.length).toBeGreaterThan(0);
  });

  it('should find numbering, epitopes and a library wherever they sit', () => {
    expect(kinds(numberingOutput())).toEqual(['numbering:']);
    expect(kinds(epitopeOutput())).toEqual(['epitopes:']);
    expect(kinds(libraryOutput())).toEqual(['library:']);
    expect(kinds([numberingOutput(), { heavy: numberingOutput().number }])).toEqual([
      'numbering:1',
      'numbering:2 · heavy',
    ]);
  });

  it('should find a structure and plain summaries, and nothing in data of no known shape', () => {
    expect(kinds({ structure: { pdb: 'ATOM      1  N   GLU A   1', atoms: 1 } })).toEqual([
      'structure:',
    ]);
    expect(kinds({ result: 'Equals passed', score: 3 })).toEqual(['text:']);
    expect(kinds({ score: 3, items: [1, 2], note: { a: 'b' } })).toEqual([]);
  });
});

describe(isEmptyOutput.name, () => {
  it('should call nothing, blanks and empty containers empty, and any value not', () => {
    for (const empty of [null, undefined, '', '  ', [], {}, { result: '', files: [] }]) {
      expect(isEmptyOutput(empty)).toBe(true);
    }
    for (const full of [0, false, 'x', [1], { result: 'ok' }]) {
      expect(isEmptyOutput(full)).toBe(false);
    }
  });
});

describe('structure-based epitopes', () => {
  const output = {
    summary: { zh: '结构表位预测', en: 'Structure-based epitopes (ElliPro)' },
    epitopes: {
      antigens: [],
      structure: {
        name: 'antigen.pdb',
        method: 'ellipro',
        chain: 'A',
        chainChoice: 'only',
        residues: [
          {
            chain: 'A',
            number: '5',
            residue: 'K',
            score: 0.9,
            exposure: 0.7,
            combined: 0.79,
            terminusDistance: 31.5,
            hseUp: 8,
            consensus: 0.8,
          },
        ],
        patches: [{ rank: 1, score: 0.9, residues: [{ chain: 'A', number: '5', residue: 'K' }] }],
        format: 'pdb',
        pdb: 'ATOM      1  CA  LYS A   5      11.104  13.207   2.100',
      },
    },
  };

  it('should show ElliPro on an attached structure as epitopes on the structure, not as a model', () => {
    expect(kinds(output)).toEqual(['text:', 'structure-epitopes:antigen.pdb']);
  });

  it("should download the scores as CSV with each residue's patch, and the chain as PDB", () => {
    const block = detectResults(output).find((b) => b.kind === 'structure-epitopes')!;
    const [csv, pdb] = downloadsOf(block, 'en');
    expect(csv!.fileName).toBe('antigen.pdb-scores.csv');
    expect(csv!.text()).toBe(
      '\uFEFFchain,number,residue,protrusion_index,relative_accessibility,epitope_score,terminus_distance,hse_up,consensus,patch\r\nA,5,K,0.9,0.7,0.79,31.5,8,0.8,1\r\n',
    );
    expect(pdb!.text()).toMatch(/^ATOM/);
  });
});
