// Colours per residue for the 3D view: the Fv by region (IMGT frameworks and each CDR), by the
// built-in model's estimated error (its B-factor column, Å), by the residues behind a TAP metric,
// and an antigen by its epitope score. Keys are `chain:number` with the insertion code, as in the PDB.

/** A residue of a PDB file: its chain and its number with insertion code ("111A"). */
export interface ResidueRef {
  chain: string;
  number: string;
}

/** 0xRRGGBB per residue key. */
export type ResidueColors = Record<string, number>;

export const residueKey = (ref: ResidueRef) => `${ref.chain}:${ref.number}`;

/** A colour as CSS writes it (#rrggbb). */
export const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** One residue of PDB text: its CA's B-factor (the built-in model's estimated error, Å). */
export interface PdbResidueLine extends ResidueRef {
  residue: string;
  bFactor: number;
}

/** The residues of PDB text (first model), from their CA atoms. */
export function pdbResidues(pdb: string): PdbResidueLine[] {
  const residues: PdbResidueLine[] = [];
  for (const line of pdb.split(/\r?\n/)) {
    if (line.startsWith('ENDMDL')) break;
    if (!line.startsWith('ATOM  ') || line.slice(12, 16).trim() !== 'CA') continue;
    residues.push({
      chain: line[21] ?? ' ',
      number: `${Number(line.slice(22, 26))}${(line[26] ?? ' ').trim()}`,
      residue: line.slice(17, 20).trim(),
      bFactor: Number(line.slice(60, 66)) || 0,
    });
  }
  return residues;
}

function mix(a: number, b: number, t: number): number {
  const channel = (shift: number) => {
    const x = (a >> shift) & 0xff;
    const y = (b >> shift) & 0xff;
    return Math.round(x + (y - x) * t) << shift;
  };
  return channel(16) | channel(8) | channel(0);
}

/** Low blue, middle white, high red (a diverging ramp that reads in grey print too). */
export function ramp(t: number): number {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  return x < 0.5 ? mix(0x2c7bb6, 0xf7f7f7, x * 2) : mix(0xf7f7f7, 0xd7191c, (x - 0.5) * 2);
}

/** An antigen coloured by a per-residue score in [0, 1] (ElliPro's protrusion index). */
export function colorsByScore(
  residues: readonly (ResidueRef & { score: number })[],
): ResidueColors {
  return Object.fromEntries(residues.map((r) => [residueKey(r), ramp(r.score)]));
}

/** Distinct colours for ranked patches (colour-blind safe order, Okabe & Ito 2008). */
export const PATCH_COLORS = [0xd55e00, 0x0072b2, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9];

/** An antigen's patches, each in its colour (the first six ranks; later ones share the last). */
export function colorsByPatch(
  patches: readonly { rank: number; residues: readonly ResidueRef[] }[],
): ResidueColors {
  const colors: ResidueColors = {};
  for (const patch of [...patches].sort((a, b) => b.rank - a.rank)) {
    const color = PATCH_COLORS[Math.min(patch.rank, PATCH_COLORS.length) - 1];
    for (const r of patch.residues) colors[residueKey(r)] = color;
  }
  return colors;
}

export type FvRegion = 'fr' | 'cdr1' | 'cdr2' | 'cdr3';

/** IMGT's CDR ranges (Lefranc et al., Dev Comp Immunol 2003): 27-38, 56-65, 105-117. */
export function imgtRegion(number: string): FvRegion {
  const n = Number.parseInt(number, 10);
  if (n >= 27 && n <= 38) return 'cdr1';
  if (n >= 56 && n <= 65) return 'cdr2';
  if (n >= 105 && n <= 117) return 'cdr3';
  return 'fr';
}

/** Region colours per chain: frameworks pale, each CDR its own colour. */
export const REGION_COLORS: Record<'H' | 'L', Record<FvRegion, number>> = {
  H: { fr: 0xb9c9dc, cdr1: 0xe69f00, cdr2: 0x009e73, cdr3: 0xd55e00 },
  L: { fr: 0xdcd6b9, cdr1: 0x56b4e9, cdr2: 0xcc79a7, cdr3: 0x0072b2 },
};

/** An Fv model (chains H and L, IMGT numbers) coloured by region. */
export function colorsByRegion(residues: readonly ResidueRef[]): ResidueColors {
  return Object.fromEntries(
    residues.map((r) => [
      residueKey(r),
      REGION_COLORS[r.chain === 'L' ? 'L' : 'H'][imgtRegion(r.number)],
    ]),
  );
}

/** Estimated error at which the ramp turns fully red, Å (about a CDR-H3's typical error). */
export const ERROR_RED_AT = 4;

/** A model coloured by its estimated error per residue (B-factor, Å): 0 blue, 2 white, 4+ red. */
export function colorsByError(residues: readonly PdbResidueLine[]): ResidueColors {
  return Object.fromEntries(residues.map((r) => [residueKey(r), ramp(r.bFactor / ERROR_RED_AT)]));
}

/** The residues behind one TAP metric in its flag's colour; the rest stay uncoloured. */
export function colorsByTap(
  residues: readonly { chain: string; position: string }[],
  flag: 'green' | 'amber' | 'red',
): ResidueColors {
  const color = { green: 0x2ca25f, amber: 0xe69f00, red: 0xd7191c }[flag];
  return Object.fromEntries(
    residues.map((r) => [residueKey({ chain: r.chain, number: r.position }), color]),
  );
}
