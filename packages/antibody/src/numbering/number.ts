import { AntibodyError, type Warning, warning } from '../errors';
import type { Locus, Species } from '../reference/germlines';
import { cleanProteinSequence } from '../sequence/sequence';
import { type Alignment, alignToTemplate, templateFor } from './alignment';
import {
  aaIndex,
  allJGermlines,
  allVGermlines,
  candidateGermlines,
  diagonalBand,
  GAP_CODE,
  type Germline,
  V_TEMPLATE_END,
} from './germline-index';
import { formatPosition, imgtLoopPositions, insertionCode, type Position } from './positions';
import { type ChainClass, convertFromImgt, type ImgtResidue, type Scheme } from './schemes';

export type ChainType = 'heavy' | 'kappa' | 'lambda';
export type RegionName = 'fr1' | 'cdr1' | 'fr2' | 'cdr2' | 'fr3' | 'cdr3' | 'fr4';

export interface NumberedResidue extends Position {
  /** Scheme position as written, e.g. "52A". */
  position: string;
  residue: string;
  /** 0-based index in the cleaned input sequence. */
  index: number;
  region: RegionName;
  /** The residue's IMGT position (kept whatever the scheme, for cross-scheme work). */
  imgt: Position;
}

export interface GermlineMatch {
  gene: string;
  species: Species;
  /** Fraction of compared positions identical to the germline, 0-1. */
  identity: number;
}

export interface NumberingResult {
  scheme: Scheme;
  chainType: ChainType;
  species: Species;
  /** The cleaned input sequence; `start`/`end` delimit the variable domain in it (0-based, inclusive). */
  sequence: string;
  start: number;
  end: number;
  residues: NumberedResidue[];
  cdrs: { cdr1: string; cdr2: string; cdr3: string };
  frameworks: { fr1: string; fr2: string; fr3: string; fr4: string };
  germlines: { v: GermlineMatch; j: GermlineMatch; humanV: GermlineMatch; humanJ: GermlineMatch };
  alignmentScore: number;
  warnings: Warning[];
}

export interface NumberOptions {
  scheme?: Scheme;
}

const MIN_DOMAIN_LENGTH = 70;
const MIN_KMER_HITS = 5;
const MIN_ALIGNMENT_SCORE = 150;
const CANDIDATES = 3;
const CONFIDENT_SCORE = 350;

const CHAIN_OF: Record<Locus, ChainType> = { H: 'heavy', K: 'kappa', L: 'lambda' };

/** Numbers one antibody variable domain (VH, VK or VL) under IMGT, Kabat or Chothia. */
export function numberSequence(input: string, options: NumberOptions = {}): NumberingResult {
  const scheme = options.scheme ?? 'imgt';
  const { sequence, warnings } = cleanProteinSequence(input, MIN_DOMAIN_LENGTH);
  const codes = Uint8Array.from(sequence, aaIndex);
  const alignment = bestAlignment(codes);
  const imgt = imgtNumbering(sequence, alignment);
  const start = imgt[0].index;
  const end = imgt[imgt.length - 1].index;
  const locus = alignment.template.germline.locus;
  const chainType = CHAIN_OF[locus];
  warnings.push(...conservedResidueWarnings(imgt));
  if (end < sequence.length - 1 - 20) {
    warnings.push(
      warning(
        'EXTRA_DOMAIN',
        '可变区之后还有较长序列（恒定区或第二个结构域）；只对第一个可变区编号。',
        'Long sequence follows the variable domain (constant region or a second domain); only the first variable domain was numbered.',
      ),
    );
  }
  const germlines = assignGermlines(imgt, locus);
  const residues = applyScheme(imgt, scheme, chainType);
  return {
    scheme,
    chainType,
    species: germlines.v.species,
    sequence,
    start,
    end,
    residues,
    ...regionStrings(residues),
    germlines,
    alignmentScore: alignment.score,
    warnings,
  };
}

/** The same numbering written in another scheme, without aligning again. */
export function renumber(result: NumberingResult, scheme: Scheme): NumberingResult {
  if (result.scheme === scheme) return result;
  const imgt = result.residues.map((r) => ({ ...r.imgt, residue: r.residue, index: r.index }));
  const residues = applyScheme(imgt, scheme, result.chainType);
  return { ...result, scheme, residues, ...regionStrings(residues) };
}

function regionStrings(residues: NumberedResidue[]): Pick<NumberingResult, 'cdrs' | 'frameworks'> {
  const join = (region: RegionName) => joinRegion(residues, region);
  return {
    cdrs: { cdr1: join('cdr1'), cdr2: join('cdr2'), cdr3: join('cdr3') },
    frameworks: { fr1: join('fr1'), fr2: join('fr2'), fr3: join('fr3'), fr4: join('fr4') },
  };
}

function notAntibody(): AntibodyError {
  return new AntibodyError('NOT_ANTIBODY', {
    zh: '该序列不像抗体可变区（VH、VK 或 VL）：与任何胚系基因的比对得分都太低。',
    en: 'The sequence does not look like an antibody variable domain (VH, VK or VL): it aligns poorly to every germline.',
  });
}

function bestAlignment(codes: Uint8Array): Alignment {
  const { ids, hits } = candidateGermlines(codes, CANDIDATES);
  if (hits < MIN_KMER_HITS) throw notAntibody();
  const germlines = allVGermlines();
  let best: Alignment | undefined;
  for (const id of ids) {
    const a = alignToTemplate(
      codes,
      templateFor(germlines[id]),
      diagonalBand(codes, germlines[id]),
    );
    if (!best || a.score > best.score) best = a;
    // A confident alignment to the best k-mer candidate is enough: the numbering depends on the
    // framework anchors, which every close germline of the locus provides.
    if (best.score >= CONFIDENT_SCORE) break;
  }
  if (!best || best.score < MIN_ALIGNMENT_SCORE) throw notAntibody();
  return best;
}

interface Placed {
  index: number;
  /** IMGT column position, +0.5 for a residue inserted after it. */
  state: number;
}

function loopOf(state: number): 'cdr1' | 'cdr2' | 'cdr3' | undefined {
  if (state > 26 && state < 39) return 'cdr1';
  if (state > 55 && state < 66) return 'cdr2';
  if (state > 104 && state < 118) return 'cdr3';
  return undefined;
}

const LOOP_RANGE = { cdr1: [27, 38], cdr2: [56, 65], cdr3: [105, 117] } as const;

/** IMGT state of an aligned query residue (a column's position, +0.5 when inserted after it). */
function stateOf(a: Alignment, col: number): number {
  return col >= 0 ? a.template.pos[col] : col === -1 ? 0.5 : a.template.pos[-col - 2] + 0.5;
}

/**
 * Residues just outside the aligned part that still belong to the domain, given the states next to
 * the first and last aligned states as ANARCI gives them (anarci.py, `_hmm_alignment_to_states`,
 * "Handle cases where there are n terminal modifications" and "Extend forwards"):
 * - N terminus: when the alignment starts at state s with 1 < s <= 5 (ANARCI: `0 < _hmm_start < 5`),
 *   the residues before it take the states s-1, s-2, … back to 1, as far as there are residues;
 *   residues before state 1 (a leader or a tag) stay unnumbered. A chain that starts later than
 *   IMGT 1 with nothing before it (N-terminal truncation) is numbered from its first aligned state.
 *   ANARCI writes the count as `min(_seq_start, _hmm_start - _seq_start)` when there are fewer
 *   residues than missing states, which for (3 states, 2 residues) and (4, 3) numbers only one of
 *   them; that reads as a slip against its own comment ("the user is going to want these included in
 *   the numbered domain"), so here every such residue is numbered: `min(_seq_start, _hmm_start)`.
 * - C terminus: when the alignment ends at state e with 123 < e < the J template's last state (128
 *   heavy, 127 light), the residues after it take e+1, e+2, … up to that last state. ANARCI does this
 *   only when the chain holds one domain; this toolkit numbers the first domain only and always
 *   applies it.
 */
function terminalResidues(a: Alignment, length: number): { lead: Placed[]; trail: Placed[] } {
  const lead: Placed[] = [];
  const trail: Placed[] = [];
  const firstCol = a.columnOf[a.start];
  const first = firstCol === null ? 0 : stateOf(a, firstCol);
  if (first % 1 === 0 && first > 1 && first <= 5) {
    const count = Math.min(a.start, first - 1);
    for (let k = count; k >= 1; k--) lead.push({ index: a.start - k, state: first - k });
  }
  const lastCol = a.columnOf[a.end];
  const last = lastCol === null ? 0 : stateOf(a, lastCol);
  const templateEnd = a.template.pos[a.template.pos.length - 1];
  if (last % 1 === 0 && last > 123 && last < templateEnd) {
    const count = Math.min(templateEnd - last, length - 1 - a.end);
    for (let k = 1; k <= count; k++) trail.push({ index: a.end + k, state: last + k });
  }
  return { lead, trail };
}

/** Turns the alignment into IMGT positions, renumbering each CDR from its length by the IMGT rules. */
function imgtNumbering(sequence: string, a: Alignment): (ImgtResidue & { index: number })[] {
  const { lead, trail } = terminalResidues(a, sequence.length);
  const placed: Placed[] = [...lead];
  for (let i = a.start; i <= a.end; i++) {
    const col = a.columnOf[i];
    if (col === null) continue;
    placed.push({ index: i, state: stateOf(a, col) });
  }
  placed.push(...trail);
  const out: (ImgtResidue & { index: number })[] = [];
  let k = 0;
  let insertions = 0;
  while (k < placed.length) {
    const loop = loopOf(placed[k].state);
    if (loop) {
      const members: Placed[] = [];
      while (k < placed.length && loopOf(placed[k].state) === loop) members.push(placed[k++]);
      const [from, to] = LOOP_RANGE[loop];
      const positions = imgtLoopPositions(members.length, from, to);
      for (let m = 0; m < members.length; m++) {
        const { index } = members[m];
        out.push({
          number: positions[m].number,
          insertion: positions[m].insertion,
          residue: sequence[index],
          index,
        });
      }
      continue;
    }
    const { index, state } = placed[k++];
    if (state % 1 === 0) {
      out.push({ number: state, insertion: '', residue: sequence[index], index });
      continue;
    }
    // Residues inserted after a framework column take the IMGT positions the germline lacks before
    // the next aligned column (e.g. VH position 10); any beyond those get insertion codes.
    const after = Math.floor(state);
    const next = nextAlignedPosition(placed, k, after);
    insertions = out.length > 0 && out[out.length - 1].number >= after ? insertions + 1 : 1;
    const free = next - after - 1;
    out.push(
      insertions <= free
        ? { number: after + insertions, insertion: '', residue: sequence[index], index }
        : {
            number: after + free,
            insertion: insertionCode(insertions - free - 1),
            residue: sequence[index],
            index,
          },
    );
  }
  smoothFr1Insertions(out);
  return out;
}

/**
 * ANARCI's FW1 rule (schemes.py, `smooth_insertions`: "Insertions in FW1 are only allowed if there
 * are a fewer number of n-terminal deletions made"): when the residues before IMGT 23 carry n
 * insertion codes and the domain starts at state s with s - 1 >= n (states missing at the N
 * terminus), the insertions are taken back: the first n residues take s-n … s-1 and the rest the
 * plain positions already found, in sequence order (e.g. 3 4 5 5A 6 → 2 3 4 5 6).
 */
function smoothFr1Insertions(out: ImgtResidue[]): void {
  let count = 0;
  while (count < out.length && out[count].number < 23) count++;
  const fr1 = out.slice(0, count);
  const insertions = fr1.filter((r) => r.insertion !== '').length;
  if (insertions === 0) return;
  const first = fr1[0].number;
  if (first - 1 < insertions) return;
  const states = [
    ...Array.from({ length: insertions }, (_, k) => first - insertions + k),
    ...fr1.filter((r) => r.insertion === '').map((r) => r.number),
  ];
  fr1.forEach((r, k) => {
    r.number = states[k];
    r.insertion = '';
  });
}

function nextAlignedPosition(placed: Placed[], from: number, after: number): number {
  for (let k = from; k < placed.length; k++) {
    if (placed[k].state % 1 === 0 && placed[k].state > after) return placed[k].state;
  }
  return 129;
}

function conservedResidueWarnings(imgt: ImgtResidue[]): Warning[] {
  const at = (n: number) => imgt.find((r) => r.number === n && r.insertion === '')?.residue;
  const checks: [number, string, string][] = [
    [23, 'C', 'C'],
    [41, 'W', 'W'],
    [104, 'C', 'C'],
    [118, 'WF', 'W/F'],
  ];
  const out: Warning[] = [];
  for (const [pos, allowed, label] of checks) {
    const found = at(pos);
    if (!found || !allowed.includes(found)) {
      out.push(
        warning(
          'CONSERVED_RESIDUE_MISSING',
          `保守残基缺失：IMGT ${pos} 位应为 ${label}，实际为 ${found ?? '空缺'}。`,
          `Conserved residue missing: IMGT ${pos} should be ${label}, found ${found ?? 'nothing'}.`,
        ),
      );
    }
  }
  return out;
}

/** Residue code at each plain IMGT position 1-128 (GAP_CODE when absent). */
function imgtProfile(imgt: ImgtResidue[]): Uint8Array {
  const profile = new Uint8Array(129).fill(GAP_CODE);
  for (const r of imgt) if (r.insertion === '') profile[r.number] = aaIndex(r.residue);
  return profile;
}

function identity(profile: Uint8Array, codes: Uint8Array, from: number, to: number): number {
  let compared = 0;
  let same = 0;
  for (let pos = from; pos <= to; pos++) {
    const g = codes[pos - 1];
    const q = profile[pos];
    if (g === GAP_CODE || q === GAP_CODE) continue;
    compared++;
    if (q === g) same++;
  }
  return compared === 0 ? 0 : same / compared;
}

function bestMatch(
  profile: Uint8Array,
  germlines: Germline[],
  from: number,
  to: number,
): GermlineMatch {
  let best: GermlineMatch = { gene: '', species: 'human', identity: -1 };
  for (const g of germlines) {
    const id = identity(profile, g.codes, from, to);
    if (id > best.identity) best = { gene: g.name, species: g.species, identity: id };
  }
  return { ...best, identity: Math.round(best.identity * 1000) / 1000 };
}

const byLocus = new Map<string, Germline[]>();

function germlinesOf(kind: 'v' | 'j', locus: Locus, species?: Species): Germline[] {
  const key = `${kind}${locus}${species ?? ''}`;
  let list = byLocus.get(key);
  if (!list) {
    const all = kind === 'v' ? allVGermlines() : allJGermlines();
    list = all.filter((g) => g.locus === locus && (!species || g.species === species));
    byLocus.set(key, list);
  }
  return list;
}

/** Closest V (positions 1-104) and J (105-128) germlines overall and among human germlines. */
function assignGermlines(imgt: ImgtResidue[], locus: Locus): NumberingResult['germlines'] {
  const profile = imgtProfile(imgt);
  const v = bestMatch(profile, germlinesOf('v', locus), 1, V_TEMPLATE_END);
  return {
    v,
    j: bestMatch(profile, germlinesOf('j', locus, v.species), 105, 128),
    humanV:
      v.species === 'human'
        ? v
        : bestMatch(profile, germlinesOf('v', locus, 'human'), 1, V_TEMPLATE_END),
    humanJ: bestMatch(profile, germlinesOf('j', locus, 'human'), 105, 128),
  };
}

const CDR_RANGES: Record<Scheme, Record<ChainClass, [number, number][]>> = {
  imgt: {
    heavy: [
      [27, 38],
      [56, 65],
      [105, 117],
    ],
    light: [
      [27, 38],
      [56, 65],
      [105, 117],
    ],
  },
  kabat: {
    heavy: [
      [31, 35],
      [50, 65],
      [95, 102],
    ],
    light: [
      [24, 34],
      [50, 56],
      [89, 97],
    ],
  },
  chothia: {
    heavy: [
      [26, 32],
      [52, 56],
      [95, 102],
    ],
    light: [
      [24, 34],
      [50, 56],
      [89, 97],
    ],
  },
};

export function regionOf(number: number, scheme: Scheme, chain: ChainClass): RegionName {
  const [c1, c2, c3] = CDR_RANGES[scheme][chain];
  if (number < c1[0]) return 'fr1';
  if (number <= c1[1]) return 'cdr1';
  if (number < c2[0]) return 'fr2';
  if (number <= c2[1]) return 'cdr2';
  if (number < c3[0]) return 'fr3';
  if (number <= c3[1]) return 'cdr3';
  return 'fr4';
}

function applyScheme(
  imgt: (ImgtResidue & { index: number })[],
  scheme: Scheme,
  chainType: ChainType,
): NumberedResidue[] {
  const chain: ChainClass = chainType === 'heavy' ? 'heavy' : 'light';
  const positions = scheme === 'imgt' ? imgt : convertFromImgt(imgt, scheme, chain);
  return imgt.map((r, k) => {
    const pos = positions[k];
    return {
      number: pos.number,
      insertion: pos.insertion,
      position: formatPosition(pos),
      residue: r.residue,
      index: r.index,
      region: regionOf(pos.number, scheme, chain),
      imgt: { number: r.number, insertion: r.insertion },
    };
  });
}

function joinRegion(residues: NumberedResidue[], region: RegionName): string {
  let s = '';
  for (const r of residues) if (r.region === region) s += r.residue;
  return s;
}
