import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';
import { as, type Client, createUser, rows, unique } from './helpers';

// Nobody grants what they do not hold (issue 11 §1): a role editor, a menu editor and a user editor
// try each path to more power and are refused; the administrator is allowed the same requests.

const SYSTEM = 100;
const USER_MENUS = [101, 101001, 101002, 101003, 101004, 101005, 101006, 101007];
const ROLE_MENUS = [102, 102001, 102002, 102003, 102004, 102005];
const MENU_MENUS = [103, 103001, 103002, 103003, 103004];
const DEPT_LIST = [104];
/** Scheduled jobs: held by none of the editors. */
const JOB_MENUS = [200, 202, 202001, 202002];
const MENU_EDIT_BUTTON = 103003;

describe('grants stay within the giver’s own', () => {
  let stack: TestStack;
  let admin: Client;
  let deptA: number;
  let deptA1: number;
  const role = { roleEditor: 0, menuEditor: 0, userEditor: 0, wide: 0, narrow: 0, spare: 0 };
  const user = { roleEditor: 0, menuEditor: 0, userEditor: 0, member: 0 };
  const client = {} as Record<'roleEditor' | 'menuEditor' | 'userEditor', Client>;
  const tokens = {} as Record<'roleEditor' | 'menuEditor' | 'userEditor', string>;

  const createRole = async (menuIds: number[], dataScope = '4', deptIds: number[] = []) => {
    const name = unique('g');
    const res = await admin.post('/system/role', {
      roleName: name,
      roleKey: name,
      roleSort: 9,
      menuIds,
    });
    expect(res.body.code).toBe(200);
    const roleId = res.body.data.roleId as number;
    const scope = await admin.put('/system/role/dataScope', { roleId, dataScope, deptIds });
    expect(scope.body.code).toBe(200);
    return roleId;
  };

  const rolesOf = async (userId: number) =>
    (
      await rows<{ role_id: number }>(
        stack,
        'SELECT role_id FROM sys_user_role WHERE user_id = ?',
        [userId],
      )
    )
      .map((r) => Number(r.role_id))
      .sort();

  const menusOf = async (roleId: number) =>
    (
      await rows<{ menu_id: number }>(
        stack,
        'SELECT menu_id FROM sys_role_menu WHERE role_id = ?',
        [roleId],
      )
    ).map((r) => Number(r.menu_id));

  const scopeOf = async (roleId: number) =>
    (
      await rows<{ data_scope: string }>(
        stack,
        'SELECT data_scope FROM sys_role WHERE role_id = ?',
        [roleId],
      )
    )[0].data_scope;

  const roleBody = async (roleId: number, menuIds: number[]) => {
    const read = await admin.get(`/system/role/${roleId}`);
    const { roleName, roleKey, roleSort, status } = read.body.data;
    return { roleId, roleName, roleKey, roleSort, status, menuIds };
  };

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = as(stack, await login(stack, 'admin', ADMIN_PASSWORD));
    deptA = (
      await admin.post('/system/dept', { parentId: 100, deptName: unique('d'), orderNum: 1 })
    ).body.data.deptId;
    deptA1 = (
      await admin.post('/system/dept', { parentId: deptA, deptName: unique('d'), orderNum: 1 })
    ).body.data.deptId;
    role.roleEditor = await createRole([SYSTEM, ...ROLE_MENUS, 101, ...DEPT_LIST]);
    role.menuEditor = await createRole([SYSTEM, ...MENU_MENUS]);
    role.userEditor = await createRole([SYSTEM, ...USER_MENUS]);
    role.wide = await createRole([SYSTEM, ...JOB_MENUS], '1');
    role.narrow = await createRole([SYSTEM, 101, 101001], '5');
    role.spare = await createRole([SYSTEM, 101], '5');
    for (const key of ['roleEditor', 'menuEditor', 'userEditor'] as const) {
      const created = await createUser(stack, admin, { deptId: deptA, roleIds: [role[key]] });
      user[key] = created.userId;
      tokens[key] = await created.token();
      client[key] = as(stack, tokens[key]);
    }
    user.member = (await createUser(stack, admin, { deptId: deptA1 })).userId;
  });
  afterAll(() => stack.close());

  describe('menus: permission strings', () => {
    it('should refuse a wildcard or uncatalogued permission string from anyone', async () => {
      const menu = (await admin.get(`/system/menu/${MENU_EDIT_BUTTON}`)).body.data;
      for (const perms of ['*:*:*', 'system:*:*', 'system:user:everything']) {
        for (const who of [client.menuEditor, admin]) {
          const res = await who.put('/system/menu', { ...menu, perms });
          expect(res.status, perms).toBe(400);
        }
      }
      const [row] = await rows<{ perms: string }>(
        stack,
        'SELECT perms FROM sys_menu WHERE menu_id = ?',
        [MENU_EDIT_BUTTON],
      );
      expect(row.perms).toBe('system:menu:edit');
    });

    it('should let only the administrator change what a menu grants', async () => {
      const menu = (await admin.get(`/system/menu/${MENU_EDIT_BUTTON}`)).body.data;
      const denied = await client.menuEditor.put('/system/menu', {
        ...menu,
        perms: 'monitor:job:add',
      });
      expect(denied.body.code).toBe(403);
      expect(denied.body.msg).toBe(
        "Only the super administrator can change a menu's permission string",
      );
      const created = await client.menuEditor.post('/system/menu', {
        parentId: 103,
        menuName: unique('b'),
        orderNum: 9,
        menuType: 'F',
        perms: 'monitor:job:remove',
      });
      expect(created.body.code).toBe(403);

      const info = await api(stack)
        .get('/prod-api/getInfo')
        .set('Authorization', `Bearer ${tokens.menuEditor}`);
      expect(info.body.data.permissions).not.toContain('monitor:job:add');
      expect(info.body.data.permissions).not.toContain('*:*:*');

      // Renaming keeps the grant: allowed to the menu editor.
      const renamed = await client.menuEditor.put('/system/menu', {
        ...menu,
        menuNameEn: 'Edit menus',
      });
      expect(renamed.body.code).toBe(200);

      const allowed = await admin.put('/system/menu', { ...menu, perms: 'monitor:job:add' });
      expect(allowed.body.code).toBe(200);
      const back = await admin.put('/system/menu', { ...menu, perms: 'system:menu:edit' });
      expect(back.body.code).toBe(200);
    });

    it('should let only the administrator enable a disabled menu that grants something', async () => {
      const menu = (await admin.get('/system/menu/103004')).body.data;
      expect((await admin.put('/system/menu', { ...menu, status: '1' })).body.code).toBe(200);
      const enable = await client.menuEditor.put('/system/menu', { ...menu, status: '0' });
      expect(enable.body.code).toBe(403);
      expect((await admin.put('/system/menu', { ...menu, status: '0' })).body.code).toBe(200);
    });

    it('should not count an uncatalogued string already in the database as a permission', async () => {
      await stack.db.query(`UPDATE sys_menu SET perms = '*:*:*' WHERE menu_id = ?`, [
        MENU_EDIT_BUTTON,
      ]);
      try {
        const token = await login(stack, (await userName(user.menuEditor)) ?? '', 'User#Pass2026');
        const info = await api(stack)
          .get('/prod-api/getInfo')
          .set('Authorization', `Bearer ${token}`);
        expect(info.body.data.permissions).not.toContain('*:*:*');
        expect(info.body.data.permissions).toContain('system:menu:list');
      } finally {
        await stack.db.query(`UPDATE sys_menu SET perms = 'system:menu:edit' WHERE menu_id = ?`, [
          MENU_EDIT_BUTTON,
        ]);
      }
    });
  });

  const userName = async (userId: number) =>
    (
      await rows<{ user_name: string }>(stack, 'SELECT user_name FROM sys_user WHERE user_id = ?', [
        userId,
      ])
    )[0]?.user_name;

  describe('roles: menus and data scope', () => {
    it('should refuse any change to a role the caller holds', async () => {
      const mine = await client.roleEditor.put(
        '/system/role',
        await roleBody(role.roleEditor, [...(await menusOf(role.roleEditor)), ...JOB_MENUS]),
      );
      expect(mine.body.code).toBe(403);
      expect(mine.body.msg).toBe('You cannot change the grants of a role you hold');
      const scope = await client.roleEditor.put('/system/role/dataScope', {
        roleId: role.roleEditor,
        dataScope: '1',
      });
      expect(scope.body.code).toBe(403);
      expect(await scopeOf(role.roleEditor)).toBe('4');
      expect((await menusOf(role.roleEditor)).some((id) => JOB_MENUS.includes(id))).toBe(false);
    });

    it('should give a role only menus the caller holds', async () => {
      const denied = await client.roleEditor.put(
        '/system/role',
        await roleBody(role.spare, [SYSTEM, 101, ...JOB_MENUS]),
      );
      expect(denied.body.code).toBe(403);
      expect(denied.body.msg).toBe(
        'You cannot grant menus or permissions you do not hold yourself',
      );
      expect((await menusOf(role.spare)).sort()).toEqual([SYSTEM, 101].sort());

      const held = await client.roleEditor.put(
        '/system/role',
        await roleBody(role.spare, [SYSTEM, 101, 102, 102001]),
      );
      expect(held.body.code).toBe(200);

      const name = unique('n');
      const create = await client.roleEditor.post('/system/role', {
        roleName: name,
        roleKey: name,
        roleSort: 9,
        menuIds: [SYSTEM, ...JOB_MENUS],
      });
      expect(create.body.code).toBe(403);
      const createHeld = await client.roleEditor.post('/system/role', {
        roleName: name,
        roleKey: name,
        roleSort: 9,
        menuIds: [SYSTEM, 102, 102001],
      });
      expect(createHeld.body.code).toBe(200);
      // A role made by a non-administrator starts at "self", not "all data".
      expect(await scopeOf(createHeld.body.data.roleId)).toBe('5');

      const byAdmin = await admin.put(
        '/system/role',
        await roleBody(role.spare, [SYSTEM, 101, ...JOB_MENUS]),
      );
      expect(byAdmin.body.code).toBe(200);
      await admin.put('/system/role', await roleBody(role.spare, [SYSTEM, 101]));
    });

    it('should set a data scope no wider than the caller’s own', async () => {
      const all = await client.roleEditor.put('/system/role/dataScope', {
        roleId: role.spare,
        dataScope: '1',
      });
      expect(all.body.code).toBe(403);
      expect(all.body.msg).toBe('You cannot grant a data scope wider than your own');
      expect(await scopeOf(role.spare)).toBe('5');
      const below = await client.roleEditor.put('/system/role/dataScope', {
        roleId: role.spare,
        dataScope: '4',
      });
      expect(below.body.code).toBe(200);
      const custom = await client.roleEditor.put('/system/role/dataScope', {
        roleId: role.spare,
        dataScope: '2',
        deptIds: [deptA1],
      });
      expect(custom.body.code).toBe(200);
      const byAdmin = await admin.put('/system/role/dataScope', {
        roleId: role.spare,
        dataScope: '1',
      });
      expect(byAdmin.body.code).toBe(200);
      await admin.put('/system/role/dataScope', { roleId: role.spare, dataScope: '5' });
    });

    it('should refuse to enable a role wider than the caller', async () => {
      expect(
        (await admin.put('/system/role/changeStatus', { roleId: role.wide, status: '1' })).body
          .code,
      ).toBe(200);
      const enable = await client.roleEditor.put('/system/role/changeStatus', {
        roleId: role.wide,
        status: '0',
      });
      expect(enable.body.code).toBe(403);
      expect(
        (await admin.put('/system/role/changeStatus', { roleId: role.wide, status: '0' })).body
          .code,
      ).toBe(200);
    });

    it('should assign through the role screen only roles within the caller, never to themselves', async () => {
      const wide = await client.roleEditor.put('/system/role/authUser/selectAll', {
        roleId: role.wide,
        userIds: [user.member],
      });
      expect(wide.body.code).toBe(403);
      const self = await client.roleEditor.put('/system/role/authUser/selectAll', {
        roleId: role.narrow,
        userIds: [user.roleEditor],
      });
      expect(self.body.code).toBe(403);
      expect(self.body.msg).toBe('You cannot change your own roles');
      expect(await rolesOf(user.roleEditor)).toEqual([role.roleEditor]);
      const selfDrop = await client.roleEditor.put('/system/role/authUser/cancel', {
        roleId: role.roleEditor,
        userId: user.roleEditor,
      });
      expect(selfDrop.body.code).toBe(403);
      const byAdmin = await admin.put('/system/role/authUser/selectAll', {
        roleId: role.wide,
        userIds: [user.member],
      });
      expect(byAdmin.body.code).toBe(200);
      await admin.put('/system/role/authUser/cancel', { roleId: role.wide, userId: user.member });
    });
  });

  describe('getInfo after a change of grants', () => {
    it('should answer from the new session record at once, in the request language', async () => {
      const created = await createUser(stack, admin, { deptId: deptA1 });
      const token = await created.token();
      const info = (lang: string) =>
        api(stack).get(`/prod-api/getInfo?lang=${lang}`).set('Authorization', `Bearer ${token}`);
      const before = await info('en');
      expect(before.headers['content-type']).toMatch(/^application\/json/);
      expect(before.body.msg).toBe('Operation succeeded');
      expect(before.body.data.permissions).not.toContain('system:user:query');
      expect((await info('zh')).body.msg).not.toBe(before.body.msg);
      await admin.put('/system/user/authRole', { userId: created.userId, roleIds: [role.narrow] });
      const after = await info('en');
      expect(after.body.data.permissions).toContain('system:user:query');
      expect(after.body.data.user.userId).toBe(created.userId);
    });
  });

  describe('users: role assignment', () => {
    it('should refuse a user editor changing their own roles', async () => {
      const res = await client.userEditor.put('/system/user/authRole', {
        userId: user.userEditor,
        roleIds: [role.userEditor, role.narrow],
      });
      expect(res.body.code).toBe(403);
      expect(res.body.msg).toBe('You cannot change your own roles');
      expect(await rolesOf(user.userEditor)).toEqual([role.userEditor]);
    });

    it('should assign only roles within the caller’s menus and scope', async () => {
      const wide = await client.userEditor.put('/system/user/authRole', {
        userId: user.member,
        roleIds: [role.wide],
      });
      expect(wide.body.code).toBe(403);
      expect(wide.body.msg).toBe(
        'You cannot assign a role whose permissions or data scope exceed your own',
      );
      // The role editor's role carries menus the user editor lacks.
      const editorsPeer = await client.userEditor.put('/system/user/authRole', {
        userId: user.member,
        roleIds: [role.roleEditor],
      });
      expect(editorsPeer.body.code).toBe(403);
      const narrow = await client.userEditor.put('/system/user/authRole', {
        userId: user.member,
        roleIds: [role.narrow],
      });
      expect(narrow.body.code).toBe(200);
      expect(await rolesOf(user.member)).toEqual([role.narrow]);

      const offered = await client.userEditor.get(`/system/user/authRole/${user.member}`);
      const offeredIds = offered.body.data.roles.map((r: { roleId: number }) => r.roleId);
      expect(offeredIds).toContain(role.narrow);
      expect(offeredIds).not.toContain(role.wide);
      expect(offeredIds).not.toContain(1);

      const byAdmin = await admin.put('/system/user/authRole', {
        userId: user.member,
        roleIds: [role.wide],
      });
      expect(byAdmin.body.code).toBe(200);
      await admin.put('/system/user/authRole', { userId: user.member, roleIds: [] });
    });

    it('should refuse wider roles when creating or editing a user', async () => {
      const created = await client.userEditor.post('/system/user', {
        userName: unique('c'),
        nickName: 'c',
        password: 'User#Pass2026',
        deptId: deptA1,
        roleIds: [role.wide],
      });
      expect(created.body.code).toBe(403);
      const read = (await admin.get(`/system/user/${user.userEditor}`)).body.data.user;
      const me = {
        userId: read.userId,
        userName: read.userName,
        nickName: read.nickName,
        deptId: deptA,
      };
      const selfEdit = await client.userEditor.put('/system/user', {
        ...me,
        roleIds: [role.userEditor, role.narrow],
        postIds: [],
      });
      expect(selfEdit.body.code).toBe(403);
      const selfSame = await client.userEditor.put('/system/user', {
        ...me,
        roleIds: [role.userEditor],
        postIds: [],
      });
      expect(selfSame.body.code).toBe(200);
    });
  });
});
