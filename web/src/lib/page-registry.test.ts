import { beforeEach, describe, expect, it, vi } from 'vitest';

// A registry of its own: the suite's files share their modules (vitest.config.ts, project 'shared'),
// and another file's pages may already be registered in the shared one.
let registry: typeof import('./page-registry');

beforeEach(async () => {
  vi.resetModules();
  registry = await import('./page-registry');
});

describe('page registry', () => {
  it('should accept new pages, keep one lazy page each and know nothing of the rest', () => {
    const { hasPage, pageFor, registerPages } = registry;
    expect(hasPage('system/user/index')).toBe(false);
    expect(pageFor('system/user/index')).toBeUndefined();
    registerPages({ 'system/user/index': async () => ({ default: () => null }) });
    expect(pageFor('system/user/index')).toBeDefined();
    expect(pageFor('system/user/index')).toBe(pageFor('system/user/index'));
  });
});
