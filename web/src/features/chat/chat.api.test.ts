import { describe, expect, it } from 'vitest';

import { replyBody } from './chat.api';

describe('replyBody', () => {
  it("should answer a mission with the files' stored names and the names the user gave them", () => {
    const files = [
      { fileName: '/profile/chat/2026/11/27/0d5c.fasta', originalFilename: 'heavy_chain.fasta' },
    ];
    expect(replyBody({ content: 'IMGT', files, patch: '' })).toEqual({ text: 'IMGT', files });
  });

  it('should leave out what the user did not give', () => {
    const files = [{ fileName: '/profile/chat/2026/11/27/0d5c.pdb', originalFilename: 'vh.pdb' }];
    expect(replyBody({ content: '  ', files, patch: '' })).toEqual({ files });
    expect(replyBody({ content: 'Kabat', files: [], patch: '' })).toEqual({ text: 'Kabat' });
  });
});
