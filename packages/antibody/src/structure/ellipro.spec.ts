import { describe, expect, it } from 'vitest';

import { AntibodyError } from '../errors';
import { predictStructureEpitopes } from './ellipro';
import type { PdbResidue } from './pdb';
import { PROBE_RADIUS, shrakeRupley } from './sasa';
import { loadTemplateLibrary } from './templates-node';

const atom = (
  chain: string,
  resSeq: number,
  aa: string,
  atoms: PdbResidue['atoms'],
): PdbResidue => ({
  chain,
  resSeq,
  iCode: '',
  aa,
  atoms,
});

/** A template Fv as a PDB residue list (chains H and L): a real protein to compute on. */
function fv(): PdbResidue[] {
  const t = loadTemplateLibrary().find((x) => x.light)!;
  const residues: PdbResidue[] = [];
  for (const [chain, c] of [
    ['H', t.heavy],
    ['L', t.light!],
  ] as const)
    for (const r of c.residues)
      residues.push(atom(chain, Number.parseInt(r.position, 10), r.aa, r.atoms));
  return residues;
}

function expectCode(run: () => unknown, code: string) {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AntibodyError);
    expect((err as AntibodyError).code).toBe(code);
    expect((err as AntibodyError).text.zh.length).toBeGreaterThan(0);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('Shrake-Rupley SASA', () => {
  it('gives a lone atom the area of its probe-inflated sphere', () => {
    const [only] = shrakeRupley([atom('A', 1, 'G', { CA: [0, 0, 0] })], 200);
    expect(only.sasa).toBeCloseTo(4 * Math.PI * (1.7 + PROBE_RADIUS) ** 2, 0);
  });

  it('buries surface where atoms touch, and finds core residues mostly buried', () => {
    const [a, b] = shrakeRupley([
      atom('A', 1, 'G', { CA: [0, 0, 0] }),
      atom('A', 2, 'G', { CA: [3, 0, 0] }),
    ]);
    expect(a.sasa).toBeLessThan(4 * Math.PI * 3.1 ** 2 * 0.9);
    // Two equal atoms bury the same area (to the sampling of 100 points per sphere).
    expect(Math.abs(a.sasa - b.sasa) / a.sasa).toBeLessThan(0.03);
    const protein = shrakeRupley(fv());
    const buried = protein.filter((r) => r.relative < 0.1).length / protein.length;
    expect(buried).toBeGreaterThan(0.2);
    expect(buried).toBeLessThan(0.7);
  });
});

describe('ElliPro epitopes on a structure', () => {
  it('scores every residue of the chain asked for and ranks patches of protruding residues', () => {
    const result = predictStructureEpitopes(fv(), { chain: 'H' });
    expect(result.chains).toEqual(['H']);
    expect(result.residues.every((r) => r.chain === 'H' && r.score >= 0 && r.score <= 1)).toBe(
      true,
    );
    expect(result.patches.length).toBeGreaterThan(0);
    expect(result.patches.map((p) => p.rank)).toEqual(result.patches.map((_, k) => k + 1));
    const scores = result.patches.map((p) => p.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const byNumber = new Map(result.residues.map((r) => [r.number, r.score]));
    for (const p of result.patches)
      for (const r of p.residues) expect(byNumber.get(r.number)).toBeGreaterThanOrEqual(0.5);
    // The CDR tips stick out of the VH domain: CDR-H3's centre is more protruding than the core C23.
    expect(byNumber.get('23')).toBeLessThan(0.5);
  });

  it('gives buried residues more CA atoms in their upper half-sphere than exposed ones, and a 0-1 consensus', () => {
    const { residues } = predictStructureEpitopes(fv(), { chain: 'H' });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const buried = residues.filter((r) => r.exposure < 0.05).map((r) => r.hseUp);
    const exposed = residues.filter((r) => r.exposure > 0.5).map((r) => r.hseUp);
    expect(mean(buried)).toBeGreaterThan(mean(exposed) + 5);
    expect(residues.every((r) => r.consensus >= 0 && r.consensus <= 1)).toBe(true);
  });

  it('should weigh protrusion by exposed area in the combined score, 0 where nothing is exposed', () => {
    const { residues } = predictStructureEpitopes(fv(), { chain: 'H' });
    for (const r of residues) {
      expect(r.combined).toBeGreaterThanOrEqual(0);
      expect(r.combined).toBeLessThanOrEqual(r.score + 1e-9);
      if (r.exposure === 0) expect(r.combined).toBe(0);
    }
    const exposed = residues.filter((r) => r.exposure > 0.3);
    expect(exposed.some((r) => r.combined > 0.1)).toBe(true);
  });

  it('lowers the epitope score near the chain ends, of every chosen chain', () => {
    const { residues } = predictStructureEpitopes(fv(), { chain: 'H,L' });
    for (const chain of ['H', 'L']) {
      const own = residues.filter((r) => r.chain === chain);
      for (const end of [own[0], own.at(-1)!]) {
        expect(end.terminusDistance).toBe(0);
        expect(end.combined).toBe(0);
      }
    }
    for (const r of residues) {
      expect(r.terminusDistance).toBeGreaterThanOrEqual(0);
      expect(r.combined).toBeLessThanOrEqual(
        (r.score * Math.min(r.terminusDistance, 60)) / 60 + 1e-3,
      );
    }
    // The factor leaves most of an Fv's exposed surface scored.
    expect(residues.filter((r) => r.combined > 0.05).length).toBeGreaterThan(20);
  });

  it('asks for the chain when there are several, and names the chains when one is missing', () => {
    expectCode(() => predictStructureEpitopes(fv()), 'CHAIN_REQUIRED');
    expectCode(() => predictStructureEpitopes(fv(), { chain: 'Z' }), 'CHAIN_NOT_FOUND');
  });

  it('refuses a file with no protein', () => {
    expectCode(() => predictStructureEpitopes([]), 'NO_PROTEIN');
    expectCode(
      () => predictStructureEpitopes([atom('A', 1, 'X', { C1: [0, 0, 0] })]),
      'NO_PROTEIN',
    );
  });
});
