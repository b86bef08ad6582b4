import { BLOSUM62_ALPHABET, BLOSUM62_ROWS } from '../reference/blosum62';
import type { TemplateChain, TemplateResidue } from './templates';

/** IMGT regions of a variable domain (Lefranc et al., Dev Comp Immunol 27:55, 2003). */
export type FvRegion = 'fr1' | 'cdr1' | 'fr2' | 'cdr2' | 'fr3' | 'cdr3' | 'fr4';
export type CdrRegion = 'cdr1' | 'cdr2' | 'cdr3';

export const CDR_RANGES: Record<CdrRegion, [number, number]> = {
  cdr1: [27, 38],
  cdr2: [56, 65],
  cdr3: [105, 117],
};

export function positionNumber(position: string): number {
  return Number.parseInt(position, 10);
}

export function regionOf(position: string): FvRegion {
  const n = positionNumber(position);
  if (n < 27) return 'fr1';
  if (n <= 38) return 'cdr1';
  if (n < 56) return 'fr2';
  if (n <= 65) return 'cdr2';
  if (n < 105) return 'fr3';
  if (n <= 117) return 'cdr3';
  return 'fr4';
}

export function isFramework(position: string): boolean {
  return regionOf(position).startsWith('fr');
}

/** A query chain as the modeller sees it: IMGT position → residue, in order. */
export interface QueryChain {
  type: TemplateChain['type'];
  residues: { position: string; aa: string }[];
}

export function residueMap(chain: { residues: TemplateResidue[] }): Map<string, TemplateResidue> {
  return new Map(chain.residues.map((r) => [r.position, r]));
}

/** Fraction of the query's residues (optionally only those passing `keep`) that the template matches. */
export function identity(
  query: QueryChain,
  template: Map<string, { aa: string }>,
  keep: (position: string) => boolean = () => true,
): number {
  let total = 0;
  let same = 0;
  for (const r of query.residues) {
    if (!keep(r.position)) continue;
    total++;
    if (template.get(r.position)?.aa === r.aa) same++;
  }
  return total ? same / total : 0;
}

/**
 * Sequence identity over the IMGT positions both chains have. This, not `identity`, decides the
 * `excludeIdentity` cut: a crystal structure of the same antibody with disordered (missing) residues
 * must still count as identical, or it would leak into a benchmark that excludes it.
 */
export function sharedIdentity(query: QueryChain, template: Map<string, { aa: string }>): number {
  let shared = 0;
  let same = 0;
  for (const r of query.residues) {
    const other = template.get(r.position);
    if (!other) continue;
    shared++;
    if (other.aa === r.aa) same++;
  }
  return shared ? same / shared : 0;
}

const INDEX = new Map([...BLOSUM62_ALPHABET].map((aa, k) => [aa, k]));

export function blosum(a: string, b: string): number {
  const i = INDEX.get(a);
  const j = INDEX.get(b);
  return i === undefined || j === undefined ? -1 : BLOSUM62_ROWS[i][j];
}
