import { describe, expect, it } from 'vitest';

import { toCsv } from './export';

describe(toCsv.name, () => {
  it('should quote fields with commas, quotes, line breaks or edge spaces, and leave others bare', () => {
    const sut = toCsv(
      ['a', 'b', 'c'],
      [
        ['plain', 'with, comma', 'say "hi"'],
        ['two\nlines', ' padded', 3],
        [null, undefined, true],
      ],
    );
    expect(sut).toBe(
      'a,b,c\r\nplain,"with, comma","say ""hi"""\r\n"two\nlines"," padded",3\r\n,,true\r\n',
    );
  });
});
