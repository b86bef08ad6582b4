/**
 * Heavy atoms of the twenty amino acids in the order the template library stores them (PDB atom
 * names; backbone first, then the side chain outwards as in the wwPDB chemical component dictionary).
 */
export const BACKBONE = ['N', 'CA', 'C', 'O'] as const;

const SIDE_CHAINS: Record<string, string[]> = {
  A: ['CB'],
  R: ['CB', 'CG', 'CD', 'NE', 'CZ', 'NH1', 'NH2'],
  N: ['CB', 'CG', 'OD1', 'ND2'],
  D: ['CB', 'CG', 'OD1', 'OD2'],
  C: ['CB', 'SG'],
  Q: ['CB', 'CG', 'CD', 'OE1', 'NE2'],
  E: ['CB', 'CG', 'CD', 'OE1', 'OE2'],
  G: [],
  H: ['CB', 'CG', 'ND1', 'CD2', 'CE1', 'NE2'],
  I: ['CB', 'CG1', 'CG2', 'CD1'],
  L: ['CB', 'CG', 'CD1', 'CD2'],
  K: ['CB', 'CG', 'CD', 'CE', 'NZ'],
  M: ['CB', 'CG', 'SD', 'CE'],
  F: ['CB', 'CG', 'CD1', 'CD2', 'CE1', 'CE2', 'CZ'],
  P: ['CB', 'CG', 'CD'],
  S: ['CB', 'OG'],
  T: ['CB', 'OG1', 'CG2'],
  W: ['CB', 'CG', 'CD1', 'CD2', 'NE1', 'CE2', 'CE3', 'CZ2', 'CZ3', 'CH2'],
  Y: ['CB', 'CG', 'CD1', 'CD2', 'CE1', 'CE2', 'CZ', 'OH'],
  V: ['CB', 'CG1', 'CG2'],
};

export const THREE_LETTER: Record<string, string> = {
  A: 'ALA',
  R: 'ARG',
  N: 'ASN',
  D: 'ASP',
  C: 'CYS',
  Q: 'GLN',
  E: 'GLU',
  G: 'GLY',
  H: 'HIS',
  I: 'ILE',
  L: 'LEU',
  K: 'LYS',
  M: 'MET',
  F: 'PHE',
  P: 'PRO',
  S: 'SER',
  T: 'THR',
  W: 'TRP',
  Y: 'TYR',
  V: 'VAL',
};

export const ONE_LETTER: Record<string, string> = Object.fromEntries(
  Object.entries(THREE_LETTER).map(([one, three]) => [three, one]),
);

/** All stored atoms of residue `aa` (one-letter code), backbone first. */
export function atomNames(aa: string): string[] {
  return [...BACKBONE, ...(SIDE_CHAINS[aa] ?? [])];
}

/** Side-chain atoms only (CB outwards). */
export function sideChainNames(aa: string): string[] {
  return SIDE_CHAINS[aa] ?? [];
}
