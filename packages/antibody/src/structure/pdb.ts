import type { Vec3 } from './geometry';
import { atomNames, ONE_LETTER, THREE_LETTER } from './residues';

/** One residue read from or written to a PDB file. */
export interface PdbResidue {
  chain: string;
  resSeq: number;
  iCode: string;
  /** One-letter code ('X' for a residue that is not one of the twenty). */
  aa: string;
  atoms: Record<string, Vec3>;
  /** B-factor written for every atom of the residue. */
  bfactor?: number;
}

/**
 * Reads the ATOM records of the first model (and MSE, read as MET); keeps the first alternate
 * location of each atom. Residues come back in file order, grouped by chain.
 */
export function parsePdb(text: string): PdbResidue[] {
  const residues: PdbResidue[] = [];
  const byKey = new Map<string, PdbResidue>();
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('ENDMDL')) break;
    const hetMse = line.startsWith('HETATM') && line.slice(17, 20) === 'MSE';
    if (!line.startsWith('ATOM  ') && !hetMse) continue;
    const altLoc = line[16] ?? ' ';
    let name = line.slice(12, 16).trim();
    const resName = line.slice(17, 20).trim();
    const chain = line[21] ?? ' ';
    const resSeq = Number(line.slice(22, 26));
    const iCode = (line[26] ?? ' ').trim();
    const xyz: Vec3 = [
      Number(line.slice(30, 38)),
      Number(line.slice(38, 46)),
      Number(line.slice(46, 54)),
    ];
    if (!Number.isFinite(resSeq) || xyz.some((v) => !Number.isFinite(v))) continue;
    if (hetMse && name === 'SE') name = 'SD';
    const key = `${chain}|${resSeq}|${iCode}`;
    let residue = byKey.get(key);
    if (!residue) {
      const aa = hetMse ? 'M' : (ONE_LETTER[resName] ?? 'X');
      residue = { chain, resSeq, iCode, aa, atoms: {} };
      byKey.set(key, residue);
      residues.push(residue);
    }
    if (altLoc !== ' ' && altLoc !== 'A' && residue.atoms[name]) continue;
    if (!residue.atoms[name]) residue.atoms[name] = xyz;
  }
  return residues;
}

/** Writes residues as PDB ATOM records (stored atom order), with REMARK 999 lines first. */
export function writePdb(residues: PdbResidue[], remarks: string[] = []): string {
  const lines = remarks.map((r) => `REMARK 999 ${r}`.slice(0, 80));
  let serial = 1;
  let previousChain: string | undefined;
  let last: PdbResidue | undefined;
  for (const residue of residues) {
    if (previousChain !== undefined && residue.chain !== previousChain && last) {
      lines.push(terLine(serial++, last));
    }
    previousChain = residue.chain;
    last = residue;
    for (const name of atomNames(residue.aa)) {
      const xyz = residue.atoms[name];
      if (!xyz) continue;
      lines.push(atomLine(serial++, name, residue, xyz));
    }
  }
  if (last) lines.push(terLine(serial, last));
  lines.push('END');
  return `${lines.join('\n')}\n`;
}

function atomLine(serial: number, name: string, r: PdbResidue, [x, y, z]: Vec3): string {
  const element = name[0];
  const paddedName = name.length < 4 ? ` ${name.padEnd(3)}` : name;
  return (
    'ATOM  ' +
    String(serial % 100000).padStart(5) +
    ' ' +
    paddedName +
    ' ' +
    (THREE_LETTER[r.aa] ?? 'UNK') +
    ' ' +
    r.chain +
    String(r.resSeq).padStart(4) +
    (r.iCode || ' ') +
    '   ' +
    x.toFixed(3).padStart(8) +
    y.toFixed(3).padStart(8) +
    z.toFixed(3).padStart(8) +
    '1.00'.padStart(6) +
    (r.bfactor ?? 0).toFixed(2).padStart(6) +
    '          ' +
    element.padStart(2)
  );
}

function terLine(serial: number, r: PdbResidue): string {
  return (
    'TER   ' +
    String(serial % 100000).padStart(5) +
    '      ' +
    (THREE_LETTER[r.aa] ?? 'UNK') +
    ' ' +
    r.chain +
    String(r.resSeq).padStart(4) +
    (r.iCode || ' ')
  );
}
