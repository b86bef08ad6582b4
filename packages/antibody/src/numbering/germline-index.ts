import { BLOSUM62_ALPHABET } from '../reference/blosum62';
import { GERMLINE_SETS, type Locus, type Species } from '../reference/germlines';

export const IMGT_LENGTH = 128;
/** Last IMGT position of the V template (the second conserved cysteine). */
export const V_TEMPLATE_END = 104;
/** First IMGT position of the J template (the W/F of the J motif). */
export const J_TEMPLATE_START = 118;

export interface Germline {
  /** Index in `allVGermlines()`. */
  id: number;
  name: string;
  species: Species;
  locus: Locus;
  /** IMGT-gapped, 128 characters; index p-1 is IMGT position p. */
  gapped: string;
  /** The same as residue codes (BLOSUM62 order, 255 for a gap), index p-1 is IMGT position p. */
  codes: Uint8Array;
}

let cachedV: Germline[] | undefined;
let cachedJ: Germline[] | undefined;

export const GAP_CODE = 255;

function toCodes(gapped: string): Uint8Array {
  return Uint8Array.from(gapped, (c) => (c === '-' ? GAP_CODE : aaIndex(c)));
}

function pad(gapped: string): string {
  return gapped.padEnd(IMGT_LENGTH, '-');
}

/** Every V germline of every species and locus, gapped to 128 IMGT positions. */
export function allVGermlines(): Germline[] {
  if (!cachedV) {
    cachedV = [];
    for (const set of GERMLINE_SETS) {
      for (const [name, seq] of set.v) {
        const gapped = pad(seq);
        cachedV.push({
          id: cachedV.length,
          name,
          species: set.species,
          locus: set.locus,
          gapped,
          codes: toCodes(gapped),
        });
      }
    }
  }
  return cachedV;
}

/** Every J germline, right-aligned onto IMGT positions so that its last character is position 128. */
export function allJGermlines(): Germline[] {
  if (!cachedJ) {
    cachedJ = [];
    for (const set of GERMLINE_SETS) {
      for (const [name, seq] of set.j) {
        const gapped = seq.padStart(IMGT_LENGTH, '-');
        cachedJ.push({
          id: cachedJ.length,
          name,
          species: set.species,
          locus: set.locus,
          gapped,
          codes: toCodes(gapped),
        });
      }
    }
  }
  return cachedJ;
}

/** The J germline used as the FR4 template of each locus in the alignment (FR4 is highly conserved). */
export function templateJ(locus: Locus): Germline {
  const preferred: Record<Locus, string> = { H: 'IGHJ4*01', K: 'IGKJ1*01', L: 'IGLJ2*01' };
  const found = allJGermlines().find((j) => j.species === 'human' && j.name === preferred[locus]);
  if (!found) throw new Error(`missing J template for ${locus}`);
  return found;
}

export function aaIndex(residue: string): number {
  return BLOSUM62_ALPHABET.indexOf(residue);
}

const KMER = 3;
const KMER_SPACE = 20 * 20 * 20;
let kmerIndex: Int32Array[] | undefined;

function kmerCode(codes: ArrayLike<number>, at: number): number {
  return codes[at] * 400 + codes[at + 1] * 20 + codes[at + 2];
}

function buildKmerIndex(): Int32Array[] {
  const buckets: number[][] = Array.from({ length: KMER_SPACE }, () => []);
  for (const g of allVGermlines()) {
    const residues = g.gapped.slice(0, V_TEMPLATE_END).replace(/-/g, '');
    const codes = Array.from(residues, aaIndex);
    const seen = new Set<number>();
    for (let i = 0; i + KMER <= codes.length; i++) {
      const code = kmerCode(codes, i);
      if (!seen.has(code)) {
        seen.add(code);
        buckets[code].push(g.id);
      }
    }
  }
  return buckets.map((b) => Int32Array.from(b));
}

/**
 * Ranks V germlines by shared 3-mers with the query and returns the ids of the best `top`. A cheap
 * prefilter so that the dynamic-programming alignment runs against a handful of templates, not all.
 */
export function candidateGermlines(
  queryCodes: Uint8Array,
  top: number,
): { ids: number[]; hits: number } {
  kmerIndex ??= buildKmerIndex();
  const counts = new Int32Array(allVGermlines().length);
  for (let i = 0; i + KMER <= queryCodes.length; i++) {
    const bucket = kmerIndex[kmerCode(queryCodes, i)];
    for (let k = 0; k < bucket.length; k++) counts[bucket[k]]++;
  }
  const ids: number[] = [];
  let best = 0;
  for (let n = 0; n < top; n++) {
    let pick = -1;
    for (let g = 0; g < counts.length; g++) {
      if (counts[g] > 0 && !ids.includes(g) && (pick < 0 || counts[g] > counts[pick])) pick = g;
    }
    if (pick < 0) break;
    if (n === 0) best = counts[pick];
    ids.push(pick);
  }
  return { ids, hits: best };
}

const kmerColumns = new Map<number, Map<number, number[]>>();

/** For one germline: 3-mer code -> template column indices (V residues in order, gaps removed). */
function columnsByKmer(g: Germline): Map<number, number[]> {
  let map = kmerColumns.get(g.id);
  if (!map) {
    map = new Map();
    const codes = Array.from(g.gapped.slice(0, V_TEMPLATE_END).replace(/-/g, ''), aaIndex);
    for (let c = 0; c + KMER <= codes.length; c++) {
      const code = kmerCode(codes, c);
      const list = map.get(code) ?? [];
      list.push(c);
      map.set(code, list);
    }
    kmerColumns.set(g.id, map);
  }
  return map;
}

/** Slack around the k-mer diagonals: covers CDR1/CDR2 length differences from the germline. */
const BAND_SLACK = 8;
/** Largest shift from the main diagonal still taken as real (a CDR1 plus CDR2 length difference). */
const BAND_REACH = 14;

/**
 * Range of alignment diagonals (query index minus column index) supported by at least two shared
 * 3-mers between the query and the germline's V region, widened by BAND_SLACK; undefined when too few
 * k-mers agree to trust a band (the caller then runs the full alignment).
 */
export function diagonalBand(
  queryCodes: Uint8Array,
  g: Germline,
): { lo: number; hi: number } | undefined {
  const columns = columnsByKmer(g);
  const counts = new Map<number, number>();
  for (let i = 0; i + KMER <= queryCodes.length; i++) {
    const cols = columns.get(kmerCode(queryCodes, i));
    if (!cols) continue;
    for (const c of cols) counts.set(i - c, (counts.get(i - c) ?? 0) + 1);
  }
  let mode = 0;
  let modeCount = 0;
  for (const [d, n] of counts) {
    if (n > modeCount) {
      mode = d;
      modeCount = n;
    }
  }
  if (modeCount < 3) return undefined;
  // Diagonals far from the mode are chance matches (e.g. CDR3 or FR4 residues against V k-mers).
  let lo = mode;
  let hi = mode;
  for (const [d, n] of counts) {
    if (n < 2 || Math.abs(d - mode) > BAND_REACH) continue;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return { lo: lo - BAND_SLACK, hi: hi + BAND_SLACK };
}
