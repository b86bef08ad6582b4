import { describe, expect, it } from 'vitest';

import { clearSession, getToken, hasPermi, hasRole, sessionStore, setToken } from './auth';
import { readStore } from './storage';

describe('hasPermi', () => {
  const held = ['system:user:list', 'system:user:edit'];

  it('should check a single permission', () => {
    expect(hasPermi(held, 'system:user:list')).toBe(true);
    expect(hasPermi(held, 'system:role:list')).toBe(false);
  });

  it('should pass any-of when one is held and all-of only when every one is', () => {
    expect(hasPermi(held, ['system:role:list', 'system:user:edit'])).toBe(true);
    expect(hasPermi(held, ['system:role:list', 'system:user:edit'], 'all')).toBe(false);
    expect(hasPermi(held, ['system:user:list', 'system:user:edit'], 'all')).toBe(true);
  });

  it('should let *:*:* pass every check', () => {
    expect(hasPermi(['*:*:*'], ['a:b:c', 'd:e:f'], 'all')).toBe(true);
  });

  it('should give false for an empty permission and throw for an empty list', () => {
    expect(hasPermi(held, '')).toBe(false);
    expect(hasPermi([], 'system:user:list')).toBe(false);
    expect(() => hasPermi(held, [])).toThrow('must not be empty');
  });
});

describe('hasRole', () => {
  it('should check single, any-of and all-of roles, with admin passing all', () => {
    expect(hasRole(['common'], 'common')).toBe(true);
    expect(hasRole(['common'], ['ceo', 'common'])).toBe(true);
    expect(hasRole(['common'], ['ceo', 'common'], 'all')).toBe(false);
    expect(hasRole(['admin'], ['ceo', 'common'], 'all')).toBe(true);
    expect(() => hasRole(['admin'], [])).toThrow();
  });
});

describe('session', () => {
  it('should clear token, roles and permissions and re-arm the intro video and survey on logout', () => {
    setToken('t');
    sessionStore.set({ user: null, roles: ['admin'], permissions: ['*:*:*'], routes: [] });
    expect(getToken()).toBe('t');
    clearSession();
    expect(getToken()).toBeUndefined();
    expect(sessionStore.get().roles).toEqual([]);
    expect(readStore('videoShown')).toBe(false);
    expect(readStore('ShowSurvey')).toBe(true);
  });
});
