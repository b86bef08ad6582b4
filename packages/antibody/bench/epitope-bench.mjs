// Epitope benchmark: per-antigen ROC AUC of the structure-based predictor (ElliPro's protrusion
// index) and of each sequence-based propensity scale, against the real epitopes of the antibody-
// antigen complexes of the docking benchmark of Guest et al. (Structure 2021;
// github.com/piercelab/antibody_benchmark, CC BY 4.0, coordinates from the PDB). A real epitope
// residue is an antigen residue with a heavy atom within 4 Å of a heavy atom of the antibody, both
// taken from the bound complex. The predictors see the antigen alone (bound conformation). The
// measure is one AUC per complex against its own antibody's epitope; beside it the bench prints the
// AUCs against the union of the epitopes of all cases sharing the antigen (bench/shared-antigens.mjs).
//
// Usage: pnpm --filter @platform/antibody bench:epitopes [-- --repo GIT_DIR] [-- --set abag]
//   GIT_DIR: a clone (or bare git dir) of github.com/piercelab/antibody_benchmark; default: the
//   local snapshot at /work/.mirror/piercelab+antibody_benchmark/repo.
//   --set abag: the tuning set instead, on which the structure scores were chosen: the cases of the
//   ABAG-Docking benchmark (github.com/Zhaonan99/Antibody-antigen-complex-structure-benchmark-dataset,
//   PDB entries 5ZUF to 8GZ5, none in the set above) whose antigen has under 30 % identity (Smith-
//   Waterman, over at least 30 % of the shorter chain) to every antigen of the benchmark: 49 of 112.
//   Its git dir: --repo, default /work/.mirror/Zhaonan99+Antibody-antigen-complex-structure-benchmark-dataset/repo.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parsePdb } = require('../dist/structure/pdb.js');
const { predictStructureEpitopes } = require('../dist/structure/ellipro.js');
const { predictEpitopes } = require('../dist/epitopes.js');
const { MAX_ASA } = require('../dist/structure/sasa.js');

const LARGEST_MAX_ASA = Math.max(...Object.values(MAX_ASA));
const { sharedAntigens } = await import('./shared-antigens.mjs');
const { auc, epitopeLabels } = await import('./epitope-truth.mjs');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const SET = option('set', 'piercelab');
const REPO = option(
  'repo',
  SET === 'abag'
    ? '/work/.mirror/Zhaonan99+Antibody-antigen-complex-structure-benchmark-dataset/repo'
    : '/work/.mirror/piercelab+antibody_benchmark/repo',
);
const git = (...a) =>
  execFileSync('git', ['--git-dir', REPO, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });

// ABAG-Docking cases (folder names) with no antigen homologous to a piercelab antigen (see above).
const ABAG_TUNING = `6P50 6PZ8 6YIO 7VNG 5ZUF 6JHT 6LGW 6OTC 6PXH 6QB6 6QD7 6QFA 6QFC 6TYS 6U54 6UUH
  6W4S 6W52 6XZF 6Z3P 6Z3Q 6ZTR 7CJ2 7DUO 7EW5_1 7EW5_2 7KDD 7L5J 7LVW 7M3L 7M3N 7MMN 7MPG 7ND0 7NFD
  7NX3_1 7NX3_2 7O9W 7SBG 7SGM 7SJN 7SJO 7T25 7TEE 7TYV 7UED 7Z2M 8B7W 8F8X`.split(/\s+/);

/** Each case: the bound antigen and antibody files. */
function cases() {
  if (SET === 'abag') {
    const files = git('ls-tree', '-r', '--name-only', 'HEAD')
      .split('\n')
      .filter((p) => p.endsWith('_l_b.pdb') && !p.includes('Not_truncated'));
    return ABAG_TUNING.map((folder) => {
      const antigen = files.find((p) => p.split('/').at(-2) === folder);
      return { antigen, antibody: antigen.replace('_l_b.pdb', '_r_b.pdb') };
    });
  }
  return git('show', 'HEAD:antibody_antigen_cases.txt')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length > 2)
    .map(([complex]) => ({
      antigen: `pdbs/${complex.slice(0, 4)}_l_b.pdb`,
      antibody: `pdbs/${complex.slice(0, 4)}_r_b.pdb`,
    }));
}

const results = {};
const scored = [];
const bestPatchAucs = [];
let used = 0;
const started = performance.now();
for (const files of cases()) {
  let antigen;
  let antibody;
  try {
    antigen = parsePdb(git('show', `HEAD:${files.antigen}`)).filter(
      (r) => r.aa !== 'X' && r.atoms.CA,
    );
    antibody = parsePdb(git('show', `HEAD:${files.antibody}`));
  } catch {
    continue;
  }
  const chains = [...new Set(antigen.map((r) => r.chain))];
  if (!antigen.length) continue;
  const labels = epitopeLabels(antigen, antibody);
  const structure = predictStructureEpitopes(antigen, { chain: chains.join(',') });
  const scores = {
    'ElliPro protrusion index (structure)': structure.residues.map((r) => r.score),
    'relative accessibility, Shrake-Rupley (structure)': structure.residues.map((r) => r.exposure),
    'epitope score: PI × exposed area × chain-end distance (structure)': structure.residues.map(
      (r) => r.combined,
    ),
    'previous epitope score: PI × exposed area (structure)': structure.residues.map(
      (r) => r.score * Math.min((r.exposure * MAX_ASA[r.residue]) / LARGEST_MAX_ASA, 1),
    ),
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
  scored.push({ name: files.antigen, antigen, labels, scores });
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
const setName =
  SET === 'abag'
    ? 'ABAG-Docking tuning set, antigens under 30 % identity to the benchmark'
    : 'piercelab/antibody_benchmark';
console.log(
  `Epitope benchmark: ${used} antibody-antigen complexes (${setName}, bound), epitope = antigen residues within 4 Å of the antibody\n`,
);
// The same scores against the union of the epitopes of every case that shares the antigen
// (Kringelum et al. 2012), per case and then averaged per antigen (one figure per group of cases).
const { groups, symmetricLabels, unionLabels } = sharedAntigens(scored);
const symmetric = {};
const union = {};
const perAntigen = {};
for (const method of Object.keys(results)) {
  const byCase = scored.map((c, k) =>
    c.scores[method]?.length === c.labels.length
      ? auc(c.scores[method], unionLabels[k])
      : undefined,
  );
  union[method] = byCase.filter((a) => a !== undefined);
  symmetric[method] = scored
    .map((c, k) =>
      c.scores[method]?.length === c.labels.length
        ? auc(c.scores[method], symmetricLabels[k])
        : undefined,
    )
    .filter((a) => a !== undefined);
  perAntigen[method] = groups
    .map((g) => g.map((k) => byCase[k]).filter((a) => a !== undefined))
    .filter((xs) => xs.length)
    .map(mean);
}
const shared = groups.filter((g) => g.length > 1);
console.log(
  `${groups.length} distinct antigens; shared by several cases: ${shared
    .map((g) => g.map((k) => scored[k].name.split('/').at(-1).slice(0, 4)).join('+'))
    .join(', ')}\n`,
);
console.log(
  "| predictor | mean per-case ROC AUC, own epitope (the measure) | cases | per case, with the epitope's copies on identical chains | per case, union of the antigen's epitopes and copies | per distinct antigen, union | antigens |",
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [method, xs] of Object.entries(results))
  console.log(
    `| ${method} | ${mean(xs).toFixed(3)} | ${xs.length} | ${mean(symmetric[method]).toFixed(3)} | ${mean(union[method]).toFixed(3)} | ${mean(perAntigen[method]).toFixed(3)} | ${perAntigen[method].length} |`,
  );
console.log(
  `| ElliPro patches, best of the top five per antigen (the published measure, not the per-residue one) | ${mean(bestPatchAucs).toFixed(3)} | ${bestPatchAucs.length} |`,
);
console.log('| ElliPro, published (Ponomarenko et al. 2008; best patch per protein) | 0.73 | - |');
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
