import { refitLoopLength } from './closure';
import {
  applySuperposition,
  squaredDistance,
  superpose,
  type Superposition,
  type Vec3,
} from './geometry';
import {
  blosum,
  CDR_RANGES,
  type CdrRegion,
  identity,
  positionNumber,
  type QueryChain,
} from './regions';
import type { TemplateChain, TemplateResidue } from './templates';

/**
 * CDR loop choice from the loop database (every CDR of every usable template chain), in the manner
 * of ABodyBuilder (Leem et al., mAbs 8:1259, 2016) and FREAD: candidates of the query's CDR length;
 * scored by BLOSUM62 similarity over the loop and its framework stems (the canonical-class
 * determinants of CDR1/CDR2/L3 sit in the loop and the residues flanking it; for CDR-H3 the
 * take-off residues 105-106 and 116-117 and the stems 103-104/118-119 weigh double), minus a penalty
 * for how badly the candidate's anchors fit the model's framework. The loop taken is the candidate
 * closest to the average of the four best (CDR1, CDR2, L3) or of every candidate of the length (a
 * paired CDR-H3, with loops of neighbouring lengths resampled to its own; h3Pool); a VHH's CDR3 is
 * the best score. It is spliced by superposing its
 * anchors (four residues either side) onto the framework's (Kabsch).
 */
export interface LoopChoice {
  templateId: string;
  identity: number;
  /** Loop residues in the model's frame, keyed by IMGT position. */
  residues: TemplateResidue[];
  anchorRmsd: number;
  /** True when no loop of the query's length was available and positions were interpolated. */
  approximate: boolean;
  /** Length of the template loop when a CDR-H3 of a neighbouring length was resampled (H3_LENGTH_WINDOW). */
  resampledFrom?: number;
}

export interface LoopSource {
  templateId: string;
  chain: TemplateChain;
  byPosition: Map<string, TemplateResidue>;
}

const STEM = 3;
/**
 * Framework residues either side that a loop is superposed on (FREAD-style anchors); four rather than
 * three was better for every canonical loop in the benchmark (README).
 */
const ANCHOR = 4;
const ANCHOR_PENALTY = 8;
/** Per loop CA closer than 3.5 Å to a framework CA (of either chain): about one identical residue's BLOSUM score. */
const CLASH_PENALTY = 5;
const CLASH_DISTANCE_SQ = 3.5 * 3.5;
/** Candidates the final loop is chosen among: ABodyBuilder2 chooses among its four models. */
const CONSENSUS = 4;

export function loopPositions(
  chain: { residues: { position: string }[] },
  cdr: CdrRegion,
): string[] {
  const [from, to] = CDR_RANGES[cdr];
  return chain.residues
    .map((r) => r.position)
    .filter((p) => positionNumber(p) >= from && positionNumber(p) <= to);
}

export function anchorPositions(cdr: CdrRegion): string[] {
  const [from, to] = CDR_RANGES[cdr];
  const out: string[] = [];
  for (let k = ANCHOR; k >= 1; k--) out.push(String(from - k));
  for (let k = 1; k <= ANCHOR; k++) out.push(String(to + k));
  return out;
}

function backbone(r: TemplateResidue | undefined): Vec3[] | undefined {
  if (!r?.atoms.N || !r.atoms.CA || !r.atoms.C) return undefined;
  return [r.atoms.N, r.atoms.CA, r.atoms.C];
}

function weight(cdr: CdrRegion, heavy: boolean, position: string): number {
  if (cdr !== 'cdr3' || !heavy) return 1;
  const n = positionNumber(position);
  return [103, 104, 105, 106, 116, 117, 118, 119].includes(n) ? 2 : 1;
}

function similarity(
  query: QueryChain,
  cdr: CdrRegion,
  candidate: Map<string, TemplateResidue>,
): number {
  const heavy = query.type === 'heavy';
  const [from, to] = CDR_RANGES[cdr];
  let score = 0;
  for (const r of query.residues) {
    const n = positionNumber(r.position);
    if (n < from - STEM || n > to + STEM) continue;
    const other = candidate.get(r.position);
    if (other) score += weight(cdr, heavy, r.position) * blosum(r.aa, other.aa);
  }
  return score;
}

function loopIdentity(
  query: QueryChain,
  positions: string[],
  candidate: TemplateResidue[],
): number {
  const byPos = new Map(query.residues.map((r) => [r.position, r.aa]));
  let same = 0;
  positions.forEach((p, k) => {
    if (candidate[k]?.aa === byPos.get(p)) same++;
  });
  return positions.length ? same / positions.length : 0;
}

function anchorFit(
  frame: Map<string, TemplateResidue>,
  candidate: Map<string, TemplateResidue>,
  anchors: string[],
): Superposition | undefined {
  const mobile: Vec3[] = [];
  const target: Vec3[] = [];
  for (const p of anchors) {
    const a = backbone(candidate.get(p));
    const b = backbone(frame.get(p));
    if (!a || !b) continue;
    mobile.push(...a);
    target.push(...b);
  }
  return mobile.length >= 9 ? superpose(mobile, target) : undefined;
}

function moved(fit: Superposition, r: TemplateResidue, position: string): TemplateResidue {
  const atoms: Record<string, Vec3> = {};
  for (const [name, xyz] of Object.entries(r.atoms)) atoms[name] = applySuperposition(fit, xyz);
  return { position, aa: r.aa, atoms };
}

/** Picks and splices the loop for one CDR onto `frame` (the model's framework residues by position). */
export function chooseLoop(
  query: QueryChain,
  cdr: CdrRegion,
  frame: Map<string, TemplateResidue>,
  sources: LoopSource[],
  environment: Vec3[] = [],
  /** False for a VHH. */
  paired = true,
): LoopChoice | undefined {
  const positions = loopPositions(query, cdr);
  const candidates = loopCandidates(query, cdr, frame, sources, environment);
  if (!candidates.length) return undefined;
  const wanted = positions.map((p) => query.residues.find((r) => r.position === p)?.aa).join('');
  // A loop of the very same sequence is the strongest evidence there is: it is taken as it is.
  // Otherwise the canonical loops choose among the four best scores, their sequence deciding their
  // class; a paired CDR-H3 among every candidate of its length and of neighbouring lengths
  // (h3Pool), because its sequence predicts its conformation poorly (Regep et al., Proteins 85:1311,
  // 2017: H3 loops of similar sequence differ in structure more than other loops do), so the
  // conformation nearest the average is the safest guess. A VHH's CDR3 keeps the best score: it packs where a VL would sit, and averaging over its
  // few single-domain candidates made it worse in the benchmark (README).
  const h3 = cdr === 'cdr3' && query.type === 'heavy';
  const identical = candidates[0].loop.map((r) => r.aa).join('') === wanted;
  const approximate = candidates[0].loop.length !== positions.length;
  if (identical || (h3 && !paired))
    return spliced(query, positions, asPoolMember(candidates[0], positions), approximate);
  const pool = h3
    ? h3Pool(query, frame, sources, environment, candidates, positions)
    : candidates.slice(0, CONSENSUS).map((c) => asPoolMember(c, positions));
  const central = pool.length < 3 ? pool[0] : pool[centralIndex(pool.map(poolBackbone))];
  const chosen = h3 ? withPeptideGeometry(central, positions, frame) : central;
  return spliced(query, positions, chosen, candidates[0].loop.length !== positions.length);
}

/**
 * A candidate as the model would take it: its residues spliced into the model's frame at the query's
 * positions (resampled when the candidate's loop has another length).
 */
interface PoolMember {
  candidate: Candidate;
  residues: TemplateResidue[];
}

function asPoolMember(c: Candidate, positions: string[]): PoolMember {
  const residues =
    c.loop.length === positions.length
      ? c.loop.map((r, k) => moved(c.fit, r, positions[k]))
      : interpolate(
          positions,
          c.loop.map((r) => moved(c.fit, r, r.position)),
        );
  return { candidate: c, residues };
}

/**
 * Relative length window of the paired CDR-H3 pool, for loops of H3_POOL_MIN_LENGTH residues or
 * more: loops up to 15% of the query's length shorter or longer (rounded down: two residues at
 * 15-19, three at 20-26, ...) join it. Long H3 loops are few in any template set (10 per query of
 * 17-20 residues here, 3-4 above 20), and the average over a wider pool is a steadier estimate of
 * where the loop lies; shorter ones have 26-33 loops of their own length, and resampled neighbours
 * only blur them. A member of another length is compared in its resampled form; the loop taken is
 * rebuilt with peptide geometry (withPeptideGeometry). Window and minimum length were chosen by
 * two-fold cross-validation on the template library (bench/h3-diagnostics.mjs; README): the library
 * is also the benchmark set, so there is no separate test set, and the held-out figures are reported
 * beside the whole-library one.
 */
export const H3_LENGTH_WINDOW = 0.15;
export const H3_POOL_MIN_LENGTH = 15;

/** How many residues shorter or longer a loop may be to join the pool of a CDR-H3 of this length. */
export function h3LengthReach(
  length: number,
  window = H3_LENGTH_WINDOW,
  minLength = H3_POOL_MIN_LENGTH,
): number {
  return length < minLength ? 0 : Math.floor(window * length + 1e-9);
}

function h3Pool(
  query: QueryChain,
  frame: Map<string, TemplateResidue>,
  sources: LoopSource[],
  environment: Vec3[],
  sameLength: Candidate[],
  positions: string[],
): PoolMember[] {
  const pool = sameLength.map((c) => asPoolMember(c, positions));
  const reach = h3LengthReach(positions.length);
  for (let delta = 1; delta <= reach; delta++)
    for (const length of [positions.length - delta, positions.length + delta]) {
      if (length < 1) continue;
      for (const c of loopCandidates(query, 'cdr3', frame, sources, environment, length))
        if (c.loop.length === length && c.loop.length !== sameLength[0].loop.length)
          pool.push(asPoolMember(c, positions));
    }
  return pool;
}

/**
 * A pool member of another length is averaged in its resampled form (cheap, and close enough to
 * compare conformations), but the loop the model takes is rebuilt with real peptide geometry: the
 * template's residues at both ends and a tip closed by CCD (closure.ts). Resampling alone leaves
 * CA-CA distances off 3.8 Å by 0.6 Å on average. Should the tip not close, the resampled loop stays.
 */
function withPeptideGeometry(
  member: PoolMember,
  positions: string[],
  frame: Map<string, TemplateResidue>,
): PoolMember {
  const { candidate } = member;
  const next = frame.get(String(CDR_RANGES.cdr3[1] + 1));
  if (candidate.loop.length === positions.length || !next) return member;
  const loop = candidate.loop.map((r) => moved(candidate.fit, r, r.position));
  const guide = member.residues.map((r) => r.atoms.CA);
  const residues = refitLoopLength(positions, loop, next, guide);
  return residues ? { candidate, residues } : member;
}

function poolBackbone(member: PoolMember): Vec3[] {
  return member.residues.flatMap((r) => BACKBONE_ATOMS.map((n) => r.atoms[n]));
}

function spliced(
  query: QueryChain,
  positions: string[],
  member: PoolMember,
  approximate: boolean,
): LoopChoice {
  const { candidate, residues } = member;
  const resampled = candidate.loop.length !== positions.length;
  return {
    templateId: candidate.source.templateId,
    identity: resampled
      ? identity(query, candidate.source.byPosition, (p) => positions.includes(p))
      : loopIdentity(query, positions, candidate.loop),
    residues,
    anchorRmsd: candidate.fit.rmsd,
    approximate,
    ...(resampled && !approximate ? { resampledFrom: candidate.loop.length } : {}),
  };
}

/**
 * Every loop of the query's CDR length (else of the nearest length any template has), spliced onto
 * `frame` by its anchors, best score first.
 */
export function loopCandidates(
  query: QueryChain,
  cdr: CdrRegion,
  frame: Map<string, TemplateResidue>,
  sources: LoopSource[],
  environment: Vec3[] = [],
  length = loopPositions(query, cdr).length,
): Candidate[] {
  const anchors = anchorPositions(cdr);
  const candidates: Candidate[] = [];
  let lengthWanted = length;
  for (let attempt = 0; attempt < 2 && !candidates.length; attempt++) {
    for (const source of sources) {
      const loop = loopPositions(source.chain, cdr).map(
        (p) => source.byPosition.get(p) as TemplateResidue,
      );
      if (loop.length !== lengthWanted || !loop.length || loop.some((r) => !backbone(r))) continue;
      const fit = anchorFit(frame, source.byPosition, anchors);
      if (!fit) continue;
      const score =
        similarity(query, cdr, source.byPosition) -
        ANCHOR_PENALTY * fit.rmsd -
        CLASH_PENALTY * clashes(fit, loop, environment);
      candidates.push({ score, source, loop, fit });
    }
    if (!candidates.length) lengthWanted = nearestLength(sources, cdr, lengthWanted);
  }
  return candidates.sort((a, b) => b.score - a.score);
}

export interface Candidate {
  score: number;
  source: LoopSource;
  loop: TemplateResidue[];
  fit: Superposition;
}

/** Index of the coordinate set (all the same length) with the least squared deviation from their mean. */
export function centralIndex(sets: Vec3[][]): number {
  const average = sets[0].map((_, i) => {
    const sum: Vec3 = [0, 0, 0];
    for (const set of sets) for (let d = 0; d < 3; d++) sum[d] += set[i][d] / sets.length;
    return sum;
  });
  let best = 0;
  let bestDeviation = Infinity;
  sets.forEach((set, k) => {
    let deviation = 0;
    for (let i = 0; i < set.length; i++) deviation += squaredDistance(set[i], average[i]);
    if (deviation < bestDeviation) {
      bestDeviation = deviation;
      best = k;
    }
  });
  return best;
}

const BACKBONE_ATOMS = ['N', 'CA', 'C'] as const;

/** Loop CA atoms, once spliced, within 3.5 Å of a framework CA. */
function clashes(fit: Superposition, loop: TemplateResidue[], environment: Vec3[]): number {
  let n = 0;
  for (const r of loop) {
    const ca = applySuperposition(fit, r.atoms.CA);
    for (const e of environment) {
      const d = (ca[0] - e[0]) ** 2 + (ca[1] - e[1]) ** 2 + (ca[2] - e[2]) ** 2;
      if (d < CLASH_DISTANCE_SQ) {
        n++;
        break;
      }
    }
  }
  return n;
}

function nearestLength(sources: LoopSource[], cdr: CdrRegion, wanted: number): number {
  let bestLength = -1;
  for (const s of sources) {
    const n = loopPositions(s.chain, cdr).length;
    if (!n) continue;
    if (bestLength < 0 || Math.abs(n - wanted) < Math.abs(bestLength - wanted)) bestLength = n;
  }
  return bestLength;
}

/**
 * Fits a loop of another length to the query's positions: the backbone is resampled along the
 * loop's length (linear interpolation between neighbouring residues), so the ends stay on the stems;
 * the side chains are rebuilt and the model marks these residues with a large error.
 */
export function interpolate(positions: string[], loop: TemplateResidue[]): TemplateResidue[] {
  return positions.map((position, k) => {
    const t = positions.length === 1 ? 0 : (k * (loop.length - 1)) / (positions.length - 1);
    const lower = loop[Math.floor(t)];
    const upper = loop[Math.ceil(t)];
    const f = t - Math.floor(t);
    const atoms: Record<string, Vec3> = {};
    for (const name of ['N', 'CA', 'C', 'O']) {
      const a = lower.atoms[name];
      const b = upper.atoms[name] ?? a;
      if (a) atoms[name] = [0, 1, 2].map((i) => a[i] + f * (b[i] - a[i])) as Vec3;
    }
    return { position, aa: 'X', atoms };
  });
}
