import { describe, expect, it } from 'vitest';

import { searchPages } from './HeaderSearch';

const entries = [
  { path: '/system/user', title: 'System management > User management' },
  { path: '/system/role', title: 'System management > Role management' },
  { path: '/wujie/char/talk', title: 'Chat assistant' },
];

describe('searchPages', () => {
  it('should find pages by a fuzzy title and rank the best first', () => {
    expect(searchPages(entries, 'user manag')[0]!.path).toBe('/system/user');
    expect(searchPages(entries, 'chat asistant').map((e) => e.path)).toEqual(['/wujie/char/talk']);
  });

  it('should find pages by path and drop poor matches (threshold 0.4)', () => {
    expect(searchPages(entries, 'char/talk')[0]!.path).toBe('/wujie/char/talk');
    expect(searchPages(entries, 'zzzzqqq')).toEqual([]);
  });
});
