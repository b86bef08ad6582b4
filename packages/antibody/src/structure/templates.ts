import type { Vec3 } from './geometry';
import { atomNames } from './residues';

/**
 * The template library: experimentally determined Fv (VH/VL) and VHH structures, numbered with the
 * toolkit's own IMGT numbering, heavy atoms only. Built by scripts/build-templates.mjs from public
 * PDB entries (see templates/fv-templates.md for every entry's PDB id and source).
 */
export type TemplateChainType = 'heavy' | 'kappa' | 'lambda';

export interface TemplateResidue {
  /** IMGT position as written, e.g. "111A". */
  position: string;
  aa: string;
  atoms: Record<string, Vec3>;
}

export interface TemplateChain {
  type: TemplateChainType;
  residues: TemplateResidue[];
}

export interface FvTemplate {
  /** Unique id: the PDB id, with a suffix when one entry gives several distinct Fvs. */
  id: string;
  /** The PDB id (upper case), what `--exclude` matches. */
  pdb: string;
  /** Where the coordinates were taken from (repository and file). */
  source: string;
  heavy: TemplateChain;
  /** Absent for a VHH (nanobody). */
  light?: TemplateChain;
}

interface PackedChain {
  type: TemplateChainType;
  /** IMGT positions joined by spaces. */
  positions: string;
  sequence: string;
}

interface PackedTemplate {
  id: string;
  pdb: string;
  source: string;
  chains: PackedChain[];
}

interface PackedHeader {
  format: 'fv-templates/1';
  /** Coordinates are int16 in this many Å per unit. */
  unit: number;
  templates: PackedTemplate[];
}

const UNIT = 0.01;
const MISSING = -32768;

/**
 * Packs a library: a little-endian uint32 header length, the JSON header (ids, sources, IMGT positions,
 * sequences), then every stored atom's x, y, z as int16 in 0.01 Å, in atomNames() order, with
 * -32768 for an atom the structure lacks. Each Fv is centred on its own centroid first, so ±327 Å is ample.
 */
export function packLibrary(templates: FvTemplate[]): Uint8Array {
  const header: PackedHeader = { format: 'fv-templates/1', unit: UNIT, templates: [] };
  const coords: number[] = [];
  for (const t of templates) {
    const chains = t.light ? [t.heavy, t.light] : [t.heavy];
    const centre = fvCentre(chains);
    header.templates.push({
      id: t.id,
      pdb: t.pdb,
      source: t.source,
      chains: chains.map((c) => ({
        type: c.type,
        positions: c.residues.map((r) => r.position).join(' '),
        sequence: c.residues.map((r) => r.aa).join(''),
      })),
    });
    for (const chain of chains)
      for (const residue of chain.residues)
        for (const name of atomNames(residue.aa)) {
          const xyz = residue.atoms[name];
          if (!xyz) coords.push(MISSING, MISSING, MISSING);
          else for (let k = 0; k < 3; k++) coords.push(Math.round((xyz[k] - centre[k]) / UNIT));
        }
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headerBytes = 4 + json.length + ((4 + json.length) % 2);
  const out = new Uint8Array(headerBytes + coords.length * 2);
  const view = new DataView(out.buffer);
  view.setUint32(0, json.length, true);
  out.set(json, 4);
  coords.forEach((v, k) => view.setInt16(headerBytes + k * 2, v, true));
  return out;
}

export function unpackLibrary(bytes: Uint8Array): FvTemplate[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(0, true);
  const header = JSON.parse(
    new TextDecoder().decode(bytes.subarray(4, 4 + length)),
  ) as PackedHeader;
  if (header.format !== 'fv-templates/1')
    throw new Error(`unknown template format ${header.format}`);
  let offset = 4 + length + ((4 + length) % 2);
  const read = (): number => {
    const v = view.getInt16(offset, true);
    offset += 2;
    return v;
  };
  return header.templates.map((t) => {
    const chains = t.chains.map((c): TemplateChain => {
      const positions = c.positions.split(' ');
      const residues = positions.map((position, k): TemplateResidue => {
        const aa = c.sequence[k];
        const atoms: Record<string, Vec3> = {};
        for (const name of atomNames(aa)) {
          const x = read();
          const y = read();
          const z = read();
          if (x !== MISSING) atoms[name] = [x * header.unit, y * header.unit, z * header.unit];
        }
        return { position, aa, atoms };
      });
      return { type: c.type, residues };
    });
    const heavy = chains.find((c) => c.type === 'heavy') as TemplateChain;
    const light = chains.find((c) => c.type !== 'heavy');
    return { id: t.id, pdb: t.pdb, source: t.source, heavy, light };
  });
}

function fvCentre(chains: TemplateChain[]): Vec3 {
  const sum: Vec3 = [0, 0, 0];
  let n = 0;
  for (const c of chains)
    for (const r of c.residues) {
      const ca = r.atoms.CA;
      if (!ca) continue;
      sum[0] += ca[0];
      sum[1] += ca[1];
      sum[2] += ca[2];
      n++;
    }
  return n ? [sum[0] / n, sum[1] / n, sum[2] / n] : [0, 0, 0];
}
