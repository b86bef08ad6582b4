import type { DesignedVariant } from '@platform/antibody';

/** Columns the designed library sorts by. */
export type VariantSortKey =
  | 'rank'
  | 'score'
  | 'blosum62'
  | 'humanIdentity'
  | 'lengthChange'
  | 'substitutions'
  | 'addedLiabilities';

export interface VariantSort {
  key: VariantSortKey;
  descending: boolean;
}

/** Where a table starts: the library's own ranking. */
export const DEFAULT_VARIANT_SORT: VariantSort = { key: 'rank', descending: false };

const value = (v: DesignedVariant, key: VariantSortKey): number => {
  switch (key) {
    case 'substitutions':
      return v.substitutions.length;
    case 'addedLiabilities':
      return v.addedLiabilities.length;
    default:
      return v[key];
  }
};

/** The variants in the chosen order; ties keep the library's rank order. */
export function sortVariants(
  variants: readonly DesignedVariant[],
  sort: VariantSort,
): DesignedVariant[] {
  const sign = sort.descending ? -1 : 1;
  return [...variants].sort(
    (a, b) => sign * (value(a, sort.key) - value(b, sort.key)) || a.rank - b.rank,
  );
}

/**
 * The sort after a click on a column: the same column flips direction; another starts descending for
 * figures where more is better (score, BLOSUM62, identity) and ascending otherwise.
 */
export function nextSort(current: VariantSort, key: VariantSortKey): VariantSort {
  if (current.key === key) return { key, descending: !current.descending };
  return { key, descending: ['score', 'blosum62', 'humanIdentity'].includes(key) };
}
