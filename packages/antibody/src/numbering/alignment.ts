import { BLOSUM62_ROWS } from '../reference/blosum62';
import {
  aaIndex,
  type Germline,
  J_TEMPLATE_START,
  templateJ,
  V_TEMPLATE_END,
} from './germline-index';

/**
 * Semi-global affine-gap alignment (Gotoh) of a query against an IMGT-gapped template: V germline
 * positions 1-104 followed by J positions 118-128. Written here rather than taken from a library
 * because the template carries per-column rules no general aligner offers: cheap gaps inside CDR1 and
 * CDR2 (whose lengths vary), and a free insertion run between 104 and 118 (CDR3, whose length is
 * unconstrained). Columns are the germline's residues only; IMGT positions the germline lacks are given
 * back to inserted residues when the alignment is turned into numbering.
 */

const FR_GAP_OPEN = -16;
const FR_GAP_EXTEND = -2;
const CDR_GAP_OPEN = -4;
const CDR_GAP_EXTEND = -1;
/** Cost of each template residue missing at either end (truncated N or C terminus). */
const END_SKIP = -1;
const NEG = -1_000_000;

export interface Template {
  germline: Germline;
  /** IMGT position of each column. */
  pos: Int16Array;
  /** BLOSUM62 row index of the germline residue. */
  res: Int8Array;
  /** Score of each residue (BLOSUM62 row index) on each column, at index column * 20 + residue. */
  scores: Int16Array;
  /** Column of IMGT position 104, after which CDR3 residues are free insertions. */
  cdr3Column: number;
  /** Cost of leaving out the first j columns, and the columns from j on. */
  lead: Int32Array;
  tail: Int32Array;
  /** Gap open/extend for a deletion of the column, and for an insertion right after it. */
  delOpen: Int16Array;
  delExt: Int16Array;
  insOpen: Int16Array;
  insExt: Int16Array;
}

const templates = new Map<number, Template>();

function inCdr(pos: number): boolean {
  return (pos >= 27 && pos <= 38) || (pos >= 56 && pos <= 65);
}

/** An insertion after a column at `pos` lies inside CDR1 or CDR2 (or at their edges). */
function insertionInCdr(pos: number): boolean {
  return (pos >= 26 && pos <= 38) || (pos >= 55 && pos <= 65);
}

/** BLOSUM62 scores per column; CDR columns weigh half (hypervariable: the frameworks anchor the alignment). */
function columnScores(residues: { pos: number; aa: string }[]): Int16Array {
  const out = new Int16Array(residues.length * 20);
  residues.forEach((col, c) => {
    const row = BLOSUM62_ROWS[aaIndex(col.aa)];
    const cdr = inCdr(col.pos);
    for (let q = 0; q < 20; q++) out[c * 20 + q] = cdr ? Math.trunc(row[q] / 2) : row[q];
  });
  return out;
}

export function templateFor(germline: Germline): Template {
  const cached = templates.get(germline.id);
  if (cached) return cached;
  const j = templateJ(germline.locus);
  const cols: { pos: number; aa: string }[] = [];
  for (let p = 1; p <= V_TEMPLATE_END; p++) cols.push({ pos: p, aa: germline.gapped[p - 1] });
  for (let p = J_TEMPLATE_START; p <= 128; p++) cols.push({ pos: p, aa: j.gapped[p - 1] });
  const residues = cols.filter((c) => c.aa !== '-');
  const m = residues.length;
  const t: Template = {
    germline,
    pos: Int16Array.from(residues, (c) => c.pos),
    res: Int8Array.from(residues, (c) => aaIndex(c.aa)),
    scores: columnScores(residues),
    cdr3Column: residues.findIndex((c) => c.pos === V_TEMPLATE_END),
    lead: Int32Array.from({ length: m + 1 }, (_, j) => j * END_SKIP),
    tail: Int32Array.from({ length: m + 1 }, (_, j) => (m - j) * END_SKIP),
    delOpen: new Int16Array(m),
    delExt: new Int16Array(m),
    insOpen: new Int16Array(m),
    insExt: new Int16Array(m),
  };
  for (let c = 0; c < m; c++) {
    const pos = residues[c].pos;
    const loop = inCdr(pos);
    t.delOpen[c] = loop ? CDR_GAP_OPEN : FR_GAP_OPEN;
    t.delExt[c] = loop ? CDR_GAP_EXTEND : FR_GAP_EXTEND;
    const insLoop = insertionInCdr(pos);
    // CDR3: any number of residues may sit between 104 and 118 at no cost.
    const cdr3 = pos === V_TEMPLATE_END;
    t.insOpen[c] = cdr3 ? 0 : insLoop ? CDR_GAP_OPEN : FR_GAP_OPEN;
    t.insExt[c] = cdr3 ? 0 : insLoop ? CDR_GAP_EXTEND : FR_GAP_EXTEND;
  }
  templates.set(germline.id, t);
  return t;
}

export interface Alignment {
  score: number;
  template: Template;
  /**
   * For each query residue: the template column it is aligned to, or -(c + 2) when it is inserted
   * after column c (-1 after no column), or null when it lies outside the aligned domain.
   */
  columnOf: (number | null)[];
  /** Query index range of the aligned domain, inclusive. */
  start: number;
  end: number;
}

const STATE_M = 0;
const STATE_I = 1;
const STATE_D = 2;
const STATE_START = 3;

let scratch:
  | {
      size: number;
      M: Int32Array;
      I: Int32Array;
      D: Int32Array;
      bM: Uint8Array;
      bI: Uint8Array;
      bD: Uint8Array;
    }
  | undefined;

/** DP buffers reused across calls (numbering runs thousands of alignments; allocation dominated). */
function buffers(size: number) {
  if (!scratch || scratch.size < size) {
    scratch = {
      size,
      M: new Int32Array(size),
      I: new Int32Array(size),
      D: new Int32Array(size),
      bM: new Uint8Array(size),
      bI: new Uint8Array(size),
      bD: new Uint8Array(size),
    };
  }
  return scratch;
}

/**
 * Aligns the query to the template. With `band` (diagonal range, query index minus column index) only
 * the V columns inside the band are computed; the CDR3 column (104) and the J columns are always
 * computed in full, since the CDR3 length shifts the diagonal by an unknown amount.
 */
export function alignToTemplate(
  query: Uint8Array,
  t: Template,
  band?: { lo: number; hi: number },
): Alignment {
  const n = query.length;
  const m = t.pos.length;
  const w = m + 1;
  const { M, I, D, bM, bI, bD } = buffers((n + 1) * w);
  const jV = t.cdr3Column + 1;
  const guard = (cell: number) => {
    M[cell] = NEG;
    I[cell] = NEG;
    D[cell] = NEG;
  };
  const score = t.scores;
  const { delOpen, delExt, insOpen, insExt } = t;
  const lead = t.lead;
  const tail = t.tail;
  for (let j = 0; j <= m; j++) {
    M[j] = NEG;
    I[j] = NEG;
  }
  let best = NEG;
  let bestI = 0;
  let bestJ = 0;
  for (let i = 0; i <= n; i++) {
    const row = i * w;
    M[row] = NEG;
    D[row] = NEG;
    I[row] = 0; // free query prefix
    bI[row] = STATE_START;
    const q = i > 0 ? query[i - 1] : 0;
    const jlo = band ? Math.max(1, i - band.hi) : 1;
    const jhi = band ? Math.min(jV - 1, i - band.lo) : jV - 1;
    if (band) {
      if (jlo - 1 >= 1 && jlo - 1 < jV) guard(row + jlo - 1);
      if (jhi + 1 >= 1 && jhi + 1 <= jV - 1) guard(row + jhi + 1);
      if (jV - 1 >= 1 && (jV - 1 < jlo || jV - 1 > jhi)) guard(row + jV - 1);
    }
    for (let j = jlo <= jhi ? jlo : jV; j <= m; j++) {
      if (j > jhi && j < jV) j = jV;
      const c = j - 1;
      const cell = row + j;
      // D: column c skipped.
      let dv = lead[j];
      let db = STATE_START;
      let x = M[cell - 1] + delOpen[c];
      if (x > dv) {
        dv = x;
        db = STATE_M;
      }
      x = D[cell - 1] + delExt[c];
      if (x > dv) {
        dv = x;
        db = STATE_D;
      }
      x = I[cell - 1] + delOpen[c];
      if (x > dv) {
        dv = x;
        db = STATE_I;
      }
      D[cell] = dv;
      bD[cell] = db;
      if (i === 0) continue;
      // M: residue i-1 on column c.
      const diag = cell - w - 1;
      let mv = j === 1 ? 0 : lead[c];
      let mb = STATE_START;
      if (M[diag] > mv) {
        mv = M[diag];
        mb = STATE_M;
      }
      if (I[diag] > mv) {
        mv = I[diag];
        mb = STATE_I;
      }
      if (D[diag] > mv) {
        mv = D[diag];
        mb = STATE_D;
      }
      mv += score[c * 20 + q];
      M[cell] = mv;
      bM[cell] = mb;
      // I: residue i-1 inserted after column c.
      const up = cell - w;
      let iv = M[up] + insOpen[c];
      let ib = STATE_M;
      x = I[up] + insExt[c];
      if (x > iv) {
        iv = x;
        ib = STATE_I;
      }
      x = D[up] + insOpen[c];
      if (x > iv) {
        iv = x;
        ib = STATE_D;
      }
      I[cell] = iv;
      bI[cell] = ib;
      const end = mv + tail[j];
      if (end > best) {
        best = end;
        bestI = i;
        bestJ = j;
      }
    }
  }
  return traceback({ n, w, bM, bI, bD, t, best, bestI, bestJ });
}

interface TraceInput {
  n: number;
  w: number;
  bM: Uint8Array;
  bI: Uint8Array;
  bD: Uint8Array;
  t: Template;
  best: number;
  bestI: number;
  bestJ: number;
}

function traceback({ n, w, bM, bI, bD, t, best, bestI, bestJ }: TraceInput): Alignment {
  const columnOf: (number | null)[] = new Array(n).fill(null);
  let i = bestI;
  let j = bestJ;
  let state = STATE_M;
  let start = bestI - 1;
  while (state !== STATE_START && (i > 0 || j > 0)) {
    const cell = i * w + j;
    if (state === STATE_M) {
      columnOf[i - 1] = j - 1;
      start = i - 1;
      state = bM[cell];
      i--;
      j--;
    } else if (state === STATE_I) {
      if (j === 0) break;
      columnOf[i - 1] = -(j - 1 + 2);
      start = i - 1;
      state = bI[cell];
      i--;
    } else {
      state = bD[cell];
      j--;
    }
  }
  return { score: best, template: t, columnOf, start, end: bestI - 1 };
}
