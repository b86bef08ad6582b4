import { describe, expect, it } from 'vitest';

import { humanizationOutput, libraryOutput } from '../../../../test-utils/mission-factories';
import { detectResults } from './detect';
import { downloadsOf, jsonDownload, slug, toFasta } from './downloads';

describe(toFasta.name, () => {
  it('should write one record per sequence, wrapped at 60 residues', () => {
    const text = toFasta([
      { id: 'a', sequence: 'A'.repeat(61) },
      { id: 'b', sequence: 'CC' },
    ]);
    expect(text).toBe(`>a\n${'A'.repeat(60)}\nA\n>b\nCC\n`);
  });
});

describe(slug.name, () => {
  it('should keep letters and digits of any script, joined by underscores', () => {
    expect(slug('rituximab_VH · 重链', 'x')).toBe('rituximab_VH_重链');
    expect(slug(' · ', 'fallback')).toBe('fallback');
  });
});

describe(downloadsOf.name, () => {
  it('should download humanization as FASTA (parental, humanized) and its changes as CSV', () => {
    const block = detectResults(humanizationOutput()).find((b) => b.kind === 'humanization')!;
    const [fasta, csv] = downloadsOf(block, 'en');
    expect(fasta!.fileName).toBe('rituximab_VH-humanized.fasta');
    expect(fasta!.text()).toMatch(
      /^>rituximab_VH_parental\nQVQLQQPGAELVK[A-Z\n]+>rituximab_VH_humanized\n/,
    );
    expect(csv!.text().split('\r\n')[0]).toBe('\uFEFFtype,imgt,kabat,from,to,reason');
  });

  it('should download risk sites as CSV by region, in the UI language', () => {
    const block = detectResults(humanizationOutput()).find((b) => b.kind === 'liabilities')!;
    const rows = downloadsOf(block, 'zh')[0]!.text().split('\r\n');
    expect(rows[0]).toBe('\uFEFFregion,position,residue_no,motif,kind,severity,explanation');
    // The header, a line per site, and the empty string after the last line end.
    expect(rows.length).toBe((block.value as unknown[]).length + 2);
    expect(rows[1]).toMatch(/^(FR|CDR)\d,/);
  });

  it('should download a designed library as CSV and FASTA, one line or record per variant', () => {
    const block = detectResults(libraryOutput())[0]!;
    const [csv, fasta] = downloadsOf(block, 'en');
    const variants = (libraryOutput().design.variants ?? []).length;
    expect(csv!.text().trim().split('\r\n')).toHaveLength(variants + 1);
    expect(fasta!.text().match(/^>/gm)).toHaveLength(variants);
    expect(fasta!.text()).toContain('>library_variant1\n');
  });

  it('should download any output as its JSON', () => {
    const sut = jsonDownload({ a: 1 }, 'node-outputs');
    expect(sut).toMatchObject({ format: 'json', fileName: 'node-outputs.json' });
    expect(JSON.parse(sut.text())).toEqual({ a: 1 });
  });
});
