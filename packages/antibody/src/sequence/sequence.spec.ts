import { describe, expect, it } from 'vitest';

import { AntibodyError } from '../errors';
import { THERAPEUTIC_CHAINS } from '../fixtures/therapeutic-antibodies';
import { numberSequence } from '../numbering/number';
import { cleanProteinSequence, parseFasta } from './sequence';

const trastuzumabH = THERAPEUTIC_CHAINS[0];

function errorOf(run: () => unknown): AntibodyError {
  try {
    run();
  } catch (err) {
    if (err instanceof AntibodyError) return err;
    throw err;
  }
  throw new Error('expected an AntibodyError');
}

describe('bad input', () => {
  it('should reject empty input in both languages', () => {
    const sut = errorOf(() => numberSequence('   \n'));
    expect(sut.code).toBe('EMPTY_INPUT');
    expect(sut.text.en).toMatch(/empty/);
    expect(sut.text.zh).toMatch(/输入为空/);
  });

  it('should reject empty FASTA', () => {
    expect(errorOf(() => parseFasta('')).code).toBe('EMPTY_INPUT');
  });

  it('should reject a protein that is not an antibody variable domain', () => {
    // Hen egg-white lysozyme (UniProt P00698, mature chain): a protein, but no V domain.
    const lysozyme =
      'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';
    const sut = errorOf(() => numberSequence(lysozyme));
    expect(sut.code).toBe('NOT_ANTIBODY');
    expect(sut.text.en).toMatch(/does not look like an antibody variable domain/);
    expect(sut.text.zh).toMatch(/不像抗体可变区/);
  });

  it('should reject DNA with a clear message', () => {
    const dna = 'GAGGTGCAGCTGGTGGAGTCTGGGGGAGGCTTGGTACAGCCTGGGGGGTCCCTGAGACTCTCC';
    const sut = errorOf(() => numberSequence(dna));
    expect(sut.code).toBe('LOOKS_LIKE_DNA');
    expect(sut.text.en).toMatch(/nucleotide/);
    expect(sut.text.zh).toMatch(/核酸/);
  });

  it('should accept lower-case input, upper-case it and say so', () => {
    const sut = numberSequence(trastuzumabH.sequence.toLowerCase());
    expect(sut.cdrs).toEqual(trastuzumabH.imgt);
    expect(sut.warnings.map((w) => w.code)).toContain('NORMALIZED_CASE');
  });

  it('should accept whitespace and line breaks inside the sequence and say so', () => {
    const spaced = trastuzumabH.sequence.replace(/(.{10})/g, '$1 \n\t');
    const sut = numberSequence(spaced);
    expect(sut.cdrs).toEqual(trastuzumabH.imgt);
    expect(sut.warnings.map((w) => w.code)).toContain('REMOVED_WHITESPACE');
  });

  it('should drop one trailing stop and reject an internal one with its position', () => {
    expect(numberSequence(`${trastuzumabH.sequence}*`).warnings.map((w) => w.code)).toContain(
      'TRAILING_STOP_REMOVED',
    );
    const sut = errorOf(() =>
      numberSequence(`${trastuzumabH.sequence.slice(0, 50)}*${trastuzumabH.sequence.slice(50)}`),
    );
    expect(sut.code).toBe('STOP_CODON');
    expect(sut.details?.positions).toEqual([51]);
    expect(sut.text.en).toContain('51');
    expect(sut.text.zh).toContain('51');
  });

  it('should name unknown letters and their positions', () => {
    const sut = errorOf(() => cleanProteinSequence('EVQLXESGB1'));
    expect(sut.code).toBe('INVALID_CHARACTERS');
    expect(sut.details?.positions).toEqual([5, 9, 10]);
    expect(sut.text.en).toContain('X5, B9, 110');
  });

  it('should reject a sequence too short to be a variable domain', () => {
    const sut = errorOf(() => numberSequence('EVQLVESGGGLVQPGGSLRLSCAAS'));
    expect(sut.code).toBe('TOO_SHORT');
    expect(sut.text.zh).toContain('太短');
  });
});

describe(parseFasta.name, () => {
  it('should split records and keep ids and descriptions', () => {
    const sut = parseFasta('>h1 trastuzumab heavy\nEVQL\nVESG\n\n>l1\nDIQM\n');
    expect(sut).toEqual([
      { id: 'h1', description: 'trastuzumab heavy', sequence: 'EVQL\nVESG\n' },
      { id: 'l1', description: '', sequence: 'DIQM' },
    ]);
  });

  it('should read a bare sequence as one record', () => {
    expect(parseFasta('EVQLVES')).toEqual([{ id: 'seq1', description: '', sequence: 'EVQLVES' }]);
  });
});
