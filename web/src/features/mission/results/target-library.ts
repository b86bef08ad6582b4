import type { LocalizedText, TargetDesign, TargetEpitope } from '@platform/antibody';

import { type CsvValue, toCsv } from '../../antibody';

// A library designed against a target (antibody.design with only an antigen, or the toolkit's
// designAgainstTarget): found by its `kind`, with the designs as the toolkit names them (`designs`)
// or as the worker's output carries the first of them (`rows`). Its CDR logos and downloads are
// built here as plain data, so they are tested without a browser.

export interface TargetLibrary {
  kind: 'target-design';
  antigen: { sequence: string; length: number; source: 'sequence' | 'structure' };
  epitope: TargetEpitope;
  format: 'fv' | 'vhh';
  seed: number;
  generated: number;
  rejected: Record<string, number>;
  sources: Record<string, number>;
  claim: LocalizedText;
  developabilityNote?: LocalizedText;
  method?: LocalizedText[];
  designs: TargetDesign[];
  /** The antigen's chain when a structure was given (a PDB file attached in the chat). */
  structure?: { name?: string; chain?: string; pdb: string };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isTargetLibrary(value: unknown): value is TargetLibrary {
  return (
    isObject(value) &&
    value.kind === 'target-design' &&
    (Array.isArray(value.designs) || Array.isArray(value.rows)) &&
    isObject(value.epitope) &&
    isObject(value.antigen) &&
    isObject(value.claim)
  );
}

export function toTargetLibrary(value: TargetLibrary): TargetLibrary {
  const raw = value as TargetLibrary & { rows?: TargetDesign[]; rules?: LocalizedText[] };
  return {
    ...value,
    designs: value.designs ?? raw.rows ?? [],
    method: value.method ?? raw.rules,
  };
}

export type TargetCdr = 'h1' | 'h2' | 'h3' | 'l1' | 'l2' | 'l3';

/** One logo column: the residues at that position and their frequencies, most frequent first. */
export type LogoColumn = { residue: string; frequency: number }[];

export interface CdrLogo {
  cdr: TargetCdr;
  /** The loop length the logo shows (the commonest among the designs). */
  length: number;
  /** Designs of that length, of all designs. */
  count: number;
  total: number;
  columns: LogoColumn[];
}

/**
 * A probability logo of a CDR over the designs: CDRs vary in length, so the logo is drawn for the
 * commonest length (ties: the shorter), position by position.
 */
export function cdrLogo(designs: TargetDesign[], cdr: TargetCdr): CdrLogo | undefined {
  const loops = designs.map((d) => d.cdrs[cdr]).filter((x): x is string => Boolean(x));
  if (!loops.length) return undefined;
  const byLength = new Map<number, number>();
  for (const loop of loops) byLength.set(loop.length, (byLength.get(loop.length) ?? 0) + 1);
  const [length, count] = [...byLength].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const same = loops.filter((l) => l.length === length);
  const columns = Array.from({ length }, (_, i) => {
    const counts = new Map<string, number>();
    for (const loop of same) counts.set(loop[i]!, (counts.get(loop[i]!) ?? 0) + 1);
    return [...counts]
      .map(([residue, n]) => ({ residue, frequency: n / same.length }))
      .sort((a, b) => b.frequency - a.frequency || (a.residue < b.residue ? -1 : 1));
  });
  return { cdr, length, count, total: loops.length, columns };
}

const PARTS = ['paratope', 'charge', 'humanness', 'developability', 'liabilities'] as const;
const CDR_COLUMNS: TargetCdr[] = ['h1', 'h2', 'h3', 'l1', 'l2', 'l3'];

/** The library as CSV: every design with its germlines, CDRs, score and score parts. */
export function targetLibraryCsv(library: TargetLibrary): string {
  const header = [
    'rank',
    'id',
    'source',
    'scaffold',
    'heavy_v',
    'light_v',
    ...CDR_COLUMNS,
    'score',
    ...PARTS,
    'cdr_liabilities',
    'heavy',
    'light',
  ];
  const rows: CsvValue[][] = library.designs.map((d) => [
    d.rank,
    d.id,
    d.source,
    d.scaffold,
    d.germlines.heavy.v,
    d.germlines.light?.v ?? '',
    ...CDR_COLUMNS.map((c) => d.cdrs[c] ?? ''),
    d.score,
    ...PARTS.map((p) => d.parts[p]),
    d.cdrLiabilities.join(' '),
    d.heavy,
    d.light ?? '',
  ]);
  return `\uFEFF${toCsv(header, rows)}`;
}

/** FASTA records of the library: each design's VH (and VL) named by its id. */
export function targetLibraryRecords(library: TargetLibrary): { id: string; sequence: string }[] {
  return library.designs.flatMap((d) => [
    { id: `${d.id}_VH`, sequence: d.heavy },
    ...(d.light ? [{ id: `${d.id}_VL`, sequence: d.light }] : []),
  ]);
}
