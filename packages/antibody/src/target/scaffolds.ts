import { GERMLINE_SETS } from '../reference/germlines';
import { THERAPEUTIC_SET_SIZE, THERAPEUTIC_V_PAIRS } from '../reference/therapeutic-stats';

/** A human framework pair (or one VHH framework) the designs are built on. */
export interface Scaffold {
  /** "IGHV1-46/IGKV1-39" or "VHH:IGHV3-23". */
  id: string;
  format: 'fv' | 'vhh';
  heavy: { v: string; j: string };
  light?: { v: string; j: string };
  /** Therapeutics of the statistics set on this pair of V genes (the drawing weight). */
  therapeutics: number;
}

/** Pairs used by at least this many of the set's therapeutics become scaffolds. */
const MIN_THERAPEUTICS = 4;

// J genes: IGHJ4 and IGKJ1 are the human J genes most used in the expressed repertoire (IGHJ4 in
// about half of heavy chains, Briney et al., Nature 566:393, 2019; IGKJ1/IGKJ2 the commonest kappa
// J genes) and the J genes of the consensus frameworks of humanized therapeutics.
const HEAVY_J = 'IGHJ4*01';
const KAPPA_J = 'IGKJ1*01';

const alleleOf = (gene: string, locus: 'H' | 'K' | 'L'): string | undefined =>
  GERMLINE_SETS.find((s) => s.species === 'human' && s.locus === locus)?.v.find(
    ([name]) => name.split('*')[0] === gene,
  )?.[0];

/**
 * The VH/VL scaffolds: the pairs of human V genes most used by the humanized therapeutics of
 * Thera-SAbDab (reference/therapeutic-stats.ts), kappa light chains, with the alleles of the
 * toolkit's germline set.
 */
export const FV_SCAFFOLDS: readonly Scaffold[] = Object.entries(THERAPEUTIC_V_PAIRS)
  .filter(([pair, n]) => n >= MIN_THERAPEUTICS && pair.includes('/IGKV'))
  .flatMap(([pair, therapeutics]) => {
    const [vh, vk] = pair.split('/');
    const heavyV = alleleOf(vh, 'H');
    const lightV = alleleOf(vk, 'K');
    if (!heavyV || !lightV) return [];
    return [
      {
        id: pair,
        format: 'fv' as const,
        heavy: { v: heavyV, j: HEAVY_J },
        light: { v: lightV, j: KAPPA_J },
        therapeutics,
      },
    ];
  });

/**
 * VHH: IGHV3-23 (the human germline closest to camelid VHH frameworks) with the four camelid VHH
 * "hallmark" residues of framework 2 (Kabat V37F, G44E, L45R, W47G: Muyldermans, Annu. Rev.
 * Biochem. 82:775, 2013), which make the domain soluble without a light chain; the strategy of
 * humanized single-domain scaffolds (Vincke et al., J. Biol. Chem. 284:3273, 2009).
 */
export const VHH_SCAFFOLD: Scaffold = {
  id: 'VHH:IGHV3-23',
  format: 'vhh',
  heavy: { v: 'IGHV3-23*01', j: HEAVY_J },
  therapeutics: 0,
};

/** IMGT positions of the VHH hallmarks (Kabat 37, 44, 45, 47) and their camelid residues. */
export const VHH_HALLMARKS: Readonly<Record<number, string>> = {
  42: 'F',
  49: 'E',
  50: 'R',
  52: 'G',
};

export const SCAFFOLD_SOURCE = {
  zh: `骨架取自 Thera-SAbDab 中 ${THERAPEUTIC_SET_SIZE} 个人源化治疗性抗体（Raybould 等，Nucleic Acids Res. 2020；BioPhi 数据集，MIT 许可）最常用的人 VH/VL 胚系配对（至少 ${MIN_THERAPEUTICS} 个抗体使用），J 基因为 IGHJ4、IGKJ1。`,
  en: `Scaffolds: the human VH/VL germline pairs most used by the ${THERAPEUTIC_SET_SIZE} humanized therapeutics of Thera-SAbDab (Raybould et al., Nucleic Acids Res. 2020; BioPhi set, MIT licence), each used by at least ${MIN_THERAPEUTICS} of them; J genes IGHJ4 and IGKJ1.`,
};

function gapped(locus: 'H' | 'K', name: string, kind: 'v' | 'j'): string {
  const set = GERMLINE_SETS.find((s) => s.species === 'human' && s.locus === locus)!;
  return set[kind].find(([n]) => n === name)![1];
}

/** The germline V residues at IMGT 1-104 as [imgt, residue] (gaps left out), hallmarks applied for a VHH. */
export function frameworkV(scaffold: Scaffold, chain: 'heavy' | 'light'): [number, string][] {
  const gene = chain === 'heavy' ? scaffold.heavy.v : scaffold.light!.v;
  const text = gapped(chain === 'heavy' ? 'H' : 'K', gene, 'v');
  const out: [number, string][] = [];
  for (let imgt = 1; imgt <= 104; imgt++) {
    const residue = text[imgt - 1];
    if (!residue || residue === '-') continue;
    const hallmark = scaffold.format === 'vhh' ? VHH_HALLMARKS[imgt] : undefined;
    out.push([imgt, hallmark ?? residue]);
  }
  return out;
}

/** Framework 4 (IMGT 118-128) of the scaffold's J gene. */
export function framework4(scaffold: Scaffold, chain: 'heavy' | 'light'): string {
  const gene = chain === 'heavy' ? scaffold.heavy.j : scaffold.light!.j;
  const text = gapped(chain === 'heavy' ? 'H' : 'K', gene, 'j');
  return text.slice(-11).replace(/-/g, '');
}
