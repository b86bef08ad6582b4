// CDR-H3 diagnostics for the built-in modeller, on the structure benchmark's protocol (every paired
// Fv of the library, its own PDB id and every template >= 95% identical excluded). For each native,
// every candidate loop the modeller considers (its own length, and up to five residues shorter or
// longer resampled to it), spliced as the modeller splices it, with its backbone RMSD to the native
// after framework superposition. Prints:
// - per H3 length: candidates per query, the oracle bound (the best candidate available) and how
//   often it is under 2 Å;
// - the two-fold cross-validation that chose the pool's length window and the least H3 length it
//   applies to (loops.ts H3_LENGTH_WINDOW, H3_POOL_MIN_LENGTH): the library split in two by a hash
//   of each entry's id, the mean H3 RMSD of each setting on each half (and on the original 152), and
//   the setting each half would choose with the other half's figure for it.
//
// Usage: pnpm run build && node bench/h3-diagnostics.mjs [--exclude-identity 0.95]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const loops = require('../dist/structure/loops.js');
const { refitLoopLength } = require('../dist/structure/closure.js');
const { modelStructure } = require('../dist/structure/model.js');
const { loadTemplateLibrary } = require('../dist/structure/templates-node.js');
const { superpose, applySuperposition, squaredDistance } = require('../dist/structure/geometry.js');
const { regionOf } = require('../dist/structure/regions.js');

const args = process.argv.slice(2);
const at = args.indexOf('--exclude-identity');
const EXCLUDE_IDENTITY = at >= 0 ? Number(args[at + 1]) : 0.95;
const ATOMS = ['N', 'CA', 'C', 'O'];
const MAX_DELTA = 8;
const WINDOWS = [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35];
const MIN_LENGTHS = [0, 11, 12, 13, 14, 15, 16, 17, 18];

// Records the last CDR-H3 loop choice of each model: the call whose result the model keeps.
const chooseLoop = loops.chooseLoop;
let lastH3;
loops.chooseLoop = (...call) => {
  const result = chooseLoop(...call);
  if (call[1] === 'cdr3' && call[0].type === 'heavy') lastH3 = { call, result };
  return result;
};

const moved = (fit, r) => ({
  position: r.position,
  aa: r.aa,
  atoms: Object.fromEntries(
    Object.entries(r.atoms).map(([n, x]) => [n, applySuperposition(fit, x)]),
  ),
});

/** The bench's superposition: the model's framework backbone onto the native's. */
function frameworkFit(frame, native) {
  const a = [];
  const b = [];
  for (const r of native.residues) {
    if (!regionOf(r.position).startsWith('fr')) continue;
    const m = frame.get(r.position);
    for (const n of ATOMS)
      if (m?.atoms[n] && r.atoms[n]) {
        a.push(m.atoms[n]);
        b.push(r.atoms[n]);
      }
  }
  return superpose(a, b);
}

function loopRmsd(fit, residues, nativeByPosition) {
  let sum = 0;
  let n = 0;
  for (const r of residues) {
    const native = nativeByPosition.get(r.position);
    for (const name of ATOMS) {
      if (!r.atoms[name] || !native?.atoms[name]) continue;
      sum += squaredDistance(applySuperposition(fit, r.atoms[name]), native.atoms[name]);
      n++;
    }
  }
  return Math.sqrt(sum / n);
}

const library = loadTemplateLibrary();
const rows = [];
for (const native of library.filter((t) => t.light)) {
  const heavy = native.heavy.residues.map((r) => r.aa).join('');
  const light = native.light.residues.map((r) => r.aa).join('');
  lastH3 = undefined;
  modelStructure({ heavy, light }, library, {
    excludeIdentity: EXCLUDE_IDENTITY,
    exclude: [native.pdb],
  });
  const [query, , frame, sources, environment] = lastH3.call;
  const positions = loops.loopPositions(query, 'cdr3');
  const nativeByPosition = new Map(native.heavy.residues.map((r) => [r.position, r]));
  const fit = frameworkFit(frame, native.heavy);
  const member = (c) => {
    const spliced = c.loop.map((r) => moved(c.fit, r));
    const residues =
      c.loop.length === positions.length
        ? spliced.map((r, k) => ({ ...r, position: positions[k] }))
        : loops.interpolate(positions, spliced);
    return {
      spliced,
      guide: residues.map((r) => r.atoms.CA),
      delta: c.loop.length - positions.length,
      sequence: c.loop.map((r) => r.aa).join(''),
      rmsd: loopRmsd(fit, residues, nativeByPosition),
      backbone: residues.flatMap((r) => ['N', 'CA', 'C'].map((n) => r.atoms[n])),
    };
  };
  // What the modeller's first search returns: its own length, else the nearest length there is.
  const first = loops.loopCandidates(query, 'cdr3', frame, sources, environment).map(member);
  const neighbours = [];
  for (let delta = 1; delta <= MAX_DELTA; delta++)
    for (const length of [positions.length - delta, positions.length + delta])
      for (const c of loops.loopCandidates(query, 'cdr3', frame, sources, environment, length))
        if (c.loop.length === length && length !== positions.length + first[0].delta)
          neighbours.push(member(c));
  // The loop the model takes from a pool member: rebuilt with peptide geometry when resampled.
  const taken = (m) => {
    if (m.delta === 0) return m.rmsd;
    const refit = refitLoopLength(positions, m.spliced, frame.get('118'), m.guide);
    return refit ? loopRmsd(fit, refit, nativeByPosition) : m.rmsd;
  };
  rows.push({
    taken,
    id: native.id,
    length: positions.length,
    sequence: positions.map((p) => query.residues.find((r) => r.position === p).aa).join(''),
    first,
    neighbours,
  });
}

/** The modeller's choice for a given length window (mirrors loops.ts chooseLoop/h3Pool). */
function choose(row, window, minLength) {
  if (row.first[0].sequence === row.sequence) return row.first[0];
  const reach = loops.h3LengthReach(row.length, window, minLength);
  const pool = [...row.first, ...row.neighbours.filter((m) => Math.abs(m.delta) <= reach)];
  return pool.length < 3 ? pool[0] : pool[loops.centralIndex(pool.map((m) => m.backbone))];
}

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const BINS = [
  ['<= 12', 0, 12],
  ['13-16', 13, 16],
  ['17-20', 17, 20],
  ['> 20', 21, 99],
  ['all', 0, 99],
];
console.log(
  `CDR-H3 candidates, ${rows.length} paired Fvs, --exclude-identity ${EXCLUDE_IDENTITY}\n`,
);
console.log(
  '| length | n | same-length candidates (mean) | oracle, same length | oracle < 2 Å | oracle, within the pool length window |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [label, lo, hi] of BINS) {
  const set = rows.filter((r) => r.length >= lo && r.length <= hi);
  const same = set.filter((r) => r.first[0].delta === 0);
  const oracle = same.map((r) => Math.min(...r.first.map((m) => m.rmsd)));
  const wide = set.map((r) =>
    Math.min(
      ...[
        ...r.first,
        ...r.neighbours.filter((m) => Math.abs(m.delta) <= loops.h3LengthReach(r.length)),
      ].map((m) => m.rmsd),
    ),
  );
  console.log(
    `| ${label} | ${set.length} | ${mean(same.map((r) => r.first.length)).toFixed(1)} (${set.length - same.length} with none) | ${mean(oracle).toFixed(2)} | ${oracle.filter((x) => x < 2).length} | ${mean(wide).toFixed(2)} |`,
  );
}

// Two folds by a hash of the entry id (FNV-1a), fixed before looking at any figure. The original set
// is the first 152 paired Fvs (the two docking benchmarks the library was first built from).
const fnv = (s) =>
  [...s].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);
const folds = [0, 1].map((f) => rows.filter((r) => fnv(r.id) % 2 === f));
const original = rows.slice(0, 152);
console.log(
  '\nMean CDR-H3 RMSD by pool setting (window: fraction of the query H3 length; from: least length)\n',
);
console.log(
  '| from | window | fold A | fold B | all | original 152 | <= 12 | 13-16 | 17-20 | > 20 |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const grid = [];
for (const minLength of MIN_LENGTHS)
  for (const w of WINDOWS) {
    const chosen = new Map(rows.map((r) => [r, r.taken(choose(r, w, minLength))]));
    const at = (r) => chosen.get(r);
    const fold = folds.map((set) => mean(set.map(at)));
    const bins = BINS.map(([, lo, hi]) =>
      mean(original.filter((r) => r.length >= lo && r.length <= hi).map(at)),
    );
    console.log(
      `| ${minLength} | ${w} | ${fold[0].toFixed(3)} (${folds[0].length}) | ${fold[1].toFixed(3)} (${folds[1].length}) | ${mean(rows.map(at)).toFixed(3)} | ${mean(original.map(at)).toFixed(3)} | ${bins
        .slice(0, 4)
        .map((x) => x.toFixed(2))
        .join(' | ')} |`,
    );
    grid.push({ minLength, w, fold });
  }
for (const [tune, test] of [
  [0, 1],
  [1, 0],
]) {
  const best = grid.reduce((a, b) => (b.fold[tune] < a.fold[tune] ? b : a));
  console.log(
    `\nChosen on fold ${'AB'[tune]}: from ${best.minLength}, window ${best.w}; held-out fold ${'AB'[test]}: ${best.fold[test].toFixed(3)} Å (no neighbours: ${grid[0].fold[test].toFixed(3)} Å)`,
  );
}
