// Choices of the structure-based epitope score made on a training set that shares no antigen with
// the benchmark: every antibody-antigen complex of three public sets whose antigen has under 30 %
// identity (Smith-Waterman over ≥ 30 % of the shorter chain) to every antigen of
// github.com/piercelab/antibody_benchmark, one complex per PDB entry:
//   - ABAG-Docking (github.com/Zhaonan99/Antibody-antigen-complex-structure-benchmark-dataset),
//   - github.com/haddocking/ai-antibodies (Giulini et al. 2024, Apache-2.0), `*_true_complex.pdb`,
//   - github.com/samuelfromm/abag-benchmark-set (only PDB coordinates are taken).
// A chain is the antibody's when the toolkit numbers it as a variable domain; the antigen is every
// other protein chain of 30 residues or more that the antibody touches. Each table prints the
// training set's mean per-complex AUC and, beside it, the benchmark's (bench/epitope-bench.mjs's set
// and labels), which played no part in the choice.
//
// 1. The chain-end factor of the epitope score (ellipro.ts, `combined`): PI × exposed area ×
//    min(distance to the nearest chain end / D, 1), for a range of D; the score uses the D at which
//    the training figure stops rising.
// 2. An amino-acid epitope propensity: DiscoTope's recipe (Haste Andersen et al., Protein Sci
//    15:2558, 2006; Kringelum et al., PLoS Comput Biol 8:e1002829, 2012) weighs each residue type by
//    its log-odds of being in an epitope; DiscoTope's own table is not reachable offline, so the
//    log-odds are derived the same way from the training set: over exposed residues (relative
//    accessibility ≥ 0.05), pseudocount 5. Score: z(epitope score) + w · z(log-odds) per antigen,
//    5-fold cross-validated on the training set.
//
// Usage: pnpm --filter @platform/antibody exec tsc -b && node bench/epitope-training.mjs
//   (reads the four repositories' snapshots under /work/.mirror, as the other benches do; --mirror DIR)
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parsePdb } = require('../dist/structure/pdb.js');
const { predictStructureEpitopes } = require('../dist/structure/ellipro.js');
const { numberSequence } = require('../dist/numbering/number.js');
const { localAlignment } = await import('./shared-antigens.mjs');
const { MAX_ASA } = require('../dist/structure/sasa.js');
const { auc, epitopeLabels } = await import('./epitope-truth.mjs');

const args = process.argv.slice(2);
const at = args.indexOf('--mirror');
const MIRROR = at >= 0 ? args[at + 1] : '/work/.mirror';
const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';
const EXPOSED = 0.05;
const PSEUDOCOUNT = 5;
const FOLDS = 5;
const WEIGHTS = [0, 0.1, 0.2, 0.3, 0.5, 0.8];
const CHAIN_END_SCALES = [10, 20, 30, 40, 50, 60, 80, 100];
const LARGEST_MAX_ASA = Math.max(...Object.values(MAX_ASA));

const git = (repo, ...a) =>
  execFileSync('git', ['--git-dir', `${MIRROR}/${repo}/repo`, ...a], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
const files = (repo) => git(repo, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n');
const read = (repo, path) => {
  try {
    return parsePdb(git(repo, 'show', `HEAD:${path}`));
  } catch {
    return undefined; // a file the snapshot holds only as a listing
  }
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

function scoredCase(name, antigen, antibody) {
  const chains = [...new Set(antigen.map((r) => r.chain))];
  const structure = predictStructureEpitopes(antigen, { chain: chains.join(',') });
  const labels = epitopeLabels(antigen, antibody);
  const sequences = chains.map((c) =>
    antigen
      .filter((r) => r.chain === c)
      .map((r) => r.aa)
      .join(''),
  );
  return { name, sequences, labels, residues: structure.residues };
}

const protein = (residues) => residues.filter((r) => r.aa !== 'X' && r.atoms.CA);

function isVariableDomain(sequence) {
  if (sequence.length < 70) return false;
  try {
    return numberSequence(sequence).residues.length >= 80;
  } catch {
    return false;
  }
}

function benchmarkCases() {
  const repo = 'piercelab+antibody_benchmark';
  return git(repo, 'show', 'HEAD:antibody_antigen_cases.txt')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[0].slice(0, 4))
    .filter((id) => id.length === 4)
    .map((id) => [id, read(repo, `pdbs/${id}_l_b.pdb`), read(repo, `pdbs/${id}_r_b.pdb`)])
    .filter(([, antigen, antibody]) => antigen && antibody)
    .map(([id, antigen, antibody]) => scoredCase(id, protein(antigen), antibody));
}

/** A whole complex split into antibody and antigen chains; the antigen chains the antibody touches. */
function splitComplex(residues) {
  const byChain = new Map();
  for (const r of protein(residues)) byChain.set(r.chain, [...(byChain.get(r.chain) ?? []), r]);
  const antibody = [];
  const antigen = [];
  for (const chain of byChain.values()) {
    if (isVariableDomain(chain.map((r) => r.aa).join(''))) antibody.push(...chain);
    else if (chain.length >= 30) antigen.push(...chain);
  }
  const labels = epitopeLabels(antigen, antibody);
  const touched = new Set(antigen.filter((_, k) => labels[k]).map((r) => r.chain));
  return { antibody, antigen: antigen.filter((r) => touched.has(r.chain)) };
}

function* trainingComplexes() {
  const abag = 'Zhaonan99+Antibody-antigen-complex-structure-benchmark-dataset';
  for (const path of files(abag).filter(
    (p) => p.endsWith('_l_b.pdb') && !p.includes('Not_truncated'),
  )) {
    const antigen = read(abag, path);
    const antibody = read(abag, path.replace('_l_b.pdb', '_r_b.pdb'));
    // Both files name their chains freely: keep them apart before splitting.
    if (antigen && antibody)
      yield [
        path.split('/').at(-2),
        [
          ...antigen.map((r) => ({ ...r, chain: `g${r.chain}` })),
          ...antibody.map((r) => ({ ...r, chain: `b${r.chain}` })),
        ],
      ];
  }
  const haddock = 'haddocking+ai-antibodies';
  for (const path of files(haddock).filter((p) => p.endsWith('_true_complex.pdb')))
    yield [path.split('/').at(-1), read(haddock, path)];
  const fromm = 'samuelfromm+abag-benchmark-set';
  for (const path of files(fromm).filter((p) => /^data\/db\/structures\/\w{4}\.pdb$/.test(p)))
    yield [path.split('/').at(-1), read(fromm, path)];
}

function trainingCases(benchmark) {
  const benchmarkSequences = benchmark.flatMap((c) => c.sequences);
  const homologous = (sequences) =>
    sequences.some((a) =>
      benchmarkSequences.some((b) => {
        const alignment = localAlignment(a, b);
        return alignment.identity >= 0.3 && alignment.coverage >= 0.3;
      }),
    );
  const seen = new Set(benchmark.map((c) => c.name.toLowerCase()));
  const cases = [];
  for (const [name, residues] of trainingComplexes()) {
    const pdb = name.slice(0, 4).toLowerCase();
    if (!residues || seen.has(pdb)) continue;
    const { antibody, antigen } = splitComplex(residues);
    if (!antibody.length || !antigen.length) continue;
    const scored = scoredCase(name, antigen, antibody);
    if (homologous(scored.sequences)) continue;
    seen.add(pdb);
    cases.push(scored);
  }
  return cases;
}

function logOdds(cases) {
  const exposed = {};
  const epitope = {};
  let exposedCount = 0;
  let epitopeCount = 0;
  for (const c of cases)
    c.residues.forEach((r, k) => {
      if (r.exposure < EXPOSED) return;
      exposed[r.residue] = (exposed[r.residue] ?? 0) + 1;
      exposedCount++;
      if (!c.labels[k]) return;
      epitope[r.residue] = (epitope[r.residue] ?? 0) + 1;
      epitopeCount++;
    });
  return Object.fromEntries(
    [...AMINO_ACIDS].map((aa) => {
      const background = (exposed[aa] ?? 1) / exposedCount;
      const inEpitopes =
        ((epitope[aa] ?? 0) + PSEUDOCOUNT * background) / (epitopeCount + PSEUDOCOUNT);
      return [aa, Math.log(inEpitopes / background)];
    }),
  );
}

const zScores = (values) => {
  const m = mean(values);
  const sd = Math.sqrt(mean(values.map((v) => (v - m) ** 2))) || 1;
  return values.map((v) => (v - m) / sd);
};

function meanAuc(cases, table, weight) {
  return mean(
    cases
      .map((c) => {
        const structure = zScores(c.residues.map((r) => r.combined));
        const propensity = zScores(c.residues.map((r) => table[r.residue] ?? 0));
        return auc(
          structure.map((s, k) => s + weight * propensity[k]),
          c.labels,
        );
      })
      .filter((a) => a !== undefined),
  );
}

function crossValidated(cases, weight) {
  const folds = Array.from({ length: FOLDS }, (_, f) => ({
    train: cases.filter((_, k) => k % FOLDS !== f),
    test: cases.filter((_, k) => k % FOLDS === f),
  }));
  return mean(folds.map(({ train, test }) => meanAuc(test, logOdds(train), weight)));
}

/** Mean AUC of PI × exposed area × min(chain-end distance / scale, 1); no scale: no factor. */
function chainEndAuc(cases, scale) {
  return mean(
    cases
      .map((c) =>
        auc(
          c.residues.map(
            (r) =>
              r.score *
              Math.min((r.exposure * MAX_ASA[r.residue]) / LARGEST_MAX_ASA, 1) *
              (scale ? Math.min(r.terminusDistance / scale, 1) : 1),
          ),
          c.labels,
        ),
      )
      .filter((a) => a !== undefined),
  );
}

const started = performance.now();
const benchmark = benchmarkCases();
const training = trainingCases(benchmark);
const table = logOdds(training);
console.log(
  `Training set: ${training.length} complexes (under 30 % antigen identity to the ${benchmark.length} benchmark cases)\n`,
);
console.log('| PI × exposed area × chain-end factor, scale D | training set | benchmark |');
console.log('| --- | --- | --- |');
for (const scale of [undefined, ...CHAIN_END_SCALES])
  console.log(
    `| ${scale ? `D = ${scale} Å` : 'no factor'} | ${chainEndAuc(training, scale).toFixed(4)} | ${chainEndAuc(benchmark, scale).toFixed(4)} |`,
  );
console.log('');
console.log(
  `Log-odds of an exposed residue being in an epitope: ${Object.entries(table)
    .map(([aa, v]) => `${aa} ${v.toFixed(2)}`)
    .join(', ')}\n`,
);
console.log(
  '| score | training set, 5-fold cross-validated | benchmark (table from the whole training set) |',
);
console.log('| --- | --- | --- |');
for (const weight of WEIGHTS)
  console.log(
    `| z(epitope score) + ${weight} · z(log-odds) | ${crossValidated(training, weight).toFixed(3)} | ${meanAuc(benchmark, table, weight).toFixed(3)} |`,
  );
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all.`);
