import { describe, expect, it } from 'vitest';

import { predictEpitopes, windowScores } from './epitopes';
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

  // Emini et al., J. Virol. 55:836 (1985), surface probabilities relative to the mean.
  it('should reproduce the Emini table', () => {
    expect(EMINI_SURFACE).toMatchObject({ K: 1.545, R: 1.475, C: 0.394, I: 0.603, L: 0.603 });
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

  it('should multiply a 6-residue Emini window onto its fourth residue', () => {
    const sut = windowScores('KKKKKK', EMINI_SURFACE, 6, 'product');
    expect(sut[3]).toBeCloseTo(1.545 ** 6, 3);
    expect(sut.filter((s) => s !== null)).toHaveLength(1);
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

  it('should reject bad options with a clear error', () => {
    expect(() => predictEpitopes(antigen, { minVotes: 5 })).toThrow(/minVotes/);
  });
});
