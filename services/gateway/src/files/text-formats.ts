import type { ChatAttachmentExtension } from '@platform/contracts';

// Text formats have no magic numbers, so they are checked by what they contain: UTF-8 without NUL
// bytes, and for FASTA and PDB the shape of the format. The upload and the assistant, which reads
// these files again when they are sent, use the same checks.

/** UTF-8 text: no NUL byte, no invalid sequence. */
export function isPlainText(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(buffer).includes('\uFFFD');
}

const SEQUENCE_LINE = /^[A-Za-z*.\-\s\d]*$/;

/** FASTA: a `>` header first (`;` comments allowed), then lines of residues (a bare sequence is .txt). */
function isFasta(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith(';'));
  if (!lines[0]?.startsWith('>')) return false;
  const residues = lines.filter((line) => !line.startsWith('>'));
  return residues.length > 0 && residues.every((line) => SEQUENCE_LINE.test(line));
}

const PDB_RECORD = /^(ATOM {2}|HETATM|SEQRES)/m;

/** PDB: coordinate or sequence records in fixed columns. */
function isPdb(text: string): boolean {
  return PDB_RECORD.test(text);
}

const TEXT_CHECKS: Record<ChatAttachmentExtension, (text: string) => boolean> = {
  fasta: isFasta,
  fa: isFasta,
  faa: isFasta,
  pdb: isPdb,
  csv: (text) => text.trim() !== '',
  txt: () => true,
};

export function isTextFormat(ext: string): ext is ChatAttachmentExtension {
  return ext in TEXT_CHECKS;
}

/** Whether the bytes are a file of this text format. */
export function isTextOfFormat(buffer: Buffer, ext: ChatAttachmentExtension): boolean {
  return isPlainText(buffer) && TEXT_CHECKS[ext](buffer.toString('utf8'));
}
