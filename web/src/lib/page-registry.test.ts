import { describe, expect, it } from 'vitest';

import { hasPage, pageFor, registerPages } from './page-registry';

describe('page registry', () => {
  it('should accept new pages, keep one lazy page each and know nothing of the rest', () => {
    expect(hasPage('system/user/index')).toBe(false);
    expect(pageFor('system/user/index')).toBeUndefined();
    registerPages({ 'system/user/index': async () => ({ default: () => null }) });
    expect(pageFor('system/user/index')).toBeDefined();
    expect(pageFor('system/user/index')).toBe(pageFor('system/user/index'));
  });
});
