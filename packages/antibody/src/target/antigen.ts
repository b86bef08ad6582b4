import { predictEpitopes } from '../epitopes';
import { AntibodyError, type LocalizedText } from '../errors';
import { cleanProteinSequence, parseFasta } from '../sequence/sequence';
import { type EpitopePatch, predictStructureEpitopes } from '../structure/ellipro';
import { parsePdb } from '../structure/pdb';
import { netCharge } from './cdrs';

/** The shortest antigen accepted: a peptide of 8 residues, the length of a short linear epitope. */
export const MIN_ANTIGEN_LENGTH = 8;
/** An antigen this short is taken whole as the epitope (a peptide antigen). */
const WHOLE_PEPTIDE_MAX = 15;
/** Length of the window searched when the consensus predicts no segment. */
const WINDOW = 12;

export interface TargetAntigenInput {
  /** Antigen amino-acid sequence (FASTA text with one record, or the bare sequence). */
  sequence?: string;
  /** Antigen structure as PDB text; the structure-based epitope (ElliPro) is then used. */
  pdb?: string;
  /** Chain(s) of the PDB file, when it has several. */
  chain?: string;
}

export interface TargetAntigen {
  source: 'sequence' | 'structure';
  sequence: string;
  length: number;
  chains?: string[];
  /** PDB chain and residue number of each sequence position (structure input only). */
  pdbResidues?: { chain: string; number: string }[];
  /** ElliPro's top-ranked patch (structure input only), read once with the structure. */
  topPatch?: EpitopePatch;
}

export interface TargetEpitope {
  origin: 'user-region' | 'whole-peptide' | 'sequence-consensus' | 'sequence-window' | 'ellipro';
  /** 1-based positions in the antigen sequence, ascending. */
  positions: number[];
  /** First and last position (a structure patch need not be contiguous). */
  start: number;
  end: number;
  residues: string;
  /** Net charge of the patch and per residue (K, R +1; D, E −1; H +0.1). */
  netCharge: number;
  chargePerResidue: number;
  method: LocalizedText;
  /** PDB residues of the patch (structure input only). */
  pdbResidues?: { chain: string; number: string; residue: string }[];
}

/** Reads the antigen: validates a sequence (≥ 8 residues, no DNA) or the chain(s) of a PDB file. */
export function readAntigen(input: TargetAntigenInput): TargetAntigen {
  if (input.pdb !== undefined) {
    const found = predictStructureEpitopes(parsePdb(input.pdb), { chain: input.chain });
    const residues = found.residues;
    const sequence = residues.map((r) => r.residue).join('');
    checkLength(sequence);
    return {
      source: 'structure',
      sequence,
      length: sequence.length,
      chains: [...new Set(residues.map((r) => r.chain))],
      pdbResidues: residues.map((r) => ({ chain: r.chain, number: r.number })),
      ...(found.patches[0] ? { topPatch: found.patches[0] } : {}),
    };
  }
  const records = parseFasta(input.sequence ?? '');
  if (records.length > 1) {
    throw new AntibodyError(
      'INVALID_OPTION',
      {
        zh: `给出了 ${records.length} 条序列：请只给一条抗原序列。`,
        en: `${records.length} sequences were given: give one antigen sequence.`,
      },
      { records: records.length },
    );
  }
  const { sequence } = cleanProteinSequence(records[0].sequence, 1);
  // The toolkit's DNA check starts at 12 letters (a short peptide can be all A/C/G/T); an antigen
  // of 8 or more letters all of A/C/G/T/U is taken for nucleotides here.
  if (/^[ACGTUN]+$/.test(sequence) && sequence.length >= MIN_ANTIGEN_LENGTH) {
    throw new AntibodyError('LOOKS_LIKE_DNA', {
      zh: '抗原看起来是核酸序列（只含 A/C/G/T/U/N），请提供抗原的氨基酸序列或 PDB 结构。',
      en: "The antigen looks like a nucleotide sequence (only A/C/G/T/U/N); give the antigen's amino-acid sequence or its PDB structure.",
    });
  }
  checkLength(sequence);
  return { source: 'sequence', sequence, length: sequence.length };
}

function checkLength(sequence: string): void {
  if (sequence.length < MIN_ANTIGEN_LENGTH) {
    throw new AntibodyError(
      'TOO_SHORT',
      {
        zh: `抗原太短：${sequence.length} 个残基，至少需要 ${MIN_ANTIGEN_LENGTH} 个。`,
        en: `The antigen is too short: ${sequence.length} residues, at least ${MIN_ANTIGEN_LENGTH} needed.`,
      },
      { length: sequence.length, minLength: MIN_ANTIGEN_LENGTH },
    );
  }
}

/** Parses "120-140" (or "120..140", "120–140", "120") into 1-based inclusive bounds. */
export function parseRegion(region: string | { start: number; end: number }): {
  start: number;
  end: number;
} {
  if (typeof region !== 'string') return region;
  const m = /^\s*(\d+)\s*(?:(?:-|–|\.\.|to)\s*(\d+))?\s*$/.exec(region);
  if (!m) {
    throw new AntibodyError(
      'INVALID_OPTION',
      {
        zh: `无法识别区域“${region}”：请写成“起始-终止”，例如 120-140（抗原序列的第几个残基，从 1 开始）。`,
        en: `Cannot read the region "${region}": write it as start-end, e.g. 120-140 (residue positions in the antigen sequence, from 1).`,
      },
      { region },
    );
  }
  return { start: Number(m[1]), end: Number(m[2] ?? m[1]) };
}

/** The user's region, validated: inside the antigen and start ≤ end. */
export function userEpitope(
  antigen: TargetAntigen,
  region: string | { start: number; end: number },
): TargetEpitope {
  const { start, end } = parseRegion(region);
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 1 ||
    end > antigen.length ||
    start > end
  ) {
    throw new AntibodyError(
      'REGION_OUTSIDE_ANTIGEN',
      {
        zh: `区域 ${start}-${end} 不在抗原内：抗原共 ${antigen.length} 个残基，区域须满足 1 ≤ 起始 ≤ 终止 ≤ ${antigen.length}。`,
        en: `The region ${start}-${end} is not inside the antigen: it has ${antigen.length} residues, so the region must satisfy 1 ≤ start ≤ end ≤ ${antigen.length}.`,
      },
      { start, end, length: antigen.length },
    );
  }
  return epitopeOf(antigen, range(start, end), 'user-region', {
    zh: `用户指定的区域 ${start}-${end}。`,
    en: `The region the user chose, ${start}-${end}.`,
  });
}

/**
 * The best patch from the epitope predictors: on a structure, ElliPro's top-ranked patch
 * (Ponomarenko et al., BMC Bioinformatics 9:514, 2008); on a sequence, the consensus segment of the
 * four linear B-cell scales with the most votes per residue (then the longest, then the first), or
 * the 12-residue window with the most votes when no segment reaches the consensus. A peptide antigen
 * of at most 15 residues is its own epitope.
 */
export function predictedEpitope(antigen: TargetAntigen): TargetEpitope {
  const patch = antigen.topPatch;
  if (patch) {
    {
      const index = new Map(antigen.pdbResidues!.map((r, k) => [`${r.chain}:${r.number}`, k + 1]));
      const positions = patch.residues
        .map((r) => index.get(`${r.chain}:${r.number}`))
        .filter((p): p is number => p !== undefined)
        .sort((a, b) => a - b);
      return epitopeOf(antigen, positions, 'ellipro', {
        zh: `ElliPro 结构表位（突出指数最高的簇，平均 PI ${patch.score.toFixed(2)}）。`,
        en: `ElliPro structure-based epitope (the top patch by protrusion index, mean PI ${patch.score.toFixed(2)}).`,
      });
    }
  }
  if (antigen.length <= WHOLE_PEPTIDE_MAX) {
    return epitopeOf(antigen, range(1, antigen.length), 'whole-peptide', {
      zh: `抗原是 ${antigen.length} 个残基的短肽，整条作为表位。`,
      en: `The antigen is a peptide of ${antigen.length} residues, taken whole as the epitope.`,
    });
  }
  const prediction = predictEpitopes(antigen.sequence);
  const votes = prediction.consensus.votes;
  const meanVotes = (s: number, e: number) => sum(votes.slice(s - 1, e)) / (e - s + 1);
  const best = [...prediction.consensus.segments].sort(
    (a, b) =>
      meanVotes(b.start, b.end) - meanVotes(a.start, a.end) ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  )[0];
  if (best) {
    return epitopeOf(antigen, range(best.start, best.end), 'sequence-consensus', {
      zh: `线性 B 细胞表位共识区段 ${best.start}-${best.end}（Kolaskar-Tongaonkar、Parker、Emini、Chou-Fasman 四种方法投票最多的区段）。`,
      en: `Linear B-cell epitope consensus segment ${best.start}-${best.end} (the segment with most votes of Kolaskar-Tongaonkar, Parker, Emini and Chou-Fasman).`,
    });
  }
  let bestStart = 1;
  for (let s = 1; s + WINDOW - 1 <= antigen.length; s++) {
    if (meanVotes(s, s + WINDOW - 1) > meanVotes(bestStart, bestStart + WINDOW - 1)) bestStart = s;
  }
  const end = Math.min(antigen.length, bestStart + WINDOW - 1);
  return epitopeOf(antigen, range(bestStart, end), 'sequence-window', {
    zh: `没有达到共识的区段：取四种线性表位方法投票最多的 ${WINDOW} 残基窗口 ${bestStart}-${end}。`,
    en: `No segment reached the consensus: the ${WINDOW}-residue window with most votes of the four linear epitope scales, ${bestStart}-${end}.`,
  });
}

function epitopeOf(
  antigen: TargetAntigen,
  positions: number[],
  origin: TargetEpitope['origin'],
  method: LocalizedText,
): TargetEpitope {
  const residues = positions.map((p) => antigen.sequence[p - 1]).join('');
  const charge = netCharge(residues);
  return {
    origin,
    positions,
    start: positions[0],
    end: positions[positions.length - 1],
    residues,
    netCharge: charge,
    chargePerResidue: Math.round((charge / Math.max(1, residues.length)) * 1000) / 1000,
    method,
    ...(antigen.pdbResidues
      ? {
          pdbResidues: positions.map((p) => ({
            ...antigen.pdbResidues![p - 1],
            residue: antigen.sequence[p - 1],
          })),
        }
      : {}),
  };
}

const range = (start: number, end: number) =>
  Array.from({ length: end - start + 1 }, (_, k) => start + k);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
