import { UPLOAD_MAX_BYTES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { canSend, checkAttachments } from './attachments';

const file = (name: string, size = 100) => ({ name, size });

describe('checkAttachments', () => {
  it('should accept FASTA, PDB, CSV and text files', () => {
    const picked = ['a.fasta', 'b.FA', 'c.pdb', 'd.csv', 'e.txt'].map((name) => file(name));
    expect(checkAttachments(0, picked)).toEqual({ accepted: [0, 1, 2, 3, 4], problems: [] });
  });

  it('should refuse other kinds, empty files and files over 5 MB', () => {
    const result = checkAttachments(0, [
      file('slides.pdf'),
      file('noext'),
      file('big.pdb', UPLOAD_MAX_BYTES + 1),
      file('edge.pdb', UPLOAD_MAX_BYTES),
      file('empty.csv', 0),
    ]);
    expect(result.accepted).toEqual([3]);
    expect(result.problems).toEqual([
      { kind: 'type', name: 'slides.pdf' },
      { kind: 'type', name: 'noext' },
      { kind: 'size', name: 'big.pdb' },
      { kind: 'empty', name: 'empty.csv' },
    ]);
  });

  it('should refuse every file past the fifth of the message', () => {
    const result = checkAttachments(3, [file('1.txt'), file('2.txt'), file('3.txt')]);
    expect(result.accepted).toEqual([0, 1]);
    expect(result.problems).toEqual([{ kind: 'count', name: '3.txt' }]);
  });
});

describe('canSend', () => {
  const none = { content: '', files: [], patch: '' };

  it('should need content, a file or a patch', () => {
    expect(canSend(none)).toBe(false);
    expect(canSend({ ...none, content: '  \n ' })).toBe(false);
    expect(canSend({ ...none, content: 'humanize this' })).toBe(true);
    expect(
      canSend({ ...none, files: [{ fileName: '/profile/chat/a.fasta', originalFilename: 'a' }] }),
    ).toBe(true);
    expect(canSend({ ...none, patch: 'H:S31A' })).toBe(true);
  });
});
