import { describe, expect, it } from 'vitest';

import { designLibrary, mulberry32 } from './design';
import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';
import { findLiabilities } from './liabilities';
import { numberSequence } from './numbering/number';

const trastuzumab = THERAPEUTIC_CHAINS[0];

describe(designLibrary.name, () => {
  const sut = designLibrary(trastuzumab.sequence, { cdrs: ['cdr3'], count: 12, seed: 42 });

  it('should give the same library for the same input and seed', () => {
    expect(designLibrary(trastuzumab.sequence, { cdrs: ['cdr3'], count: 12, seed: 42 })).toEqual(
      sut,
    );
  });

  it('should give a different library for another seed', () => {
    const other = designLibrary(trastuzumab.sequence, { cdrs: ['cdr3'], count: 12, seed: 43 });
    expect(other.variants.map((v) => v.sequence)).not.toEqual(sut.variants.map((v) => v.sequence));
  });

  it('should return the requested number of distinct variants, ranked by score', () => {
    expect(sut.variants).toHaveLength(12);
    expect(new Set(sut.variants.map((v) => v.sequence)).size).toBe(12);
    expect(sut.variants.map((v) => v.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const scores = sut.variants.map((v) => v.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('should change only the chosen CDR', () => {
    for (const v of sut.variants) {
      const numbered = numberSequence(v.sequence);
      expect(numbered.cdrs.cdr1).toBe(trastuzumab.imgt.cdr1);
      expect(numbered.cdrs.cdr2).toBe(trastuzumab.imgt.cdr2);
      expect(numbered.frameworks).toEqual(numberSequence(trastuzumab.sequence).frameworks);
      expect(
        Math.abs(numbered.cdrs.cdr3.length - trastuzumab.imgt.cdr3.length),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('should substitute only with BLOSUM62-positive, non-cysteine residues', () => {
    const subs = sut.variants.flatMap((v) => v.substitutions);
    expect(subs.length).toBeGreaterThan(0);
    for (const s of subs) expect(s.to).not.toBe('C');
    expect(sut.variants.every((v) => v.blosum62 >= 0)).toBe(true);
  });

  it('should add no new high-severity CDR liability', () => {
    const parentHigh = findLiabilities(numberSequence(trastuzumab.sequence)).filter(
      (l) => l.inCdr && l.severity === 'high',
    ).length;
    for (const v of sut.variants) {
      const high = findLiabilities(numberSequence(v.sequence)).filter(
        (l) => l.inCdr && l.severity === 'high',
      ).length;
      expect(high).toBeLessThanOrEqual(parentHigh);
    }
  });

  it('should state its rules in both languages', () => {
    expect(sut.rules.length).toBeGreaterThanOrEqual(3);
    for (const r of sut.rules) expect(r.zh.length * r.en.length).toBeGreaterThan(0);
  });

  it('should vary CDR-H3 length only for heavy chains', () => {
    const light = designLibrary(THERAPEUTIC_CHAINS[1].sequence, { count: 10, seed: 1 });
    expect(light.variants.every((v) => v.lengthChange === 0)).toBe(true);
  });

  it('should reject impossible options', () => {
    expect(() => designLibrary(trastuzumab.sequence, { count: 0 })).toThrow(/count/);
  });
});

describe(mulberry32.name, () => {
  it('should be deterministic per seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
