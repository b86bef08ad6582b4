import { AntibodyError, type LocalizedText } from './errors';
import { findLiabilities, type Liability } from './liabilities';
import { type NumberingResult, numberSequence } from './numbering/number';
import { BLOSUM62_ALPHABET, BLOSUM62_ROWS } from './reference/blosum62';

export type CdrName = 'cdr1' | 'cdr2' | 'cdr3';

export interface DesignOptions {
  /** CDRs (IMGT definition) to vary; default CDR3. */
  cdrs?: CdrName[];
  /** Number of variants wanted; default 20, at most 1000. */
  count?: number;
  /** PRNG seed; the same input, options and seed always give the same library. */
  seed?: number;
  /** Chance that a CDR position is substituted; default 0.2 (at least one substitution per variant). */
  mutationRate?: number;
  /** Allow ±1 residue in CDR-H3; default true for heavy chains. */
  lengthVariants?: boolean;
}

export interface DesignedVariant {
  rank: number;
  sequence: string;
  cdrs: NumberingResult['cdrs'];
  substitutions: { imgt: string; from: string; to: string }[];
  lengthChange: number;
  /** Sum of BLOSUM62 scores of the substitutions (higher = more conservative). */
  blosum62: number;
  /** Medium-severity CDR liabilities the variant adds relative to the parent. */
  addedLiabilities: string[];
  /** Identity to the closest human V germline. */
  humanIdentity: number;
  score: number;
}

export interface DesignResult {
  parent: {
    sequence: string;
    chainType: NumberingResult['chainType'];
    cdrs: NumberingResult['cdrs'];
    humanIdentity: number;
  };
  seed: number;
  rules: LocalizedText[];
  generated: number;
  rejected: { duplicate: number; liability: number; humanness: number; unnumberable: number };
  variants: DesignedVariant[];
}

const RULES: LocalizedText[] = [
  {
    zh: '每个 CDR 位点以 mutationRate 的概率替换；候选氨基酸为 BLOSUM62 得分 ≥ 0 的非半胱氨酸，权重 2^(得分/2)。',
    en: 'Each CDR position is substituted with probability mutationRate; candidates are non-cysteine residues with BLOSUM62 ≥ 0, weighted 2^(score/2).',
  },
  {
    zh: 'CDR-H3 可随机插入或删除中间的一个残基（插入残基取自 G/S/Y/D/A）。',
    en: 'CDR-H3 may gain or lose one residue at its centre (insertions drawn from G/S/Y/D/A).',
  },
  {
    zh: '淘汰：新增高风险位点（N-糖基化、NG、DG、RGD、未配对半胱氨酸）、人源度下降超过 0.02、重复序列。',
    en: 'Rejected: new high-severity liabilities (N-glycosylation, NG, DG, RGD, unpaired Cys), human germline identity lower by more than 0.02, duplicates.',
  },
  {
    zh: '排序分数 = BLOSUM62 总分 − 3 × 新增中风险位点数 − 2 × |长度变化|。',
    en: 'Rank score = BLOSUM62 sum − 3 × added medium liabilities − 2 × |length change|.',
  },
];

/** Mulberry32: small, fast, seedable PRNG (public-domain algorithm by Tommy Ettinger). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INSERTABLE = 'GSYDA';

function substitute(residue: string, random: () => number): string {
  const row = BLOSUM62_ROWS[BLOSUM62_ALPHABET.indexOf(residue)];
  const options: [string, number][] = [];
  for (let k = 0; k < 20; k++) {
    const aa = BLOSUM62_ALPHABET[k];
    if (aa !== residue && aa !== 'C' && row[k] >= 0) options.push([aa, 2 ** (row[k] / 2)]);
  }
  if (options.length === 0) return residue;
  let r = random() * options.reduce((s, [, w]) => s + w, 0);
  for (const [aa, w] of options) {
    r -= w;
    if (r <= 0) return aa;
  }
  return options[options.length - 1][0];
}

function blosum(a: string, b: string): number {
  return BLOSUM62_ROWS[BLOSUM62_ALPHABET.indexOf(a)][BLOSUM62_ALPHABET.indexOf(b)];
}

interface Draft {
  sequence: string;
  substitutions: DesignedVariant['substitutions'];
  lengthChange: number;
  blosum62: number;
}

function draftVariant(
  parent: NumberingResult,
  cdrs: Set<CdrName>,
  rate: number,
  indels: boolean,
  random: () => number,
): Draft {
  const domain = parent.residues;
  const variable = domain.filter((r) => cdrs.has(r.region as CdrName));
  const forced = variable.length > 0 ? Math.floor(random() * variable.length) : -1;
  const changed = new Map<number, string>();
  const substitutions: Draft['substitutions'] = [];
  let score = 0;
  variable.forEach((r, k) => {
    if (k !== forced && random() >= rate) return;
    const to = substitute(r.residue, random);
    if (to === r.residue) return;
    changed.set(r.index, to);
    substitutions.push({ imgt: `${r.imgt.number}${r.imgt.insertion}`, from: r.residue, to });
    score += blosum(r.residue, to);
  });
  let lengthChange = 0;
  let insertAfter = -1;
  let deleteAt = -1;
  const h3 = domain.filter((r) => r.region === 'cdr3');
  if (indels && h3.length > 4) {
    const roll = random();
    const middle = h3[Math.floor(h3.length / 2)].index;
    if (roll < 0.1) {
      insertAfter = middle;
      lengthChange = 1;
    } else if (roll < 0.2) {
      deleteAt = middle;
      lengthChange = -1;
    }
  }
  const inserted = lengthChange === 1 ? INSERTABLE[Math.floor(random() * INSERTABLE.length)] : '';
  let sequence = '';
  for (const r of domain) {
    if (r.index !== deleteAt) sequence += changed.get(r.index) ?? r.residue;
    if (r.index === insertAfter) sequence += inserted;
  }
  return { sequence, substitutions, lengthChange, blosum62: score };
}

const HIGH_RISK = new Set(['n-glycosylation', 'unpaired-cysteine', 'integrin-binding']);

function cdrRiskKeys(liabilities: Liability[], severity: 'high' | 'medium'): string[] {
  return liabilities
    .filter(
      (l) =>
        l.inCdr &&
        (severity === 'high'
          ? l.severity === 'high' || HIGH_RISK.has(l.kind)
          : l.severity === 'medium'),
    )
    .map((l) => `${l.kind}:${l.motif}`)
    .sort();
}

function added(parentKeys: string[], variantKeys: string[]): string[] {
  const pool = [...parentKeys];
  const extra: string[] = [];
  for (const k of variantKeys) {
    const at = pool.indexOf(k);
    if (at >= 0) pool.splice(at, 1);
    else extra.push(k);
  }
  return extra;
}

/**
 * CDR library design (the embedded "de novo design" default): samples CDR variants of a parent
 * domain by position-wise BLOSUM62-guided substitution, filters them by sequence liabilities and
 * humanness, and ranks them. Deterministic for a given seed.
 */
export function designLibrary(parentSequence: string, options: DesignOptions = {}): DesignResult {
  const count = options.count ?? 20;
  const seed = options.seed ?? 1;
  const rate = options.mutationRate ?? 0.2;
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    count > 1000 ||
    !(rate > 0 && rate <= 1) ||
    !Number.isInteger(seed)
  ) {
    throw new AntibodyError('INVALID_OPTION', {
      zh: 'count 须为 1 到 1000 的整数，mutationRate 须在 (0, 1] 之间，seed 须为整数。',
      en: 'count must be an integer from 1 to 1000, mutationRate in (0, 1], and seed an integer.',
    });
  }
  const parent = numberSequence(parentSequence, { scheme: 'imgt' });
  const cdrs = new Set<CdrName>(options.cdrs ?? ['cdr3']);
  const indels =
    (options.lengthVariants ?? true) && parent.chainType === 'heavy' && cdrs.has('cdr3');
  const parentLiabilities = findLiabilities(parent);
  const parentHigh = cdrRiskKeys(parentLiabilities, 'high');
  const parentMedium = cdrRiskKeys(parentLiabilities, 'medium');
  const parentDomain = parent.sequence.slice(parent.start, parent.end + 1);
  const random = mulberry32(seed);
  const seen = new Set<string>([parentDomain]);
  const rejected = { duplicate: 0, liability: 0, humanness: 0, unnumberable: 0 };
  const accepted: Omit<DesignedVariant, 'rank'>[] = [];
  let generated = 0;
  while (accepted.length < count && generated < count * 50) {
    generated++;
    const draft = draftVariant(parent, cdrs, rate, indels, random);
    if (seen.has(draft.sequence)) {
      rejected.duplicate++;
      continue;
    }
    seen.add(draft.sequence);
    let numbered: NumberingResult;
    try {
      numbered = numberSequence(draft.sequence, { scheme: 'imgt' });
    } catch {
      rejected.unnumberable++;
      continue;
    }
    const liabilities = findLiabilities(numbered);
    if (added(parentHigh, cdrRiskKeys(liabilities, 'high')).length > 0) {
      rejected.liability++;
      continue;
    }
    if (numbered.germlines.humanV.identity < parent.germlines.humanV.identity - 0.02) {
      rejected.humanness++;
      continue;
    }
    const addedMedium = added(parentMedium, cdrRiskKeys(liabilities, 'medium'));
    accepted.push({
      sequence: draft.sequence,
      cdrs: numbered.cdrs,
      substitutions: draft.substitutions,
      lengthChange: draft.lengthChange,
      blosum62: draft.blosum62,
      addedLiabilities: addedMedium,
      humanIdentity: numbered.germlines.humanV.identity,
      score: draft.blosum62 - 3 * addedMedium.length - 2 * Math.abs(draft.lengthChange),
    });
  }
  accepted.sort((a, b) => b.score - a.score || (a.sequence < b.sequence ? -1 : 1));
  return {
    parent: {
      sequence: parentDomain,
      chainType: parent.chainType,
      cdrs: parent.cdrs,
      humanIdentity: parent.germlines.humanV.identity,
    },
    seed,
    rules: RULES,
    generated,
    rejected,
    variants: accepted.map((v, k) => ({ rank: k + 1, ...v })),
  };
}
