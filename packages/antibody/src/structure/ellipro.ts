import { AntibodyError } from '../errors';
import { centroid, distance, type Vec3 } from './geometry';
import type { PdbResidue } from './pdb';
import { MAX_ASA, shrakeRupley } from './sasa';

/**
 * Discontinuous B-cell epitopes from an antigen's structure by ElliPro (Ponomarenko et al., BMC
 * Bioinformatics 9:514, 2008): the protein is approximated by a family of ellipsoids of the shape of
 * its atom cloud (principal axes of the atom coordinates, Thornton et al., EMBO J 5:409, 1986); a
 * residue's protrusion index (PI) is the fraction of the protein's atoms inside the ellipsoid on whose
 * surface the residue's centre of mass lies, so 0.9 means 90% of the atoms are nearer the centre.
 * Residues with PI ≥ S (0.5) are clustered by single linkage on their centres of mass within R (6 Å);
 * a patch's score is its residues' mean PI. ElliPro steps PI in tenths (ellipsoids holding 10 %..90 %
 * of the atoms); the continuous fraction used here ranks residues the same way within a step.
 * Relative solvent accessibility (Shrake–Rupley) is given beside each residue; it is not part of
 * ElliPro's score.
 */
export interface StructureEpitopeResidue {
  chain: string;
  /** Residue number with insertion code, as in the file (e.g. "52A"). */
  number: string;
  residue: string;
  /** ElliPro protrusion index, 0-1. */
  score: number;
  /** Relative solvent accessibility (Shrake–Rupley / Tien et al. maximum). */
  exposure: number;
  /**
   * The epitope score: protrusion × exposed area × distance from the chain ends, that is
   * score × min(SASA / 285 Å², 1) × min(terminusDistance / 60 Å, 1).
   * - 285 Å² is the largest residue maximum (Trp, Tien et al. 2013). An antibody touches a residue
   *   through its exposed atoms, so the area in Å² (a half-exposed Trp offers more than a fully
   *   exposed Gly) ranks epitope residues better than the fraction; chosen over √(score × exposure)
   *   on a tuning set of complexes independent of the benchmark (bench/epitope-bench.mjs --set abag).
   * - The chain-end factor is this toolkit's own, not a published method. A solved antigen is most
   *   often a construct: a domain or ectodomain cut from a larger protein, whose chain ends join the
   *   rest of the protein (other domains, a stalk, the membrane) or carry tags and linkers, so the
   *   surface around them is covered or absent on the native antigen and rarely an antibody's
   *   epitope. It was chosen on 169 complexes of three public sets that share no antigen with the
   *   benchmark (bench/epitope-propensity.mjs's training set), where it lifts the mean AUC in each
   *   set (0.691 → 0.703); 60 Å is where that figure stops rising.
   */
  combined: number;
  /** Distance from the residue's centre to the centre of the nearest chain end (first or last residue of a chosen chain), Å. */
  terminusDistance: number;
  /**
   * Half-sphere exposure (Hamelryck, Proteins 59:38, 2005): CA atoms within 13 Å in the half-sphere
   * the side chain points into (CA→CB; a virtual CB for glycine). Few means exposed.
   */
  hseUp: number;
  /**
   * Mean of the residue's percentile ranks (within its protein) of the protrusion index, the relative
   * accessibility and the inverse of HSE-up: the three structural signals with equal weight.
   */
  consensus: number;
}

export interface EpitopePatch {
  rank: number;
  score: number;
  residues: { chain: string; number: string; residue: string }[];
}

export interface StructureEpitopes {
  method: 'ellipro';
  chains: string[];
  residues: StructureEpitopeResidue[];
  patches: EpitopePatch[];
}

export interface StructureEpitopeOptions {
  chain?: string;
  /** Minimum PI of a patch residue (ElliPro's S, default 0.5). */
  minScore?: number;
  /** Single-linkage distance between residue centres, Å (ElliPro's R, default 6). */
  linkDistance?: number;
  /** Smallest patch reported (default 3 residues). */
  minPatchSize?: number;
}

/** Picks the antigen chain(s): those asked for ("A" or "A,B"), or the only protein chain. */
export function selectChain(residues: PdbResidue[], chain?: string): PdbResidue[] {
  const protein = residues.filter((r) => r.aa !== 'X' && r.atoms.CA);
  const chains = [...new Set(protein.map((r) => r.chain))];
  if (!chains.length)
    throw new AntibodyError('NO_PROTEIN', {
      zh: '该 PDB 文件中没有蛋白质原子（ATOM 记录）。',
      en: 'The PDB file holds no protein atoms (ATOM records).',
    });
  if (chain === undefined && chains.length > 1)
    throw new AntibodyError(
      'CHAIN_REQUIRED',
      {
        zh: `该结构有多条蛋白链（${chains.join('、')}）：请指定抗原所在的链。`,
        en: `The structure has several protein chains (${chains.join(', ')}): say which chain is the antigen.`,
      },
      { chains },
    );
  const wanted = chain === undefined ? chains : chain.split(',').map((c) => c.trim());
  const missing = wanted.filter((c) => !chains.includes(c));
  if (missing.length || !wanted.length)
    throw new AntibodyError(
      'CHAIN_NOT_FOUND',
      {
        zh: `结构中没有链 ${missing.join('、') || '（空）'}；可选的链：${chains.join('、')}。`,
        en: `The structure has no chain ${missing.join(', ') || '(empty)'}; its chains are ${chains.join(', ')}.`,
      },
      { chain, chains },
    );
  return protein.filter((r) => wanted.includes(r.chain));
}

/** Eigenvectors of a symmetric 3×3 matrix (cyclic Jacobi), as columns, with their eigenvalues. */
function eigen3(m: number[][]): { values: number[]; vectors: number[][] } {
  const a = m.map((row) => [...row]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0][1] ** 2 + a[0][2] ** 2 + a[1][2] ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < 2; p++)
      for (let q = p + 1; q < 3; q++) {
        if (Math.abs(a[p][q]) < 1e-30) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 3; k++) {
          const [akp, akq] = [a[k][p], a[k][q]];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < 3; k++) {
          const [apk, aqk] = [a[p][k], a[q][k]];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 3; k++) {
          const [vkp, vkq] = [v[k][p], v[k][q]];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: [a[0][0], a[1][1], a[2][2]], vectors: v };
}

/** Scaled ellipsoidal radius of each point in the principal frame of `cloud`. */
function ellipsoidRadius(cloud: Vec3[]): (p: Vec3) => number {
  const c = centroid(cloud);
  const cov = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (const p of cloud)
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) cov[i][j] += ((p[i] - c[i]) * (p[j] - c[j])) / cloud.length;
  const { values, vectors } = eigen3(cov);
  const sd = values.map((x) => Math.sqrt(Math.max(x, 1e-6)));
  return (p) => {
    let r = 0;
    for (let k = 0; k < 3; k++) {
      const proj =
        (p[0] - c[0]) * vectors[0][k] +
        (p[1] - c[1]) * vectors[1][k] +
        (p[2] - c[2]) * vectors[2][k];
      r += (proj / sd[k]) ** 2;
    }
    return Math.sqrt(r);
  };
}

/** The largest residue maximum of Tien et al. (Trp), Å²: scales an exposed area to 0-1. */
const LARGEST_MAX_ASA = Math.max(...Object.values(MAX_ASA));

const numberOf = (r: PdbResidue) => `${r.resSeq}${r.iCode}`;
const round = (x: number) => Math.round(x * 1000) / 1000;

export function predictStructureEpitopes(
  all: PdbResidue[],
  options: StructureEpitopeOptions = {},
): StructureEpitopes {
  const residues = selectChain(all, options.chain);
  const atoms = residues.flatMap((r) => Object.values(r.atoms));
  const radius = ellipsoidRadius(atoms);
  const sorted = atoms.map(radius).sort((a, b) => a - b);
  const centres = residues.map((r) => centroid(Object.values(r.atoms)));
  const pi = centres.map((c) => fractionBelow(sorted, radius(c)));
  const exposure = shrakeRupley(residues, 60);
  const hse = halfSphereExposure(residues);
  const toEnd = terminusDistances(residues, centres);
  const out: StructureEpitopeResidue[] = residues.map((r, k) => ({
    chain: r.chain,
    number: numberOf(r),
    residue: r.aa,
    score: round(pi[k]),
    exposure: round(exposure[k].relative),
    combined: round(
      pi[k] *
        Math.min(exposure[k].sasa / LARGEST_MAX_ASA, 1) *
        Math.min(toEnd[k] / TERMINUS_SCALE, 1),
    ),
    terminusDistance: Math.round(toEnd[k] * 10) / 10,
    hseUp: hse[k],
    consensus: 0,
  }));
  const ranks = [
    percentileRanks(pi),
    percentileRanks(exposure.map((e) => e.relative)),
    percentileRanks(hse.map((h) => -h)),
  ];
  out.forEach((r, k) => (r.consensus = round((ranks[0][k] + ranks[1][k] + ranks[2][k]) / 3)));
  return {
    method: 'ellipro',
    chains: [...new Set(residues.map((r) => r.chain))],
    residues: out,
    patches: patches(residues, centres, pi, options),
  };
}

/** The chain-end distance at which a residue's epitope score is no longer lowered (see `combined`), Å. */
const TERMINUS_SCALE = 60;

/** Each residue's distance to the nearest chain end (first or last residue of its chain or another). */
function terminusDistances(residues: PdbResidue[], centres: Vec3[]): number[] {
  const span = new Map<string, [number, number]>();
  residues.forEach((r, k) => span.set(r.chain, [span.get(r.chain)?.[0] ?? k, k]));
  const ends = [...span.values()].flatMap(([first, last]) => [centres[first], centres[last]]);
  return centres.map((c) => Math.min(...ends.map((end) => distance(c, end))));
}

/** Fraction of the values below each value (ties share the mean rank), 0-1. */
function percentileRanks(values: number[]): number[] {
  const order = values.map((v, k) => [v, k] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    const rank = (i + j) / 2 / Math.max(values.length - 1, 1);
    for (let m = i; m <= j; m++) ranks[order[m][1]] = rank;
    i = j + 1;
  }
  return ranks;
}

const HSE_RADIUS_SQ = 13 * 13;

/** CA→CB direction; for glycine (or a missing CB) a virtual CB from the backbone (N, CA, C). */
function sideDirection(r: PdbResidue): Vec3 | undefined {
  const { N: n, CA: ca, C: c, CB: cb } = r.atoms;
  if (!ca) return undefined;
  if (cb) return [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
  if (!n || !c) return undefined;
  const b: Vec3 = [ca[0] - n[0], ca[1] - n[1], ca[2] - n[2]];
  const d: Vec3 = [c[0] - ca[0], c[1] - ca[1], c[2] - ca[2]];
  const cross: Vec3 = [
    b[1] * d[2] - b[2] * d[1],
    b[2] * d[0] - b[0] * d[2],
    b[0] * d[1] - b[1] * d[0],
  ];
  // Ideal CB from the backbone (the construction DSSP and Biopython use for a virtual CB).
  return [
    -0.58273431 * cross[0] + 0.56802827 * b[0] - 0.54067466 * d[0],
    -0.58273431 * cross[1] + 0.56802827 * b[1] - 0.54067466 * d[1],
    -0.58273431 * cross[2] + 0.56802827 * b[2] - 0.54067466 * d[2],
  ];
}

function halfSphereExposure(residues: PdbResidue[]): number[] {
  const cas = residues.map((r) => r.atoms.CA);
  return residues.map((r, i) => {
    const ca = cas[i];
    const up = sideDirection(r);
    if (!ca || !up) return 0;
    let count = 0;
    cas.forEach((other, j) => {
      if (j === i || !other) return;
      const v: Vec3 = [other[0] - ca[0], other[1] - ca[1], other[2] - ca[2]];
      const d2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
      if (d2 <= HSE_RADIUS_SQ && v[0] * up[0] + v[1] * up[1] + v[2] * up[2] > 0) count++;
    });
    return count;
  });
}

function fractionBelow(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo / sorted.length;
}

function patches(
  residues: PdbResidue[],
  centres: Vec3[],
  pi: number[],
  options: StructureEpitopeOptions,
): EpitopePatch[] {
  const minScore = options.minScore ?? 0.5;
  const link = options.linkDistance ?? 6;
  const minSize = options.minPatchSize ?? 3;
  const members = pi.map((p, k) => (p >= minScore ? k : -1)).filter((k) => k >= 0);
  const cluster = new Map<number, number>();
  let next = 0;
  for (const k of members) {
    if (cluster.has(k)) continue;
    const id = next++;
    const stack = [k];
    cluster.set(k, id);
    while (stack.length) {
      const i = stack.pop() as number;
      for (const j of members)
        if (!cluster.has(j) && distance(centres[i], centres[j]) <= link) {
          cluster.set(j, id);
          stack.push(j);
        }
    }
  }
  const groups = new Map<number, number[]>();
  for (const [k, id] of cluster) groups.set(id, [...(groups.get(id) ?? []), k]);
  return [...groups.values()]
    .filter((g) => g.length >= minSize)
    .map((g) => g.sort((a, b) => a - b))
    .map((g) => ({ g, score: g.reduce((s, k) => s + pi[k], 0) / g.length }))
    .sort((a, b) => b.score - a.score || b.g.length - a.g.length)
    .map(({ g, score }, k) => ({
      rank: k + 1,
      score: round(score),
      residues: g.map((i) => ({
        chain: residues[i].chain,
        number: numberOf(residues[i]),
        residue: residues[i].aa,
      })),
    }));
}
