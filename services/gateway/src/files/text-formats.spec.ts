import { describe, expect, it } from 'vitest';

import { isTextOfFormat } from './text-formats';

const text = (s: string) => Buffer.from(s, 'utf8');

describe(isTextOfFormat.name, () => {
  it.each([
    ['fasta', '>VH\nQVQLQQPGAE\nLVKPGASVKM\n>VL\nQIVLSQSPAI\n', true],
    ['fa', '; comment\n>seq1 heavy chain\nqvqlqqpgae lvkpgasvkm\n', true],
    ['fasta', 'QVQLQQPGAELVKPGASVKM', false],
    ['fasta', '>header only\n', false],
    ['fasta', '>x\nthis, is: prose!\n', false],
    ['pdb', 'HEADER    IMMUNE SYSTEM\nSEQRES   1 H  120  GLN VAL GLN\n', true],
    ['pdb', 'ATOM      1  N   GLN H   1      10.0  10.0  10.0  1.00 20.00           N\n', true],
    ['pdb', 'hello there\n', false],
    ['csv', 'id,sequence\n1,QVQL\n', true],
    ['csv', '   \n', false],
    ['txt', '重链：QVQL', true],
  ] as const)('should judge %s content %j as %s', (ext, content, expected) => {
    expect(isTextOfFormat(text(content), ext)).toBe(expected);
  });

  it('should refuse binary content whatever its name', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(isTextOfFormat(png, 'fasta')).toBe(false);
    expect(isTextOfFormat(Buffer.from([0x3e, 0x00, 0x41]), 'txt')).toBe(false);
  });
});
