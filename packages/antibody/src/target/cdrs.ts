import { type Cdr3Stats, THERAPEUTIC_CDR3 } from '../reference/therapeutic-stats';

/**
 * CDR-H1/H2 diversity positions (IMGT): the Kabat positions that synthetic libraries on human VH
 * frameworks diversify (H1 30-33, H2 50, 52, 53, 54, 56, 58; Lee et al., J. Mol. Biol. 340:1073,
 * 2004; Persson et al., J. Mol. Biol. 425:803, 2013) that lie inside the IMGT CDRs, for the
 * 8-residue IMGT CDR1 and CDR2 of the scaffold genes. Each is kept germline or becomes Tyr or Ser,
 * the binary code that alone yields specific binders (Fellouse et al., PNAS 101:12467, 2004).
 */
export const HEAVY_DIVERSITY_IMGT: readonly number[] = [35, 36, 37, 38, 57, 59, 62, 64];

/**
 * Residue weights of the paratope bias: residues enriched in antibody paratopes over other protein
 * surfaces (Tyr above all, then Trp, Ser, Gly, Asp, Arg, Phe; Lys, Glu and aliphatic residues
 * depleted: Robin et al., J. Mol. Biol. 426:3729, 2014; Peng et al., PNAS 111:E2656, 2014). The
 * direction follows those papers; the sizes are the platform's design choice, not fitted values.
 */
export const PARATOPE_WEIGHT: Readonly<Record<string, number>> = {
  Y: 1.8,
  W: 1.4,
  S: 1.3,
  G: 1.2,
  D: 1.15,
  R: 1.15,
  F: 1.15,
  N: 1.05,
  K: 0.7,
  E: 0.8,
  L: 0.8,
  I: 0.8,
  V: 0.85,
  M: 0.6,
};

/** Residues never drawn in a designed CDR3: Cys (unpaired cysteine, a high-severity liability). */
const EXCLUDED = new Set(['C']);

export type Cdr3Kind = 'heavy' | 'kappa';

/** Draws a CDR3 length (IMGT) from the set's distribution; a VHH draws from lengths of 12 or more. */
export function drawLength(kind: Cdr3Kind, random: () => number, vhh = false): number {
  const entries = Object.entries(THERAPEUTIC_CDR3[kind].lengths)
    .map(([length, n]) => [Number(length), n] as const)
    // VHH CDR3s are longer than VH CDR3s (they make most of the paratope; Mitchell & Colwell,
    // Proteins 86:697, 2018): the heavy lengths of 12 residues and more stand in for them.
    .filter(([length]) => (vhh ? length >= 12 : true));
  return pick(entries, random);
}

function pick<T>(entries: readonly (readonly [T, number])[], random: () => number): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r <= 0) return value;
  }
  return entries[entries.length - 1][0];
}

/** Counts at a loop position: anchored on IMGT 105 (first half) or IMGT 117 (second half). */
function countsAt(stats: Cdr3Stats, length: number, i: number): Record<string, number> {
  const half = Math.ceil(length / 2);
  const table = i < half ? stats.start : stats.end;
  const offset = i < half ? i : length - 1 - i;
  return table[Math.min(offset, table.length - 1)] ?? {};
}

/**
 * Draws a CDR3 of the given length residue by residue from the set's anchored profiles, with a
 * pseudocount of 0.5 per residue; the two residues at each end (the stems, IMGT 105-106 and
 * 116-117) keep the set's frequencies, the residues between them carry the paratope weights and the
 * charge bias.
 */
export function drawCdr3(
  kind: Cdr3Kind,
  length: number,
  chargeBias: Readonly<Record<string, number>>,
  random: () => number,
): string {
  const stats = THERAPEUTIC_CDR3[kind];
  let loop = '';
  for (let i = 0; i < length; i++) {
    const stem = i < 2 || i >= length - 2;
    const counts = countsAt(stats, length, i);
    const entries: [string, number][] = [];
    for (const aa of 'ACDEFGHIKLMNPQRSTVWY') {
      if (EXCLUDED.has(aa)) continue;
      const base = (counts[aa] ?? 0) + 0.5;
      const weight = stem ? base : base * (PARATOPE_WEIGHT[aa] ?? 1) * (chargeBias[aa] ?? 1);
      entries.push([aa, weight]);
    }
    loop += pick(entries, random);
  }
  return loop;
}

/**
 * Charge complementarity: an epitope of net charge q per residue makes residues of the opposite
 * charge more likely in the CDR3 centre (weight 1 + 4|q|, at most 2) and those of the same charge
 * less likely (the inverse); charged pairs across the interface are a known contributor to
 * antibody affinity and specificity (Peng et al., PNAS 111:E2656, 2014).
 */
export function chargeBiasFor(epitopeChargePerResidue: number): Record<string, number> {
  const q = epitopeChargePerResidue;
  if (Math.abs(q) < 0.05) return {};
  const up = Math.min(2, 1 + 4 * Math.abs(q));
  const [opposite, same] = q > 0 ? (['DE', 'KR'] as const) : (['KR', 'DE'] as const);
  const bias: Record<string, number> = {};
  for (const aa of opposite) bias[aa] = up;
  for (const aa of same) bias[aa] = 1 / up;
  return bias;
}

/** Net charge at pH 7.4 as the toolkit counts it: K, R +1; D, E −1; H +0.1. */
export function netCharge(sequence: string): number {
  let q = 0;
  for (const aa of sequence) {
    if (aa === 'K' || aa === 'R') q += 1;
    else if (aa === 'D' || aa === 'E') q -= 1;
    else if (aa === 'H') q += 0.1;
  }
  return Math.round(q * 100) / 100;
}
