import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { humanize, type HumanizeOptions } from './humanize';
import { numberSequence } from './numbering/number';

// A guard on the humanization bench (bench/humanize-bench.mjs prints the full table): on the 25
// published pairs of murine parent and experimentally humanized antibody (Hu-mAb set, provenance in
// the README), the default (germline profile and change model) proposes mutations more precisely
// than the straight graft and than keeping every key residue, finds more of the experimental ones
// than the latter, reaches the target and never touches a CDR residue.

interface Pair {
  set: string;
  antibody: string;
  chain: string;
  parental: string;
  humanized: string;
}

const PAIRS = (
  JSON.parse(
    readFileSync(new URL('../bench/humanization-pairs.json', import.meta.url), 'utf8'),
  ) as { pairs: Pair[] }
).pairs.filter((p) => p.set === 'humab25');

const byPosition = (sequence: string) =>
  new Map(
    numberSequence(sequence).residues.map((r) => [
      `${r.imgt.number}${r.imgt.insertion}`,
      r.residue,
    ]),
  );

function measure(options: HumanizeOptions): { precision: number; recall: number } {
  let proposed = 0;
  let agreed = 0;
  let made = 0;
  for (const pair of PAIRS) {
    const parent = byPosition(pair.parental);
    const experimental = byPosition(pair.humanized);
    for (const [at, residue] of experimental) if (residue !== parent.get(at)) made += 1;
    for (const [at, residue] of byPosition(humanize(pair.parental, options).humanized)) {
      if (residue === parent.get(at)) continue;
      proposed += 1;
      if (residue === experimental.get(at)) agreed += 1;
    }
  }
  return { precision: agreed / proposed, recall: agreed / made };
}

describe('humanization against experimental humanizations', () => {
  it('should hold the 25 published pairs, both chains', () => {
    expect(PAIRS).toHaveLength(50);
  });

  it('should propose mutations more precisely than a straight CDR graft or keeping key residues', () => {
    const straight = measure({ strategy: 'straight-graft' });
    const keepKey = measure({ strategy: 'keep-key-residues' });
    const sut = measure({});

    expect(sut.precision).toBeGreaterThan(straight.precision + 0.05);
    expect(sut.precision).toBeGreaterThan(keepKey.precision + 0.05);
    expect(sut.recall).toBeGreaterThan(keepKey.recall);
  }, 60_000);

  // The target (#27), on the held-out pairs: the change model was fitted without them.
  it('should reach precision 0.80 with recall no lower than the share rule it replaced', () => {
    const before = measure({ profile: { minChangeProbability: 0 } });
    const sut = measure({});

    expect(sut.precision).toBeGreaterThanOrEqual(0.8);
    expect(sut.recall).toBeGreaterThanOrEqual(before.recall);
  }, 60_000);

  it('should keep every parental CDR residue (IMGT and Kabat)', () => {
    for (const pair of PAIRS) {
      const parent = numberSequence(pair.parental);
      const sut = humanize(pair.parental);
      for (const cdrs of [sut.cdrs.imgt, sut.cdrs.kabat]) {
        for (const cdr of Object.values(cdrs)) {
          expect(sut.humanized, `${pair.antibody} ${pair.chain}`).toContain(cdr);
        }
      }
      expect(parent.chainType).toBe(numberSequence(sut.humanized).chainType);
    }
  });
});
