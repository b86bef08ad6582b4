import { describe, expect, it } from 'vitest';

import {
  colorsByError,
  colorsByPatch,
  colorsByRegion,
  colorsByScore,
  imgtRegion,
  PATCH_COLORS,
  pdbResidues,
  ramp,
  REGION_COLORS,
} from './residue-colors';

const PDB = [
  'ATOM      1  N   GLY H 111A     11.104  13.207   2.100  1.00  0.50           N',
  'ATOM      2  CA  GLY H 111A     11.104  13.207   2.100  1.00  3.50           C',
  'ATOM      3  CA  SER L  27      11.104  13.207   2.100  1.00  0.00           C',
  'ATOM      4  CA  LYS L   5      11.104  13.207   2.100  1.00  1.00           C',
].join('\n');

describe('residue colours', () => {
  it('should read each residue of PDB text once, from its CA, with its insertion code and B-factor', () => {
    expect(pdbResidues(PDB)).toEqual([
      { chain: 'H', number: '111A', residue: 'GLY', bFactor: 3.5 },
      { chain: 'L', number: '27', residue: 'SER', bFactor: 0 },
      { chain: 'L', number: '5', residue: 'LYS', bFactor: 1 },
    ]);
  });

  it("should colour an Fv by IMGT region, each chain's CDRs in their own colours", () => {
    expect([imgtRegion('26'), imgtRegion('27'), imgtRegion('111A'), imgtRegion('118')]).toEqual([
      'fr',
      'cdr1',
      'cdr3',
      'fr',
    ]);
    expect(colorsByRegion(pdbResidues(PDB))).toEqual({
      'H:111A': REGION_COLORS.H.cdr3,
      'L:27': REGION_COLORS.L.cdr1,
      'L:5': REGION_COLORS.L.fr,
    });
  });

  it('should ramp estimated errors and scores from blue through white to red', () => {
    expect(ramp(0)).toBe(0x2c7bb6);
    expect(ramp(0.5)).toBe(0xf7f7f7);
    expect(ramp(1)).toBe(0xd7191c);
    expect(ramp(7)).toBe(0xd7191c);
    const byError = colorsByError(pdbResidues(PDB));
    expect(byError['L:27']).toBe(0x2c7bb6);
    expect(byError['H:111A']).not.toBe(byError['L:5']);
    expect(colorsByScore([{ chain: 'A', number: '10', score: 1 }])).toEqual({ 'A:10': 0xd7191c });
  });

  it('should give a residue the colour of its best-ranked patch', () => {
    const shared = { chain: 'A', number: '3' };
    expect(
      colorsByPatch([
        { rank: 1, residues: [shared] },
        { rank: 2, residues: [shared, { chain: 'A', number: '4' }] },
      ]),
    ).toEqual({ 'A:3': PATCH_COLORS[0], 'A:4': PATCH_COLORS[1] });
  });
});
