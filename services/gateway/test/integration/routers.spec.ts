import { MENU_ICON_NAMES, type RouteItem } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

function names(routes: RouteItem[]): string[] {
  return routes.flatMap((r) => [...(r.name ? [r.name] : []), ...names(r.children ?? [])]);
}

function titles(routes: RouteItem[]): string[] {
  return routes.flatMap((r) => [...(r.meta ? [r.meta.title] : []), ...titles(r.children ?? [])]);
}

describe('getRouters', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  const routers = async (token: string, lang = 'en'): Promise<RouteItem[]> => {
    const res = await api(stack)
      .get(`/prod-api/getRouters?lang=${lang}`)
      .set('Authorization', `Bearer ${token}`);
    expect(res.body.code).toBe(200);
    return res.body.data;
  };

  it('should give user 1 the whole tree with the dashboard and without the talk playground', async () => {
    const tree = await routers(await login(stack, 'admin', ADMIN_PASSWORD));
    const all = names(tree);
    expect(all).toEqual(
      expect.arrayContaining([
        'Index',
        'Talk',
        'System',
        'User',
        'Role',
        'Dict',
        'Online',
        'Swagger',
      ]),
    );
    expect(all).not.toContain('TalkPlayground');
    const system = tree.find((r) => r.name === 'System');
    expect(system).toMatchObject({
      path: '/system',
      component: 'Layout',
      alwaysShow: true,
      redirect: 'noRedirect',
    });
    const log = system?.children?.find((c) => c.name === 'Log');
    expect(log).toMatchObject({ component: 'ParentView', path: 'log' });
    expect(log?.children?.map((c) => c.component)).toEqual([
      'monitor/operlog/index',
      'monitor/logininfor/index',
    ]);
  });

  it('should give a signed-up user only the default role menus, with the playground and without the dashboard', async () => {
    const { token } = await registerByPhone(stack);
    const all = names(await routers(token));
    expect(all).toEqual(
      expect.arrayContaining([
        'Talk',
        'Chat',
        'ChatHistory',
        'Mission',
        'Profile',
        'Promotion',
        'Recharge',
        'TalkPlayground',
      ]),
    );
    expect(all).not.toContain('Index');
    expect(all).not.toContain('System');
    expect(all).not.toContain('WujieUser');
  });

  it('should show the assistant console entries and the playground now that their pages exist, the playground still not to user 1', async () => {
    const hiddenOf = (routes: RouteItem[]): Record<string, boolean> =>
      Object.fromEntries(
        routes.flatMap((r) => [
          ...(r.name ? [[r.name, r.hidden === true] as const] : []),
          ...Object.entries(hiddenOf(r.children ?? [])),
        ]),
      );
    const { token } = await registerByPhone(stack);
    expect(hiddenOf(await routers(token))).toMatchObject({
      Chat: false,
      ChatHistory: false,
      TalkPlayground: false,
    });
    const root = hiddenOf(await routers(await login(stack, 'admin', ADMIN_PASSWORD)));
    expect(root).toMatchObject({ Chat: false, ChatHistory: false, MissionTest: false });
    expect(root).not.toHaveProperty('TalkPlayground');
  });

  it('should hide the dashboard from an administrator who is not user 1', async () => {
    const { phone, token: _ } = await registerByPhone(stack);
    await stack.db.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT user_id, 1 FROM sys_user WHERE user_name = ?`,
      [phone],
    );
    const token = await login(stack, phone, 'User#Pass2026');
    const all = names(await routers(token));
    expect(all).toContain('System');
    expect(all).toContain('TalkPlayground');
    expect(all).not.toContain('Index');
  });

  it('should give every page and directory an icon the web draws (seeds and migrations alike)', async () => {
    const [rows] = await stack.db.query(
      "SELECT menu_id, icon FROM sys_menu WHERE menu_type IN ('M', 'C') ORDER BY menu_id",
    );
    const menus = rows as { menu_id: number; icon: string }[];
    expect(menus.length).toBeGreaterThan(30);
    const known = new Set<string>(MENU_ICON_NAMES);
    expect(menus.filter((m) => !known.has(m.icon))).toEqual([]);
  });

  it('should title the menus in the request language', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    expect(titles(await routers(token, 'en'))).toEqual(
      expect.arrayContaining(['Workbench', 'System management']),
    );
    expect(titles(await routers(token, 'zh'))).toEqual(
      expect.arrayContaining(['工作台', '系统管理']),
    );
  });

  it('should follow a role change: a menu granted to the default role appears for its users', async () => {
    const { token } = await registerByPhone(stack);
    expect(names(await routers(token))).not.toContain('Company');
    await stack.db.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES (2, 4)`);
    expect(names(await routers(token))).toContain('Company');
  });
});
