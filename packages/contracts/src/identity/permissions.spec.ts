import { describe, expect, it } from 'vitest';

import {
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
  isCataloguedPermissionList,
  PERMISSION_CATALOGUE,
  permissionsOf,
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

describe('permission catalogue', () => {
  it('should hold every permission string of PERMISSIONS and no wildcard', () => {
    expect(PERMISSION_CATALOGUE.has('system:user:list')).toBe(true);
    expect(PERMISSION_CATALOGUE.has('wujie:antibody:use')).toBe(true);
    expect(PERMISSION_CATALOGUE.has('*:*:*')).toBe(false);
    expect([...PERMISSION_CATALOGUE].every((p) => /^[a-z]+:[a-z]+:[a-zA-Z]+$/.test(p))).toBe(true);
  });

  it('should accept only lists of catalogued permissions', () => {
    expect(isCataloguedPermissionList('system:user:list, system:user:add')).toBe(true);
    expect(isCataloguedPermissionList('')).toBe(true);
    expect(isCataloguedPermissionList('*:*:*')).toBe(false);
    expect(isCataloguedPermissionList('system:user:list,system:*:*')).toBe(false);
    expect(isCataloguedPermissionList('system:user:lists')).toBe(false);
    expect(permissionsOf(' a:b:c ,, d:e:f')).toEqual(['a:b:c', 'd:e:f']);
  });
});
