import { describe, expect, it } from 'vitest';

import { libraryOutput } from '../../../test-utils/mission-factories';
import { DEFAULT_VARIANT_SORT, nextSort, sortVariants } from './library-sort';

describe(sortVariants.name, () => {
  const variants = libraryOutput().design.variants;

  it('should sort by a figure in either direction, ties in rank order', () => {
    const byScore = sortVariants(variants, { key: 'score', descending: true });
    const scores = byScore.map((v) => v.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byIdentity = sortVariants(variants, { key: 'humanIdentity', descending: false });
    for (let i = 1; i < byIdentity.length; i += 1) {
      const [a, b] = [byIdentity[i - 1]!, byIdentity[i]!];
      expect(
        a.humanIdentity < b.humanIdentity ||
          (a.humanIdentity === b.humanIdentity && a.rank < b.rank),
      ).toBe(true);
    }
    expect(sortVariants(variants, DEFAULT_VARIANT_SORT).map((v) => v.rank)).toEqual(
      variants.map((v) => v.rank),
    );
  });
});

describe(nextSort.name, () => {
  it('should flip the column sorted by, and start better-is-more figures descending', () => {
    expect(nextSort(DEFAULT_VARIANT_SORT, 'rank')).toEqual({ key: 'rank', descending: true });
    expect(nextSort(DEFAULT_VARIANT_SORT, 'score')).toEqual({ key: 'score', descending: true });
    expect(nextSort(DEFAULT_VARIANT_SORT, 'lengthChange')).toEqual({
      key: 'lengthChange',
      descending: false,
    });
  });
});
