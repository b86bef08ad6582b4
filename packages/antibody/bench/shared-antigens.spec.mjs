// Tests of the union-of-epitopes labelling of the epitope benchmark (bench/shared-antigens.mjs).
// Run with the package's vitest suite (pnpm --filter @platform/antibody test, after a build: the
// bench imports dist/).
import assert from 'node:assert/strict';

import { test } from 'vitest';

import { localAlignment, sharedAntigens, withSymmetricCopies } from './shared-antigens.mjs';

const SEQUENCE = 'MKTAYIAKQRQISFVKSHFSRQ';

/** A chain of Cα atoms on a helix-like curve, shifted by `offset` along x. */
function chain(id, sequence, offset = 0) {
  return [...sequence].map((aa, k) => ({
    chain: id,
    resSeq: k + 1,
    iCode: '',
    aa,
    atoms: { CA: [offset + 2.3 * Math.cos(k), 2.3 * Math.sin(k), 1.5 * k] },
  }));
}

test('local alignment pairs identical residues and reports identity and coverage', () => {
  const al = localAlignment(SEQUENCE, `GG${SEQUENCE.slice(0, 12)}W${SEQUENCE.slice(13)}`);
  assert.equal(al.pairs.length, SEQUENCE.length);
  assert.deepEqual(al.pairs[0], [0, 2]);
  assert.ok(Math.abs(al.identity - (SEQUENCE.length - 1) / SEQUENCE.length) < 1e-9);
  assert.equal(al.coverage, 1);
});

test('unrelated antigens share nothing', () => {
  const a = { antigen: chain('A', SEQUENCE), labels: SEQUENCE.split('').map((_, k) => k < 3) };
  const b = { antigen: chain('B', 'WWPPGGCCHHWWPPGGCCHHWW'), labels: new Array(22).fill(false) };
  const { groups, unionLabels } = sharedAntigens([a, b]);
  assert.equal(groups.length, 2);
  assert.deepEqual(unionLabels[0], a.labels);
});

test("an antigen seen with two antibodies is labelled with both antibodies' epitopes", () => {
  const first = SEQUENCE.split('').map((_, k) => k < 4);
  const second = SEQUENCE.split('').map((_, k) => k >= 18);
  const { groups, unionLabels } = sharedAntigens([
    { antigen: chain('A', SEQUENCE), labels: first },
    { antigen: chain('C', `M${SEQUENCE}`, 5), labels: [false, ...second] },
  ]);
  assert.equal(groups.length, 1);
  assert.deepEqual(
    unionLabels[0],
    first.map((f, k) => f || second[k]),
  );
  assert.deepEqual(unionLabels[1], [false, ...first.map((f, k) => f || second[k])]);
});

test('an epitope on one protomer of a homodimer is copied onto the other', () => {
  const antigen = [...chain('A', SEQUENCE), ...chain('B', SEQUENCE, 20)];
  const labels = antigen.map((r) => r.chain === 'A' && r.resSeq <= 3);
  const copied = withSymmetricCopies(antigen, labels);
  assert.deepEqual(
    copied,
    antigen.map((r) => r.resSeq <= 3),
  );
});
