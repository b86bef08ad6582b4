// Epitope benchmark: per-antigen ROC AUC of the structure-based predictor (ElliPro's protrusion
// index) and of each sequence-based propensity scale, against the real epitopes of the antibody-
// antigen complexes of the docking benchmark of Guest et al. (Structure 2021;
// github.com/piercelab/antibody_benchmark, CC BY 4.0, coordinates from the PDB). A real epitope
// residue is an antigen residue with a heavy atom within 4 Å of a heavy atom of the antibody, both
// taken from the bound complex. The predictors see the antigen alone (bound conformation).
//
// Usage: pnpm --filter @platform/antibody bench:epitopes [-- --repo GIT_DIR]
//   GIT_DIR: a clone (or bare git dir) of github.com/piercelab/antibody_benchmark; default: the
//   local snapshot at /work/.mirror/piercelab+antibody_benchmark/repo.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parsePdb } = require('../dist/structure/pdb.js');
const { predictStructureEpitopes } = require('../dist/structure/ellipro.js');
const { predictEpitopes } = require('../dist/epitopes.js');

const args = process.argv.slice(2);
const at = args.indexOf('--repo');
const REPO = at >= 0 ? args[at + 1] : '/work/.mirror/piercelab+antibody_benchmark/repo';
const git = (...a) =>
  execFileSync('git', ['--git-dir', REPO, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** ROC AUC by the Mann-Whitney statistic (ties count half). */
function auc(scores, labels) {
  const pos = [];
  const neg = [];
  scores.forEach((s, k) => (labels[k] ? pos : neg).push(s));
  if (!pos.length || !neg.length) return undefined;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function epitopeLabels(antigen, antibody) {
  const abAtoms = antibody.flatMap((r) => Object.values(r.atoms));
  const cell = 4;
  const grid = new Map();
  const key = (p) => p.map((v) => Math.floor(v / cell)).join(',');
  for (const a of abAtoms) {
    const k = key(a);
    grid.set(k, [...(grid.get(k) ?? []), a]);
  }
  return antigen.map((r) =>
    Object.values(r.atoms).some((p) => {
      const [cx, cy, cz] = p.map((v) => Math.floor(v / cell));
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++)
            for (const q of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? [])
              if ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2 <= 16) return true;
      return false;
    }),
  );
}

const cases = git('show', 'HEAD:antibody_antigen_cases.txt')
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .filter((c) => c.length > 2);
const results = {};
const bestPatchAucs = [];
let used = 0;
const started = performance.now();
for (const [complex] of cases) {
  const id = complex.slice(0, 4);
  const antigenChains = complex.split(':')[1];
  let antigen;
  let antibody;
  try {
    antigen = parsePdb(git('show', `HEAD:pdbs/${id}_l_b.pdb`)).filter(
      (r) => r.aa !== 'X' && r.atoms.CA,
    );
    antibody = parsePdb(git('show', `HEAD:pdbs/${id}_r_b.pdb`));
  } catch {
    continue;
  }
  const chains = [...new Set(antigen.map((r) => r.chain))];
  if (!antigen.length || !antigenChains) continue;
  const labels = epitopeLabels(antigen, antibody);
  const structure = predictStructureEpitopes(antigen, { chain: chains.join(',') });
  const scores = {
    'ElliPro protrusion index (structure)': structure.residues.map((r) => r.score),
    'relative accessibility, Shrake-Rupley (structure)': structure.residues.map((r) => r.exposure),
    'combined: √(PI × accessibility) (structure)': structure.residues.map((r) => r.combined),
    'half-sphere exposure, fewer CA up (structure)': structure.residues.map((r) => -r.hseUp),
    'consensus of PI, accessibility and HSE ranks (structure)': structure.residues.map(
      (r) => r.consensus,
    ),
  };
  for (const chain of chains) {
    const residues = antigen.filter((r) => r.chain === chain);
    const sequence = residues.map((r) => r.aa).join('');
    let prediction;
    try {
      prediction = predictEpitopes(sequence);
    } catch {
      prediction = undefined;
    }
    for (const [method, result] of Object.entries(prediction?.methods ?? {})) {
      const list = (scores[method] ??= []);
      const floor = Math.min(...result.scores.filter((s) => s !== null));
      for (let k = 0; k < residues.length; k++) list.push(result.scores[k] ?? floor);
    }
  }
  // ElliPro's published figure is of another kind: the AUC of one predicted epitope (a patch, as a
  // yes/no call on every residue), the best of the ranked patches per protein, whose rank "never
  // exceeded five" (Ponomarenko et al. 2008). Computed the same way here, for comparison only.
  const patchAucs = structure.patches.slice(0, 5).map((patch) => {
    const inPatch = new Set(patch.residues.map((r) => `${r.chain}:${r.number}`));
    return auc(
      structure.residues.map((r) => (inPatch.has(`${r.chain}:${r.number}`) ? 1 : 0)),
      labels,
    );
  });
  const bestPatch = Math.max(...patchAucs.filter((a) => a !== undefined));
  if (Number.isFinite(bestPatch)) bestPatchAucs.push(bestPatch);
  let counted = false;
  for (const [method, s] of Object.entries(scores)) {
    if (s.length !== labels.length) continue;
    const value = auc(s, labels);
    if (value === undefined) continue;
    (results[method] ??= []).push(value);
    counted = true;
  }
  if (counted) used++;
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `Epitope benchmark: ${used} antibody-antigen complexes (piercelab/antibody_benchmark, bound), epitope = antigen residues within 4 Å of the antibody\n`,
);
console.log('| predictor | mean per-antigen ROC AUC | antigens |');
console.log('| --- | --- | --- |');
for (const [method, xs] of Object.entries(results))
  console.log(`| ${method} | ${mean(xs).toFixed(3)} | ${xs.length} |`);
console.log(
  `| ElliPro patches, best of the top five per antigen (the published measure, not the per-residue one) | ${mean(bestPatchAucs).toFixed(3)} | ${bestPatchAucs.length} |`,
);
console.log('| ElliPro, published (Ponomarenko et al. 2008; best patch per protein) | 0.73 | - |');
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
