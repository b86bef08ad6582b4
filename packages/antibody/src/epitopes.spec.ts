import { describe, expect, it } from 'vitest';

import { eminiSurfaceProbability, predictEpitopes, windowScores } from './epitopes';
import {
  CHOU_FASMAN_TURN,
  EMINI_SURFACE,
  KOLASKAR_TONGAONKAR,
  PARKER_HYDROPHILICITY,
} from './reference/scales';

describe('published per-residue scales', () => {
  // Kolaskar & Tongaonkar, FEBS Lett. 276:172 (1990), Table 1 (antigenic propensity per residue).
  it('should reproduce the Kolaskar-Tongaonkar table', () => {
    expect(KOLASKAR_TONGAONKAR).toMatchObject({
      C: 1.412,
      V: 1.383,
      L: 1.25,
      N: 0.776,
      M: 0.826,
      E: 0.851,
    });
  });

  // Parker, Guo & Hodges, Biochemistry 25:5425 (1986): HPLC hydrophilicity.
  it('should reproduce the Parker table', () => {
    expect(PARKER_HYDROPHILICITY).toMatchObject({
      D: 10.0,
      E: 7.8,
      W: -10.0,
      L: -9.2,
      F: -9.2,
      K: 5.7,
    });
  });

  // Emini et al., J. Virol. 55:836 (1985): fractional surface probability δ, as IEDB's tool uses it
  // (sources in reference/scales.ts).
  it('should reproduce the Emini fractional surface probabilities', () => {
    expect(EMINI_SURFACE).toMatchObject({
      K: 0.97,
      R: 0.95,
      E: 0.84,
      Q: 0.84,
      C: 0.26,
      I: 0.34,
      V: 0.36,
      A: 0.49,
    });
  });

  // Chou & Fasman (1978) beta-turn propensity.
  it('should reproduce the Chou-Fasman turn table', () => {
    expect(CHOU_FASMAN_TURN).toMatchObject({ N: 1.56, G: 1.56, P: 1.52, D: 1.46, I: 0.47 });
  });

  it('should cover the 20 standard residues in every scale', () => {
    for (const scale of [
      KOLASKAR_TONGAONKAR,
      PARKER_HYDROPHILICITY,
      EMINI_SURFACE,
      CHOU_FASMAN_TURN,
    ]) {
      expect(Object.keys(scale).sort().join('')).toBe('ACDEFGHIKLMNPQRSTVWY');
    }
  });
});

describe(windowScores.name, () => {
  it('should average a 7-residue window onto its centre residue', () => {
    const sut = windowScores('DDDDDDDLLLLLLL', PARKER_HYDROPHILICITY, 7, 'mean');
    expect(sut.slice(0, 3)).toEqual([null, null, null]);
    expect(sut[3]).toBe(10);
    // window DDDDDDL centred on residue 5 (index 4): (6 * 10 - 9.2) / 7
    expect(sut[4]).toBeCloseTo((60 - 9.2) / 7, 3);
    expect(sut[10]).toBe(-9.2);
    expect(sut.slice(11)).toEqual([null, null, null]);
  });

  // IEDB puts a window starting at (1-based) i + 1 on position i + round(6 / 2): its third residue.
  it('should multiply a 6-residue window onto its third residue', () => {
    const sut = windowScores('KKKKKK', EMINI_SURFACE, 6, 'product');
    expect(sut[2]).toBeCloseTo(0.97 ** 6, 3);
    expect(sut.filter((s) => s !== null)).toHaveLength(1);
  });
});

describe(eminiSurfaceProbability.name, () => {
  // S_n = δ(n-2) δ(n-1) δ(n) δ(n+1) δ(n+2) δ(n+3) × 0.37^-6, on n = D (third residue) of AKDRGE:
  //   A 0.49 × K 0.97 × D 0.81 × R 0.95 × G 0.48 × E 0.84 = 0.14746771872
  //   0.37^6 = 0.1369^3 = 0.002565726409
  //   S_3 = 0.14746771872 / 0.002565726409 = 57.476
  it('should give the hand-computed surface probability of a hexapeptide', () => {
    expect(eminiSurfaceProbability('AKDRGE')).toEqual([null, null, 57.476, null, null, null]);
  });

  // Second window KDRGEL: K 0.97 × D 0.81 × R 0.95 × G 0.48 × E 0.84 × L 0.40 = 0.1203818112;
  // S_4 = 0.1203818112 / 0.002565726409 = 46.919.
  it('should slide the window one residue at a time', () => {
    expect(eminiSurfaceProbability('AKDRGEL')).toEqual([
      null,
      null,
      57.476,
      46.919,
      null,
      null,
      null,
    ]);
  });
});

describe(predictEpitopes.name, () => {
  // A hydrophilic, turn-rich loop between two hydrophobic helices.
  const antigen = 'LLLLIIVVALLLIVAGDKNGSDEKPDGSNKDLLLLIIVVALLLIVA';

  it('should score every residue with all four methods and flag the loop', () => {
    const sut = predictEpitopes(antigen, { minLength: 4 });
    expect(Object.keys(sut.methods).sort()).toEqual([
      'chou-fasman',
      'emini',
      'kolaskar-tongaonkar',
      'parker',
    ]);
    for (const m of Object.values(sut.methods)) expect(m.scores).toHaveLength(antigen.length);
    const loop = antigen.indexOf('GDKNG');
    const parker = sut.methods.parker.segments;
    expect(parker.some((s) => s.start <= loop + 1 && s.end >= loop + 5)).toBe(true);
  });

  it('should put the consensus on the loop and not on the hydrophobic helices', () => {
    const sut = predictEpitopes(antigen, { minLength: 4, minVotes: 3 });
    expect(sut.consensus.segments.length).toBeGreaterThan(0);
    for (const s of sut.consensus.segments) expect(s.peptide).not.toMatch(/^[LIVA]+$/);
    // Kolaskar-Tongaonkar alone favours hydrophobic stretches; the other three methods do not.
    expect(Math.max(...sut.consensus.votes.slice(0, 10))).toBeLessThan(3);
  });

  it('should use the larger of 1.0 and the protein mean as the Kolaskar-Tongaonkar threshold', () => {
    const sut = predictEpitopes('DDDDDDDDDDDDNNNNNNNN');
    expect(sut.methods['kolaskar-tongaonkar'].threshold).toBe(1.0);
  });

  // IEDB's tool reports S_n divided by the protein's mean S_n (method_calculation.py, `normalize`).
  // For AKDRGEL the two windows share K D R G E, so only A (0.49) and L (0.40) differ:
  //   S_3 / mean = 0.49 / ((0.49 + 0.40) / 2) = 0.98 / 0.89 = 1.101
  //   S_4 / mean = 0.40 / 0.445 = 0.80 / 0.89 = 0.899
  it('should report Emini scores relative to the protein mean, as IEDB does', () => {
    const sut = predictEpitopes('AKDRGEL').methods.emini;
    expect(sut.window).toBe(6);
    expect(sut.threshold).toBe(1.0);
    expect(sut.scores).toEqual([null, null, 1.101, 0.899, null, null, null]);
  });

  it('should average the Emini scores of a protein to 1', () => {
    const scores = predictEpitopes(antigen).methods.emini.scores.filter(
      (s): s is number => s !== null,
    );
    expect(scores.reduce((a, b) => a + b, 0) / scores.length).toBeCloseTo(1, 2);
  });

  it('should reject bad options with a clear error', () => {
    expect(() => predictEpitopes(antigen, { minVotes: 5 })).toThrow(/minVotes/);
  });
});
