import type { DesignedVariant, EpitopeMethod } from '@platform/antibody';

import { type CsvValue, inLanguage, REGIONS, toCsv } from '../../antibody';
import type { ResultBlock } from './detect';
import { targetLibraryCsv, targetLibraryRecords } from './target-library';

// The files a result block downloads as, built here as text so they are tested without a browser:
// CSV for tables (with a byte-order mark for spreadsheet programs), FASTA for sequences, PDB for a
// structure. Every node's output also downloads as its raw JSON.

export type DownloadFormat = 'csv' | 'fasta' | 'pdb' | 'json';

export interface Download {
  format: DownloadFormat;
  fileName: string;
  type: string;
  text: () => string;
}

const FASTA_WIDTH = 60;
const METHODS: EpitopeMethod[] = ['kolaskar-tongaonkar', 'parker', 'emini', 'chou-fasman'];

/** FASTA text, sequences wrapped at 60 residues. */
export function toFasta(records: { id: string; sequence: string }[]): string {
  return records
    .map(({ id, sequence }) => {
      const lines = sequence.match(new RegExp(`.{1,${FASTA_WIDTH}}`, 'g')) ?? [''];
      return `>${id}\n${lines.join('\n')}\n`;
    })
    .join('');
}

/** A name fit for a file and a FASTA id: the label's words joined by underscores. */
export function slug(label: string, fallback: string): string {
  const words = label.match(/[\p{L}\p{N}.-]+/gu);
  return words?.length ? words.join('_') : fallback;
}

// Files are built when asked for, not each time a block renders (a library has a thousand rows).
const csv = (fileName: string, header: string[], rows: () => CsvValue[][]): Download => ({
  format: 'csv',
  fileName,
  type: 'text/csv;charset=utf-8',
  text: () => `\uFEFF${toCsv(header, rows())}`,
});

const fasta = (fileName: string, records: () => { id: string; sequence: string }[]): Download => ({
  format: 'fasta',
  fileName,
  type: 'text/plain;charset=utf-8',
  text: () => toFasta(records()),
});

/** The IMGT number of a residue; the worker's numbering leaves it out (its position is the scheme's). */
const imgtOf = (residue: { imgt?: { number: number; insertion: string } }) =>
  residue.imgt ? `${residue.imgt.number}${residue.imgt.insertion}` : '';

const substitutions = (v: DesignedVariant) =>
  v.substitutions.map((s) => `${s.from}${s.imgt}${s.to}`).join(' ');

/** The downloads a block offers, in the UI language where the toolkit wrote text in both. */
export function downloadsOf(block: ResultBlock, language: string): Download[] {
  switch (block.kind) {
    case 'numbering': {
      const name = slug(block.label, 'numbering');
      const n = block.value;
      return [
        csv(`${name}-numbering.csv`, ['position', 'residue', 'region', 'imgt'], () =>
          n.residues.map((r) => [
            r.position,
            r.residue,
            REGIONS[r.region],
            imgtOf(r as Partial<typeof r>),
          ]),
        ),
        fasta(`${name}.fasta`, () => [{ id: name, sequence: n.sequence }]),
      ];
    }
    case 'liabilities':
      return [
        csv(
          `${slug(block.label, 'risk-sites')}-risk-sites.csv`,
          ['region', 'position', 'residue_no', 'motif', 'kind', 'severity', 'explanation'],
          () =>
            block.value.map((l) => [
              REGIONS[l.region],
              l.position,
              l.sequencePosition,
              l.motif,
              l.kind,
              l.severity,
              inLanguage(l.explanation, language),
            ]),
        ),
      ];
    case 'humanization': {
      const name = slug(block.label, 'antibody');
      const h = block.value;
      return [
        fasta(`${name}-humanized.fasta`, () => [
          { id: `${name}_parental`, sequence: h.parent },
          { id: `${name}_humanized`, sequence: h.humanized },
        ]),
        csv(`${name}-humanization.csv`, ['type', 'imgt', 'kabat', 'from', 'to', 'reason'], () => [
          ...h.mutations.map((m) => [
            'mutation',
            m.imgt,
            m.kabat,
            m.from,
            m.to,
            inLanguage(m.reason, language),
          ]),
          ...h.backMutations.map((b) => [
            `${b.applied ? 'kept' : 'back-mutation'} (${b.zone})`,
            b.imgt,
            b.kabat,
            b.from,
            b.to,
            inLanguage(b.reason, language),
          ]),
        ]),
      ];
    }
    case 'epitopes': {
      const p = block.value;
      return [
        csv(
          `${slug(block.label, 'antigen')}-epitopes.csv`,
          ['position', 'residue', ...METHODS, 'votes'],
          () =>
            [...p.sequence].map((residue, i) => [
              i + 1,
              residue,
              ...METHODS.map((m) => p.methods[m]?.scores[i]),
              p.consensus.votes[i],
            ]),
        ),
      ];
    }
    case 'library': {
      const name = slug(block.label, 'library');
      const d = block.value;
      return [
        csv(
          `${name}-library.csv`,
          [
            'rank',
            'score',
            'cdr1',
            'cdr2',
            'cdr3',
            'substitutions',
            'length_change',
            'blosum62',
            'added_liabilities',
            'human_identity',
            'sequence',
          ],
          () =>
            d.variants.map((v) => [
              v.rank,
              v.score,
              v.cdrs.cdr1,
              v.cdrs.cdr2,
              v.cdrs.cdr3,
              substitutions(v),
              v.lengthChange,
              v.blosum62,
              v.addedLiabilities.join(' '),
              v.humanIdentity,
              v.sequence,
            ]),
        ),
        fasta(`${name}-library.fasta`, () =>
          d.variants.map((v) => ({ id: `${name}_variant${v.rank}`, sequence: v.sequence })),
        ),
      ];
    }
    case 'target-library': {
      const name = slug(block.label, 'target-library');
      return [
        {
          format: 'csv',
          fileName: `${name}-designs.csv`,
          type: 'text/csv;charset=utf-8',
          text: () => targetLibraryCsv(block.value),
        },
        fasta(`${name}-designs.fasta`, () => targetLibraryRecords(block.value)),
        jsonDownload(block.value, `${name}-designs`),
      ];
    }
    case 'structure-epitopes': {
      const name = slug(block.label, 'structure-epitopes');
      const v = block.value;
      const patchOf = new Map(
        v.patches.flatMap((p) => p.residues.map((r) => [`${r.chain}:${r.number}`, p.rank])),
      );
      return [
        csv(
          `${name}-scores.csv`,
          [
            'chain',
            'number',
            'residue',
            'protrusion_index',
            'relative_accessibility',
            'epitope_score',
            'terminus_distance',
            'hse_up',
            'consensus',
            'patch',
          ],
          () =>
            v.residues.map((r) => [
              r.chain,
              r.number,
              r.residue,
              r.score,
              r.exposure,
              r.combined,
              r.terminusDistance,
              r.hseUp,
              r.consensus,
              patchOf.get(`${r.chain}:${r.number}`) ?? '',
            ]),
        ),
        ...(v.pdb
          ? [
              {
                format: 'pdb' as const,
                fileName: `${name}.pdb`,
                type: 'chemical/x-pdb',
                text: () => v.pdb ?? '',
              },
            ]
          : []),
      ];
    }
    case 'structure':
      return [
        {
          format: 'pdb',
          fileName: `${slug(block.label, 'structure')}.pdb`,
          type: 'chemical/x-pdb',
          text: () => block.value.pdb,
        },
      ];
    default:
      return [];
  }
}

/** A node's whole output as JSON. */
export function jsonDownload(data: unknown, name: string): Download {
  return {
    format: 'json',
    fileName: `${name}.json`,
    type: 'application/json',
    text: () => JSON.stringify(data, null, 2),
  };
}
