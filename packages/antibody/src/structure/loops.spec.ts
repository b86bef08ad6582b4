import { describe, expect, it } from 'vitest';

import type { Vec3 } from './geometry';
import { centralIndex, h3LengthReach } from './loops';

describe('centralIndex (closest-to-average loop choice)', () => {
  it('picks the candidate nearest the mean, not an outlier or the first', () => {
    const at = (x: number): Vec3[] => [
      [x, 0, 0],
      [x, 1, 0],
    ];
    // Mean x = (0 + 1.2 + 2 + 9) / 4 = 3.05: the candidate at 2 is nearest.
    expect(centralIndex([at(0), at(1.2), at(2), at(9)])).toBe(2);
    expect(centralIndex([at(5), at(5), at(5)])).toBe(0);
  });
});

describe('h3LengthReach (neighbouring lengths in the CDR-H3 pool)', () => {
  it('is none below 15 residues, then 15% of the length, rounded down', () => {
    expect([3, 4, 7, 8, 12, 14, 15, 16, 20, 27].map((n) => h3LengthReach(n))).toEqual([
      0, 0, 0, 0, 0, 0, 2, 2, 3, 4,
    ]);
  });
});
