// Rebuilds the template library templates/fv-templates.bin.gz (and its listing templates/fv-templates.md) from
// public antibody structure sets. PDB coordinates are public domain (wwPDB, CC0); the sets below only
// select and split PDB entries:
//   piercelab/antibody_benchmark (CC BY 4.0): bound and unbound antibodies of 67 antibody-antigen
//     docking cases (Guest et al., Structure 2021); PDB ids from antibody_antigen_cases.txt.
//   Zhaonan99/Antibody-antigen-complex-structure-benchmark-dataset: bound antibodies of 112
//     antibody-antigen docking cases (PDB id = case folder). Its unbound files carry no PDB id, so
//     they are left out.
//   haddocking/ai-antibodies (Apache-2.0): the experimental complexes (`*_true_complex.pdb`) of 83
//     antibody-antigen cases of 2021-2022 (Giulini et al., 2024; PDB id = case folder).
//   samuelfromm/abag-benchmark-set (no licence stated; only PDB coordinates are taken): 115 PDB
//     entries of antibody-antigen complexes selected from SAbDab with AADaM (McCoy et al., Protein
//     Sci 33:e5127, 2024), deposited after 2021-09-30 (PDB id = file name).
// The first two sources come first, so the first 152 paired Fvs (the structure benchmark's
// original set) stay as they were; a later Fv whose VH+VL sequence is already taken is skipped.
// Sources are read from local git snapshots (the `fetch` mirror): pass their git dirs with
//   node scripts/build-templates.mjs --piercelab DIR --zhaonan DIR --haddock DIR --abag DIR
// Each chain is numbered with the toolkit's own IMGT numbering (build the package first); VH and VL
// domains are paired by proximity; an Fv whose VH+VL sequence was already taken is skipped.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { numberSequence } = require('../dist/index.js');
const { parsePdb } = require('../dist/structure/pdb.js');
const { packLibrary } = require('../dist/structure/templates.js');
const { centroid, distance } = require('../dist/structure/geometry.js');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const MIRROR = '/work/.mirror';
const PIERCELAB = option('piercelab', `${MIRROR}/piercelab+antibody_benchmark/repo`);
const ZHAONAN = option(
  'zhaonan',
  `${MIRROR}/Zhaonan99+Antibody-antigen-complex-structure-benchmark-dataset/repo`,
);
const HADDOCK = option('haddock', `${MIRROR}/haddocking+ai-antibodies/repo`);
const ABAG = option('abag', `${MIRROR}/samuelfromm+abag-benchmark-set/repo`);
const OUT = join(import.meta.dirname, '..', 'templates');

const git = (dir, ...a) =>
  execFileSync('git', ['--git-dir', dir, ...a], { maxBuffer: 1 << 30, encoding: 'utf8' });

function piercelabEntries() {
  const cases = git(PIERCELAB, 'show', 'HEAD:antibody_antigen_cases.txt').split('\n').slice(1);
  const out = [];
  for (const line of cases) {
    const cols = line.split('\t');
    if (cols.length < 2) continue;
    const complex = cols[0].slice(0, 4).toUpperCase();
    const unbound = cols[1].slice(0, 4).toUpperCase();
    out.push({
      pdb: complex,
      repo: PIERCELAB,
      name: 'piercelab/antibody_benchmark',
      path: `pdbs/${complex}_r_b.pdb`,
    });
    out.push({
      pdb: unbound,
      repo: PIERCELAB,
      name: 'piercelab/antibody_benchmark',
      path: `pdbs/${complex}_r_u.pdb`,
    });
  }
  return out;
}

/** The PDB files of a snapshot whose path `keep` accepts, each named by the PDB id its file name starts with. */
function snapshotEntries(repo, name, keep) {
  return git(repo, 'ls-tree', '-r', '--name-only', 'HEAD')
    .split('\n')
    .filter(keep)
    .map((path) => ({ pdb: path.split('/').pop().slice(0, 4).toUpperCase(), repo, name, path }));
}

function zhaonanEntries() {
  return snapshotEntries(
    ZHAONAN,
    'Zhaonan99/Antibody-antigen-complex-structure-benchmark-dataset',
    (p) => p.endsWith('_r_b.pdb') && !p.includes('25cases_Not_truncated'),
  );
}

function haddockEntries() {
  return snapshotEntries(HADDOCK, 'haddocking/ai-antibodies', (p) =>
    p.endsWith('_true_complex.pdb'),
  );
}

function abagEntries() {
  return snapshotEntries(ABAG, 'samuelfromm/abag-benchmark-set', (p) =>
    /^data\/db\/structures\/\w{4}\.pdb$/.test(p),
  );
}

/** Numbered variable domains of one chain (two for an scFv). */
function domainsOf(residues) {
  const usable = residues.filter((r) => r.aa !== 'X' && r.atoms.N && r.atoms.CA && r.atoms.C);
  const domains = [];
  let offset = 0;
  while (usable.length - offset >= 70) {
    let numbered;
    try {
      numbered = numberSequence(
        usable
          .slice(offset)
          .map((r) => r.aa)
          .join(''),
      );
    } catch {
      break;
    }
    const type = numbered.chainType;
    const chainResidues = numbered.residues.map((n) => ({
      position: n.position,
      aa: n.residue,
      atoms: usable[offset + n.index].atoms,
    }));
    domains.push({ type, residues: chainResidues });
    offset += numbered.end + 1;
  }
  return domains;
}

function caCentre(domain) {
  return centroid(domain.residues.map((r) => r.atoms.CA));
}

/** Pairs each VH with the nearest VL (domain centres within 30 Å); an unpaired VH is a VHH. */
function fvsOf(residues) {
  const byChain = new Map();
  for (const r of residues) {
    if (!byChain.has(r.chain)) byChain.set(r.chain, []);
    byChain.get(r.chain).push(r);
  }
  const domains = [...byChain.values()].flatMap(domainsOf);
  const heavies = domains.filter((d) => d.type === 'heavy');
  const lights = domains.filter((d) => d.type !== 'heavy');
  const used = new Set();
  return heavies.map((heavy) => {
    const c = caCentre(heavy);
    let best;
    for (const light of lights) {
      if (used.has(light)) continue;
      const d = distance(c, caCentre(light));
      if (d < 30 && (!best || d < best.d)) best = { light, d };
    }
    if (best) used.add(best.light);
    return { heavy, light: best?.light };
  });
}

const seq = (chain) => chain.residues.map((r) => r.aa).join('');

function build() {
  const entries = [
    ...piercelabEntries(),
    ...zhaonanEntries(),
    ...haddockEntries(),
    ...abagEntries(),
  ];
  const seen = new Set();
  const ids = new Map();
  const templates = [];
  for (const entry of entries) {
    let text;
    try {
      text = git(entry.repo, 'show', `HEAD:${entry.path}`);
    } catch {
      continue;
    }
    for (const fv of fvsOf(parsePdb(text))) {
      if (fv.heavy.residues.length < 100 || (fv.light && fv.light.residues.length < 95)) continue;
      const key = `${seq(fv.heavy)}/${fv.light ? seq(fv.light) : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const n = (ids.get(entry.pdb) ?? 0) + 1;
      ids.set(entry.pdb, n);
      templates.push({
        id: n === 1 ? entry.pdb : `${entry.pdb}_${n}`,
        pdb: entry.pdb,
        source: `${entry.name}:${entry.path}`,
        heavy: fv.heavy,
        light: fv.light,
      });
    }
  }
  return templates;
}

const templates = build();
const packed = gzipSync(packLibrary(templates), { level: 9 });
writeFileSync(join(OUT, 'fv-templates.bin.gz'), packed);
const rows = templates.map(
  (t) =>
    `| ${t.id} | ${t.pdb} | ${t.light ? `VH/${t.light.type === 'kappa' ? 'VK' : 'VL'}` : 'VHH'} | ${t.heavy.residues.length}+${t.light?.residues.length ?? 0} | ${t.source} |`,
);
writeFileSync(
  join(OUT, 'fv-templates.md'),
  [
    '# Fv template library',
    '',
    'Built by `scripts/build-templates.mjs`. Coordinates: Protein Data Bank entries (public domain, CC0),',
    'as split into antibody files (or, for samuelfromm/abag-benchmark-set, kept whole) by the sets named',
    'in the source column: piercelab/antibody_benchmark (CC BY 4.0), haddocking/ai-antibodies',
    '(Apache-2.0), Zhaonan99/Antibody-antigen-complex-structure-benchmark-dataset and',
    'samuelfromm/abag-benchmark-set (no licence stated; only the PDB coordinates are taken).',
    '',
    `${templates.length} templates (${templates.filter((t) => !t.light).length} VHH).`,
    '',
    '| id | PDB | chains | residues | source |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n'),
);
console.log(`${templates.length} templates, ${packed.length} bytes`);
