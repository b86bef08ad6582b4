import { describe, expect, it } from 'vitest';

import {
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
} from './permissions';

describe('permission checks (spec §6)', () => {
  const user = ['system:user:list', 'system:user:add'];

  it('should pass a held permission and anything with *:*:*', () => {
    expect(hasPermission(user, 'system:user:list')).toBe(true);
    expect(hasPermission(user, 'system:role:list')).toBe(false);
    expect(hasPermission(['*:*:*'], 'anything:at:all')).toBe(true);
  });

  it('should give false for empty or missing input', () => {
    expect(hasPermission(undefined, 'system:user:list')).toBe(false);
    expect(hasPermission(user, '')).toBe(false);
    expect(hasAnyPermission(user, [])).toBe(false);
    expect(hasAllPermissions(['*:*:*'], [])).toBe(false);
    expect(hasRole([], 'admin')).toBe(false);
  });

  it('should implement any-of and all-of', () => {
    expect(hasAnyPermission(user, ['x:y:z', 'system:user:add'])).toBe(true);
    expect(hasAllPermissions(user, ['system:user:list', 'system:user:add'])).toBe(true);
    expect(hasAllPermissions(user, ['system:user:list', 'x:y:z'])).toBe(false);
  });

  it('should let role admin pass any role check', () => {
    expect(hasRole(['admin'], 'editor')).toBe(true);
    expect(hasAnyRole(['editor'], ['viewer', 'editor'])).toBe(true);
    expect(hasAllRoles(['editor'], ['viewer', 'editor'])).toBe(false);
    expect(hasAllRoles(['admin'], ['viewer', 'editor'])).toBe(true);
  });
});
