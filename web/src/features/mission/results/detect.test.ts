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
