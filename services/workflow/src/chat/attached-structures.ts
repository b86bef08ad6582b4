import { MISSION_STRUCTURE_MAX, type MissionStructure } from '@platform/contracts';

import type { StoredAttachment } from './conversation.entity';

const ATOM_RECORD = /^(ATOM {2}|HETATM)/;
const PDB_NAME = /\.pdb$/i;

/**
 * The structures a message's attachments hold, for the mission the reply starts: each PDB file's
 * atom records of its first model, cut after the coordinates (column 54: the agents read names,
 * residues, chains, numbers and coordinates, not occupancies or B-factors). Headers, waters' and
 * ligands' records stay out except selenomethionine, which is protein. A structure over
 * MISSION_STRUCTURE_MAX travels empty and marked too large, so the agent can say so instead of
 * working on part of it; a PDB file without atom records travels empty (no protein, said there too).
 */
export function structuresOf(attachments: readonly StoredAttachment[]): MissionStructure[] {
  const structures: MissionStructure[] = [];
  for (const file of attachments) {
    const lines = file.text.split(/\r?\n/);
    if (!PDB_NAME.test(file.name) && !lines.some((line) => ATOM_RECORD.test(line))) continue;
    const kept: string[] = [];
    for (const line of lines) {
      if (line.startsWith('ENDMDL')) break;
      if (line.startsWith('ATOM  ') || (line.startsWith('HETATM') && line.slice(17, 20) === 'MSE'))
        kept.push(line.slice(0, 54));
      else if (line.startsWith('TER')) kept.push('TER');
    }
    const pdb = kept.join('\n');
    structures.push(
      pdb.length > MISSION_STRUCTURE_MAX
        ? { name: file.name, pdb: '', tooLarge: true }
        : { name: file.name, pdb },
    );
  }
  return structures;
}
