import { UPLOAD_MAX_BYTES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { insertProblem, playgroundInputs, withFileText } from './playground-inputs';

describe('playground inputs', () => {
  it('should accept FASTA, PDB, CSV and text files of at most 5 MB and nothing else', () => {
    expect(insertProblem({ name: 'vh.FASTA', size: 120 })).toBeNull();
    expect(insertProblem({ name: '1n8z.pdb', size: 1000 })).toBeNull();
    expect(insertProblem({ name: 'notes.docx', size: 10 })).toBe('type');
    expect(insertProblem({ name: 'big.fa', size: UPLOAD_MAX_BYTES + 1 })).toBe('size');
    expect(insertProblem({ name: 'empty.txt', size: 0 })).toBe('empty');
  });

  it('should put a file after the request, on its own lines, and refuse binary content', () => {
    expect(withFileText('Humanize this antibody  \n', '>VH\r\nEVQLVESGGG\r\n')).toBe(
      'Humanize this antibody\n>VH\nEVQLVESGGG\n',
    );
    expect(withFileText('', '>VH\nEVQL')).toBe('>VH\nEVQL\n');
    expect(withFileText('keep', '   ')).toBe('keep');
    expect(withFileText('x', 'PK\u0003\u0004\u0000')).toBeNull();
  });

  it('should leave empty parts out of the inputs and trim the others', () => {
    expect(playgroundInputs('  >VH\nEVQL \n', ' ')).toEqual({ text: '>VH\nEVQL' });
    expect(playgroundInputs('', ' H35A ')).toEqual({ patch: 'H35A' });
    expect(playgroundInputs(' ', '')).toEqual({});
  });
});
