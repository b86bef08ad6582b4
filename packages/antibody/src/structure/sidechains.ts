import { applySuperposition, squaredDistance, superpose, type Vec3 } from './geometry';
import { sideChainNames } from './residues';
import type { FvTemplate, TemplateResidue } from './templates';

/**
 * Side chains for residues that differ from their template. The rotamers are taken from the template
 * library itself: every complete side chain of an amino acid is put in a common backbone frame and
 * clustered (greedy, 1.0 Å RMSD); the most populated clusters are that amino acid's rotamers, most
 * frequent first. This is a backbone-independent library in the spirit of Lovell et al.'s penultimate
 * rotamer library (Proteins 40:389, 2000), measured on antibody structures instead of tabulated as
 * chi angles. The placed rotamer is the one with fewest clashes against the atoms already built
 * (heavy atoms closer than 3 Å); ties go to the more frequent rotamer, as in SCWRL-style packing.
 */
export interface Rotamer {
  backbone: Vec3[];
  atoms: Record<string, Vec3>;
  count: number;
}

const MAX_EXAMPLES = 300;
const MAX_ROTAMERS = 8;
const CLUSTER_RMSD = 1.0;
const CLASH_DISTANCE_SQ = 3.0 * 3.0;

let cache: { library: FvTemplate[]; rotamers: Map<string, Rotamer[]> } | undefined;

export function rotamerLibrary(library: FvTemplate[]): Map<string, Rotamer[]> {
  if (cache?.library === library) return cache.rotamers;
  const examples = new Map<string, TemplateResidue[]>();
  for (const t of library)
    for (const chain of t.light ? [t.heavy, t.light] : [t.heavy])
      for (const r of chain.residues) {
        const names = sideChainNames(r.aa);
        if (!names.length || !hasBackbone(r) || !names.every((n) => r.atoms[n])) continue;
        const list = examples.get(r.aa) ?? [];
        if (list.length < MAX_EXAMPLES) list.push(r);
        examples.set(r.aa, list);
      }
  const rotamers = new Map<string, Rotamer[]>();
  for (const [aa, list] of examples) rotamers.set(aa, cluster(aa, list));
  cache = { library, rotamers };
  return rotamers;
}

function hasBackbone(r: TemplateResidue): boolean {
  return Boolean(r.atoms.N && r.atoms.CA && r.atoms.C);
}

function backboneOf(r: { atoms: Record<string, Vec3> }): Vec3[] {
  return [r.atoms.N, r.atoms.CA, r.atoms.C];
}

function cluster(aa: string, list: TemplateResidue[]): Rotamer[] {
  const names = sideChainNames(aa);
  const reference = backboneOf(list[0]);
  const centres: Rotamer[] = [];
  for (const r of list) {
    const fit = superpose(backboneOf(r), reference);
    const atoms = Object.fromEntries(names.map((n) => [n, applySuperposition(fit, r.atoms[n])]));
    const home = centres.find((c) => sideChainRmsd(names, c.atoms, atoms) < CLUSTER_RMSD);
    if (home) home.count++;
    else centres.push({ backbone: reference, atoms, count: 1 });
  }
  return centres.sort((a, b) => b.count - a.count).slice(0, MAX_ROTAMERS);
}

function sideChainRmsd(names: string[], a: Record<string, Vec3>, b: Record<string, Vec3>): number {
  let sum = 0;
  for (const n of names) sum += squaredDistance(a[n], b[n]);
  return Math.sqrt(sum / names.length);
}

/** Places the side chain of `aa` on a backbone, choosing the rotamer with fewest clashes with `others`. */
export function placeSideChain(
  aa: string,
  backbone: { atoms: Record<string, Vec3> },
  others: Vec3[],
  rotamers: Map<string, Rotamer[]>,
): Record<string, Vec3> {
  const options = rotamers.get(aa) ?? [];
  if (!options.length || !backbone.atoms.N || !backbone.atoms.CA || !backbone.atoms.C) return {};
  const target = backboneOf(backbone);
  let best: { atoms: Record<string, Vec3>; clashes: number } | undefined;
  for (const rotamer of options) {
    const fit = superpose(rotamer.backbone, target);
    const atoms: Record<string, Vec3> = {};
    for (const [name, xyz] of Object.entries(rotamer.atoms))
      atoms[name] = applySuperposition(fit, xyz);
    const clashes = countClashes(Object.values(atoms), others);
    if (!best || clashes < best.clashes) best = { atoms, clashes };
    if (clashes === 0) break;
  }
  return best?.atoms ?? {};
}

function countClashes(atoms: Vec3[], others: Vec3[]): number {
  let clashes = 0;
  for (const a of atoms)
    for (const b of others) if (squaredDistance(a, b) < CLASH_DISTANCE_SQ) clashes++;
  return clashes;
}
