import {
  applySuperposition,
  squaredDistance,
  superpose,
  type Superposition,
  type Vec3,
} from './geometry';
import { blosum, CDR_RANGES, type CdrRegion, positionNumber, type QueryChain } from './regions';
import type { TemplateChain, TemplateResidue } from './templates';

/**
 * CDR loop choice from the loop database (every CDR of every usable template chain), in the manner
 * of ABodyBuilder (Leem et al., mAbs 8:1259, 2016) and FREAD: candidates of the query's CDR length;
 * scored by BLOSUM62 similarity over the loop and its framework stems (the canonical-class
 * determinants of CDR1/CDR2/L3 sit in the loop and the residues flanking it; for CDR-H3 the
 * take-off residues 105-106 and 116-117 and the stems 103-104/118-119 weigh double), minus a penalty
 * for how badly the candidate's anchors fit the model's framework. The loop taken is the candidate
 * closest to the average of the four best (CDR1, CDR2, L3) or of every candidate of the length (a
 * paired CDR-H3; closestToAverage); a VHH's CDR3 is the best score. It is spliced by superposing its
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
  const anchors = anchorPositions(cdr);
  let candidates: Candidate[] = [];
  let lengthWanted = positions.length;
  for (let attempt = 0; attempt < 2 && !candidates.length; attempt++) {
    for (const source of sources) {
      const loop = loopPositions(source.chain, cdr).map(
        (p) => source.byPosition.get(p) as TemplateResidue,
      );
      if (loop.length !== lengthWanted || loop.some((r) => !backbone(r))) continue;
      const fit = anchorFit(frame, source.byPosition, anchors);
      if (!fit) continue;
      const score =
        similarity(query, cdr, source.byPosition) -
        ANCHOR_PENALTY * fit.rmsd -
        CLASH_PENALTY * clashes(fit, loop, environment);
      candidates.push({ score, source, loop, fit });
    }
    if (!candidates.length) lengthWanted = nearestLength(sources, cdr, positions.length);
  }
  if (!candidates.length) return undefined;
  candidates = candidates.sort((a, b) => b.score - a.score);
  const wanted = positions.map((p) => query.residues.find((r) => r.position === p)?.aa).join('');
  // A loop of the very same sequence is the strongest evidence there is: it is taken as it is.
  // Otherwise the canonical loops choose among the four best scores, their sequence deciding their
  // class; a paired CDR-H3 among every candidate of its length, because its sequence predicts its
  // conformation poorly (Regep et al., Proteins 85:1311, 2017: H3 loops of similar sequence differ
  // in structure more than other loops do), so the conformation nearest the average is the safest
  // guess. A VHH's CDR3 keeps the best score: it packs where a VL would sit, and averaging over its
  // few single-domain candidates made it worse in the benchmark (README).
  const h3 = cdr === 'cdr3' && query.type === 'heavy';
  const best =
    candidates[0].loop.map((r) => r.aa).join('') === wanted || (h3 && !paired)
      ? candidates[0]
      : closestToAverage(h3 ? candidates : candidates.slice(0, CONSENSUS));
  const approximate = best.loop.length !== positions.length;
  const residues = approximate
    ? interpolate(
        positions,
        best.loop.map((r) => moved(best.fit, r, r.position)),
      )
    : best.loop.map((r, k) => moved(best.fit, r, positions[k]));
  return {
    templateId: best.source.templateId,
    identity: loopIdentity(query, positions, best.loop),
    residues,
    anchorRmsd: best.fit.rmsd,
    approximate,
  };
}

interface Candidate {
  score: number;
  source: LoopSource;
  loop: TemplateResidue[];
  fit: Superposition;
}

/**
 * Of the top-scoring candidates (each spliced into the model's frame), the one whose backbone is
 * closest to their average: how ABodyBuilder2 picks among its four models (Abanades et al., Commun
 * Biol 6:575, 2023). When several candidates score alike the average is the best guess of the
 * conformation, and a real loop near it is, in expectation, nearer the truth than the single best
 * score. Two candidates have no meaningful average, so the best score stands then.
 */
function closestToAverage(top: Candidate[]): Candidate {
  if (top.length < 3) return top[0];
  return top[centralIndex(top.map(splicedBackbone))];
}

function splicedBackbone(c: Candidate): Vec3[] {
  return c.loop.flatMap((r) => BACKBONE_ATOMS.map((n) => applySuperposition(c.fit, r.atoms[n])));
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
    if (bestLength < 0 || Math.abs(n - wanted) < Math.abs(bestLength - wanted)) bestLength = n;
  }
  return bestLength;
}

/**
 * Fits a loop of another length to the query's positions: the backbone is resampled along the
 * loop's length (linear interpolation between neighbouring residues), so the ends stay on the stems;
 * the side chains are rebuilt and the model marks these residues with a large error.
 */
function interpolate(positions: string[], loop: TemplateResidue[]): TemplateResidue[] {
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
