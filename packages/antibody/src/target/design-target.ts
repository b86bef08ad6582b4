import { mulberry32 } from '../design';
import { AntibodyError, type LocalizedText } from '../errors';
import { type Developability, developability, findLiabilities } from '../liabilities';
import { type NumberingResult, numberSequence } from '../numbering/number';
import { GERMLINE_SETS } from '../reference/germlines';
import {
  predictedEpitope,
  readAntigen,
  type TargetAntigen,
  type TargetAntigenInput,
  type TargetEpitope,
  userEpitope,
} from './antigen';
import { chargeBiasFor, drawCdr3, drawLength, HEAVY_DIVERSITY_IMGT, netCharge } from './cdrs';
import {
  framework4,
  frameworkV,
  FV_SCAFFOLDS,
  type Scaffold,
  SCAFFOLD_SOURCE,
  VHH_SCAFFOLD,
} from './scaffolds';

export interface TargetDesignOptions {
  /** The user's region, "120-140" or { start, end } (1-based positions in the antigen sequence). */
  region?: string | { start: number; end: number };
  /** Designs wanted in the library; default 60, at most 500. */
  count?: number;
  /** PRNG seed: the same input, options and seed give the same library. Default 1. */
  seed?: number;
  /** 'vhh' for single-domain antibodies; default 'fv' (VH/VL pairs). */
  format?: 'fv' | 'vhh';
}

/** A candidate from any source, before the filters. */
export interface CandidateAntibody {
  heavy: string;
  light?: string;
  /** 'built-in' or 'external:<name>'. */
  source: string;
  scaffold?: string;
  externalId?: string;
}

export interface ScoreParts {
  /** 2 × the fraction of CDR3 residues among Y, W, S, G, F (paratope composition). */
  paratope: number;
  /** How far the CDR3s' net charge opposes the epitope's (−1 to 1; 0 for a neutral epitope). */
  charge: number;
  /** Mean human V germline identity of the chains (0-1). */
  humanness: number;
  /** −0.5 per amber developability figure. */
  developability: number;
  /** −0.5 per medium-severity liability in the CDRs. */
  liabilities: number;
}

export interface TargetDesign {
  rank: number;
  id: string;
  source: string;
  scaffold: string;
  format: 'fv' | 'vhh';
  heavy: string;
  light?: string;
  cdrs: { h1: string; h2: string; h3: string; l1?: string; l2?: string; l3?: string };
  germlines: { heavy: GermlineCall; light?: GermlineCall };
  /** Medium-severity CDR liabilities ("kind:motif@position"). */
  cdrLiabilities: string[];
  developability: Developability;
  score: number;
  parts: ScoreParts;
  /** Designs of the same CDR-H3 cluster this one represents (itself included). */
  clusterSize: number;
}

export interface GermlineCall {
  v: string;
  vIdentity: number;
  /** Framework (IMGT FR1-FR3) identity to that human V germline. */
  frameworkIdentity: number;
}

export interface TargetDesignResult {
  kind: 'target-design';
  antigen: Omit<TargetAntigen, 'topPatch'>;
  epitope: TargetEpitope;
  format: 'fv' | 'vhh';
  seed: number;
  count: number;
  scaffolds: { id: string; therapeutics: number; heavy: string; light?: string }[];
  sources: Record<string, number>;
  generated: number;
  rejected: {
    unnumberable: number;
    liability: number;
    humanness: number;
    developability: number;
    duplicate: number;
    cluster: number;
  };
  designs: TargetDesign[];
  method: LocalizedText[];
  developabilityNote: LocalizedText;
  claim: LocalizedText;
}

const MAX_COUNT = 500;
/** Candidates drawn per design wanted, at most, before the library is returned short. */
const ATTEMPTS_PER_DESIGN = 40;
/** CDR-H3s of the same length at least this identical fall in one cluster. */
const CLUSTER_IDENTITY = 0.7;
/** Framework identity an external design's chains need (built-in ones keep the scaffold's). */
const EXTERNAL_FRAMEWORK_FLOOR = 0.85;
const HIGH_RISK_KINDS = new Set(['n-glycosylation', 'unpaired-cysteine', 'integrin-binding']);
const PARATOPE_RESIDUES = new Set(['Y', 'W', 'S', 'G', 'F']);

export const TARGET_DESIGN_CLAIM: LocalizedText = {
  zh: '这是离线生成的、针对所选表位的可开发性起始文库，供实验筛选；它不是结合预测：没有对接或亲和力计算，任何一条设计都可能不结合抗原。',
  en: 'This is an offline, epitope-focused, developable starting library to screen; it is not a prediction of binding: no docking or affinity is computed, and any design may fail to bind the antigen.',
};

const DEVELOPABILITY_NOTE: LocalizedText = {
  zh: '可开发性用序列指标评估（CDR 总长、CDR 净电荷、CDR 疏水性，参照 TAP，Raybould 等，PNAS 2019）；工具包尚未提供基于结构模型的 TAP 表面指标，因此没有使用。红色指标的设计被淘汰，黄色扣分。',
  en: 'Developability is judged on sequence figures (total CDR length, CDR net charge, CDR hydrophobicity, after TAP, Raybould et al., PNAS 2019); the toolkit does not export the structure-based TAP surface metrics yet, so they are not used. Designs with a red figure are rejected, amber ones lose score.',
};

const METHOD: LocalizedText[] = [
  SCAFFOLD_SOURCE,
  {
    zh: 'CDR1/CDR2 取自骨架胚系；重链 CDR1/CDR2 的多样性位点（Lee 2004、Persson 2013 合成文库位点中位于 IMGT CDR 内者）各以 1/2 概率保留胚系残基，否则为 Tyr 或 Ser（Fellouse 2004 的二元密码）。',
    en: 'CDR1/CDR2 come from the scaffold germlines; at the heavy chain diversity positions (those of the synthetic libraries of Lee 2004 and Persson 2013 that lie in the IMGT CDRs) the germline residue stays with probability 1/2, else Tyr or Ser (the binary code of Fellouse 2004).',
  },
  {
    zh: 'CDR-H3 与 CDR-L3 的长度及逐位残基频率取自上述治疗性抗体（以 IMGT 105 和 117 为锚点），中间残基偏向抗体结合面常见的 Tyr、Trp、Ser、Gly 等（Robin 2014、Peng 2014），并偏向与表位电荷互补的残基；使用带种子的随机数发生器（mulberry32），相同输入和种子得到相同文库。',
    en: 'CDR-H3 and CDR-L3 lengths and per-position residue frequencies come from the same therapeutics (anchored on IMGT 105 and 117); the loop centre is biased towards residues that paratopes are rich in (Tyr, Trp, Ser, Gly…; Robin 2014, Peng 2014) and towards charge complementary to the epitope; a seeded generator (mulberry32): the same input and seed give the same library.',
  },
  {
    zh: '过滤：CDR 内无高风险位点；框架与人胚系的一致性不低于骨架本身（外部设计至少 85%）；无红色可开发性指标；CDR-H3 同长度且一致性 ≥ 70% 的设计聚为一簇，只保留得分最高的代表。',
    en: 'Filters: no high-severity liability in the CDRs; framework identity to the human germline at least that of the scaffold (85% for external designs); no red developability figure; designs whose CDR-H3s have the same length and ≥ 70% identity form a cluster, of which only the best-scoring representative is kept.',
  },
  {
    zh: '得分 = 结合面组成 + 电荷互补 + 人源度 + 可开发性扣分 + 中风险位点扣分（各部分随设计给出）。',
    en: 'Score = paratope composition + charge complementarity + humanness + developability penalty + medium-liability penalty (each part is given with the design).',
  },
];

/** Parsed options with their defaults, validated. */
function optionsOf(options: TargetDesignOptions): Required<Omit<TargetDesignOptions, 'region'>> {
  const count = options.count ?? 60;
  const seed = options.seed ?? 1;
  const format = options.format ?? 'fv';
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT || !Number.isInteger(seed)) {
    throw new AntibodyError('INVALID_OPTION', {
      zh: `count 须为 1 到 ${MAX_COUNT} 的整数，seed 须为整数。`,
      en: `count must be an integer from 1 to ${MAX_COUNT}, and seed an integer.`,
    });
  }
  if (format !== 'fv' && format !== 'vhh') {
    throw new AntibodyError('INVALID_OPTION', {
      zh: 'format 须为 fv 或 vhh。',
      en: 'format must be fv or vhh.',
    });
  }
  return { count, seed, format };
}

/** The antigen and the epitope the designs aim at: everything validated before any design is drawn. */
export function prepareTarget(
  input: TargetAntigenInput,
  options: TargetDesignOptions = {},
): { antigen: TargetAntigen; epitope: TargetEpitope } {
  const antigen = readAntigen(input);
  const epitope =
    options.region !== undefined && options.region !== ''
      ? userEpitope(antigen, options.region)
      : predictedEpitope(antigen);
  return { antigen, epitope };
}

function pickScaffold(scaffolds: readonly Scaffold[], random: () => number): Scaffold {
  const total = scaffolds.reduce((s, x) => s + x.therapeutics, 0);
  let r = random() * total;
  for (const s of scaffolds) {
    r -= s.therapeutics;
    if (r <= 0) return s;
  }
  return scaffolds[scaffolds.length - 1];
}

function heavyChain(
  scaffold: Scaffold,
  bias: Record<string, number>,
  random: () => number,
): string {
  let fr = '';
  for (const [imgt, residue] of frameworkV(scaffold, 'heavy')) {
    if (HEAVY_DIVERSITY_IMGT.includes(imgt) && random() >= 0.5) fr += random() < 0.5 ? 'Y' : 'S';
    else fr += residue;
  }
  const length = drawLength('heavy', random, scaffold.format === 'vhh');
  return fr + drawCdr3('heavy', length, bias, random) + framework4(scaffold, 'heavy');
}

function lightChain(
  scaffold: Scaffold,
  bias: Record<string, number>,
  random: () => number,
): string {
  const fr = frameworkV(scaffold, 'light')
    .map(([, residue]) => residue)
    .join('');
  const length = drawLength('kappa', random);
  return fr + drawCdr3('kappa', length, bias, random) + framework4(scaffold, 'light');
}

/** Draws one built-in candidate (seeded). */
function drawCandidate(
  scaffolds: readonly Scaffold[],
  bias: Record<string, number>,
  random: () => number,
): CandidateAntibody {
  const scaffold = pickScaffold(scaffolds, random);
  return {
    heavy: heavyChain(scaffold, bias, random),
    ...(scaffold.light ? { light: lightChain(scaffold, bias, random) } : {}),
    source: 'built-in',
    scaffold: scaffold.id,
  };
}

const HUMAN_V = new Map(
  GERMLINE_SETS.filter((s) => s.species === 'human').flatMap((s) => s.v.map(([n, t]) => [n, t])),
);

/** Identity of the IMGT framework 1-3 residues to the chain's closest human V germline. */
function frameworkIdentity(n: NumberingResult): number {
  const germline = HUMAN_V.get(n.germlines.humanV.gene) ?? '';
  let same = 0;
  let compared = 0;
  for (const r of n.residues) {
    if (r.region !== 'fr1' && r.region !== 'fr2' && r.region !== 'fr3') continue;
    if (r.imgt.insertion) continue;
    const g = germline[r.imgt.number - 1];
    if (!g || g === '-') continue;
    compared++;
    if (g === r.residue) same++;
  }
  return compared === 0 ? 0 : Math.round((same / compared) * 1000) / 1000;
}

function germlineCall(n: NumberingResult): GermlineCall {
  return {
    v: n.germlines.humanV.gene,
    vIdentity: Math.round(n.germlines.humanV.identity * 1000) / 1000,
    frameworkIdentity: frameworkIdentity(n),
  };
}

type Verdict =
  | { ok: true; design: Omit<TargetDesign, 'rank' | 'id' | 'clusterSize'> }
  | { ok: false; reason: 'unnumberable' | 'liability' | 'humanness' | 'developability' };

interface FilterContext {
  format: 'fv' | 'vhh';
  epitopeCharge: number;
  /** Scaffold id → framework identities (heavy, light) the design must reach. */
  floors: Map<string, { heavy: number; light?: number }>;
}

function numberChain(sequence: string): NumberingResult | undefined {
  try {
    return numberSequence(sequence, { scheme: 'imgt' });
  } catch {
    return undefined;
  }
}

/** Numbers a candidate and applies the filters; a kept design comes back with its score parts. */
export function judgeCandidate(candidate: CandidateAntibody, context: FilterContext): Verdict {
  const heavy = numberChain(candidate.heavy);
  const light = candidate.light ? numberChain(candidate.light) : undefined;
  if (!heavy || heavy.chainType !== 'heavy') return { ok: false, reason: 'unnumberable' };
  if (candidate.light && (!light || light.chainType === 'heavy'))
    return { ok: false, reason: 'unnumberable' };
  if (context.format === 'fv' && !light) return { ok: false, reason: 'unnumberable' };
  const chains = light ? [heavy, light] : [heavy];
  const liabilities = chains.flatMap((n) => findLiabilities(n)).filter((l) => l.inCdr);
  if (liabilities.some((l) => l.severity === 'high' || HIGH_RISK_KINDS.has(l.kind)))
    return { ok: false, reason: 'liability' };
  const calls = { heavy: germlineCall(heavy), ...(light ? { light: germlineCall(light) } : {}) };
  const floor = context.floors.get(candidate.scaffold ?? '') ?? {
    heavy: EXTERNAL_FRAMEWORK_FLOOR,
    light: EXTERNAL_FRAMEWORK_FLOOR,
  };
  if (
    calls.heavy.frameworkIdentity < floor.heavy ||
    (calls.light && calls.light.frameworkIdentity < (floor.light ?? EXTERNAL_FRAMEWORK_FLOOR))
  )
    return { ok: false, reason: 'humanness' };
  const figures = developability(chains);
  const flags = Object.values(figures).map((f) => f.flag);
  if (flags.includes('red')) return { ok: false, reason: 'developability' };
  const medium = liabilities.filter((l) => l.severity === 'medium');
  const cdrs = {
    h1: heavy.cdrs.cdr1,
    h2: heavy.cdrs.cdr2,
    h3: heavy.cdrs.cdr3,
    ...(light ? { l1: light.cdrs.cdr1, l2: light.cdrs.cdr2, l3: light.cdrs.cdr3 } : {}),
  };
  const parts = scoreParts(cdrs.h3 + (cdrs.l3 ?? ''), context.epitopeCharge, calls, {
    amber: flags.filter((f) => f === 'amber').length,
    medium: medium.length,
  });
  return {
    ok: true,
    design: {
      source: candidate.source,
      scaffold: candidate.scaffold ?? `${calls.heavy.v}${calls.light ? `/${calls.light.v}` : ''}`,
      format: light ? 'fv' : 'vhh',
      heavy: heavy.sequence.slice(heavy.start, heavy.end + 1),
      ...(light ? { light: light.sequence.slice(light.start, light.end + 1) } : {}),
      cdrs,
      germlines: calls,
      cdrLiabilities: medium.map((l) => `${l.kind}:${l.motif}@${l.position}`),
      developability: figures,
      score: round(Object.values(parts).reduce((a, b) => a + b, 0)),
      parts,
    },
  };
}

function scoreParts(
  cdr3s: string,
  epitopeCharge: number,
  calls: { heavy: GermlineCall; light?: GermlineCall },
  counts: { amber: number; medium: number },
): ScoreParts {
  const paratope = [...cdr3s].filter((aa) => PARATOPE_RESIDUES.has(aa)).length / cdr3s.length;
  const q = netCharge(cdr3s);
  const charge =
    Math.abs(epitopeCharge) < 0.05
      ? 0
      : Math.max(-1, Math.min(1, (-Math.sign(epitopeCharge) * q) / 3));
  const identities = [calls.heavy.vIdentity, ...(calls.light ? [calls.light.vIdentity] : [])];
  return {
    paratope: round(2 * paratope),
    charge: round(charge),
    humanness: round(identities.reduce((a, b) => a + b, 0) / identities.length),
    developability: counts.amber === 0 ? 0 : -0.5 * counts.amber,
    liabilities: counts.medium === 0 ? 0 : -0.5 * counts.medium,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function h3Identity(a: string, b: string): number {
  if (a.length !== b.length) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/** Framework identities of each scaffold's own germline chains: the floor its designs must reach. */
function scaffoldFloors(scaffolds: readonly Scaffold[]): FilterContext['floors'] {
  const floors: FilterContext['floors'] = new Map();
  for (const s of scaffolds) {
    const probe = (chain: 'heavy' | 'light') =>
      frameworkIdentity(
        numberSequence(
          frameworkV(s, chain)
            .map(([, r]) => r)
            .join('') +
            (chain === 'heavy' ? 'ARDYW' : 'QQSYSTPWT') +
            framework4(s, chain).slice(chain === 'heavy' ? 1 : 0),
        ),
      );
    floors.set(s.id, { heavy: probe('heavy'), ...(s.light ? { light: probe('light') } : {}) });
  }
  return floors;
}

/**
 * Clusters the kept designs by CDR-H3 (same length, identity ≥ 0.7) in score order and keeps each
 * cluster's best design, ranked by score (ties by sequence, for a stable order).
 */
function representatives(
  kept: Omit<TargetDesign, 'rank' | 'id' | 'clusterSize'>[],
  count: number,
): { designs: TargetDesign[]; clustered: number } {
  const ordered = [...kept].sort(
    (a, b) => b.score - a.score || (a.heavy + (a.light ?? '') < b.heavy + (b.light ?? '') ? -1 : 1),
  );
  const reps: Omit<TargetDesign, 'rank' | 'id'>[] = [];
  for (const design of ordered) {
    const home = reps.find((r) => h3Identity(r.cdrs.h3, design.cdrs.h3) >= CLUSTER_IDENTITY);
    if (home) home.clusterSize++;
    else reps.push({ ...design, clusterSize: 1 });
  }
  const designs = reps.slice(0, count).map((d, k) => ({
    rank: k + 1,
    id: `TD-${String(k + 1).padStart(3, '0')}`,
    ...d,
  }));
  return { designs, clustered: kept.length - reps.length };
}

/** What the library is built on: scaffolds, filter context and the seeded generator. */
export interface TargetDesignPlan {
  antigen: TargetAntigen;
  epitope: TargetEpitope;
  options: Required<Omit<TargetDesignOptions, 'region'>>;
  scaffolds: readonly Scaffold[];
  context: FilterContext;
}

export function planTargetDesign(
  input: TargetAntigenInput,
  options: TargetDesignOptions = {},
): TargetDesignPlan {
  const parsed = optionsOf(options);
  const { antigen, epitope } = prepareTarget(input, options);
  const scaffolds = parsed.format === 'vhh' ? [VHH_SCAFFOLD] : FV_SCAFFOLDS;
  return {
    antigen,
    epitope,
    options: parsed,
    scaffolds,
    context: {
      format: parsed.format,
      epitopeCharge: epitope.chargePerResidue,
      floors: scaffoldFloors(scaffolds),
    },
  };
}

/**
 * Builds the library: draws built-in candidates until `count` cluster representatives pass the
 * filters (or count × 40 candidates were drawn), together with any external candidates given, and
 * ranks them all alike.
 */
export function buildTargetLibrary(
  plan: TargetDesignPlan,
  external: CandidateAntibody[] = [],
): TargetDesignResult {
  const { options, context } = plan;
  const random = mulberry32(options.seed);
  const bias = chargeBiasFor(plan.epitope.chargePerResidue);
  const rejected = {
    unnumberable: 0,
    liability: 0,
    humanness: 0,
    developability: 0,
    duplicate: 0,
    cluster: 0,
  };
  const seen = new Set<string>();
  const kept: Omit<TargetDesign, 'rank' | 'id' | 'clusterSize'>[] = [];
  const h3s: string[] = [];
  const consider = (candidate: CandidateAntibody) => {
    const key = `${candidate.heavy}/${candidate.light ?? ''}`;
    if (seen.has(key)) return void rejected.duplicate++;
    seen.add(key);
    const verdict = judgeCandidate(candidate, context);
    if (!verdict.ok) return void rejected[verdict.reason]++;
    kept.push(verdict.design);
    if (!h3s.some((h) => h3Identity(h, verdict.design.cdrs.h3) >= CLUSTER_IDENTITY))
      h3s.push(verdict.design.cdrs.h3);
  };
  for (const candidate of external) consider(candidate);
  let generated = 0;
  while (
    h3s.length < options.count + external.length &&
    generated < options.count * ATTEMPTS_PER_DESIGN
  ) {
    generated++;
    consider(drawCandidate(plan.scaffolds, bias, random));
  }
  const { designs, clustered } = representatives(kept, options.count);
  rejected.cluster = clustered;
  const sources: Record<string, number> = {};
  for (const d of designs) sources[d.source] = (sources[d.source] ?? 0) + 1;
  const { topPatch: _patch, ...antigen } = plan.antigen;
  return {
    kind: 'target-design',
    antigen,
    epitope: plan.epitope,
    format: options.format,
    seed: options.seed,
    count: options.count,
    scaffolds: plan.scaffolds.map((s) => ({
      id: s.id,
      therapeutics: s.therapeutics,
      heavy: `${s.heavy.v} + ${s.heavy.j}`,
      ...(s.light ? { light: `${s.light.v} + ${s.light.j}` } : {}),
    })),
    sources,
    generated: generated + external.length,
    rejected,
    designs,
    method: METHOD,
    developabilityNote: DEVELOPABILITY_NOTE,
    claim: TARGET_DESIGN_CLAIM,
  };
}

/**
 * De novo design against a target, offline: the epitope (the user's region or the best predicted
 * patch), human scaffolds common among therapeutics, CDRs drawn from therapeutic CDR statistics
 * with a paratope and charge bias, filtered and ranked. Deterministic for a given seed.
 */
export function designAgainstTarget(
  input: TargetAntigenInput,
  options: TargetDesignOptions = {},
): TargetDesignResult {
  return buildTargetLibrary(planTargetDesign(input, options));
}
