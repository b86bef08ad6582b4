import type { LocalizedText } from './errors';
import { type NumberingResult, numberSequence, type RegionName } from './numbering/number';
import type { Scheme } from './numbering/schemes';
import { KYTE_DOOLITTLE } from './reference/scales';

export type LiabilityKind =
  | 'n-glycosylation'
  | 'deamidation'
  | 'isomerization'
  | 'fragmentation'
  | 'oxidation'
  | 'unpaired-cysteine'
  | 'pyroglutamate'
  | 'integrin-binding'
  | 'glycation';

export type Severity = 'high' | 'medium' | 'low';

export interface Liability {
  kind: LiabilityKind;
  motif: string;
  /** 1-based position of the motif's first residue in the input sequence. */
  sequencePosition: number;
  /** Scheme position of the first residue, e.g. "H52A" is written "52A". */
  position: string;
  region: RegionName;
  inCdr: boolean;
  severity: Severity;
  explanation: LocalizedText;
}

interface MotifRule {
  kind: LiabilityKind;
  pattern: RegExp;
  /** Severity in a CDR and in a framework. */
  severity: [Severity, Severity];
  explanation: LocalizedText;
}

// Motif sets as commonly screened in antibody developability work (e.g. Lu et al., mAbs 11:45, 2019);
// severities are the platform's defaults: a motif in a CDR ranks above the same motif in a framework.
const RULES: MotifRule[] = [
  {
    kind: 'n-glycosylation',
    pattern: /(?=(N[^P][ST]))/g,
    severity: ['high', 'medium'],
    explanation: {
      zh: 'N-糖基化位点（N-X-S/T，X≠P）：表达时可能被糖基化，造成异质性并影响结合。',
      en: 'N-glycosylation site (N-X-S/T, X not P): may be glycosylated in expression, causing heterogeneity and affecting binding.',
    },
  },
  deamidation('NG', ['high', 'medium']),
  deamidation('NS', ['medium', 'low']),
  deamidation('NT', ['medium', 'low']),
  deamidation('NH', ['medium', 'low']),
  isomerization('DG', ['high', 'medium']),
  isomerization('DS', ['medium', 'low']),
  isomerization('DT', ['medium', 'low']),
  isomerization('DD', ['medium', 'low']),
  isomerization('DH', ['medium', 'low']),
  {
    kind: 'fragmentation',
    pattern: /(?=(DP))/g,
    severity: ['medium', 'medium'],
    explanation: {
      zh: 'D-P 肽键在酸性条件下易断裂（片段化）。',
      en: 'The Asp-Pro bond is prone to cleavage (fragmentation) under acidic conditions.',
    },
  },
  {
    kind: 'oxidation',
    pattern: /[MW]/g,
    severity: ['medium', 'low'],
    explanation: {
      zh: '甲硫氨酸/色氨酸易氧化，CDR 中的氧化可能降低亲和力。',
      en: 'Met/Trp is prone to oxidation; oxidation in a CDR can reduce affinity.',
    },
  },
  {
    kind: 'integrin-binding',
    pattern: /(?=(RGD))/g,
    severity: ['high', 'high'],
    explanation: {
      zh: 'RGD 基序可结合整合素，可能引起脱靶结合。',
      en: 'The RGD motif can bind integrins and cause off-target binding.',
    },
  },
  {
    kind: 'glycation',
    pattern: /K(?=[DE])|(?<=[DE])K/g,
    severity: ['medium', 'low'],
    explanation: {
      zh: '与酸性残基（D/E）相邻的赖氨酸是非酶糖基化热点。',
      en: 'A lysine next to an acidic residue (D/E) is a glycation hot spot.',
    },
  },
];

function deamidation(motif: string, severity: [Severity, Severity]): MotifRule {
  return {
    kind: 'deamidation',
    pattern: new RegExp(`(?=(${motif}))`, 'g'),
    severity,
    explanation: {
      zh: `${motif} 基序中的天冬酰胺易脱酰胺，产生电荷异质性。`,
      en: `The Asn in ${motif} is prone to deamidation, creating charge variants.`,
    },
  };
}

function isomerization(motif: string, severity: [Severity, Severity]): MotifRule {
  return {
    kind: 'isomerization',
    pattern: new RegExp(`(?=(${motif}))`, 'g'),
    severity,
    explanation: {
      zh: `${motif} 基序中的天冬氨酸易异构化为异天冬氨酸。`,
      en: `The Asp in ${motif} is prone to isomerization to iso-Asp.`,
    },
  };
}

/** IMGT positions of the canonical intradomain disulfide (C23-C104). */
const CANONICAL_CYS = new Set([23, 104]);

/** Finds sequence liabilities in a numbered variable domain. */
export function findLiabilities(numbered: NumberingResult): Liability[] {
  const byIndex = new Map(numbered.residues.map((r) => [r.index, r]));
  const domain = numbered.sequence.slice(numbered.start, numbered.end + 1);
  const found: Liability[] = [];
  const add = (
    kind: LiabilityKind,
    motif: string,
    at: number,
    sev: [Severity, Severity],
    text: LocalizedText,
  ) => {
    const residue = byIndex.get(numbered.start + at);
    if (!residue) return;
    const inCdr = residue.region.startsWith('cdr');
    found.push({
      kind,
      motif,
      sequencePosition: numbered.start + at + 1,
      position: residue.position,
      region: residue.region,
      inCdr,
      severity: inCdr ? sev[0] : sev[1],
      explanation: text,
    });
  };
  for (const rule of RULES) {
    for (const match of domain.matchAll(rule.pattern)) {
      const motif = match[1] ?? match[0];
      add(rule.kind, motif, match.index ?? 0, rule.severity, rule.explanation);
    }
  }
  found.push(...cysteines(numbered), ...pyroglutamate(numbered));
  return found.sort(
    (a, b) => a.sequencePosition - b.sequencePosition || a.kind.localeCompare(b.kind),
  );
}

function cysteines(numbered: NumberingResult): Liability[] {
  const extra = numbered.residues.filter(
    (r) => r.residue === 'C' && !(r.imgt.insertion === '' && CANONICAL_CYS.has(r.imgt.number)),
  );
  // An even number of extra cysteines may pair with each other (e.g. a disulfide inside CDR-H3).
  const unpaired = extra.length % 2 === 1;
  return extra.map((r) => ({
    kind: 'unpaired-cysteine',
    motif: 'C',
    sequencePosition: r.index + 1,
    position: r.position,
    region: r.region,
    inCdr: r.region.startsWith('cdr'),
    severity: unpaired ? 'high' : 'medium',
    explanation: unpaired
      ? {
          zh: '非保守半胱氨酸且数目为奇数，存在游离巯基，可能导致错误配对、聚集。',
          en: 'Non-canonical cysteine with an odd count: a free thiol that can mispair or drive aggregation.',
        }
      : {
          zh: '非保守半胱氨酸（数目为偶数，可能在 CDR 内成对形成二硫键），需确认配对。',
          en: 'Non-canonical cysteine (even count, possibly paired inside a CDR); confirm the pairing.',
        },
  }));
}

function pyroglutamate(numbered: NumberingResult): Liability[] {
  const first = numbered.residues[0];
  if (!first || first.imgt.number !== 1 || (first.residue !== 'Q' && first.residue !== 'E'))
    return [];
  return [
    {
      kind: 'pyroglutamate',
      motif: first.residue,
      sequencePosition: first.index + 1,
      position: first.position,
      region: first.region,
      inCdr: false,
      severity: first.residue === 'Q' ? 'medium' : 'low',
      explanation: {
        zh: `N 端 ${first.residue} 可环化为焦谷氨酸，产生电荷异质性。`,
        en: `N-terminal ${first.residue} can cyclise to pyroglutamate, creating charge heterogeneity.`,
      },
    },
  ];
}

export type Flag = 'green' | 'amber' | 'red';

export interface DevelopabilityFigure {
  value: number;
  flag: Flag;
  /** The thresholds the value was checked against, stated in the result. */
  thresholds: { amber: string; red: string };
}

export interface Developability {
  /** Sum of the IMGT CDR lengths. */
  totalCdrLength: DevelopabilityFigure;
  /** Net charge of the CDRs at pH 7.4: K and R +1, D and E -1, H +0.1. */
  cdrNetCharge: DevelopabilityFigure;
  /** Mean Kyte-Doolittle hydropathy (GRAVY) of the CDR residues. */
  cdrHydrophobicity: DevelopabilityFigure;
}

/**
 * Sequence-computable figures in the spirit of the Therapeutic Antibody Profiler (Raybould et al.,
 * PNAS 116:4025, 2019). TAP's surface-patch metrics need a structure; these use the sequence alone, and
 * the thresholds below are the platform's stated defaults for one variable domain (double the length
 * thresholds for a VH+VL pair), set to bracket the range seen in marketed antibodies.
 */
export const DEVELOPABILITY_THRESHOLDS = {
  totalCdrLength: { amber: 30, red: 34 },
  cdrNetCharge: { amber: 3, red: 5 },
  cdrHydrophobicity: { amber: -0.2, red: 0.2 },
} as const;

export function developability(numbered: NumberingResult[]): Developability {
  const imgtCdrs = numbered.flatMap((n) => n.residues.filter((r) => isImgtCdr(r.imgt.number)));
  const domains = Math.max(1, numbered.length);
  const length = imgtCdrs.length;
  let charge = 0;
  let hydro = 0;
  for (const r of imgtCdrs) {
    charge +=
      r.residue === 'K' || r.residue === 'R' ? 1 : r.residue === 'D' || r.residue === 'E' ? -1 : 0;
    charge += r.residue === 'H' ? 0.1 : 0;
    hydro += KYTE_DOOLITTLE[r.residue];
  }
  const t = DEVELOPABILITY_THRESHOLDS;
  const gravy = length === 0 ? 0 : hydro / length;
  return {
    totalCdrLength: figure(
      length,
      t.totalCdrLength.amber * domains,
      t.totalCdrLength.red * domains,
      '>',
    ),
    cdrNetCharge: figure(round(charge), t.cdrNetCharge.amber, t.cdrNetCharge.red, '|>|'),
    cdrHydrophobicity: figure(
      round(gravy),
      t.cdrHydrophobicity.amber,
      t.cdrHydrophobicity.red,
      '>',
    ),
  };
}

function isImgtCdr(n: number): boolean {
  return (n >= 27 && n <= 38) || (n >= 56 && n <= 65) || (n >= 105 && n <= 117);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

function figure(
  value: number,
  amber: number,
  red: number,
  mode: '>' | '|>|',
): DevelopabilityFigure {
  const v = mode === '|>|' ? Math.abs(value) : value;
  const flag: Flag = v > red ? 'red' : v > amber ? 'amber' : 'green';
  const prefix = mode === '|>|' ? '|value| > ' : '> ';
  return { value, flag, thresholds: { amber: `${prefix}${amber}`, red: `${prefix}${red}` } };
}

export interface LiabilityReport {
  numbering: NumberingResult;
  liabilities: Liability[];
  developability: Developability;
}

/** Numbers the sequence and reports its liabilities and developability figures. */
export function analyzeLiabilities(sequence: string, scheme: Scheme = 'imgt'): LiabilityReport {
  const numbering = numberSequence(sequence, { scheme });
  return {
    numbering,
    liabilities: findLiabilities(numbering),
    developability: developability([numbering]),
  };
}
