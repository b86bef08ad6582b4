import { describe, expect, it } from 'vitest';

import { detectResults } from './detect';
import { downloadsOf } from './downloads';
import { cdrLogo, type TargetLibrary } from './target-library';
import { targetLibrary as library, workerTargetOutput } from './target-library.fixture';

describe('a library designed against a target', () => {
  it("should be found in the worker's output as one block, not as a CDR library", () => {
    const blocks = detectResults(workerTargetOutput());
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'target-library']);
    const block = blocks[1]!.value as TargetLibrary;
    expect(block.designs).toHaveLength(50);
    expect(block.method?.length).toBeGreaterThan(0);
  });

  it('should draw a CDR logo at the commonest loop length with frequencies summing to one', () => {
    const logo = cdrLogo(library.designs, 'h3')!;
    const lengths = library.designs.map((d) => d.cdrs.h3.length);
    expect(lengths.filter((l) => l === logo.length).length).toBe(logo.count);
    const countOf = (l: number) => lengths.filter((x) => x === l).length;
    expect(Math.max(...lengths.map(countOf))).toBe(logo.count);
    for (const column of logo.columns) {
      expect(column.reduce((s, c) => s + c.frequency, 0)).toBeCloseTo(1, 6);
    }
  });

  it('should download the designs as CSV with score parts, FASTA of both chains and JSON', () => {
    const [block] = detectResults({ design: library }).filter((b) => b.kind === 'target-library');
    const files = downloadsOf(block!, 'en');
    expect(files.map((f) => f.format)).toEqual(['csv', 'fasta', 'json']);
    const csv = files[0]!
      .text()
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe(
      'rank,id,source,scaffold,heavy_v,light_v,h1,h2,h3,l1,l2,l3,score,paratope,charge,humanness,developability,liabilities,cdr_liabilities,heavy,light',
    );
    expect(csv[1]).toContain(library.designs[0]!.heavy);
    const fasta = files[1]!.text();
    expect(fasta.match(/^>/gm)).toHaveLength(100);
    expect(fasta.startsWith('>TD-001_VH\n')).toBe(true);
    expect(JSON.parse(files[2]!.text()).claim.en).toMatch(/not a prediction of binding/);
  });
});
