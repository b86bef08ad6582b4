import {
  AntibodyError,
  type ChainGermlines,
  chainGermlines,
  type ChainType,
  cleanProteinSequence,
  type LocalizedText,
  numberSequence,
} from '@platform/antibody';

import type { ChatAttachment } from '../types';

/** What the user said a sequence is (from a FASTA header, a label, a PDB chain or a file name). */
export type SequenceLabel = 'heavy' | 'light' | 'antigen';

/** A sequence as found in the text, before validation. */
export interface FoundSequence {
  raw: string;
  label?: SequenceLabel;
  /** FASTA id, label or file name, for the reply. */
  name?: string;
  /** Where it was found: 'message' or the attachment's name. */
  source: string;
}

/** A found sequence after validation and numbering. */
export interface ReadSequence extends FoundSequence {
  /** The cleaned protein sequence; empty when `problem` is set. */
  sequence: string;
  /** heavy / kappa / lambda when it numbers as an antibody variable domain, else protein. */
  kind: ChainType | 'protein';
  /**
   * The germlines of an antibody chain, from the same function the mission's tools use
   * (`chainGermlines` of @platform/antibody), so the preview names what the results will name.
   */
  germline?: ChainGermlines;
  /** Why it cannot be used (DNA, unknown letters, …), in both languages. */
  problem?: LocalizedText;
}

interface Span {
  start: number;
  end: number;
}

interface Run extends Span {
  sequence: string;
}

interface Located extends FoundSequence {
  at: number;
}

// Unlabelled runs shorter than this are words (PDB, CDR, IMGT…), not sequences.
const MIN_FREE_RUN = 25;
const MIN_LABELLED_RUN = 5;
// A lower-case word this long made only of amino-acid letters is a sequence, not English.
const MIN_LOWERCASE_CHUNK = 10;
const STRICT_UPPER = /^[ACDEFGHIKLMNPQRSTVWY]+\*?$/;
// After a label or a FASTA header any capital letters count, so that a wrong letter is reported
// (by the validation) instead of the sequence being missed.
const LOOSE_UPPER = /^[A-Z]+\*?$/;
const AA_LOWER = /^[acdefghiklmnpqrstvwy]+\*?$/;

// Labels before a sequence in free text: "H:", "VH =", "Heavy chain:", "antigen:", "重链序列：",
// "抗原为". One-letter labels need a separator; the sequence may start on the next line.
const LATIN_LABEL =
  /(?<![A-Za-z0-9])(?:(heavy[ -]?chain|heavy|light[ -]?chain|light|v[hlk]|hc|lc|antigen|target(?: protein)?)(?![A-Za-z])(?:\s*(?:sequence|seq)(?![A-Za-z]))?\s*(?:[:：=]|is(?![A-Za-z]))?|([HL])\s*[:：=])/giu;
const HAN_LABEL = /(靶抗原|抗原|重链|轻链|靶点|靶标|靶蛋白)(?:\s*序列)?\s*(?:[:：=]|为|是)?/gu;

/**
 * Classifies a label, FASTA header, PDB chain id or file name: chain words first, then antigen
 * words, then one- and two-letter chain codes (H, L, K, HC, LC, each alone or after _ or -).
 */
export function labelOf(text: string): SequenceLabel | undefined {
  const t = text.toLowerCase();
  const code = (codes: string) => new RegExp(`(?:^|[^a-z0-9])(?:${codes})\\d*(?:$|[^a-z0-9])`);
  if (/heavy|重链/.test(t) || code('vh|igh').test(t)) return 'heavy';
  if (/light|kappa|lambda|轻链/.test(t) || code('vl|vk|igk|igl').test(t)) return 'light';
  if (/antigen|target|抗原|靶/.test(t)) return 'antigen';
  if (code('h|hc').test(t)) return 'heavy';
  if (code('l|k|lc').test(t)) return 'light';
  return undefined;
}

// Lengths at which sequence lines are usually wrapped (FASTA 60/70/80, blocks of ten).
const MIN_WRAP = 40;
const MAX_WRAP = 100;

interface OpenRun extends Run {
  /** Letters on each finished line, and on the line being read. */
  lines: number[];
  line: number;
}

/**
 * Whether a run goes on after a line break: only while it looks wrapped, i.e. every finished line
 * has the same usual width. "EVQL…(120)\nDIQM…(107)" is two sequences; sixty-letter lines ending
 * with a shorter one are one sequence, and what follows the shorter line is the next one.
 */
function continuesAfterBreak(run: OpenRun): boolean {
  const lines = [...run.lines, run.line];
  const width = lines[0];
  return width >= MIN_WRAP && width <= MAX_WRAP && lines.every((n) => n === width);
}

/**
 * Runs of sequence text between `from` and `to`: amino-acid words in capitals (or long lower-case
 * ones) separated only by spaces or position numbers, over wrapped lines, as sequences are pasted.
 * A blank line always ends a run.
 */
function runsIn(text: string, from: number, to: number, loose: boolean): Run[] {
  const runs: Run[] = [];
  const tokens = /[A-Za-z]+\*?/g;
  tokens.lastIndex = from;
  let current: OpenRun | undefined;
  let lastChunk: Span | undefined;
  let lowerRun = false;
  const close = (prose?: Span) => {
    if (!current) return;
    // "…VTVSS\nI want…": a short capital word on the prose's line belongs to the prose.
    if (
      prose &&
      lastChunk &&
      lastChunk.start > current.start &&
      lastChunk.end - lastChunk.start <= 3
    ) {
      if (/^[ \t]+$/.test(text.slice(lastChunk.end, prose.start))) {
        current.sequence = current.sequence.slice(0, -(lastChunk.end - lastChunk.start));
        current.end = lastChunk.start;
      }
    }
    runs.push({ sequence: current.sequence, start: current.start, end: current.end });
    current = undefined;
  };
  for (let m = tokens.exec(text); m && m.index + m[0].length <= to; m = tokens.exec(text)) {
    const word = m[0];
    const span = { start: m.index, end: m.index + word.length };
    const gap = current ? text.slice(current.end, span.start) : '';
    const breaks = gap.split('\n').length - 1;
    const joinable =
      current !== undefined &&
      /^[\s\d]*$/.test(gap) &&
      !/\n[ \t\d]*\n/.test(gap) &&
      (breaks === 0 || continuesAfterBreak(current));
    const upper = (loose ? LOOSE_UPPER : STRICT_UPPER).test(word);
    const lower: boolean =
      !upper &&
      AA_LOWER.test(word) &&
      (word.length >= MIN_LOWERCASE_CHUNK || (joinable && lowerRun));
    if (!upper && !lower) {
      close(span);
      continue;
    }
    const letters = word.replace('*', '').length;
    if (current && joinable) {
      current.sequence += word;
      current.end = span.end;
      if (breaks > 0) {
        current.lines.push(current.line);
        current.line = letters;
      } else {
        current.line += letters;
      }
    } else {
      close();
      current = { sequence: word, ...span, lines: [], line: letters };
    }
    lastChunk = span;
    lowerRun = lower;
  }
  close();
  return runs;
}

/** The first run that starts right at `from` (after whitespace or numbers only). */
function runAt(text: string, from: number, to: number): Run | undefined {
  const run = runsIn(text, from, to, true)[0];
  if (!run || !/^[\s\d]*$/.test(text.slice(from, run.start))) return undefined;
  return run;
}

function fastaRecords(text: string, source: string, spans: Span[]): Located[] {
  const found: Located[] = [];
  const headers = [...text.matchAll(/^[ \t]*>([^\n]*)$/gm)];
  for (const [i, h] of headers.entries()) {
    const start = h.index ?? 0;
    const bodyStart = start + h[0].length;
    const limit = i + 1 < headers.length ? (headers[i + 1].index ?? text.length) : text.length;
    const run = runAt(text, bodyStart, limit);
    spans.push({ start, end: run ? run.end : bodyStart });
    if (!run) continue;
    const title = h[1].trim();
    found.push({
      raw: run.sequence,
      label: labelOf(title),
      name: title.split(/\s+/)[0] || undefined,
      source,
      at: start,
    });
  }
  return found;
}

function labelledSequences(text: string, source: string, spans: Span[]): Located[] {
  const found: Located[] = [];
  const matches = [...text.matchAll(LATIN_LABEL), ...text.matchAll(HAN_LABEL)]
    .filter((m) => !inside(spans, { start: m.index ?? 0, end: (m.index ?? 0) + 1 }))
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  for (const [i, m] of matches.entries()) {
    const start = m.index ?? 0;
    const bodyStart = start + m[0].length;
    const limit = i + 1 < matches.length ? (matches[i + 1].index ?? text.length) : text.length;
    const run = runAt(text, bodyStart, limit);
    if (!run || run.sequence.length < MIN_LABELLED_RUN) continue;
    // "…of this antigen\nKVFG…": a label that is part of the sentence stays in the request.
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const ownsLabel =
      /[:：=为是]|\bis\b/i.test(m[0]) || /^[ \t>*-]*$/.test(text.slice(lineStart, start));
    spans.push({ start: ownsLabel ? start : run.start, end: run.end });
    const word = (m[1] ?? m[2] ?? '').trim();
    found.push({ raw: run.sequence, label: labelOf(word), name: word, source, at: start });
  }
  return found;
}

const THREE_LETTER: Record<string, string> = {
  ALA: 'A',
  ARG: 'R',
  ASN: 'N',
  ASP: 'D',
  CYS: 'C',
  GLN: 'Q',
  GLU: 'E',
  GLY: 'G',
  HIS: 'H',
  ILE: 'I',
  LEU: 'L',
  LYS: 'K',
  MET: 'M',
  PHE: 'F',
  PRO: 'P',
  SER: 'S',
  THR: 'T',
  TRP: 'W',
  TYR: 'Y',
  VAL: 'V',
  MSE: 'M',
  SEC: 'U',
  PYL: 'O',
};

/** Chains of a PDB file: SEQRES when present, else the CA atoms in order. */
function pdbChains(text: string, source: string): Located[] | undefined {
  if (!/^(?:ATOM {2}|HETATM|SEQRES|HEADER)/m.test(text)) return undefined;
  const chains = new Map<string, string[]>();
  const seqres = text.match(/^SEQRES.*$/gm) ?? [];
  if (seqres.length > 0) {
    for (const line of seqres) {
      const chain = line.slice(11, 12).trim() || 'A';
      const residues = line.slice(19).trim().split(/\s+/).filter(Boolean);
      chains.set(chain, [...(chains.get(chain) ?? []), ...residues]);
    }
  } else {
    const seen = new Set<string>();
    for (const line of text.match(/^ATOM {2}.*$/gm) ?? []) {
      if (line.slice(12, 16).trim() !== 'CA') continue;
      const chain = line.slice(21, 22).trim() || 'A';
      const key = `${chain}:${line.slice(22, 27)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      chains.set(chain, [...(chains.get(chain) ?? []), line.slice(17, 20).trim()]);
    }
  }
  return [...chains.entries()].map(([chain, residues], i) => ({
    raw: residues.map((r) => THREE_LETTER[r.toUpperCase()] ?? 'X').join(''),
    label: chain === 'H' ? 'heavy' : chain === 'L' ? 'light' : undefined,
    name: `chain ${chain}`,
    source,
    at: i,
  }));
}

function inside(spans: Span[], span: Span): boolean {
  return spans.some((s) => span.start < s.end && span.end > s.start);
}

function scan(text: string, source: string): { found: Located[]; spans: Span[] } {
  const pdb = pdbChains(text, source);
  if (pdb) return { found: pdb, spans: [{ start: 0, end: text.length }] };
  const spans: Span[] = [];
  const found = [...fastaRecords(text, source, spans), ...labelledSequences(text, source, spans)];
  for (const run of runsIn(text, 0, text.length, false)) {
    if (run.sequence.length >= MIN_FREE_RUN && !inside(spans, run)) {
      found.push({ raw: run.sequence, source, at: run.start });
      spans.push(run);
    }
  }
  found.sort((a, b) => a.at - b.at);
  return { found, spans };
}

/**
 * Finds protein sequences in a message and its attachments, in the order they appear: FASTA
 * records (the header may name the chain), labelled sequences (H/L, VH/VL, heavy/light chain,
 * 重链/轻链, antigen/抗原), chains of a PDB file, and plain runs of sequence (wrapped lines,
 * blocks of ten, lower case). An attachment holding one unlabelled sequence takes its label from
 * the file name (heavy.fasta). The same sequence twice counts once.
 */
export function findSequences(
  message: string,
  attachments: readonly ChatAttachment[] = [],
): FoundSequence[] {
  const found: FoundSequence[] = [];
  for (const { found: here } of [scan(message, 'message')]) found.push(...here.map(strip));
  for (const file of attachments) {
    const here = scan(file.text, file.name).found.map(strip);
    const fileLabel = labelOf(file.name.replace(/\.[^.]*$/, ''));
    if (fileLabel && here.length === 1 && !here[0].label) here[0].label = fileLabel;
    found.push(...here);
  }
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = f.raw.replace(/\*$/, '').toUpperCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function strip({ at: _at, ...found }: Located): FoundSequence {
  return found;
}

/** The message without the sequences (and their labels and headers) found in it. */
export function withoutSequences(message: string): string {
  const { spans } = scan(message, 'message');
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    out += `${message.slice(at, span.start)} `;
    at = span.end;
  }
  out += message.slice(at);
  return out
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/** Validates a found sequence as protein and numbers it: antibody chain type, or protein. */
export function readSequence(found: FoundSequence): ReadSequence {
  let sequence: string;
  try {
    sequence = cleanProteinSequence(found.raw).sequence;
  } catch (err) {
    if (err instanceof AntibodyError) {
      return { ...found, sequence: '', kind: 'protein', problem: err.text };
    }
    throw err;
  }
  try {
    const numbered = numberSequence(sequence);
    return {
      ...found,
      sequence,
      kind: numbered.chainType,
      germline: chainGermlines(numbered),
    };
  } catch (err) {
    if (err instanceof AntibodyError) return { ...found, sequence, kind: 'protein' };
    throw err;
  }
}
