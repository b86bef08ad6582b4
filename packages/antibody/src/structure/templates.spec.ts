import { describe, expect, it } from 'vitest';

import { numberSequence } from '../numbering/number';
import { packLibrary, unpackLibrary } from './templates';
import { loadTemplateLibrary } from './templates-node';

const library = loadTemplateLibrary();
const sequenceOf = (chain: { residues: { aa: string }[] }) =>
  chain.residues.map((r) => r.aa).join('');

describe('template library', () => {
  it('holds paired Fvs and VHHs, each with a PDB id and a source', () => {
    const paired = library.filter((t) => t.light);
    expect(paired.length).toBeGreaterThanOrEqual(150);
    expect(library.length - paired.length).toBeGreaterThanOrEqual(20);
    for (const t of library) {
      expect(t.pdb).toMatch(/^[0-9][A-Z0-9]{3}$/);
      expect(t.source).toMatch(/\.pdb$/);
    }
    expect(new Set(library.map((t) => t.id)).size).toBe(library.length);
  });

  it('is numbered with the toolkit IMGT numbering (renumbering a template gives its positions)', () => {
    for (const t of library.slice(0, 40))
      for (const chain of t.light ? [t.heavy, t.light] : [t.heavy]) {
        const n = numberSequence(sequenceOf(chain));
        expect(n.residues.map((r) => r.position)).toEqual(chain.residues.map((r) => r.position));
        expect(n.chainType).toBe(chain.type);
      }
  });

  it('has backbone atoms for the conserved cysteines 23 and 104', () => {
    let complete = 0;
    for (const t of library) {
      const c = t.heavy.residues.filter(
        (r) => (r.position === '23' || r.position === '104') && r.aa === 'C',
      );
      if (c.length === 2 && c.every((r) => r.atoms.CA && r.atoms.SG)) complete++;
    }
    expect(complete / library.length).toBeGreaterThan(0.95);
  });

  it('packs and unpacks to 0.01 Å', () => {
    const sample = library.slice(0, 3);
    const back = unpackLibrary(packLibrary(sample));
    expect(back.map((t) => t.id)).toEqual(sample.map((t) => t.id));
    const a = sample[0].heavy.residues[10].atoms.CA;
    const b = back[0].heavy.residues[10].atoms.CA;
    // Packing re-centres each Fv: compare a distance inside the Fv instead of raw coordinates.
    const d = (x: number[], y: number[]) => Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
    const a2 = sample[0].heavy.residues[50].atoms.CA;
    const b2 = back[0].heavy.residues[50].atoms.CA;
    expect(Math.abs(d(a, a2) - d(b, b2))).toBeLessThan(0.02);
  });
});
