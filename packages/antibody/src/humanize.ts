import type { LocalizedText } from './errors';
import { allJGermlines, allVGermlines, type Germline } from './numbering/germline-index';
import {
  type NumberingResult,
  numberSequence,
  type RegionName,
  renumber,
} from './numbering/number';
import type { Position } from './numbering/positions';

export interface Mutation {
  /** IMGT position of the changed residue. */
  imgt: string;
  /** Kabat position in the parent, when the parent has a residue there. */
  kabat?: string;
  from: string;
  to: string;
  reason: LocalizedText;
}

/** Why a framework position matters for binding; the UI renders its own text from the code. */
export type KeyZone = 'vernier' | 'canonical' | 'vh-vl-interface' | 'human-typical';

export interface BackMutation {
  imgt: string;
  kabat: string;
  /** Residue of the acceptor germline, and the parent residue kept (or to restore). */
  from: string;
  to: string;
  /** The first of `zones`, for callers that show one. */
  zone: KeyZone;
  zones: KeyZone[];
  /** True when the parent residue is kept in `humanized`; false for a suggestion (straight graft). */
  applied: boolean;
  reason: LocalizedText;
}

export type HumanizationStrategy = 'keep-key-residues' | 'straight-graft';

export interface HumanizeOptions {
  /**
   * keep-key-residues (default): the parent residue stays at the Vernier, canonical and VH/VL
   * interface positions below, and the acceptor is chosen by framework identity and by how many of
   * those positions it already shares with the parent. straight-graft: every framework residue
   * from the acceptor of highest framework identity; key positions are listed as suggestions.
   */
  strategy?: HumanizationStrategy;
  /**
   * Which rules keep the parent residue under keep-key-residues (default both): the key positions,
   * and Queen's rule for residues typical of human germlines. The bench measures each alone.
   */
  keep?: { keyPositions?: boolean; humanTypical?: boolean };
}

export interface HumannessReport {
  /** Closest human V germline and its identity over IMGT positions 1-104. */
  closestHumanV: string;
  identity: number;
  /**
   * Identity to the acceptor V (and J for FR4) per region; CDR3 is left out, and framework regions
   * leave out the positions grafted as CDR under the Kabat definition.
   */
  perRegion: Partial<Record<RegionName, number>>;
  /** Framework residues (outside the grafted CDRs) that differ from the acceptor germlines. */
  nonHumanFrameworkResidues: number;
}

export interface HumanizationResult {
  chainType: NumberingResult['chainType'];
  parent: string;
  humanized: string;
  acceptor: { v: string; j: string; frameworkIdentity: number };
  /** CDRs kept from the parent: the union of the IMGT and Kabat definitions. */
  cdrs: { imgt: NumberingResult['cdrs']; kabat: NumberingResult['cdrs'] };
  mutations: Mutation[];
  backMutations: BackMutation[];
  humanness: { before: HumannessReport; after: HumannessReport };
}

// Framework positions where the parent's residue is known to matter for binding, in IMGT
// numbering (the Kabat number of the same position, in the sources' own numbering, in comments).
//  - vernier: the Vernier zone, residues under the CDRs that set their conformation. Foote & Winter,
//    J. Mol. Biol. 224:487 (1992), table 3: H2, H27-H30, H47-H49, H67, H69, H71, H73, H78, H93,
//    H94, H103; L2, L4, L35, L36, L46-L49, L64, L66, L68, L69, L71, L98.
//  - canonical: framework residues that decide a CDR's canonical structure. Chothia & Lesk,
//    J. Mol. Biol. 196:901 (1987); Chothia et al., Nature 342:877 (1989); Al-Lazikani, Lesk &
//    Chothia, J. Mol. Biol. 273:927 (1997): H24, H26, H29 (H1), H71 (H2), H94 (H1/H3); L2, L25,
//    L71 (L1), L48, L64 (L2).
//  - vh-vl-interface: residues packing the two domains together. Chothia, Novotny, Bruccoleri &
//    Karplus, J. Mol. Biol. 186:651 (1985): H35, H37, H39, H45, H47, H91, H93, H95, H100x, H103;
//    L34, L36, L38, L44, L46, L87, L89, L91, L96, L98; Abhinandan & Martin, Protein Eng. Des. Sel.
//    23:689 (2010) add H42 and L41-L43 among the residues that set the packing angle.
// Positions inside the IMGT or Kabat CDRs are listed for completeness; they are kept anyway.
// IMGT equivalents from the IMGT/Kabat correspondence of the numbering module (renumber()).
interface KeyPosition {
  imgt: number;
  kabat: string;
  zones: KeyZone[];
}
const key = (imgt: number, kabat: string, ...zones: KeyZone[]): KeyPosition => ({
  imgt,
  kabat,
  zones,
});
export const KEY_POSITIONS: Record<'heavy' | 'light', KeyPosition[]> = {
  heavy: [
    key(2, 'H2', 'vernier'),
    key(25, 'H24', 'canonical'),
    key(27, 'H26', 'canonical'),
    key(28, 'H27', 'vernier'),
    key(29, 'H28', 'vernier'),
    key(30, 'H29', 'vernier', 'canonical'),
    key(35, 'H30', 'vernier'),
    key(40, 'H35', 'vh-vl-interface'),
    key(42, 'H37', 'vh-vl-interface'),
    key(44, 'H39', 'vh-vl-interface'),
    key(47, 'H42', 'vh-vl-interface'),
    key(50, 'H45', 'vh-vl-interface'),
    key(52, 'H47', 'vernier', 'vh-vl-interface'),
    key(53, 'H48', 'vernier'),
    key(54, 'H49', 'vernier'),
    key(76, 'H67', 'vernier'),
    key(78, 'H69', 'vernier'),
    key(80, 'H71', 'vernier', 'canonical'),
    key(82, 'H73', 'vernier'),
    key(87, 'H78', 'vernier'),
    key(103, 'H91', 'vh-vl-interface'),
    key(105, 'H93', 'vernier', 'vh-vl-interface'),
    key(106, 'H94', 'vernier', 'canonical'),
    key(118, 'H103', 'vernier', 'vh-vl-interface'),
  ],
  light: [
    key(2, 'L2', 'vernier', 'canonical'),
    key(4, 'L4', 'vernier'),
    key(25, 'L25', 'canonical'),
    key(40, 'L34', 'vh-vl-interface'),
    key(41, 'L35', 'vernier'),
    key(42, 'L36', 'vernier', 'vh-vl-interface'),
    key(44, 'L38', 'vh-vl-interface'),
    key(47, 'L41', 'vh-vl-interface'),
    key(48, 'L42', 'vh-vl-interface'),
    key(49, 'L43', 'vh-vl-interface'),
    key(50, 'L44', 'vh-vl-interface'),
    key(52, 'L46', 'vernier', 'vh-vl-interface'),
    key(53, 'L47', 'vernier'),
    key(54, 'L48', 'vernier', 'canonical'),
    key(55, 'L49', 'vernier'),
    key(78, 'L64', 'vernier', 'canonical'),
    key(80, 'L66', 'vernier'),
    key(84, 'L68', 'vernier'),
    key(85, 'L69', 'vernier'),
    key(87, 'L71', 'vernier', 'canonical'),
    key(103, 'L87', 'vh-vl-interface'),
    key(118, 'L98', 'vernier', 'vh-vl-interface'),
  ],
};

const FRAMEWORK_RANGES: [number, number][] = [
  [1, 26],
  [39, 55],
  [66, 104],
];

const fmt = (p: Position) => `${p.number}${p.insertion}`;

/**
 * Humanization by CDR grafting: keeps the parent's CDRs (IMGT ∪ Kabat) and takes the framework
 * from a human V germline and the human J germline closest in FR4. By default the parent residue
 * also stays at the key positions above wherever the acceptor differs, each reported as an applied
 * back-mutation with its reason, and the acceptor is the germline with the most framework residues
 * in common with the parent, key positions counting twice (so that fewer of them need keeping).
 * `strategy: 'straight-graft'` takes every framework residue from the acceptor of highest framework
 * identity and lists the key positions as suggestions only.
 */
export function humanize(sequence: string, options: HumanizeOptions = {}): HumanizationResult {
  const straight = options.strategy === 'straight-graft';
  const parent = numberSequence(sequence, { scheme: 'imgt' });
  const { kabat, kabatOf, graft, chain, locus, v, j } = acceptorFor(parent, options.strategy);
  const reason = {
    zh: `框架区残基改为人胚系 ${v.germline.name} / ${j.germline.name} 的残基。`,
    en: `Framework residue set to human germline ${v.germline.name} / ${j.germline.name}.`,
  };
  const keyAt = new Map(KEY_POSITIONS[chain].map((k) => [k.imgt, k]));
  const { humanized, mutations, kept } = graftOnto(parent, graft, v.germline, j.germline, {
    kabatPosition: (r) => kabatOf.get(r)?.position,
    keep: straight ? () => undefined : (r, to) => keptFor(chain, locus, r, to, options.keep),
    reason,
  });
  const after = numberSequence(humanized, { scheme: 'imgt' });
  const grafted = new Set(
    parent.residues.filter((r) => graft.has(r.index)).map((r) => r.imgt.number),
  );
  const backMutations = straight
    ? mutations.flatMap((m) => suggestion(m, keyAt))
    : kept.map((m) => backMutation(m, m.zones, true));
  return {
    chainType: parent.chainType,
    parent: parent.sequence.slice(parent.start, parent.end + 1),
    humanized,
    acceptor: { v: v.germline.name, j: j.germline.name, frameworkIdentity: round(v.identity) },
    cdrs: { imgt: parent.cdrs, kabat: kabat.cdrs },
    mutations,
    backMutations,
    humanness: {
      before: humanness(parent, v.germline, j.germline, grafted),
      after: humanness(after, v.germline, j.germline, grafted),
    },
  };
}

// Queen et al., PNAS 86:10029 (1989), the rules of the first humanized antibody (anti-Tac): where
// the acceptor's residue is unusual for human V regions at a position and the donor's is typical,
// keep the donor's. "Unusual" and "typical" read here as carried by fewer, or by at least, one in
// ten of the human V germlines of the locus at that IMGT position.
const TYPICAL_SHARE = 0.1;
const shareCache = new Map<string, Map<number, Map<string, number>>>();

/** Per IMGT position 1-104, the share of the locus's human V germlines carrying each residue. */
function residueShares(locus: string): Map<number, Map<string, number>> {
  const cached = shareCache.get(locus);
  if (cached) return cached;
  const shares = new Map<number, Map<string, number>>();
  const germlines = allVGermlines().filter((g) => g.species === 'human' && g.locus === locus);
  for (let p = 1; p <= 104; p++) {
    const residues = germlines.map((g) => g.gapped[p - 1]).filter((c) => c !== '-');
    const counts = new Map<string, number>();
    for (const c of residues) counts.set(c, (counts.get(c) ?? 0) + 1 / residues.length);
    shares.set(p, counts);
  }
  shareCache.set(locus, shares);
  return shares;
}

/** Why the parent residue stays although the acceptor's differs (`to`), or undefined. */
function keptFor(
  chain: 'heavy' | 'light',
  locus: string,
  r: NumberingResult['residues'][number],
  to: string,
  rules: HumanizeOptions['keep'] = {},
): KeyZone[] | undefined {
  if (r.imgt.insertion !== '') return undefined;
  const k = KEY_POSITIONS[chain].find((x) => x.imgt === r.imgt.number);
  if (k && rules.keyPositions !== false) return k.zones;
  if (rules.humanTypical === false) return undefined;
  const shares = residueShares(locus).get(r.imgt.number);
  if (!shares) return undefined;
  const typical = (shares.get(r.residue) ?? 0) >= TYPICAL_SHARE;
  const unusual = (shares.get(to) ?? 0) < TYPICAL_SHARE;
  return typical && unusual ? ['human-typical'] : undefined;
}

export interface Acceptor {
  v: string;
  j: string;
  /** Identity to the acceptor V over the framework positions outside the grafted CDRs. */
  frameworkIdentity: number;
}

/**
 * The human V and J germlines `humanize` grafts onto, for a chain numbered in IMGT. The assistant's
 * preview names them through this same function, so the preview and the mission agree.
 */
export function chooseAcceptor(
  parent: NumberingResult,
  strategy: HumanizationStrategy = 'keep-key-residues',
): Acceptor {
  const { v, j } = acceptorFor(parent, strategy);
  return { v: v.germline.name, j: j.germline.name, frameworkIdentity: round(v.identity) };
}

function acceptorFor(parent: NumberingResult, strategy: HumanizationStrategy | undefined) {
  const kabat = renumber(parent, 'kabat');
  const chain: 'heavy' | 'light' = parent.chainType === 'heavy' ? 'heavy' : 'light';
  const locus = parent.chainType === 'heavy' ? 'H' : parent.chainType === 'kappa' ? 'K' : 'L';
  const kabatOf = new Map(kabat.residues.map((r) => [r.index, r]));
  const graft = new Set(
    parent.residues
      .filter((r) => r.region.startsWith('cdr') || kabatOf.get(r.index)?.region.startsWith('cdr'))
      .map((r) => r.index),
  );
  const profile = frameworkProfile(parent, graft);
  const keyWeights = new Map(
    strategy === 'straight-graft'
      ? []
      : KEY_POSITIONS[chain].map((k) => [k.imgt, 2] as [number, number]),
  );
  const human = (g: Germline) => g.species === 'human' && g.locus === locus;
  const v = pickAcceptor(profile, allVGermlines().filter(human), FRAMEWORK_RANGES, keyWeights);
  const j = pickAcceptor(profile, allJGermlines().filter(human), [[118, 128]], keyWeights);
  return { kabat, kabatOf, graft, chain, locus, v, j };
}

function frameworkProfile(parent: NumberingResult, graft: Set<number>): Map<number, string> {
  const profile = new Map<number, string>();
  for (const r of parent.residues) {
    if (r.imgt.insertion === '' && !graft.has(r.index)) profile.set(r.imgt.number, r.residue);
  }
  return profile;
}

/**
 * The germline sharing the most framework residues with the parent (`weights` counts some
 * positions more; 1 elsewhere). `identity` is the plain framework identity of the one chosen.
 */
function pickAcceptor(
  profile: Map<number, string>,
  germlines: Germline[],
  ranges: [number, number][],
  weights: Map<number, number>,
) {
  let best = { germline: germlines[0], identity: -1, score: -1 };
  for (const g of germlines) {
    let same = 0;
    let compared = 0;
    let score = 0;
    let possible = 0;
    for (const [from, to] of ranges) {
      for (let p = from; p <= to; p++) {
        const q = profile.get(p);
        if (q === undefined || g.gapped[p - 1] === '-') continue;
        const weight = weights.get(p) ?? 1;
        compared++;
        possible += weight;
        if (q === g.gapped[p - 1]) {
          same++;
          score += weight;
        }
      }
    }
    const identity = compared === 0 ? 0 : same / compared;
    const scaled = possible === 0 ? 0 : score / possible;
    if (scaled > best.score) best = { germline: g, identity, score: scaled };
  }
  return best;
}

interface GraftRules {
  kabatPosition: (index: number) => string | undefined;
  /** Why a framework residue of the parent stays although the acceptor's (`to`) differs. */
  keep: (residue: NumberingResult['residues'][number], to: string) => KeyZone[] | undefined;
  reason: LocalizedText;
}

/** An acceptor residue not taken, written as the mutation it would have been, and why. */
interface Kept extends Mutation {
  zones: KeyZone[];
}

/** `kept`: the acceptor residues not taken. */
function graftOnto(
  parent: NumberingResult,
  graft: Set<number>,
  v: Germline,
  j: Germline,
  rules: GraftRules,
): { humanized: string; mutations: Mutation[]; kept: Kept[] } {
  const byNumber = new Map<number, NumberingResult['residues']>();
  for (const r of parent.residues) {
    const list = byNumber.get(r.imgt.number) ?? [];
    list.push(r);
    byNumber.set(r.imgt.number, list);
  }
  const first = parent.residues[0].imgt.number;
  const last = parent.residues[parent.residues.length - 1].imgt.number;
  let humanized = '';
  const mutations: Mutation[] = [];
  const kept: Kept[] = [];
  for (let p = first; p <= last; p++) {
    const here = byNumber.get(p) ?? [];
    const acceptor = (p <= 104 ? v : j).gapped[p - 1];
    const isCdr = inImgtCdr(p) || here.some((r) => graft.has(r.index));
    if (isCdr) {
      humanized += here.map((r) => r.residue).join('');
      continue;
    }
    const plain = here.find((r) => r.imgt.insertion === '');
    const to = acceptor === '-' || acceptor === undefined ? '-' : acceptor;
    const zones = plain && to !== '-' && plain.residue !== to ? rules.keep(plain, to) : undefined;
    if (plain && zones) {
      humanized += plain.residue;
      const position = { imgt: fmt(plain.imgt), kabat: rules.kabatPosition(plain.index) };
      kept.push({ ...position, from: plain.residue, to, reason: rules.reason, zones });
      continue;
    }
    if (to !== '-') humanized += to;
    if (!plain && to !== '-') mutations.push({ imgt: `${p}`, from: '-', to, reason: rules.reason });
    for (const r of here) {
      const target = r === plain ? to : '-';
      if (r.residue !== target) {
        mutations.push({
          imgt: fmt(r.imgt),
          kabat: rules.kabatPosition(r.index),
          from: r.residue,
          to: target,
          reason: rules.reason,
        });
      }
    }
  }
  return { humanized, mutations, kept };
}

function inImgtCdr(p: number): boolean {
  return (p >= 27 && p <= 38) || (p >= 56 && p <= 65) || (p >= 105 && p <= 117);
}

const ZONE_TEXT: Record<KeyZone, LocalizedText> = {
  vernier: {
    zh: 'Vernier 区（支撑 CDR 构象）',
    en: 'Vernier zone (supports the CDR conformation)',
  },
  canonical: { zh: 'CDR 典型结构决定残基', en: 'canonical-structure determinant of a CDR' },
  'vh-vl-interface': { zh: 'VH/VL 界面', en: 'VH/VL interface' },
  'human-typical': { zh: '人胚系常见残基', en: 'residue common in human germlines' },
};

/** A straight graft's change at a key position, as a back-mutation to consider. */
function suggestion(m: Mutation, keyAt: Map<number, KeyPosition>): BackMutation[] {
  if (m.to === '-' || m.from === '-' || !/^\d+$/.test(m.imgt)) return [];
  const k = keyAt.get(Number(m.imgt));
  return k ? [backMutation({ ...m, kabat: m.kabat ?? k.kabat.slice(1) }, k.zones, false)] : [];
}

/** `m` is the acceptor change (parent → acceptor); the back-mutation goes the other way. */
function backMutation(m: Mutation, zones: KeyZone[], applied: boolean): BackMutation {
  const kabat = m.kabat ?? '';
  const where = { zh: `IMGT ${m.imgt}（Kabat ${kabat}）`, en: `IMGT ${m.imgt} (Kabat ${kabat})` };
  const zh = zones.map((z) => ZONE_TEXT[z].zh).join('、');
  const en = zones.map((z) => ZONE_TEXT[z].en).join('; ');
  const typical = zones[0] === 'human-typical';
  const reason = !applied
    ? {
        zh: `${where.zh}属于${zh}；若亲和力下降可考虑回复为亲本残基 ${m.from}。`,
        en: `${where.en} is a ${en} position; consider restoring the parent ${m.from} if affinity drops.`,
      }
    : typical
      ? {
          zh: `${where.zh}：亲本残基 ${m.from} 在人胚系中常见，而受体胚系的 ${m.to} 在人胚系中少见，保留亲本残基。`,
          en: `${where.en}: the parent ${m.from} is common in human germlines there and the acceptor's ${m.to} is unusual, so the parent residue is kept.`,
        }
      : {
          zh: `${where.zh}属于${zh}，改变它可能影响亲和力，保留亲本残基 ${m.from}（受体胚系为 ${m.to}）。`,
          en: `${where.en} is a ${en} position where a change risks affinity; the parent ${m.from} is kept (acceptor germline: ${m.to}).`,
        };
  return { imgt: m.imgt, kabat, from: m.to, to: m.from, zone: zones[0], zones, applied, reason };
}

const REGION_RANGES: [RegionName, number, number][] = [
  ['fr1', 1, 26],
  ['cdr1', 27, 38],
  ['fr2', 39, 55],
  ['cdr2', 56, 65],
  ['fr3', 66, 104],
  ['fr4', 118, 128],
];

/** `grafted`: IMGT positions kept from the parent, left out of the framework comparison. */
function humanness(
  n: NumberingResult,
  v: Germline,
  j: Germline,
  grafted: Set<number>,
): HumannessReport {
  const profile = new Map<number, string>();
  for (const r of n.residues) if (r.imgt.insertion === '') profile.set(r.imgt.number, r.residue);
  const perRegion: Partial<Record<RegionName, number>> = {};
  let nonHuman = 0;
  for (const [region, from, to] of REGION_RANGES) {
    const germline = region === 'fr4' ? j : v;
    let same = 0;
    let compared = 0;
    for (let p = from; p <= to; p++) {
      const q = profile.get(p);
      const g = germline.gapped[p - 1];
      const framework = region.startsWith('fr');
      if (q === undefined || g === '-' || (framework && grafted.has(p))) continue;
      compared++;
      if (q === g) same++;
      else if (framework) nonHuman++;
    }
    perRegion[region] = compared === 0 ? 0 : round(same / compared);
  }
  return {
    closestHumanV: n.germlines.humanV.gene,
    identity: n.germlines.humanV.identity,
    perRegion,
    nonHumanFrameworkResidues: nonHuman,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
