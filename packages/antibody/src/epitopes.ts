import { AntibodyError } from './errors';
import {
  type AminoAcidScale,
  CHOU_FASMAN_TURN,
  EMINI_SURFACE,
  KOLASKAR_TONGAONKAR,
  PARKER_HYDROPHILICITY,
} from './reference/scales';
import { cleanProteinSequence } from './sequence/sequence';

export type EpitopeMethod = 'kolaskar-tongaonkar' | 'parker' | 'emini' | 'chou-fasman';

export interface Segment {
  /** 1-based, inclusive. */
  start: number;
  end: number;
  peptide: string;
  /** Mean score over the segment. */
  score: number;
}

export interface MethodResult {
  method: EpitopeMethod;
  window: number;
  threshold: number;
  /** One score per residue; null where the window does not fit (sequence ends). */
  scores: (number | null)[];
  segments: Segment[];
}

export interface EpitopePrediction {
  sequence: string;
  methods: Record<EpitopeMethod, MethodResult>;
  /** Per residue, the number of methods whose score is at or above their threshold. */
  consensus: { votes: number[]; minVotes: number; segments: Segment[] };
}

export interface EpitopeOptions {
  /** Shortest reported segment (default 6, as EMBOSS `antigenic` uses). */
  minLength?: number;
  /** Methods that must agree for a consensus residue (default 3 of 4). */
  minVotes?: number;
}

interface MethodSpec {
  scale: AminoAcidScale;
  window: number;
  combine: 'mean' | 'product';
  /** Threshold from the per-residue scores of the whole protein. */
  threshold: (scores: number[]) => number;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

// Windows and thresholds follow the IEDB B-cell tools' defaults: 7-residue windows with the protein's
// mean as threshold; Emini uses a 6-residue product with threshold 1.0; Kolaskar-Tongaonkar uses the
// larger of 1.0 and the protein's mean propensity, as in the original paper.
const METHODS: Record<EpitopeMethod, MethodSpec> = {
  'kolaskar-tongaonkar': {
    scale: KOLASKAR_TONGAONKAR,
    window: 7,
    combine: 'mean',
    threshold: (scores) => Math.max(1.0, mean(scores)),
  },
  parker: { scale: PARKER_HYDROPHILICITY, window: 7, combine: 'mean', threshold: mean },
  emini: { scale: EMINI_SURFACE, window: 6, combine: 'product', threshold: () => 1.0 },
  'chou-fasman': { scale: CHOU_FASMAN_TURN, window: 7, combine: 'mean', threshold: mean },
};

/**
 * Sliding-window scores: the window covering residues i..i+w-1 is assigned to its centre residue
 * i + floor(w/2) (for w = 6, the fourth residue), as the IEDB tools do.
 */
export function windowScores(
  sequence: string,
  scale: AminoAcidScale,
  window: number,
  combine: 'mean' | 'product',
): (number | null)[] {
  const out: (number | null)[] = new Array(sequence.length).fill(null);
  const centre = Math.floor(window / 2);
  for (let i = 0; i + window <= sequence.length; i++) {
    let acc = combine === 'mean' ? 0 : 1;
    for (let k = 0; k < window; k++) {
      const v = scale[sequence[i + k]];
      acc = combine === 'mean' ? acc + v : acc * v;
    }
    out[i + centre] = round(combine === 'mean' ? acc / window : acc);
  }
  return out;
}

function segmentsAbove(
  sequence: string,
  scores: (number | null)[],
  threshold: number,
  minLength: number,
): Segment[] {
  const segments: Segment[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start + 1 >= minLength) {
      const part = scores.slice(start, end + 1) as number[];
      segments.push({
        start: start + 1,
        end: end + 1,
        peptide: sequence.slice(start, end + 1),
        score: round(mean(part)),
      });
    }
    start = -1;
  };
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (s !== null && s >= threshold) {
      if (start < 0) start = i;
    } else close(i - 1);
  }
  close(scores.length - 1);
  return segments;
}

/** Linear B-cell epitope prediction for an antigen with four propensity-scale methods and a consensus. */
export function predictEpitopes(antigen: string, options: EpitopeOptions = {}): EpitopePrediction {
  const minLength = options.minLength ?? 6;
  const minVotes = options.minVotes ?? 3;
  if (minVotes < 1 || minVotes > 4 || minLength < 1) {
    throw new AntibodyError('INVALID_OPTION', {
      zh: 'minVotes 须在 1 到 4 之间，minLength 须至少为 1。',
      en: 'minVotes must be between 1 and 4 and minLength at least 1.',
    });
  }
  const { sequence } = cleanProteinSequence(antigen, 7);
  const methods = {} as Record<EpitopeMethod, MethodResult>;
  const votes = new Array<number>(sequence.length).fill(0);
  for (const [method, spec] of Object.entries(METHODS) as [EpitopeMethod, MethodSpec][]) {
    const scores = windowScores(sequence, spec.scale, spec.window, spec.combine);
    const defined = scores.filter((s): s is number => s !== null);
    const threshold = round(spec.threshold(defined));
    scores.forEach((s, i) => {
      if (s !== null && s >= threshold) votes[i]++;
    });
    methods[method] = {
      method,
      window: spec.window,
      threshold,
      scores,
      segments: segmentsAbove(sequence, scores, threshold, minLength),
    };
  }
  const voteScores = votes.map((v) => v as number | null);
  return {
    sequence,
    methods,
    consensus: {
      votes,
      minVotes,
      segments: segmentsAbove(sequence, voteScores, minVotes, minLength),
    },
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
