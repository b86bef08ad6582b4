import { AntibodyError, type LocalizedText } from './errors';
import { allJGermlines, allVGermlines, GAP_CODE, type Germline } from './numbering/germline-index';
import {
  type NumberingResult,
  numberSequence,
  type RegionName,
  renumber,
} from './numbering/number';
import type { Position } from './numbering/positions';
import { BLOSUM62_ALPHABET } from './reference/blosum62';
import { CHANGE_MODEL } from './reference/change-model';

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
export type KeyZone =
  'vernier' | 'canonical' | 'vh-vl-interface' | 'human-typical' | 'rarely-changed';

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

export type HumanizationStrategy = 'germline-profile' | 'keep-key-residues' | 'straight-graft';

export interface HumanizeOptions {
  /**
   * germline-profile (default): a framework residue changes only where it is rare among the human
   * germlines closest to the parent (weighted by framework identity), and then to the residue most
   * frequent among them; at the key positions below it changes only where no close human germline
   * carries it. keep-key-residues: the parent residue stays at every key position, and the acceptor
   * is chosen by framework identity and by how many of those positions it already shares with the
   * parent. straight-graft: every framework residue from the acceptor of highest framework
   * identity; key positions are listed as suggestions.
   */
  strategy?: HumanizationStrategy;
  /** Parameters of germline-profile (defaults: GERMLINE_PROFILE); the bench varies them. */
  profile?: Partial<GermlineProfileParameters>;
  /**
   * The human V and/or J germline to humanize towards (a name such as 'IGHV3-66*01', or a gene such
   * as 'IGHV3-66'), instead of the closest by framework identity; germline-profile then weighs the
   * germlines by their identity to it.
   */
  acceptor?: { v?: string; j?: string };
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
  const strategy = options.strategy ?? 'germline-profile';
  const straight = strategy === 'straight-graft';
  const parent = numberSequence(sequence, { scheme: 'imgt' });
  const { kabat, kabatOf, graft, chain, locus, v, j, profile } = acceptorFor(
    parent,
    strategy,
    options.acceptor,
  );
  const keyAt = new Map(KEY_POSITIONS[chain].map((k) => [k.imgt, k]));
  const byProfile = strategy === 'germline-profile';
  const neighbours = byProfile
    ? germlineProfile(
        profile,
        locus,
        { ...GERMLINE_PROFILE, ...options.profile },
        {
          v: options.acceptor?.v ? v.germline : undefined,
          j: options.acceptor?.j ? j.germline : undefined,
        },
      )
    : undefined;
  const reason = neighbours
    ? {
        zh: `该框架区残基在与亲本最接近的人胚系中少见，改为其中最常见的残基（最接近：${v.germline.name} / ${j.germline.name}）。`,
        en: `Framework residue rare among the human germlines closest to the parent, set to the one most frequent among them (closest: ${v.germline.name} / ${j.germline.name}).`,
      }
    : {
        zh: `框架区残基改为人胚系 ${v.germline.name} / ${j.germline.name} 的残基。`,
        en: `Framework residue set to human germline ${v.germline.name} / ${j.germline.name}.`,
      };
  const acceptorAt = neighbours
    ? neighbours.residueAt
    : (p: number) => (p <= 104 ? v.germline : j.germline).gapped[p - 1];
  const keep: GraftRules['keep'] = straight
    ? () => undefined
    : neighbours
      ? (r) => neighbours.keptFor(r, keyAt.get(r.imgt.number))
      : (r, to) => keptFor(chain, locus, r, to, options.keep);
  const { humanized, mutations, kept } = graftOnto(parent, graft, acceptorAt, {
    kabatPosition: (r) => kabatOf.get(r)?.position,
    keep,
    reason,
  });
  const after = numberSequence(humanized, { scheme: 'imgt' });
  const grafted = new Set(
    parent.residues.filter((r) => graft.has(r.index)).map((r) => r.imgt.number),
  );
  // The germline profile also changes a key position where no close human germline has the
  // parent's residue; each such change is listed as a back-mutation to consider, as in a graft.
  const backMutations = straight
    ? mutations.flatMap((m) => suggestion(m, keyAt))
    : [
        ...kept.map((m) => backMutation(m, m.zones, true)),
        ...(byProfile ? mutations.flatMap((m) => suggestion(m, keyAt)) : []),
      ];
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

// The germline profile: what the human germlines closest to the parent carry at each framework
// position. It reads humanness per position, as Sapiens (Prihoda et al., mAbs 14:2020203, 2022)
// and OASis do from human repertoires, here from the human V and J germlines weighted by how close
// their framework is to the parent's (weight exp(sharpness × (identity − best identity)), so a
// germline two residues further away in an 80-residue framework counts e^-1 as much). Where the
// parent's residue is not the one most frequent among those germlines, that residue is the
// candidate change. Whether to make it is decided by the change model (reference/change-model.ts):
// a logistic regression, fitted on the BioPhi set of humanized therapeutics (Prihoda et al. 2022;
// Thera-SAbDab, Raybould et al. 2020) less the antibodies of the held-out Hu-mAb pairs, of the
// chance that an experimental humanization makes that same change, from the parent residue's share
// (Queen et al., PNAS 86:10029, 1989, kept donor residues typical of human frameworks), the
// candidate's share (how sure the human residue is), the key positions (Foote & Winter 1992) and a
// per-position term (Kabat/IMGT position-specific risk, shrunk towards zero). The change is
// proposed when that chance is at least `minChangeProbability` (0.5: more likely right than not).
// With `minChangeProbability: 0` the former share rule decides instead: a parent residue carried
// by at least `keepShare` of the weight stays, and at the key positions one carried by at least
// `keyKeepShare`. The share parameters were chosen on therapeutics152 alone (bench --tune
// therapeutics152); the 25 experimental pairs of Hu-mAb are held out (README).
export interface GermlineProfileParameters {
  sharpness: number;
  keepShare: number;
  keyKeepShare: number;
  /** Least fitted chance of a change matching experimental humanizations; 0: the share rule. */
  minChangeProbability: number;
}

export const GERMLINE_PROFILE: GermlineProfileParameters = {
  sharpness: 20,
  keepShare: 0.3,
  keyKeepShare: 0.02,
  minChangeProbability: 0.5,
};

/** One framework position where the profile's most frequent residue differs from the parent's. */
export interface ChangeCandidate {
  chain: 'heavy' | 'light';
  imgt: number;
  from: string;
  to: string;
  /** Share of the close germlines' weight carrying the parent residue, and the candidate. */
  share: number;
  toShare: number;
  key: boolean;
}

/** The fitted chance that an experimental humanization makes this change (change-model.ts). */
export function changeProbability(c: ChangeCandidate): number {
  const m = CHANGE_MODEL;
  const z =
    m.intercept +
    m.toShare * c.toShare +
    m.share * c.share +
    (c.key ? m.key : 0) +
    m.logShare * Math.log(c.share + 0.01) +
    (m.position[c.chain][c.imgt] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

interface Ranked {
  germline: Germline;
  identity: number;
}

/** Every germline with its framework identity to the parent over `ranges`, closest first. */
function rankGermlines(
  profile: Map<number, string>,
  germlines: Germline[],
  ranges: [number, number][],
): Ranked[] {
  return germlines
    .map((germline) => ({ germline, identity: frameworkMatch(profile, germline, ranges).identity }))
    .sort((a, b) => b.identity - a.identity);
}

/**
 * How much of the parent's framework (`ranges`, gaps of either left out) a germline shares: the
 * plain identity, and the identity with `weights` counting some positions more (1 elsewhere).
 */
function frameworkMatch(
  profile: Map<number, string>,
  germline: Germline,
  ranges: [number, number][],
  weights: Map<number, number> = new Map(),
): { identity: number; weighted: number } {
  let same = 0;
  let compared = 0;
  let score = 0;
  let possible = 0;
  for (const [from, to] of ranges) {
    for (let p = from; p <= to; p++) {
      const q = profile.get(p);
      if (q === undefined || germline.gapped[p - 1] === '-') continue;
      const weight = weights.get(p) ?? 1;
      compared++;
      possible += weight;
      if (q === germline.gapped[p - 1]) {
        same++;
        score += weight;
      }
    }
  }
  return {
    identity: compared === 0 ? 0 : same / compared,
    weighted: possible === 0 ? 0 : score / possible,
  };
}

const GAP = BLOSUM62_ALPHABET.length;
const codeOf = (residue: string) => (residue === '-' ? GAP : BLOSUM62_ALPHABET.indexOf(residue));
const residueOf = (code: number) => (code === GAP ? '-' : BLOSUM62_ALPHABET[code]);

/** Per residue code (BLOSUM62 order, then the gap), its share of the germlines' weight at `p`. */
function sharesAt(ranked: Ranked[], weights: number[], p: number): Float64Array {
  const shares = new Float64Array(GAP + 1);
  let total = 0;
  ranked.forEach(({ germline }, i) => {
    const code = germline.codes[p - 1];
    shares[code === GAP_CODE || code === undefined ? GAP : code] += weights[i];
    total += weights[i];
  });
  for (let c = 0; c <= GAP; c++) shares[c] /= total;
  return shares;
}

/** `centre`: germlines chosen by the user; the others are weighed by identity to them instead. */
function germlineProfile(
  profile: Map<number, string>,
  locus: string,
  parameters: GermlineProfileParameters,
  centre: { v?: Germline; j?: Germline } = {},
) {
  const human = (g: Germline) => g.species === 'human' && g.locus === locus;
  const around = (g: Germline | undefined) =>
    g ? new Map([...profile.keys()].map((p) => [p, g.gapped[p - 1] ?? '-'])) : profile;
  const vs = rankGermlines(around(centre.v), allVGermlines().filter(human), FRAMEWORK_RANGES);
  const js = rankGermlines(around(centre.j), allJGermlines().filter(human), [[118, 128]]);
  const weigh = (ranked: Ranked[]) =>
    ranked.map((r) => Math.exp(parameters.sharpness * (r.identity - ranked[0].identity)));
  const weights = { v: weigh(vs), j: weigh(js) };
  const cache: Float64Array[] = [];
  const at = (p: number) =>
    (cache[p] ??= p <= 104 ? sharesAt(vs, weights.v, p) : sharesAt(js, weights.j, p));
  /** The most frequent residue at `p`; on a tie, the closest germline's. */
  const residueAt = (p: number): string => {
    const shares = at(p);
    let best = codeOf((p <= 104 ? vs : js)[0].germline.gapped[p - 1] ?? '-');
    for (let c = 0; c <= GAP; c++) if (shares[c] > shares[best]) best = c;
    return residueOf(best);
  };
  /** The change the profile suggests at `r`, with the shares the change model reads. */
  const candidate = (
    r: NumberingResult['residues'][number],
    key: KeyPosition | undefined,
  ): ChangeCandidate | undefined => {
    if (r.imgt.insertion !== '') return undefined;
    const to = residueAt(r.imgt.number);
    const shares = at(r.imgt.number);
    const code = codeOf(r.residue);
    return {
      chain: locus === 'H' ? 'heavy' : 'light',
      imgt: r.imgt.number,
      from: r.residue,
      to,
      share: code < 0 ? 0 : shares[code],
      toShare: shares[codeOf(to)],
      key: key !== undefined,
    };
  };
  /** Why the parent residue at `r` stays (its zones), or undefined to take the profile's. */
  const keptFor = (
    r: NumberingResult['residues'][number],
    key: KeyPosition | undefined,
  ): KeyZone[] | undefined => {
    const c = candidate(r, key);
    if (!c) return undefined;
    const typical = c.share >= parameters.keepShare;
    if (parameters.minChangeProbability > 0) {
      if (changeProbability(c) >= parameters.minChangeProbability) return undefined;
      return key ? key.zones : typical ? ['human-typical'] : ['rarely-changed'];
    }
    if (key) return c.share >= parameters.keyKeepShare ? key.zones : undefined;
    return typical ? ['human-typical'] : undefined;
  };
  return { residueAt, candidate, keptFor };
}

/**
 * Every framework position of `sequence` where the germline profile's residue differs from the
 * parent's, with the shares the change model reads; scripts/build-change-model.mjs fits it on these.
 */
export function changeCandidates(
  sequence: string,
  profile: Partial<GermlineProfileParameters> = {},
): ChangeCandidate[] {
  const parent = numberSequence(sequence, { scheme: 'imgt' });
  const { graft, chain, locus, profile: framework } = acceptorFor(parent, 'germline-profile');
  const neighbours = germlineProfile(framework, locus, { ...GERMLINE_PROFILE, ...profile });
  const keyAt = new Map(KEY_POSITIONS[chain].map((k) => [k.imgt, k]));
  return parent.residues.flatMap((r) => {
    if (graft.has(r.index) || inImgtCdr(r.imgt.number) || r.imgt.number > 128) return [];
    const c = neighbours.candidate(r, keyAt.get(r.imgt.number));
    return c && c.to !== '-' && c.to !== c.from ? [c] : [];
  });
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
  strategy: HumanizationStrategy = 'germline-profile',
): Acceptor {
  const { v, j } = acceptorFor(parent, strategy);
  return { v: v.germline.name, j: j.germline.name, frameworkIdentity: round(v.identity) };
}

function acceptorFor(
  parent: NumberingResult,
  strategy: HumanizationStrategy | undefined,
  chosen: HumanizeOptions['acceptor'] = {},
) {
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
    strategy === 'keep-key-residues'
      ? KEY_POSITIONS[chain].map((k) => [k.imgt, 2] as [number, number])
      : [],
  );
  const human = (g: Germline) => g.species === 'human' && g.locus === locus;
  const named = (germlines: Germline[], name: string | undefined) => {
    if (name === undefined) return germlines;
    const found = germlines.filter((g) => g.name === name || g.name.startsWith(`${name}*`));
    if (found.length) return found;
    throw new AntibodyError(
      'INVALID_OPTION',
      {
        zh: `没有名为 ${name} 的人源 ${locus} 链胚系可作受体。`,
        en: `No human ${locus}-locus germline named ${name} to use as acceptor.`,
      },
      { acceptor: name, locus },
    );
  };
  const vs = named(allVGermlines().filter(human), chosen.v);
  const js = named(allJGermlines().filter(human), chosen.j);
  const v = pickAcceptor(profile, vs, FRAMEWORK_RANGES, keyWeights);
  const j = pickAcceptor(profile, js, [[118, 128]], keyWeights);
  return { kabat, kabatOf, graft, chain, locus, v, j, profile };
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
    const { identity, weighted } = frameworkMatch(profile, g, ranges, weights);
    if (weighted > best.score) best = { germline: g, identity, score: weighted };
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
  acceptorAt: (imgt: number) => string | undefined,
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
    const isCdr = inImgtCdr(p) || here.some((r) => graft.has(r.index));
    if (isCdr) {
      humanized += here.map((r) => r.residue).join('');
      continue;
    }
    const acceptor = acceptorAt(p);
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
  'rarely-changed': {
    zh: '实验人源化很少在此位置做此替换',
    en: 'a change experimental humanizations seldom make here',
  },
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
    : zones[0] === 'rarely-changed'
      ? {
          zh: `${where.zh}：实验人源化很少把此处的 ${m.from} 改为 ${m.to}（该位置人胚系残基不确定或改变风险高），保留亲本残基。`,
          en: `${where.en}: experimental humanizations seldom change ${m.from} to ${m.to} here (the human residue is uncertain or the position risky), so the parent residue is kept.`,
        }
      : typical
        ? {
            zh: `${where.zh}：亲本残基 ${m.from} 在此位置的人胚系中常见，保留亲本残基（否则会改为 ${m.to}）。`,
            en: `${where.en}: the parent ${m.from} is common in human germlines there, so it is kept (instead of ${m.to}).`,
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
