import { describe, expect, it } from 'vitest';

import { parsePdb, type PdbResidue, writePdb } from './pdb';

const RESIDUES: PdbResidue[] = [
  {
    chain: 'H',
    resSeq: 111,
    iCode: '',
    aa: 'G',
    atoms: { N: [1, 2, 3], CA: [2.4, 2, 3], C: [3, 3.2, 3], O: [4, 3.1, 3.5] },
    bfactor: 1.25,
  },
  {
    chain: 'H',
    resSeq: 111,
    iCode: 'A',
    aa: 'S',
    atoms: {
      N: [-1.5, 0, 0],
      CA: [0, 0, 0],
      C: [0.5, 1.4, 0],
      O: [1, 2, 0],
      CB: [-0.5, -0.8, 1.2],
      OG: [-1.8, -0.9, 1.3],
    },
    bfactor: 3.5,
  },
  { chain: 'L', resSeq: 1, iCode: '', aa: 'D', atoms: { N: [10, 0, 0], CA: [11.4, 0, 0] } },
];

describe('PDB writing and reading', () => {
  it('round-trips chains, IMGT numbers with insertion codes, atoms and B-factors', () => {
    const text = writePdb(RESIDUES, ['TEMPLATE 1ABC']);
    expect(text.split('\n')[0]).toBe('REMARK 999 TEMPLATE 1ABC');
    const atomLines = text.split('\n').filter((l) => l.startsWith('ATOM'));
    expect(atomLines.every((l) => l.length === 78)).toBe(true);
    expect(atomLines[4].slice(17, 27)).toBe('SER H 111A');
    expect(atomLines[4].slice(60, 66)).toBe('  3.50');
    const back = parsePdb(text);
    expect(back.map((r) => `${r.chain}${r.resSeq}${r.iCode}${r.aa}`)).toEqual([
      'H111G',
      'H111AS',
      'L1D',
    ]);
    expect(back[1].atoms.OG).toEqual([-1.8, -0.9, 1.3]);
    expect(text).toContain('TER');
  });

  it('keeps the first alternate location and stops at the end of the first model', () => {
    const text = [
      'ATOM      1  CA AALA A   5       1.000   1.000   1.000  0.50 10.00           C',
      'ATOM      2  CA BALA A   5       9.000   9.000   9.000  0.50 10.00           C',
      'ENDMDL',
      'ATOM      3  CA  GLY A   6       2.000   2.000   2.000  1.00 10.00           C',
    ].join('\n');
    const residues = parsePdb(text);
    expect(residues).toHaveLength(1);
    expect(residues[0].atoms.CA).toEqual([1, 1, 1]);
  });
});
