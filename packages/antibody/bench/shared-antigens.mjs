// Cases of an epitope benchmark that share one antigen, and the union of their epitopes.
//
// Several complexes of a benchmark can hold the same antigen with different antibodies (lysozyme
// with HyHEL-63, D1.3, F10.6.6 and a shark VNAR). Scored one complex at a time, the other antibodies'
// real epitopes count as false positives. Kringelum et al. (PLoS Comput Biol 8:e1002829, 2012,
// DiscoTope 2.0) therefore label each antigen with the union of the epitopes of all its antibodies.
// Here two cases share an antigen when a chain of one has ≥ 90 % identity to a chain of the other
// (Smith–Waterman, over ≥ 50 % of the shorter chain); the groups are the connected components. A
// case's epitope is carried onto another case's antigen through the residue pairs of those chain
// alignments; for homo-oligomers (TNF trimer, hemagglutinin) the chain pairing is the one whose
// aligned Cα atoms superpose with the lowest RMSD.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { superpose } = require('../dist/structure/geometry.js');

const MIN_IDENTITY = 0.9;
const MIN_COVERAGE = 0.5;
const MATCH = 2;
const MISMATCH = -1;
const GAP = -2;

/**
 * Local alignment (Smith & Waterman, J Mol Biol 147:195, 1981; linear gaps): aligned index pairs,
 * identity over the aligned columns and coverage of the shorter sequence.
 */
export function localAlignment(a, b) {
  const cols = b.length + 1;
  const h = new Int32Array((a.length + 1) * cols);
  let best = 0;
  let bestAt = 0;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const diag = h[(i - 1) * cols + j - 1] + (a[i - 1] === b[j - 1] ? MATCH : MISMATCH);
      const v = Math.max(0, diag, h[(i - 1) * cols + j] + GAP, h[i * cols + j - 1] + GAP);
      h[i * cols + j] = v;
      if (v > best) [best, bestAt] = [v, i * cols + j];
    }
  const pairs = [];
  let columns = 0;
  let identical = 0;
  let i = Math.floor(bestAt / cols);
  let j = bestAt % cols;
  while (i > 0 && j > 0 && h[i * cols + j] > 0) {
    const v = h[i * cols + j];
    columns++;
    if (v === h[(i - 1) * cols + j - 1] + (a[i - 1] === b[j - 1] ? MATCH : MISMATCH)) {
      pairs.push([i - 1, j - 1]);
      if (a[i - 1] === b[j - 1]) identical++;
      i--;
      j--;
    } else if (v === h[(i - 1) * cols + j] + GAP) i--;
    else j--;
  }
  pairs.reverse();
  const shorter = Math.min(a.length, b.length) || 1;
  return { pairs, identity: columns ? identical / columns : 0, coverage: pairs.length / shorter };
}

/** Residue indices of each chain of an antigen (residues in file order). */
function chainsOf(residues) {
  const chains = new Map();
  residues.forEach((r, k) => {
    if (!chains.has(r.chain)) chains.set(r.chain, []);
    chains.get(r.chain).push(k);
  });
  return [...chains.values()].map((indices) => ({
    indices,
    sequence: indices.map((k) => residues[k].aa).join(''),
  }));
}

/** Chain pairs (chain of a × chain of b) that are the same protein, with their residue pairs. */
function matchingChains(a, b) {
  const matches = [];
  for (const [ia, ca] of a.entries())
    for (const [ib, cb] of b.entries()) {
      if (Math.min(ca.sequence.length, cb.sequence.length) < 10) continue;
      const al = localAlignment(ca.sequence, cb.sequence);
      if (al.identity < MIN_IDENTITY || al.coverage < MIN_COVERAGE) continue;
      matches.push({ ia, ib, pairs: al.pairs.map(([x, y]) => [ca.indices[x], cb.indices[y]]) });
    }
  return matches;
}

/** One-to-one chain pairings (each chain used once), up to `limit` of them. */
function pairings(matches, limit = 5000) {
  const out = [];
  const walk = (k, usedA, usedB, chosen) => {
    if (out.length >= limit) return;
    if (k === matches.length) {
      if (chosen.length) out.push(chosen);
      return;
    }
    const m = matches[k];
    if (!usedA.has(m.ia) && !usedB.has(m.ib))
      walk(k + 1, new Set([...usedA, m.ia]), new Set([...usedB, m.ib]), [...chosen, m]);
    walk(k + 1, usedA, usedB, chosen);
  };
  walk(0, new Set(), new Set(), []);
  const most = Math.max(...out.map((p) => p.length));
  return out.filter((p) => p.length === most);
}

/** Residue pairs (index in a, index in b) between two antigens, or [] when they differ. */
export function residueCorrespondence(a, b) {
  const matches = matchingChains(chainsOf(a), chainsOf(b));
  if (!matches.length) return [];
  let best = [];
  let bestRmsd = Infinity;
  for (const pairing of pairings(matches)) {
    const pairs = pairing.flatMap((m) => m.pairs);
    const rmsd =
      pairs.length >= 3
        ? superpose(
            pairs.map(([x]) => a[x].atoms.CA),
            pairs.map(([, y]) => b[y].atoms.CA),
          ).rmsd
        : Infinity;
    if (rmsd < bestRmsd || !best.length) [best, bestRmsd] = [pairs, rmsd];
  }
  return best;
}

/**
 * The epitope with its copies on the other chains of the same protein in the antigen: one antibody
 * binds each protomer of a homo-oligomer alike (TNF trimer, hemagglutinin), and the benchmark keeps
 * one of the crystal's antibodies, so the other protomers' copies of the site are real epitopes too.
 */
export function withSymmetricCopies(antigen, labels) {
  const chains = chainsOf(antigen);
  const out = [...labels];
  for (const m of matchingChains(chains, chains))
    if (m.ia !== m.ib) for (const [mine, theirs] of m.pairs) if (labels[theirs]) out[mine] = true;
  return out;
}

/**
 * Groups of cases that share an antigen, and for every case the union of the epitopes of its group
 * carried onto its own residues (each with its symmetric copies). `cases`: { antigen: residues, labels: boolean[] }.
 */
export function sharedAntigens(cases) {
  const parent = cases.map((_, k) => k);
  const find = (k) => (parent[k] === k ? k : (parent[k] = find(parent[k])));
  const correspondences = new Map();
  for (let i = 0; i < cases.length; i++)
    for (let j = i + 1; j < cases.length; j++) {
      const pairs = residueCorrespondence(cases[i].antigen, cases[j].antigen);
      if (!pairs.length) continue;
      correspondences.set(`${i},${j}`, pairs);
      parent[find(j)] = find(i);
    }
  const symmetricLabels = cases.map((c) => withSymmetricCopies(c.antigen, c.labels));
  const unionLabels = cases.map((c, i) => {
    const union = [...symmetricLabels[i]];
    for (let j = 0; j < cases.length; j++) {
      if (j === i) continue;
      const forward = correspondences.get(`${i},${j}`);
      const backward = correspondences.get(`${j},${i}`);
      const pairs = forward ?? backward?.map(([x, y]) => [y, x]) ?? [];
      for (const [mine, theirs] of pairs) if (symmetricLabels[j][theirs]) union[mine] = true;
    }
    return withSymmetricCopies(c.antigen, union);
  });
  const groups = new Map();
  cases.forEach((_, k) => {
    if (!groups.has(find(k))) groups.set(find(k), []);
    groups.get(find(k)).push(k);
  });
  return { groups: [...groups.values()], symmetricLabels, unionLabels };
}
