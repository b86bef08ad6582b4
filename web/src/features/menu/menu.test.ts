import { describe, expect, it } from 'vitest';

import { menuTree, session } from '../../../test-utils/factories';
import { flattenMenu, joinPath, matchPattern, menuForUser, visibleMenu } from '../../lib/menu';
import { resolvePath, searchablePages } from './resolve';

const paths = (routes: ReturnType<typeof menuTree>) => flattenMenu(routes).map((p) => p.path);

describe('menuForUser', () => {
  it('should hide the Index entry from users other than user id 1', () => {
    expect(paths(menuForUser(menuTree(), 2))).not.toContain('/index');
    expect(paths(menuForUser(menuTree(), 2))).toContain('/wujie/playground/talk');
  });

  it('should hide the talk playground entry from user id 1 and keep the Index entry', () => {
    expect(paths(menuForUser(menuTree(), 1))).toContain('/index');
    expect(paths(menuForUser(menuTree(), 1))).not.toContain('/wujie/playground/talk');
  });
});

describe('flattenMenu and visibleMenu', () => {
  it('should join relative child paths and keep the ancestors as the breadcrumb trail', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/system', '/abs')).toBe('/abs');
    const operlog = flattenMenu(menuTree()).find((p) => p.path === '/system/log/operlog');
    expect(operlog?.trail).toEqual(['System management', 'Log management']);
    expect(operlog?.component).toBe('monitor/operlog/index');
  });

  it('should leave hidden entries out of the sidebar and show a single-child Layout as its child', () => {
    const nodes = visibleMenu(menuForUser(menuTree(), 1));
    const system = nodes.find((n) => n.path === '/system');
    expect(system?.children.map((c) => c.path)).toEqual(['/system/user', '/system/log']);
    expect(nodes.some((n) => n.path === '/wujie')).toBe(false);
    expect(nodes.some((n) => n.path === '/wujie/char/talk')).toBe(true);
    expect(nodes.find((n) => n.path.startsWith('https:'))?.link).toBe('https://docs.example.org');
  });

  it('should match path patterns with params', () => {
    expect(matchPattern('/a/:id', '/a/42')).toEqual({ id: '42' });
    expect(matchPattern('/a/:id', '/a/42/b')).toBeUndefined();
  });
});

describe('resolvePath', () => {
  it('should resolve server menu pages, hidden ones too', () => {
    expect(resolvePath('/system/user', session())).toMatchObject({
      kind: 'page',
      component: 'system/user/index',
      title: 'User management',
    });
    expect(resolvePath('/system/secret/', session())).toMatchObject({ kind: 'page' });
  });

  it("should resolve the app's own routes", () => {
    expect(resolvePath('/user/profile', session())).toMatchObject({
      kind: 'page',
      component: 'user/profile',
    });
    expect(resolvePath('/tree/dict/type/data/5', session())).toMatchObject({
      params: { dictId: '5' },
    });
  });

  it('should answer forbidden without the permission and the page with it, for numeric ids only', () => {
    const none = session();
    const editor = session({ permissions: ['system:user:edit'] });
    expect(resolvePath('/system/user-auth/role/3', none)).toEqual({ kind: 'forbidden' });
    expect(resolvePath('/system/user-auth/role/3', editor)).toMatchObject({
      kind: 'page',
      component: 'system/user/authRole',
      params: { userId: '3' },
    });
    expect(resolvePath('/system/user-auth/role/abc', editor)).toEqual({ kind: 'notFound' });
    expect(
      resolvePath('/tool/gen-edit/index/9', session({ permissions: ['*:*:*'] })),
    ).toMatchObject({
      kind: 'page',
    });
  });

  it('should open the playground only to holders of its permissions', () => {
    const user = session({ permissions: ['wujie:playground:use'] });
    const tester = session({ permissions: ['wujie:playground:mission'] });
    expect(resolvePath('/playground/info', session())).toEqual({ kind: 'forbidden' });
    expect(resolvePath('/playground/info', user)).toMatchObject({ component: 'playground/info' });
    expect(resolvePath('/playground/info', tester)).toEqual({ kind: 'forbidden' });
    expect(resolvePath('/playground/mission', tester)).toMatchObject({
      component: 'playground/mission',
    });
    expect(resolvePath('/playground/mission', user)).toMatchObject({ kind: 'page' });
  });

  it('should answer not found for unknown paths', () => {
    expect(resolvePath('/nowhere/at/all', session())).toEqual({ kind: 'notFound' });
  });

  it('should offer only visible pages to the header search', () => {
    const found = searchablePages(session()).map((p) => p.path);
    expect(found).toContain('/system/user');
    expect(found).not.toContain('/system/secret');
  });
});
