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

export interface BackMutation {
  imgt: string;
  kabat: string;
  /** Residue in the humanized sequence, and the parent residue to restore. */
  from: string;
  to: string;
  zone: 'vernier' | 'vh-vl-interface';
  reason: LocalizedText;
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

// Kabat positions. Vernier zone: Foote & Winter, J. Mol. Biol. 224:487 (1992). VH/VL interface:
// Chothia, Novotny, Bruccoleri & Karplus, J. Mol. Biol. 186:651 (1985). Lists written from those
// papers' tables as commonly reproduced; only framework positions matter here since CDRs are kept.
const VERNIER: Record<'heavy' | 'light', number[]> = {
  heavy: [2, 27, 28, 29, 30, 47, 48, 49, 67, 69, 71, 73, 78, 93, 94, 103],
  light: [2, 4, 35, 36, 46, 47, 48, 49, 64, 66, 68, 69, 71, 98],
};
const INTERFACE: Record<'heavy' | 'light', number[]> = {
  heavy: [35, 37, 39, 45, 47, 91, 93, 95, 100, 103],
  light: [34, 36, 38, 44, 46, 87, 89, 91, 96, 98],
};

const FRAMEWORK_RANGES: [number, number][] = [
  [1, 26],
  [39, 55],
  [66, 104],
];

const fmt = (p: Position) => `${p.number}${p.insertion}`;

/**
 * CDR grafting: keeps the parent's CDRs (IMGT ∪ Kabat) and takes every framework residue from the
 * human V germline with the highest framework identity and the human J germline closest in FR4.
 * Vernier-zone and VH/VL-interface positions that changed are listed as back-mutation suggestions,
 * not applied.
 */
export function humanize(sequence: string): HumanizationResult {
  const parent = numberSequence(sequence, { scheme: 'imgt' });
  const kabat = renumber(parent, 'kabat');
  const chain = parent.chainType === 'heavy' ? 'heavy' : 'light';
  const locus = parent.chainType === 'heavy' ? 'H' : parent.chainType === 'kappa' ? 'K' : 'L';
  const kabatOf = new Map(kabat.residues.map((r) => [r.index, r]));
  const graft = new Set(
    parent.residues
      .filter((r) => r.region.startsWith('cdr') || kabatOf.get(r.index)?.region.startsWith('cdr'))
      .map((r) => r.index),
  );
  const profile = frameworkProfile(parent, graft);
  const v = pickAcceptor(
    profile,
    allVGermlines().filter((g) => g.species === 'human' && g.locus === locus),
    FRAMEWORK_RANGES,
  );
  const j = pickAcceptor(
    profile,
    allJGermlines().filter((g) => g.species === 'human' && g.locus === locus),
    [[118, 128]],
  );
  const reason = {
    zh: `框架区残基改为人胚系 ${v.germline.name} / ${j.germline.name} 的残基。`,
    en: `Framework residue set to human germline ${v.germline.name} / ${j.germline.name}.`,
  };
  const { humanized, mutations } = graftOnto(
    parent,
    graft,
    v.germline,
    j.germline,
    (r) => kabatOf.get(r)?.position,
    reason,
  );
  const after = numberSequence(humanized, { scheme: 'imgt' });
  const grafted = new Set(
    parent.residues.filter((r) => graft.has(r.index)).map((r) => r.imgt.number),
  );
  return {
    chainType: parent.chainType,
    parent: parent.sequence.slice(parent.start, parent.end + 1),
    humanized,
    acceptor: { v: v.germline.name, j: j.germline.name, frameworkIdentity: round(v.identity) },
    cdrs: { imgt: parent.cdrs, kabat: kabat.cdrs },
    mutations,
    backMutations: backMutations(mutations, chain),
    humanness: {
      before: humanness(parent, v.germline, j.germline, grafted),
      after: humanness(after, v.germline, j.germline, grafted),
    },
  };
}

function frameworkProfile(parent: NumberingResult, graft: Set<number>): Map<number, string> {
  const profile = new Map<number, string>();
  for (const r of parent.residues) {
    if (r.imgt.insertion === '' && !graft.has(r.index)) profile.set(r.imgt.number, r.residue);
  }
  return profile;
}

function pickAcceptor(
  profile: Map<number, string>,
  germlines: Germline[],
  ranges: [number, number][],
) {
  let best = { germline: germlines[0], identity: -1 };
  for (const g of germlines) {
    let same = 0;
    let compared = 0;
    for (const [from, to] of ranges) {
      for (let p = from; p <= to; p++) {
        const q = profile.get(p);
        if (q === undefined || g.gapped[p - 1] === '-') continue;
        compared++;
        if (q === g.gapped[p - 1]) same++;
      }
    }
    const identity = compared === 0 ? 0 : same / compared;
    if (identity > best.identity) best = { germline: g, identity };
  }
  return best;
}

function graftOnto(
  parent: NumberingResult,
  graft: Set<number>,
  v: Germline,
  j: Germline,
  kabatPosition: (index: number) => string | undefined,
  reason: LocalizedText,
): { humanized: string; mutations: Mutation[] } {
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
  for (let p = first; p <= last; p++) {
    const here = byNumber.get(p) ?? [];
    const acceptor = (p <= 104 ? v : j).gapped[p - 1];
    const isCdr = inImgtCdr(p) || here.some((r) => graft.has(r.index));
    if (isCdr) {
      humanized += here.map((r) => r.residue).join('');
      continue;
    }
    const plain = here.find((r) => r.imgt.insertion === '');
    if (acceptor !== '-' && acceptor !== undefined) humanized += acceptor;
    const to = acceptor === '-' || acceptor === undefined ? '-' : acceptor;
    if (!plain && to !== '-') mutations.push({ imgt: `${p}`, from: '-', to, reason });
    for (const r of here) {
      const target = r === plain ? to : '-';
      if (r.residue !== target) {
        mutations.push({
          imgt: fmt(r.imgt),
          kabat: kabatPosition(r.index),
          from: r.residue,
          to: target,
          reason,
        });
      }
    }
  }
  return { humanized, mutations };
}

function inImgtCdr(p: number): boolean {
  return (p >= 27 && p <= 38) || (p >= 56 && p <= 65) || (p >= 105 && p <= 117);
}

function backMutations(mutations: Mutation[], chain: 'heavy' | 'light'): BackMutation[] {
  const out: BackMutation[] = [];
  for (const m of mutations) {
    if (!m.kabat || m.to === '-' || m.from === '-') continue;
    const number = Number.parseInt(m.kabat, 10);
    const zone = VERNIER[chain].includes(number)
      ? 'vernier'
      : INTERFACE[chain].includes(number)
        ? 'vh-vl-interface'
        : undefined;
    if (!zone) continue;
    out.push({
      imgt: m.imgt,
      kabat: m.kabat,
      from: m.to,
      to: m.from,
      zone,
      reason:
        zone === 'vernier'
          ? {
              zh: `Kabat ${m.kabat} 属于 Vernier 区，支撑 CDR 构象；若亲和力下降可考虑回复为亲本残基 ${m.from}。`,
              en: `Kabat ${m.kabat} is in the Vernier zone, which supports CDR conformation; consider restoring the parent ${m.from} if affinity drops.`,
            }
          : {
              zh: `Kabat ${m.kabat} 位于 VH/VL 界面；若配对或稳定性变差可考虑回复为亲本残基 ${m.from}。`,
              en: `Kabat ${m.kabat} is at the VH/VL interface; consider restoring the parent ${m.from} if pairing or stability suffers.`,
            },
    });
  }
  return out;
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
