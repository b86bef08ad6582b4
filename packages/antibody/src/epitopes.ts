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
  scores: (sequence: string) => (number | null)[];
  window: number;
  /** Threshold from the per-residue scores of the whole protein. */
  threshold: (scores: number[]) => number;
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

const EMINI_WINDOW = 6;
/** Emini's normalisation: 0.37 per residue, so that S_n = 1 for δ = 0.37 throughout the window. */
const EMINI_NORMALISATION = Math.pow(0.37, -EMINI_WINDOW);

const mean7 = (scale: AminoAcidScale) => (sequence: string) =>
  windowScores(sequence, scale, 7, 'mean');

// Windows and thresholds follow the IEDB B-cell tools' defaults: 7-residue windows with the protein's
// mean as threshold; Emini uses a 6-residue product normalised to the protein's mean, with threshold
// 1.0; Kolaskar-Tongaonkar uses the larger of 1.0 and the protein's mean propensity, as in the
// original paper.
const METHODS: Record<EpitopeMethod, MethodSpec> = {
  'kolaskar-tongaonkar': {
    scores: mean7(KOLASKAR_TONGAONKAR),
    window: 7,
    threshold: (scores) => Math.max(1.0, mean(scores)),
  },
  parker: { scores: mean7(PARKER_HYDROPHILICITY), window: 7, threshold: mean },
  emini: { scores: eminiSurfaceScores, window: EMINI_WINDOW, threshold: () => 1.0 },
  'chou-fasman': { scores: mean7(CHOU_FASMAN_TURN), window: 7, threshold: mean },
};

/**
 * Index, within a window of w residues, of the residue that gets the window's score. IEDB's
 * `linear_average` (bcell_standalone `method_calculation.py`) puts the window starting at (1-based)
 * i + 1 on position i + round(w / 2): the centre residue of an odd window, the third of a window of
 * six (Emini: S_n covers residues n-2 … n+3).
 */
function centreOf(window: number): number {
  return Math.ceil(window / 2) - 1;
}

/** Sliding-window scores, each window's on the residue `centreOf(window)` within it, as IEDB does. */
export function windowScores(
  sequence: string,
  scale: AminoAcidScale,
  window: number,
  combine: 'mean' | 'product',
): (number | null)[] {
  return rawWindowScores(sequence, scale, window, combine).map((s) =>
    s === null ? null : round(s),
  );
}

function rawWindowScores(
  sequence: string,
  scale: AminoAcidScale,
  window: number,
  combine: 'mean' | 'product',
): (number | null)[] {
  const out: (number | null)[] = new Array(sequence.length).fill(null);
  const centre = centreOf(window);
  for (let i = 0; i + window <= sequence.length; i++) {
    let acc = combine === 'mean' ? 0 : 1;
    for (let k = 0; k < window; k++) {
      const v = scale[sequence[i + k]];
      acc = combine === 'mean' ? acc + v : acc * v;
    }
    out[i + centre] = combine === 'mean' ? acc / window : acc;
  }
  return out;
}

/**
 * Emini surface probability of each residue (Emini et al., J. Virol. 55:836, 1985), as IEDB writes
 * it: S_n = (δ_{n+3} · δ_{n+2} · δ_{n+1} · δ_n · δ_{n-1} · δ_{n-2}) × 0.37^-6, δ being the fractional
 * surface probability of each residue (`EMINI_SURFACE`); null where the window does not fit.
 */
export function eminiSurfaceProbability(sequence: string): (number | null)[] {
  return rawEmini(sequence).map((s) => (s === null ? null : round(s)));
}

function rawEmini(sequence: string): (number | null)[] {
  return rawWindowScores(sequence, EMINI_SURFACE, EMINI_WINDOW, 'product').map((p) =>
    p === null ? null : p * EMINI_NORMALISATION,
  );
}

/**
 * The scores IEDB's Emini tool reports and thresholds at 1.0: S_n divided by the mean S_n of the
 * protein (`linear_average` then `normalize` in IEDB's bcell_standalone `method_calculation.py`,
 * D. Tamang 2014; a copy is in github.com/jrjhealey/ISIS at commit 2075c1a), rounded to 3 decimals.
 */
function eminiSurfaceScores(sequence: string): (number | null)[] {
  const raw = rawEmini(sequence);
  const average = mean(raw.filter((s): s is number => s !== null));
  return raw.map((s) => (s === null ? null : round(s / average)));
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
    const scores = spec.scores(sequence);
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
