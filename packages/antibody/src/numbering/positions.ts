/** A numbered position: 111 and 'A' for 111A; insertion '' for a plain position. */
export interface Position {
  number: number;
  insertion: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Insertion code n (0-based): A..Z, then AA, BB, … as ANARCI and AbNumber write them. */
export function insertionCode(n: number): string {
  if (n < 26) return LETTERS[n];
  return LETTERS[(n - 26) % 26].repeat(2 + Math.floor((n - 26) / 26));
}

export function formatPosition(p: Position): string {
  return `${p.number}${p.insertion}`;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.number !== b.number) return a.number - b.number;
  if (a.insertion === b.insertion) return 0;
  if (a.insertion === '') return -1;
  if (b.insertion === '') return 1;
  return a.insertion.length - b.insertion.length || (a.insertion < b.insertion ? -1 : 1);
}

/**
 * IMGT numbering of a CDR of `length` residues over the positions start..end (CDR1 27-38, CDR2
 * 56-65, CDR3 105-117), following the IMGT unique numbering rules (Lefranc et al. 2003): positions
 * are filled from both ends towards the top of the loop, alternating and starting at the N-terminal
 * side, so a shorter loop lacks its central positions; residues beyond the available positions are
 * insertions on the two central positions, alternating and starting on the C-terminal one (e.g.
 * 111, 111A, 112A, 112 for a 15-residue CDR3).
 */
export function imgtLoopPositions(length: number, start: number, end: number): Position[] {
  const max = end - start + 1;
  const fill = Math.min(length, max);
  const front = Math.ceil(fill / 2);
  const back = fill - front;
  const extra = length - fill;
  const frontExtra = Math.floor(extra / 2);
  const backExtra = extra - frontExtra;
  const out: Position[] = [];
  for (let k = 0; k < front; k++) out.push({ number: start + k, insertion: '' });
  const left = start + front - 1;
  for (let k = 0; k < frontExtra; k++) out.push({ number: left, insertion: insertionCode(k) });
  const right = end - back + 1;
  for (let k = backExtra - 1; k >= 0; k--) out.push({ number: right, insertion: insertionCode(k) });
  for (let k = back - 1; k >= 0; k--) out.push({ number: end - k, insertion: '' });
  return out;
}
