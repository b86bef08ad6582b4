import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { menuTree } from '../../../test-utils/factories';
import { getToken, sessionStore, setToken } from '../../lib/auth';
import { guard, safeRedirect } from './guard';

const server = useApiServer();
beforeEach(() => {
  sessionStore.set({ user: null, roles: [], permissions: [], routes: [] });
});

async function outcome(pathname: string, href = pathname) {
  try {
    await guard({ pathname, href });
    return 'pass';
  } catch (error) {
    if (!isRedirect(error)) throw error;
    return error.options;
  }
}

const info = {
  user: { userId: 2, userName: 'u', nickName: 'U', admin: false, companyId: null },
  roles: [],
  permissions: ['system:user:list'],
};

describe('route guard', () => {
  it('should open only /login and /agreement without a token', async () => {
    expect(await outcome('/login')).toBe('pass');
    expect(await outcome('/agreement')).toBe('pass');
    expect(await outcome('/register')).toMatchObject({
      to: '/login',
      search: { redirect: '/register' },
    });
  });

  it('should send other paths to /login with the full path as redirect', async () => {
    expect(await outcome('/system/user', '/system/user?pageNum=2')).toMatchObject({
      to: '/login',
      search: { redirect: '/system/user?pageNum=2' },
    });
  });

  it('should send /login to / when signed in', async () => {
    setToken('t');
    expect(await outcome('/login')).toMatchObject({ to: '/' });
  });

  it('should load user info and the menu when no roles are loaded, then let the navigation through', async () => {
    setToken('t');
    server().on('/getInfo', (_req, res) => json(res, { code: 200, msg: '', data: info }));
    server().on('/getRouters', (_req, res) => json(res, { code: 200, msg: '', data: menuTree() }));
    expect(await outcome('/system/user')).toBe('pass');
    const state = sessionStore.get();
    expect(state.roles).toEqual(['ROLE_DEFAULT']);
    expect(state.permissions).toEqual(['system:user:list']);
    expect(state.routes.some((r) => r.path === '/index')).toBe(false);
    expect(server().seen.map((r) => r.url.split('?')[0])).toEqual([
      '/prod-api/getInfo',
      '/prod-api/getRouters',
    ]);
    expect(await outcome('/system/user')).toBe('pass');
    expect(server().seen).toHaveLength(2);
  });

  it('should sign out and go to / when loading fails', async () => {
    setToken('t');
    server().on('/getInfo', (_req, res) => json(res, { code: 500, msg: 'down' }));
    expect(await outcome('/system/user')).toMatchObject({ to: '/' });
    expect(getToken()).toBeUndefined();
  });

  it('should only follow redirects on this site', () => {
    expect(safeRedirect('/a?b=1')).toBe('/a?b=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});
