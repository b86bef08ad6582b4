import { describe, expect, it } from 'vitest';

import { dihedral, placeAtom, refitLoopLength } from './closure';
import { distance, type Vec3 } from './geometry';
import { loopPositions } from './loops';
import { residueMap } from './regions';
import { loadTemplateLibrary } from './templates-node';

const library = loadTemplateLibrary();

describe('placeAtom (natural extension reference frame)', () => {
  it('places an atom with the bond length, angle and torsion asked for', () => {
    const [a, b, c]: Vec3[] = [
      [0, 1, 0],
      [0, 0, 0],
      [1.5, 0, 0],
    ];
    const d = placeAtom(a, b, c, 1.33, (116 * Math.PI) / 180, 1.0);
    expect(distance(c, d)).toBeCloseTo(1.33, 5);
    expect(dihedral(a, b, c, d)).toBeCloseTo(1.0, 5);
  });

  it('measures torsions with the IUPAC sign (clockwise seen along b→c is positive)', () => {
    expect(dihedral([1, 0, 0], [0, 0, 0], [0, 0, 1], [0, 1, 1])).toBeCloseTo(Math.PI / 2, 5);
  });
});

describe('refitLoopLength (tip rebuilt and closed by CCD)', () => {
  const heavy = library.find((t) => t.light)!.heavy;
  const byPosition = residueMap(heavy);
  const loop = loopPositions(heavy, 'cdr3').map((p) => byPosition.get(p)!);
  const next = byPosition.get('118')!;

  for (const delta of [-2, -1, 1, 2]) {
    it(`fits a ${loop.length}-residue H3 to ${loop.length + delta} positions with peptide geometry`, () => {
      const positions = Array.from({ length: loop.length + delta }, (_, k) => `p${k}`);
      const refit = refitLoopLength(positions, loop, next)!;
      expect(refit.map((r) => r.position)).toEqual(positions);
      const chain = [...refit, next];
      for (let k = 1; k < chain.length; k++) {
        expect(distance(chain[k - 1].atoms.CA, chain[k].atoms.CA)).toBeGreaterThan(3.6);
        expect(distance(chain[k - 1].atoms.CA, chain[k].atoms.CA)).toBeLessThan(4.0);
        expect(distance(chain[k - 1].atoms.C, chain[k].atoms.N)).toBeLessThan(1.6);
      }
      // Both ends keep the template's own residues; every residue between is rebuilt.
      expect(refit.slice(1, -1).every((r) => r.aa === 'X' && r.atoms.O)).toBe(true);
      expect(refit[0].atoms.CA).toEqual(loop[0].atoms.CA);
      expect(refit.at(-1)!.atoms.CA).toEqual(loop.at(-1)!.atoms.CA);
    });
  }
});
