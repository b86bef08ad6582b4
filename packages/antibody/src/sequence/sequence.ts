import { AntibodyError, type Warning, warning } from '../errors';

export const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';

export interface SequenceRecord {
  id: string;
  description: string;
  sequence: string;
}

export interface CleanSequence {
  sequence: string;
  warnings: Warning[];
}

const MIN_PROTEIN_LENGTH = 1;
const DNA_LETTERS = /^[ACGTUN]+$/;

/**
 * Parses FASTA text, or a bare sequence without a header, into records. Sequences are returned as
 * written (line breaks joined); call `cleanProteinSequence` to validate them.
 */
export function parseFasta(text: string): SequenceRecord[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') {
    throw emptyInput();
  }
  if (!trimmed.startsWith('>')) {
    return [{ id: 'seq1', description: '', sequence: trimmed }];
  }
  const records: SequenceRecord[] = [];
  for (const block of trimmed.split(/\r?\n(?=>)/)) {
    const [header, ...lines] = block.split(/\r?\n/);
    const title = header.slice(1).trim();
    const space = title.search(/\s/);
    const id = (space < 0 ? title : title.slice(0, space)) || `seq${records.length + 1}`;
    const description = space < 0 ? '' : title.slice(space + 1).trim();
    records.push({ id, description, sequence: lines.join('\n') });
  }
  return records;
}

/**
 * Validates a protein sequence: removes whitespace, upper-cases, strips one trailing stop (`*`), and
 * rejects empty input, DNA, internal stops and unknown letters with their 1-based positions.
 */
export function cleanProteinSequence(raw: string, minLength = MIN_PROTEIN_LENGTH): CleanSequence {
  const warnings: Warning[] = [];
  let sequence = raw;
  if (/\s/.test(sequence)) {
    sequence = sequence.replace(/\s+/g, '');
    warnings.push(
      warning('REMOVED_WHITESPACE', '已删除序列中的空白字符。', 'Whitespace was removed.'),
    );
  }
  if (sequence === '') {
    throw emptyInput();
  }
  if (sequence !== sequence.toUpperCase()) {
    sequence = sequence.toUpperCase();
    warnings.push(
      warning('NORMALIZED_CASE', '小写字母已转换为大写。', 'Lower-case letters were upper-cased.'),
    );
  }
  if (sequence.endsWith('*')) {
    sequence = sequence.slice(0, -1);
    warnings.push(
      warning(
        'TRAILING_STOP_REMOVED',
        '已删除末尾的终止符 *。',
        'The trailing stop (*) was removed.',
      ),
    );
  }
  checkLetters(sequence);
  if (sequence.length < minLength) {
    throw new AntibodyError(
      'TOO_SHORT',
      {
        zh: `序列太短：${sequence.length} 个残基，至少需要 ${minLength} 个。`,
        en: `Sequence too short: ${sequence.length} residues, at least ${minLength} needed.`,
      },
      { length: sequence.length, minLength },
    );
  }
  return { sequence, warnings };
}

function checkLetters(sequence: string): void {
  if (sequence.length >= 12 && DNA_LETTERS.test(sequence)) {
    throw new AntibodyError('LOOKS_LIKE_DNA', {
      zh: '输入看起来是核酸序列（只含 A/C/G/T/U/N），请提供氨基酸序列。',
      en: 'The input looks like a nucleotide sequence (only A/C/G/T/U/N); give an amino-acid sequence.',
    });
  }
  const stops = positionsOf(sequence, (c) => c === '*');
  if (stops.length > 0) {
    throw new AntibodyError(
      'STOP_CODON',
      {
        zh: `序列内部含终止符 * ，位置：${stops.join(', ')}。`,
        en: `The sequence contains a stop (*) at position(s) ${stops.join(', ')}.`,
      },
      { positions: stops },
    );
  }
  const bad = positionsOf(sequence, (c) => !AMINO_ACIDS.includes(c));
  if (bad.length > 0) {
    const shown = bad.slice(0, 10).map((p) => `${sequence[p - 1]}${p}`);
    const more = bad.length > 10 ? ` …(+${bad.length - 10})` : '';
    throw new AntibodyError(
      'INVALID_CHARACTERS',
      {
        zh: `含非标准氨基酸字符：${shown.join(', ')}${more}。只接受 20 种标准氨基酸的单字母代码。`,
        en: `Unknown letters: ${shown.join(', ')}${more}. Only the 20 standard one-letter amino-acid codes are accepted.`,
      },
      { positions: bad, letters: bad.map((p) => sequence[p - 1]) },
    );
  }
}

function positionsOf(sequence: string, test: (c: string) => boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < sequence.length; i++) {
    if (test(sequence[i])) found.push(i + 1);
  }
  return found;
}

function emptyInput(): AntibodyError {
  return new AntibodyError('EMPTY_INPUT', {
    zh: '输入为空，请提供 FASTA 或氨基酸序列。',
    en: 'The input is empty; give FASTA or an amino-acid sequence.',
  });
}
