import { AntibodyError, type LocalizedText } from './errors';
import type { Vec3 } from './structure/geometry';
import type { PdbResidue } from './structure/pdb';
import { shrakeRupley } from './structure/sasa';

/**
 * The five developability guidelines of the Therapeutic Antibody Profiler (TAP; Raybould, Marks,
 * Krawczyk, Taddese, Nowak, Lewis, Bujotzek, Shi & Deane, PNAS 116:4025, 2019), computed on an Fv
 * structure numbered in IMGT (the built-in model's chains H and L):
 * - total CDR length: residues of the six IMGT CDRs (27-38, 56-65, 105-117; TAP uses IMGT);
 * - PSH, patches of surface hydrophobicity: over pairs of residues of the CDR vicinity whose closest
 *   heavy atoms are within 7.5 Å, the sum of H(i)·H(j)/r², with Kyte & Doolittle's scale (J Mol Biol
 *   157:105, 1982) rescaled to 1 (Arg) - 2 (Ile);
 * - PPC and PNC, patches of positive and of negative charge: the same sum over pairs of residues of
 *   that sign, with |Q(i)·Q(j)| (Lys, Arg +1, His +0.1, Asp, Glu -1, at pH 7.4);
 * - SFvCSP, structural Fv charge symmetry: net charge of the VH surface times that of the VL surface.
 * Surface: relative accessibility ≥ 7.5 %, by Shrake & Rupley (J Mol Biol 79:351, 1973) as the
 * toolkit's structure module computes it. CDR vicinity: surface residues of the CDRs and of the two
 * anchor residues on either side of each, and surface residues within 4 Å of those. A surface
 * Lys/Arg–Asp/Glu pair within 3.2 Å (a salt bridge) counts as uncharged and with glycine's
 * hydrophobicity. Sums run over ordered pairs (i, j ≠ i), as in the equations of the paper.
 * Thresholds: TAP's of 2019 (table 2), set on models of 242 post-phase-I clinical-stage therapeutics:
 * amber for the outer 5 % of their values, red beyond the most extreme one.
 * Differences from TAP: TAP modelled with ABodyBuilder and measured side-chain accessibility
 * with PSA; here the built-in model and the whole residue's relative accessibility (Tien et al.
 * maxima) are used, so a value near a threshold should be read with that in mind.
 */
export type TapMetricName = 'cdrLength' | 'psh' | 'ppc' | 'pnc' | 'sfvcsp';
export type TapFlag = 'green' | 'amber' | 'red';

export interface TapResidue {
  chain: 'H' | 'L';
  /** IMGT number with insertion code. */
  position: string;
  residue: string;
  /** What this residue adds to the metric (its half of each pair; its charge for SFvCSP). */
  contribution: number;
}

export interface TapMetric {
  name: TapMetricName;
  label: LocalizedText;
  value: number;
  flag: TapFlag;
  /** The flag bands, in words (zh/en). */
  bands: LocalizedText;
  /** Residues behind the value, largest contribution first. */
  residues: TapResidue[];
}

export interface TapReport {
  method: LocalizedText;
  metrics: TapMetric[];
  /** Net charge of each chain's surface (SFvCSP's factors). */
  surfaceCharge: { H: number; L: number };
  /** Counts of the flags. */
  flags: Record<TapFlag, number>;
}

interface Band {
  /** [low, high] of the amber bands; red is outside the outermost amber bound, on the sides given. */
  amber: [number, number][];
  redBelow?: number;
  redAbove?: number;
}

/** TAP 2019, table 2 (242 clinical-stage therapeutics). */
export const TAP_THRESHOLDS: Record<TapMetricName, Band> = {
  // The paper flags long CDRs only; it gives no lower band for the total length.
  cdrLength: { amber: [[54, 60]], redAbove: 60 },
  psh: {
    amber: [
      [83.84, 100.71],
      [156.2, 173.85],
    ],
    redBelow: 83.84,
    redAbove: 173.85,
  },
  ppc: { amber: [[1.25, 3.16]], redAbove: 3.16 },
  pnc: { amber: [[1.84, 3.5]], redAbove: 3.5 },
  sfvcsp: { amber: [[-20.4, -6.3]], redBelow: -20.4 },
};

const LABELS: Record<TapMetricName, LocalizedText> = {
  cdrLength: { zh: 'CDR 总长度（IMGT）', en: 'Total CDR length (IMGT)' },
  psh: { zh: '表面疏水斑块（PSH）', en: 'Patches of surface hydrophobicity (PSH)' },
  ppc: { zh: '正电荷斑块（PPC）', en: 'Patches of positive charge (PPC)' },
  pnc: { zh: '负电荷斑块（PNC）', en: 'Patches of negative charge (PNC)' },
  sfvcsp: { zh: 'Fv 结构电荷对称性（SFvCSP）', en: 'Structural Fv charge symmetry (SFvCSP)' },
};

// Kyte & Doolittle (1982) hydropathy.
const KYTE_DOOLITTLE: Record<string, number> = {
  I: 4.5,
  V: 4.2,
  L: 3.8,
  F: 2.8,
  C: 2.5,
  M: 1.9,
  A: 1.8,
  G: -0.4,
  T: -0.7,
  S: -0.8,
  W: -0.9,
  Y: -1.3,
  P: -1.6,
  H: -3.2,
  E: -3.5,
  Q: -3.5,
  D: -3.5,
  N: -3.5,
  K: -3.9,
  R: -4.5,
};
const hydrophobicity = (aa: string) => 1 + ((KYTE_DOOLITTLE[aa] ?? -0.4) + 4.5) / 9;
const CHARGE: Record<string, number> = { K: 1, R: 1, H: 0.1, D: -1, E: -1 };

const CDR_RANGES: [number, number][] = [
  [27, 38],
  [56, 65],
  [105, 117],
];
const ANCHORS = new Set([25, 26, 39, 40, 54, 55, 66, 67, 103, 104, 118, 119]);
const SURFACE = 0.075;
const NEIGHBOUR = 7.5;
const VICINITY = 4;
const SALT_BRIDGE = 3.2;
// A template model has steric clashes (heavy atoms of residues not bonded to each other closer
// than they can be), and 1/r² would turn each into a large patch term. Between residues not
// adjacent in the chain, r counts as at least 2.6 Å, the shortest non-bonded heavy-atom contact
// (an N-H···O hydrogen bond); bonded neighbours (1.33 Å peptide bond) count as measured, as in TAP.
const CLOSEST_CONTACT = 2.6;
const DONORS: Record<string, string[]> = { K: ['NZ'], R: ['NH1', 'NH2'] };
const ACCEPTORS: Record<string, string[]> = { D: ['OD1', 'OD2'], E: ['OE1', 'OE2'] };

const inCdr = (n: number) => CDR_RANGES.some(([a, b]) => n >= a && n <= b);

interface Annotated {
  residue: PdbResidue;
  chain: 'H' | 'L';
  surface: boolean;
  hydrophobicity: number;
  charge: number;
}

/** TAP's five metrics on an Fv with chains H and L numbered in IMGT (the built-in model's). */
export function profileDevelopability(residues: PdbResidue[]): TapReport {
  const fv = residues.filter((r) => r.chain === 'H' || r.chain === 'L');
  if (!fv.some((r) => r.chain === 'H') || !fv.some((r) => r.chain === 'L'))
    throw new AntibodyError(
      'CHAIN_REQUIRED',
      {
        zh: 'TAP 可开发性评估需要重链和轻链（VH 与 VL）的结构。',
        en: 'The TAP developability profile needs a structure with both a heavy and a light chain (VH and VL).',
      },
      { chains: [...new Set(residues.map((r) => r.chain))] },
    );
  const exposure = sideChainExposure(fv);
  const annotated: Annotated[] = fv.map((residue, k) => ({
    residue,
    chain: residue.chain as 'H' | 'L',
    surface: exposure[k] >= SURFACE,
    hydrophobicity: hydrophobicity(residue.aa),
    charge: CHARGE[residue.aa] ?? 0,
  }));
  const neighbours = neighbourDistances(fv);
  for (const [i, j] of saltBridges(annotated)) {
    for (const a of [annotated[i], annotated[j]]) {
      a.charge = 0;
      a.hydrophobicity = hydrophobicity('G');
    }
  }
  const patches = { annotated, neighbours, vicinity: cdrVicinity(annotated, neighbours) };
  const cdrResidues = annotated.filter((a) => inCdr(a.residue.resSeq));

  const metrics: TapMetric[] = [
    metric(
      'cdrLength',
      cdrResidues.length,
      cdrResidues.map((a) => entry(a, 1)),
    ),
    patchMetric('psh', patches, (a) => a.hydrophobicity),
    patchMetric('ppc', patches, (a) => (a.charge > 0 ? a.charge : 0)),
    patchMetric('pnc', patches, (a) => (a.charge < 0 ? -a.charge : 0)),
  ];
  const surfaceCharge = { H: 0, L: 0 };
  const charged: TapResidue[] = [];
  for (const a of annotated) {
    if (!a.surface || a.charge === 0) continue;
    surfaceCharge[a.chain] += a.charge;
    charged.push(entry(a, a.charge));
  }
  surfaceCharge.H = round(surfaceCharge.H);
  surfaceCharge.L = round(surfaceCharge.L);
  metrics.push(
    metric(
      'sfvcsp',
      surfaceCharge.H * surfaceCharge.L,
      charged.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution)),
    ),
  );
  const flags: Record<TapFlag, number> = { green: 0, amber: 0, red: 0 };
  for (const m of metrics) flags[m.flag]++;
  return {
    method: {
      zh: 'TAP（Raybould 等，PNAS 2019）五项指标，基于内置模板模型与 Shrake–Rupley 溶剂可及性；阈值取自 242 个进入临床 II 期以后的治疗性抗体。',
      en: 'TAP (Raybould et al., PNAS 2019), five metrics on the built-in template model with Shrake–Rupley accessibility; thresholds from 242 post-phase-I clinical-stage therapeutics.',
    },
    metrics,
    surfaceCharge,
    flags,
  };
}

/** Flag of `value` against TAP's 2019 bands for `name`. */
export function tapFlag(name: TapMetricName, value: number): TapFlag {
  const band = TAP_THRESHOLDS[name];
  if (band.redBelow !== undefined && value < band.redBelow) return 'red';
  if (band.redAbove !== undefined && value > band.redAbove) return 'red';
  return band.amber.some(([low, high]) => value >= low && value <= high) ? 'amber' : 'green';
}

function bandText(name: TapMetricName): LocalizedText {
  const band = TAP_THRESHOLDS[name];
  const amber = band.amber.map(([a, b]) => `${a}–${b}`).join(', ');
  const red = [
    band.redBelow !== undefined ? `< ${band.redBelow}` : undefined,
    band.redAbove !== undefined ? `> ${band.redAbove}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return { zh: `黄色 ${amber}；红色 ${red}`, en: `amber ${amber}; red ${red}` };
}

function metric(name: TapMetricName, value: number, residues: TapResidue[]): TapMetric {
  const rounded = round(value);
  return {
    name,
    label: LABELS[name],
    value: rounded,
    flag: tapFlag(name, rounded),
    bands: bandText(name),
    residues,
  };
}

function entry(a: Annotated, contribution: number): TapResidue {
  return {
    chain: a.chain,
    position: `${a.residue.resSeq}${a.residue.iCode}`,
    residue: a.residue.aa,
    contribution: round(contribution),
  };
}

interface Patches {
  annotated: Annotated[];
  neighbours: Map<number, Map<number, number>>;
  /** Indices of the CDR vicinity. */
  vicinity: Set<number>;
}

function patchMetric(
  name: TapMetricName,
  { annotated, neighbours, vicinity }: Patches,
  score: (a: Annotated) => number,
): TapMetric {
  const share = new Map<number, number>();
  let total = 0;
  for (const i of vicinity) {
    const si = score(annotated[i]);
    if (si === 0) continue;
    for (const [j, r] of neighbours.get(i) ?? []) {
      if (!vicinity.has(j)) continue;
      const sj = score(annotated[j]);
      if (sj === 0) continue;
      const term = (si * sj) / (r * r);
      total += term;
      share.set(i, (share.get(i) ?? 0) + term);
    }
  }
  const residues = [...share].sort((a, b) => b[1] - a[1]).map(([i, c]) => entry(annotated[i], c));
  return metric(name, total, residues);
}

function cdrVicinity(
  annotated: Annotated[],
  neighbours: Map<number, Map<number, number>>,
): Set<number> {
  const core = annotated
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.surface && (inCdr(a.residue.resSeq) || ANCHORS.has(a.residue.resSeq)))
    .map(({ i }) => i);
  const set = new Set(core);
  for (const i of core) {
    for (const [j, r] of neighbours.get(i) ?? [])
      if (r < VICINITY && annotated[j].surface) set.add(j);
  }
  return set;
}

const BACKBONE_ATOMS = new Set(['N', 'CA', 'C', 'O']);

/**
 * Relative side-chain accessibility, TAP's exposure measure (it used PSA): the Shrake–Rupley area
 * of each side chain in the Fv over its area with only its own residue around it (glycine's CA
 * stands for its side chain).
 */
function sideChainExposure(residues: PdbResidue[]): number[] {
  const split = residues.map((r) => {
    const side = Object.entries(r.atoms).filter(([name]) => !BACKBONE_ATOMS.has(name));
    const sideNames = new Set(side.length ? side.map(([name]) => name) : ['CA']);
    const part = (keep: (name: string) => boolean): PdbResidue => ({
      ...r,
      atoms: Object.fromEntries(Object.entries(r.atoms).filter(([name]) => keep(name))),
    });
    return [part((n) => !sideNames.has(n)), part((n) => sideNames.has(n))];
  });
  const inFv = shrakeRupley(split.flat());
  return split.map((pair, k) => {
    const alone = shrakeRupley(pair)[1].sasa;
    return alone > 0 ? inFv[2 * k + 1].sasa / alone : 0;
  });
}

/** For each residue, the other residues whose closest heavy atoms are within 7.5 Å, with that distance. */
function neighbourDistances(residues: PdbResidue[]): Map<number, Map<number, number>> {
  const atoms = residues.map((r) => Object.values(r.atoms));
  const centres = atoms.map(centre);
  const radii = atoms.map((list, k) =>
    Math.max(0, ...list.map((p) => Math.sqrt(squared(p, centres[k])))),
  );
  const out = new Map<number, Map<number, number>>(residues.map((_, k) => [k, new Map()]));
  for (let i = 0; i < residues.length; i++) {
    for (let j = i + 1; j < residues.length; j++) {
      const reach = NEIGHBOUR + radii[i] + radii[j];
      if (squared(centres[i], centres[j]) > reach * reach) continue;
      let best = Infinity;
      for (const p of atoms[i]) for (const q of atoms[j]) best = Math.min(best, squared(p, q));
      const bonded = residues[i].chain === residues[j].chain && j === i + 1;
      const r = bonded ? Math.sqrt(best) : Math.max(CLOSEST_CONTACT, Math.sqrt(best));
      if (r >= NEIGHBOUR) continue;
      out.get(i)!.set(j, r);
      out.get(j)!.set(i, r);
    }
  }
  return out;
}

/** Surface Lys/Arg–Asp/Glu pairs with a donor and an acceptor atom within 3.2 Å; each residue once. */
function saltBridges(annotated: Annotated[]): [number, number][] {
  const paired = new Set<number>();
  const out: [number, number][] = [];
  annotated.forEach((a, i) => {
    const donors = DONORS[a.residue.aa];
    if (!donors || !a.surface || paired.has(i)) return;
    annotated.forEach((b, j) => {
      const acceptors = ACCEPTORS[b.residue.aa];
      if (!acceptors || !b.surface || paired.has(i) || paired.has(j)) return;
      const close = donors.some((d) =>
        acceptors.some((x) => {
          const p = a.residue.atoms[d];
          const q = b.residue.atoms[x];
          return p && q && squared(p, q) <= SALT_BRIDGE * SALT_BRIDGE;
        }),
      );
      if (close) {
        paired.add(i);
        paired.add(j);
        out.push([i, j]);
      }
    });
  });
  return out;
}

function centre(points: Vec3[]): Vec3 {
  const c: Vec3 = [0, 0, 0];
  for (const p of points) for (let k = 0; k < 3; k++) c[k] += p[k] / points.length;
  return c;
}

function squared(a: Vec3, b: Vec3): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
