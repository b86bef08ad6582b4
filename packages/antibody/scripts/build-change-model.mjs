// Builds src/reference/change-model.ts: the change model of the default humanization (humanize.ts,
// germline profile). For each framework position where the human germlines closest to the parent
// carry another residue than the parent's (changeCandidates), a logistic regression gives the
// chance that an experimental humanization makes that same change, from the parent residue's share,
// the candidate's share, whether the position is a key position, and a per-position term (L2
// penalty λ, so a position seen rarely stays near zero).
//
// Data: the therapeutics152 set of bench/humanization-pairs.json (BioPhi, Prihoda et al., mAbs
// 14:2020203, 2022; humanized therapeutics of Thera-SAbDab with a stand-in murine parent), less
// every antibody of the held-out humab25 set (by name, or by a humanized chain it shares: 22 of the
// 25 are also in therapeutics152), so the held-out figure of the bench stays held out. λ is chosen
// by 5-fold cross-validation over antibodies, on the log-loss. Run after `tsc -b`:
//   node scripts/build-change-model.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { changeCandidates, numberSequence } = require('../dist/index.js');

const LAMBDAS = [0.1, 0.3, 1, 3, 10];
const FOLDS = 5;
const BASE = ['intercept', 'toShare', 'share', 'key', 'logShare'];

const data = JSON.parse(
  readFileSync(new URL('../bench/humanization-pairs.json', import.meta.url), 'utf8'),
);
const heldOut = data.pairs.filter((p) => p.set === 'humab25');
const heldOutNames = new Set(heldOut.map((p) => p.antibody.toLowerCase()));
const heldOutChains = new Set(heldOut.map((p) => p.humanized));
const therapeutics = data.pairs.filter((p) => p.set === 'therapeutics152');
const excluded = new Set(
  therapeutics
    .filter((p) => heldOutNames.has(p.antibody.toLowerCase()) || heldOutChains.has(p.humanized))
    .map((p) => p.antibody),
);
const training = therapeutics.filter((p) => !excluded.has(p.antibody));

/** IMGT position (no insertion) → residue. */
function residues(sequence) {
  const n = numberSequence(sequence, { scheme: 'imgt' });
  return new Map(
    n.residues.filter((r) => r.imgt.insertion === '').map((r) => [r.imgt.number, r.residue]),
  );
}

const rows = training.flatMap((pair) => {
  const experimental = residues(pair.humanized);
  return changeCandidates(pair.parental).map((c) => ({
    antibody: pair.antibody,
    candidate: c,
    label: experimental.get(c.imgt) === c.to ? 1 : 0,
  }));
});
const positionKeys = [
  ...new Set(rows.map((r) => `${r.candidate.chain}:${r.candidate.imgt}`)),
].sort();
const column = new Map(positionKeys.map((k, i) => [k, BASE.length + i]));
const width = BASE.length + positionKeys.length;

function features(c) {
  const x = new Float64Array(width);
  x[0] = 1;
  x[1] = c.toShare;
  x[2] = c.share;
  x[3] = c.key ? 1 : 0;
  x[4] = Math.log(c.share + 0.01);
  x[column.get(`${c.chain}:${c.imgt}`)] = 1;
  return x;
}
const X = rows.map((r) => features(r.candidate));
const y = rows.map((r) => r.label);

const sigmoid = (z) => 1 / (1 + Math.exp(-z));
const dot = (w, x) => x.reduce((s, v, i) => (v === 0 ? s : s + v * w[i]), 0);

/** Solves A x = b in place (Gaussian elimination, partial pivoting). */
function solve(A, b) {
  const n = b.length;
  for (let k = 0; k < n; k++) {
    let pivot = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i][k]) > Math.abs(A[pivot][k])) pivot = i;
    [A[k], A[pivot]] = [A[pivot], A[k]];
    [b[k], b[pivot]] = [b[pivot], b[k]];
    for (let i = k + 1; i < n; i++) {
      const f = A[i][k] / A[k][k];
      if (f === 0) continue;
      for (let j = k; j < n; j++) A[i][j] -= f * A[k][j];
      b[i] -= f * b[k];
    }
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= A[i][j] * x[j];
    x[i] = s / A[i][i];
  }
  return x;
}

/** L2-penalised logistic regression by Newton's method; the base terms are not penalised. */
function fit(indices, lambda) {
  let w = new Float64Array(width);
  const penalty = (j) => (j < BASE.length ? 1e-6 : lambda);
  for (let iteration = 0; iteration < 30; iteration++) {
    const gradient = new Float64Array(width);
    const hessian = Array.from({ length: width }, () => new Float64Array(width));
    for (const i of indices) {
      const x = X[i];
      const p = sigmoid(dot(w, x));
      const nonzero = [];
      for (let j = 0; j < width; j++) if (x[j] !== 0) nonzero.push(j);
      for (const j of nonzero) {
        gradient[j] += (p - y[i]) * x[j];
        for (const k of nonzero) hessian[j][k] += p * (1 - p) * x[j] * x[k];
      }
    }
    for (let j = 0; j < width; j++) {
      gradient[j] += penalty(j) * w[j];
      hessian[j][j] += penalty(j);
    }
    const step = solve(hessian, Array.from(gradient));
    let largest = 0;
    w = w.map((v, j) => {
      largest = Math.max(largest, Math.abs(step[j]));
      return v - step[j];
    });
    if (largest < 1e-8) break;
  }
  return w;
}

// Folds over antibodies, in a fixed order (sorted names, every FOLDS-th to a fold).
const antibodies = [...new Set(rows.map((r) => r.antibody))].sort();
const foldOf = new Map(antibodies.map((a, i) => [a, i % FOLDS]));
console.log(
  `Training: ${training.length} chains of therapeutics152 (${excluded.size} antibodies of humab25 left out), ${rows.length} candidate changes, ${positionKeys.length} positions`,
);
console.log('| λ | CV log-loss | CV precision at 0.5 | CV recall of candidates at 0.5 |');
console.log('| --- | --- | --- | --- |');
let best;
for (const lambda of LAMBDAS) {
  let loss = 0;
  let proposed = 0;
  let right = 0;
  let positives = 0;
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = [];
    const test = [];
    rows.forEach((r, i) => (foldOf.get(r.antibody) === fold ? test : train).push(i));
    const w = fit(train, lambda);
    for (const i of test) {
      const p = sigmoid(dot(w, X[i]));
      loss -= y[i] ? Math.log(p) : Math.log(1 - p);
      positives += y[i];
      if (p >= 0.5) {
        proposed++;
        right += y[i];
      }
    }
  }
  loss /= rows.length;
  console.log(
    `| ${lambda} | ${loss.toFixed(4)} | ${(right / proposed).toFixed(3)} | ${(right / positives).toFixed(3)} |`,
  );
  if (!best || loss < best.loss) best = { lambda, loss };
}
console.log(`Pick: λ = ${best.lambda}`);

const w = fit(
  rows.map((_, i) => i),
  best.lambda,
);
const round = (v) => Math.round(v * 10000) / 10000;
const position = { heavy: {}, light: {} };
positionKeys.forEach((k, i) => {
  const [chain, imgt] = k.split(':');
  position[chain][Number(imgt)] = round(w[BASE.length + i]);
});
const table = (o) =>
  Object.entries(o)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([k, v]) => `      ${k}: ${v},`)
    .join('\n');

const source = `// Generated by scripts/build-change-model.mjs; do not edit by hand.
//
// The change model of the default humanization (humanize.ts): logit P(an experimental
// humanization makes the change the close human germlines suggest) = intercept + toShare × the
// candidate residue's share + share × the parent residue's share + key (Vernier, canonical or
// VH/VL interface position) + logShare × ln(parent share + 0.01) + a per-position term (IMGT).
// Fitted on ${rows.length} candidate changes of ${training.length} chains of the BioPhi therapeutic set
// (Prihoda et al., mAbs 14:2020203, 2022; Thera-SAbDab, Raybould et al., Nucleic Acids Res.
// 48:D383, 2020), less the ${excluded.size} antibodies also in the held-out Hu-mAb pairs (Marks et al.,
// Bioinformatics 37:4041, 2021); L2 penalty λ = ${best.lambda} on the per-position terms, chosen by
// 5-fold cross-validation over antibodies (log-loss ${best.loss.toFixed(4)}).

export interface ChangeModel {
  intercept: number;
  toShare: number;
  share: number;
  key: number;
  logShare: number;
  /** IMGT position → term; positions not listed add nothing. */
  position: Record<'heavy' | 'light', Record<number, number>>;
}

export const CHANGE_MODEL: ChangeModel = {
  intercept: ${round(w[0])},
  toShare: ${round(w[1])},
  share: ${round(w[2])},
  key: ${round(w[3])},
  logShare: ${round(w[4])},
  position: {
    heavy: {
${table(position.heavy)}
    },
    light: {
${table(position.light)}
    },
  },
};
`;
writeFileSync(new URL('../src/reference/change-model.ts', import.meta.url), source);
console.log('Wrote src/reference/change-model.ts');
