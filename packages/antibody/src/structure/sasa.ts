import type { Vec3 } from './geometry';
import type { PdbResidue } from './pdb';

/**
 * Solvent-accessible surface area by the Shrake–Rupley method (J Mol Biol 79:351, 1973): points
 * spread evenly (golden-section spiral) over each atom's sphere of van der Waals radius plus the
 * 1.4 Å probe; the accessible fraction is the share of points inside no neighbour's sphere. Radii:
 * Bondi (J Phys Chem 68:441, 1964) for C, N, O, S. Relative accessibility divides by the residue's
 * maximum in a Gly-X-Gly tripeptide, theoretical values of Tien et al. (PLoS ONE 8:e80635, 2013).
 */
export const PROBE_RADIUS = 1.4;
const RADII: Record<string, number> = { C: 1.7, N: 1.55, O: 1.52, S: 1.8 };

export const MAX_ASA: Record<string, number> = {
  A: 129,
  R: 274,
  N: 195,
  D: 193,
  C: 167,
  E: 223,
  Q: 225,
  G: 104,
  H: 224,
  I: 197,
  L: 201,
  K: 236,
  M: 224,
  F: 240,
  P: 159,
  S: 155,
  T: 172,
  W: 285,
  Y: 263,
  V: 174,
};

export interface ResidueSasa {
  residue: PdbResidue;
  /** Å². */
  sasa: number;
  /** sasa / MAX_ASA of the residue type (may exceed 1 at chain ends). */
  relative: number;
}

function sphere(points: number): Vec3[] {
  const out: Vec3[] = [];
  const increment = Math.PI * (3 - Math.sqrt(5));
  for (let k = 0; k < points; k++) {
    const y = 1 - (2 * k + 1) / points;
    const r = Math.sqrt(1 - y * y);
    const phi = k * increment;
    out.push([Math.cos(phi) * r, y, Math.sin(phi) * r]);
  }
  return out;
}

interface AtomEntry {
  xyz: Vec3;
  radius: number;
  owner: number;
}

export function radiusOf(atomName: string): number {
  return RADII[atomName[0]] ?? 1.8;
}

/** Per-residue SASA of the given residues (all of them form the body that buries surface). */
export function shrakeRupley(residues: PdbResidue[], points = 100): ResidueSasa[] {
  const atoms: AtomEntry[] = [];
  residues.forEach((r, owner) => {
    for (const [name, xyz] of Object.entries(r.atoms))
      atoms.push({ xyz, radius: radiusOf(name) + PROBE_RADIUS, owner });
  });
  const cell = 2 * (1.8 + PROBE_RADIUS);
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  atoms.forEach((a, k) => {
    const id = key(...(a.xyz.map((v) => Math.floor(v / cell)) as Vec3));
    const list = grid.get(id) ?? [];
    list.push(k);
    grid.set(id, list);
  });
  const dots = sphere(points);
  const area = new Array<number>(residues.length).fill(0);
  atoms.forEach((a, k) => {
    const [cx, cy, cz] = a.xyz.map((v) => Math.floor(v / cell));
    const neighbours: AtomEntry[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (const j of grid.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
            if (j === k) continue;
            const b = atoms[j];
            const reach = a.radius + b.radius;
            const d2 =
              (a.xyz[0] - b.xyz[0]) ** 2 + (a.xyz[1] - b.xyz[1]) ** 2 + (a.xyz[2] - b.xyz[2]) ** 2;
            if (d2 < reach * reach) neighbours.push(b);
          }
    let free = 0;
    for (const d of dots) {
      const p: Vec3 = [
        a.xyz[0] + a.radius * d[0],
        a.xyz[1] + a.radius * d[1],
        a.xyz[2] + a.radius * d[2],
      ];
      if (
        !neighbours.some(
          (b) =>
            (p[0] - b.xyz[0]) ** 2 + (p[1] - b.xyz[1]) ** 2 + (p[2] - b.xyz[2]) ** 2 <
            b.radius * b.radius,
        )
      )
        free++;
    }
    area[a.owner] += (4 * Math.PI * a.radius * a.radius * free) / points;
  });
  return residues.map((residue, k) => ({
    residue,
    sasa: area[k],
    relative: area[k] / (MAX_ASA[residue.aa] ?? 200),
  }));
}
