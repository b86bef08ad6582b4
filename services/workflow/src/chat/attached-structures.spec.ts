import { MISSION_STRUCTURE_MAX } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { structuresOf } from './attached-structures';

const ATOM = 'ATOM      1  CA  ALA A   1      11.104  13.207   2.100  1.00 20.00           C';

describe(structuresOf.name, () => {
  it("should keep a PDB file's protein atoms of its first model, cut after the coordinates", () => {
    const text = [
      'HEADER    LYSOZYME',
      'MODEL        1',
      ATOM,
      'HETATM    2  O   HOH A 101       1.000   2.000   3.000  1.00 10.00           O',
      'HETATM    3 SE   MSE A   2       1.000   2.000   3.000  1.00 10.00          SE',
      'TER       4      ALA A   2',
      'ENDMDL',
      ATOM.replace('ALA', 'GLY'),
    ].join('\n');
    const [sut] = structuresOf([
      { name: 'lyso.pdb', text },
      { name: 'vh.fasta', text: '>VH\nEVQL' },
    ]);
    expect(sut.name).toBe('lyso.pdb');
    expect(sut.pdb.split('\n')).toEqual([
      ATOM.slice(0, 54),
      expect.stringMatching(/^HETATM.*MSE/),
      'TER',
    ]);
  });

  it('should send a file over the limit empty and marked, and one without atoms empty', () => {
    const huge = Array.from({ length: MISSION_STRUCTURE_MAX / 50 }, () => ATOM).join('\n');
    expect(structuresOf([{ name: 'big.pdb', text: huge }])).toEqual([
      { name: 'big.pdb', pdb: '', tooLarge: true },
    ]);
    expect(structuresOf([{ name: 'seqres.pdb', text: 'SEQRES   1 A  3  ALA GLY SER' }])).toEqual([
      { name: 'seqres.pdb', pdb: '' },
    ]);
  });
});
