import type { Vec3 } from './geometry';
import type { TemplateResidue } from './templates';

/**
 * Fits a template loop of another length to a CDR of the query's length with real backbone
 * geometry. Resampling the loop along its length (loops.ts interpolate) keeps its path but not its
 * peptide geometry (CA-CA distances 0.6 Å off 3.8 on average). Here the template's first and last
 * residues are kept, every residue between is rebuilt with ideal bond lengths and angles (Engh &
 * Huber, Acta Cryst A47:392, 1991) and trans peptides, and its phi/psi torsions are moved by cyclic
 * coordinate descent (CCD; Canutescu & Dunbrack, Protein Sci 12:963, 2003): first so that the CAs
 * follow the resampled path while the chain closes onto the loop's last residue, then to close it
 * exactly.
 */

const N_CA = 1.458;
const CA_C = 1.525;
const C_N = 1.329;
const C_O = 1.231;
const ANGLE_N_CA_C = (111.2 * Math.PI) / 180;
const ANGLE_CA_C_N = (116.2 * Math.PI) / 180;
const ANGLE_C_N_CA = (121.7 * Math.PI) / 180;
/** Closed when the built successor's N, CA and C lie this close (RMSD, Å) to the C-terminal part's. */
const CLOSED = 0.15;
const SWEEPS = 200;
const GUIDED_SWEEPS = 300;
/** The closure counts as much as one guide point while the guide is followed. */
const CLOSURE_WEIGHT = 1;

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));

/** Torsion angle a-b-c-d in radians. */
export function dihedral(a: Vec3, b: Vec3, c: Vec3, d: Vec3): number {
  const b1 = sub(b, a);
  const b2 = sub(c, b);
  const b3 = sub(d, c);
  const n1 = cross(b1, b2);
  const n2 = cross(b2, b3);
  const m = cross(unit(b2), n1);
  return Math.atan2(dot(m, n2), dot(n1, n2));
}

/** The atom d with |cd| = length, angle bcd and torsion abcd given (natural extension reference frame). */
export function placeAtom(
  a: Vec3,
  b: Vec3,
  c: Vec3,
  length: number,
  angle: number,
  torsion: number,
): Vec3 {
  const bc = unit(sub(c, b));
  const n = unit(cross(sub(b, a), bc));
  const m = cross(n, bc);
  const local: Vec3 = [
    -length * Math.cos(angle),
    length * Math.sin(angle) * Math.cos(torsion),
    length * Math.sin(angle) * Math.sin(torsion),
  ];
  return add(c, add(scale(bc, local[0]), add(scale(m, local[1]), scale(n, local[2]))));
}

/** Rotates p by angle about the axis through `origin` along unit vector `axis` (Rodrigues). */
function rotate(p: Vec3, origin: Vec3, axis: Vec3, angle: number): Vec3 {
  const v = sub(p, origin);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const rotated = add(
    add(scale(v, cos), scale(cross(axis, v), sin)),
    scale(axis, dot(axis, v) * (1 - cos)),
  );
  return add(origin, rotated);
}

interface Backbone {
  N: Vec3;
  CA: Vec3;
  C: Vec3;
}

/** N, CA, C of the residue after `r`, with the given psi of r, trans omega and phi of the new one. */
function nextResidue(r: Backbone, psi: number, phi: number): Backbone {
  const N = placeAtom(r.N, r.CA, r.C, C_N, ANGLE_CA_C_N, psi);
  const CA = placeAtom(r.CA, r.C, N, N_CA, ANGLE_C_N_CA, Math.PI);
  const C = placeAtom(r.C, N, CA, CA_C, ANGLE_N_CA_C, phi);
  return { N, CA, C };
}

/** Carbonyl O in the peptide plane, pointing away from CA and the next N. */
function carbonyl(r: Backbone, nextN: Vec3): Vec3 {
  const bisector = unit(add(unit(sub(r.C, r.CA)), unit(sub(r.C, nextN))));
  return add(r.C, scale(bisector, C_O));
}

function torsions(residues: TemplateResidue[], k: number): { phi: number; psi: number } {
  const r = residues[k];
  const before = residues[k - 1];
  const after = residues[k + 1];
  return {
    phi: before ? dihedral(before.atoms.C, r.atoms.N, r.atoms.CA, r.atoms.C) : -1.2,
    psi: after ? dihedral(r.atoms.N, r.atoms.CA, r.atoms.C, after.atoms.N) : 2.3,
  };
}

/**
 * The template loop `loop` (residues in the model's frame, N, CA, C present) refitted to `positions`
 * (the query's loop positions); `next` is the framework residue after the loop (its N, CA, C fixed).
 * Rebuilt residues have aa 'X' and backbone atoms only.
 */
export function refitLoopLength(
  positions: string[],
  loop: TemplateResidue[],
  next: TemplateResidue,
  /** CA wanted at each of `positions` (the template loop resampled): the rebuilt part follows it. */
  guide?: Vec3[],
): TemplateResidue[] | undefined {
  // Everything between the first and the last residue is rebuilt: keeping more of the template's
  // residues as they are left the loop 1.4-1.8 Å (CA RMSD) from its resampled path, against 1.0 Å.
  const rebuilt = positions.length - 2;
  if (rebuilt < 1) return undefined;
  const closed = closeTip(loop, 1, 1, rebuilt, next, guide?.slice(1, 1 + rebuilt));
  if (!closed) return undefined;
  return [
    { ...loop[0], position: positions[0] },
    ...closed.map((atoms, k) => ({ position: positions[1 + k], aa: 'X', atoms })),
    { ...loop[loop.length - 1], position: positions[positions.length - 1] },
  ];
}

/**
 * Builds `count` residues after loop[head - 1] and closes them onto the first of the loop's last
 * `tail` residues (or onto `next`). The psi of the residue the chain grows from and phi/psi of every
 * built residue move; starting torsions are the template's own, read across what is rebuilt.
 */
function closeTip(
  loop: TemplateResidue[],
  head: number,
  tail: number,
  count: number,
  next: TemplateResidue,
  guide?: Vec3[],
): Record<string, Vec3>[] | undefined {
  const start = loop[head - 1];
  const target = tail ? loop[loop.length - tail] : next;
  if (!start.atoms.N || !start.atoms.CA || !start.atoms.C) return undefined;
  if (!target.atoms.N || !target.atoms.CA || !target.atoms.C) return undefined;
  // Starting torsions: the template's residues between what is kept, stretched over `count`.
  const tipFrom = head;
  const tipTo = loop.length - tail - 1;
  const phi: number[] = [];
  const psi: number[] = [torsions(loop, head - 1).psi];
  for (let k = 0; k < count; k++) {
    const source =
      tipTo >= tipFrom
        ? Math.round(tipFrom + ((tipTo - tipFrom) * k) / Math.max(count - 1, 1))
        : head - 1;
    const t = torsions(loop, Math.min(Math.max(source, 0), loop.length - 1));
    phi.push(t.phi);
    psi.push(t.psi);
  }
  phi.push(-1.2); // the successor's phi moves its C only
  const chain: Backbone[] = [{ N: start.atoms.N, CA: start.atoms.CA, C: start.atoms.C }];
  for (let k = 0; k <= count; k++) chain.push(nextResidue(chain[k], psi[k], phi[k]));
  const goal = [target.atoms.N, target.atoms.CA, target.atoms.C];
  // First the built CAs follow the guide while the end closes (the closure weighs ten times a
  // guide point), then the end alone is closed exactly from there.
  if (guide)
    for (let sweep = 0; sweep < GUIDED_SWEEPS; sweep++)
      for (let k = 0; k <= count; k++) {
        turnAfter(chain, k, 'psi', goal, guide);
        turnAfter(chain, k + 1, 'phi', goal, guide);
      }
  for (let sweep = 0; sweep < SWEEPS && misfit(chain, goal) > CLOSED; sweep++) {
    // One CCD sweep: each rotatable bond in turn (psi of residue k about CA-C, then phi of residue
    // k + 1 about N-CA) turns everything after it by the angle that best brings the end onto the goal.
    for (let k = 0; k <= count; k++) {
      turnAfter(chain, k, 'psi', goal);
      turnAfter(chain, k + 1, 'phi', goal);
    }
  }
  if (misfit(chain, goal) > CLOSED) return undefined;
  const built = chain.slice(1, count + 1);
  return built.map((r, k) => {
    const nextN = k + 1 < built.length ? built[k + 1].N : target.atoms.N;
    return { N: r.N, CA: r.CA, C: r.C, O: carbonyl(r, nextN) };
  });
}

/**
 * Rotates every atom after the psi (CA-C) or phi (N-CA) bond of residue k by the CCD angle: the end's
 * N, CA, C onto `goal`, and with a guide the CAs after the bond onto theirs too.
 */
function turnAfter(
  chain: Backbone[],
  k: number,
  bond: 'phi' | 'psi',
  goal: Vec3[],
  guide?: Vec3[],
): void {
  const [from, to] = bond === 'psi' ? [chain[k].CA, chain[k].C] : [chain[k].N, chain[k].CA];
  const axis = unit(sub(to, from));
  const moving = end(chain);
  const targets = [...goal];
  const weights = [CLOSURE_WEIGHT, CLOSURE_WEIGHT, CLOSURE_WEIGHT];
  if (!guide) weights.fill(1);
  else
    for (let j = Math.max(k, 1); j < chain.length - 1; j++) {
      moving.push(chain[j].CA);
      targets.push(guide[j - 1]);
      weights.push(1);
    }
  const angle = ccdAngle(from, axis, moving, targets, weights);
  if (bond === 'phi') chain[k] = { ...chain[k], C: rotate(chain[k].C, from, axis, angle) };
  for (let j = k + 1; j < chain.length; j++)
    chain[j] = {
      N: rotate(chain[j].N, from, axis, angle),
      CA: rotate(chain[j].CA, from, axis, angle),
      C: rotate(chain[j].C, from, axis, angle),
    };
}

function end(chain: Backbone[]): Vec3[] {
  const last = chain[chain.length - 1];
  return [last.N, last.CA, last.C];
}

function misfit(chain: Backbone[], goal: Vec3[]): number {
  const moving = end(chain);
  let sum = 0;
  for (let i = 0; i < 3; i++) sum += dot(sub(moving[i], goal[i]), sub(moving[i], goal[i]));
  return Math.sqrt(sum / 3);
}

/**
 * The rotation about the axis through `from` that minimises the moving atoms' squared distance to
 * the goal (Canutescu & Dunbrack 2003, eq. 7): a point's rotated offset is r cos θ + (a × r) sin θ.
 */
function ccdAngle(from: Vec3, axis: Vec3, moving: Vec3[], goal: Vec3[], weights: number[]): number {
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < moving.length; i++) {
    const m = sub(moving[i], from);
    const r = sub(m, scale(axis, dot(m, axis)));
    const f = sub(goal[i], from);
    numerator += weights[i] * dot(f, cross(axis, r));
    denominator += weights[i] * dot(f, r);
  }
  return Math.atan2(numerator, denominator);
}
