import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';
import { as, type Client, createUser, unique } from './helpers';

describe('system management', () => {
  let stack: TestStack;
  let admin: Client;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = as(stack, await login(stack, 'admin', ADMIN_PASSWORD));
  });
  afterAll(() => stack.close());

  describe('roles and menus', () => {
    it('should create a role with a menu set that decides what its users may call and see', async () => {
      const name = unique('r');
      const res = await admin.post('/system/role', {
        roleName: name,
        roleNameEn: 'Post keepers',
        roleKey: name,
        roleSort: 4,
        menuIds: [100, 105, 105001],
      });
      expect(res.body.code).toBe(200);
      const roleId = res.body.data.roleId;
      const u = await createUser(stack, admin, { deptId: 100, roleIds: [roleId] });
      const user = as(stack, await u.token());
      expect((await user.get('/system/post/list')).body.code).toBe(200);
      expect(
        (await user.post('/system/post', { postCode: 'x', postName: 'x', postSort: 1 })).body.code,
      ).toBe(403);
      const routers = await user.get('/getRouters');
      const system = routers.body.data.find((r: { name: string }) => r.name === 'System');
      expect(system.children.map((c: { name: string }) => c.name)).toEqual(['Post']);

      // Editing the role's menus reaches the user's live session at once.
      await admin.put('/system/role', {
        roleId,
        roleName: name,
        roleKey: name,
        roleSort: 4,
        menuIds: [100, 105, 105001, 105002],
      });
      const code = unique('p');
      expect(
        (await user.post('/system/post', { postCode: code, postName: code, postSort: 1 })).body
          .code,
      ).toBe(200);
      const tree = await admin.get(`/system/menu/roleMenuTreeselect/${roleId}`);
      expect(tree.body.data.checkedKeys.sort()).toEqual([100, 105, 105001, 105002]);
    });

    it('should keep the administrator role as it is and refuse deleting a role in use', async () => {
      expect((await admin.del('/system/role/1')).body.msg).toBe(
        'The administrator role cannot be changed',
      );
      expect(
        (await admin.put('/system/role/dataScope', { roleId: 1, dataScope: '5' })).body.code,
      ).toBe(500);
      expect((await admin.del('/system/role/2')).body.msg).toBe(
        'A built-in role cannot be deleted',
      );
      const name = unique('r');
      const roleId = (
        await admin.post('/system/role', { roleName: name, roleKey: name, roleSort: 1 })
      ).body.data.roleId;
      const holder = await createUser(stack, admin, { deptId: 100, roleIds: [roleId] });
      expect((await admin.del(`/system/role/${roleId}`)).body.msg).toBe(
        `${name} is assigned to users and cannot be deleted`,
      );
      await admin.put('/system/role/authUser/cancelAll', { roleId, userIds: [holder.userId] });
      expect((await admin.del(`/system/role/${roleId}`)).body.code).toBe(200);
    });

    it('should refuse a duplicate role key and list roles with paging', async () => {
      const dup = await admin.post('/system/role', {
        roleName: unique('n'),
        roleKey: 'admin',
        roleSort: 1,
      });
      expect(dup.body.msg).toBe('This role key already exists');
      const page = await admin.get('/system/role/list?pageSize=1');
      expect(page.body.rows).toHaveLength(1);
      expect(page.body.total).toBeGreaterThan(1);
    });

    it('should manage menus and refuse deleting one with children or granted to roles', async () => {
      const list = await admin.get('/system/menu/list?menuName=用户');
      expect(list.body.data.some((m: { menuId: number }) => m.menuId === 101)).toBe(true);
      expect((await admin.del('/system/menu/100')).body.msg).toBe(
        'The menu has sub-menus and cannot be deleted',
      );
      const created = await admin.post('/system/menu', {
        parentId: 100,
        menuName: unique('m'),
        orderNum: 9,
        menuType: 'C',
        path: 'https://example.org',
        isFrame: '0',
        icon: 'link',
      });
      expect(created.body.code).toBe(200);
      const badLink = await admin.post('/system/menu', {
        parentId: 100,
        menuName: unique('m'),
        orderNum: 9,
        menuType: 'C',
        path: 'not-a-link',
        isFrame: '0',
      });
      expect(badLink.body.msg).toBe('An external link must start with http:// or https://');
      const name = unique('r');
      await admin.post('/system/role', {
        roleName: name,
        roleKey: name,
        roleSort: 1,
        menuIds: [created.body.data.menuId],
      });
      expect((await admin.del(`/system/menu/${created.body.data.menuId}`)).body.msg).toBe(
        'The menu is granted to roles and cannot be deleted',
      );
      const tree = await admin.get('/system/menu/treeselect');
      expect(
        tree.body.data.find((n: { id: number }) => n.id === 100).children.length,
      ).toBeGreaterThan(5);
    });
  });

  describe('departments and posts', () => {
    it('should refuse deleting a department with children or users, with a clear message', async () => {
      const parent = (await admin.post('/system/dept', { parentId: 100, deptName: unique('d') }))
        .body.data.deptId;
      const child = (await admin.post('/system/dept', { parentId: parent, deptName: unique('d') }))
        .body.data.deptId;
      expect((await admin.del(`/system/dept/${parent}`)).body.msg).toBe(
        'The department has sub-departments and cannot be deleted',
      );
      const u = await createUser(stack, admin, { deptId: child });
      expect((await admin.del(`/system/dept/${child}`)).body.msg).toBe(
        'The department has users and cannot be deleted',
      );
      await admin.del(`/system/user/${u.userId}`);
      expect((await admin.del(`/system/dept/${child}`)).body.code).toBe(200);
      const moved = await admin.put('/system/dept', {
        deptId: parent,
        parentId: parent,
        deptName: 'loop',
      });
      expect(moved.body.code).toBe(500);
      const excluded = await admin.get(`/system/dept/list/exclude/${parent}`);
      expect(excluded.body.data.some((d: { deptId: number }) => d.deptId === parent)).toBe(false);
    });

    it('should move the whole subtree when a department changes parent', async () => {
      const a = (await admin.post('/system/dept', { parentId: 100, deptName: unique('d') })).body
        .data.deptId;
      const b = (await admin.post('/system/dept', { parentId: 100, deptName: unique('d') })).body
        .data.deptId;
      const c = (await admin.post('/system/dept', { parentId: a, deptName: unique('d') })).body.data
        .deptId;
      const detail = (await admin.get(`/system/dept/${a}`)).body.data;
      expect((await admin.put('/system/dept', { ...detail, parentId: b })).body.code).toBe(200);
      expect((await admin.get(`/system/dept/${c}`)).body.data.ancestors).toBe(`0,100,${b},${a}`);
    });

    it('should manage posts and refuse a duplicate code or deleting one held by a user', async () => {
      const code = unique('p');
      const created = await admin.post('/system/post', {
        postCode: code,
        postName: code,
        postSort: 5,
      });
      expect(created.body.code).toBe(200);
      expect(
        (await admin.post('/system/post', { postCode: code, postName: unique('n'), postSort: 5 }))
          .body.msg,
      ).toBe('This post code already exists');
      await createUser(stack, admin, { deptId: 100, postIds: [created.body.data.postId] });
      expect((await admin.del(`/system/post/${created.body.data.postId}`)).body.code).toBe(500);
    });
  });

  describe('dictionaries and parameters', () => {
    it('should serve dictionary entries from the cache in the request language', async () => {
      const zh = await as(stack, await login(stack, 'admin', ADMIN_PASSWORD), 'zh').get(
        '/system/dict/data/type/sys_user_sex',
      );
      expect(zh.body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual([
        '男',
        '女',
        '未知',
      ]);
      const en = await admin.get('/system/dict/data/type/sys_user_sex');
      expect(en.body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual([
        'Male',
        'Female',
        'Unknown',
      ]);
      expect(await stack.redis.exists(stack.key('sys_dict:sys_user_sex'))).toBe(1);

      // A change made behind the cache's back shows only after refreshCache.
      await stack.db.query(
        `UPDATE sys_dict_data SET dict_label_en = 'Man' WHERE dict_type = 'sys_user_sex' AND dict_value = '0'`,
      );
      expect((await admin.get('/system/dict/data/type/sys_user_sex')).body.data[0].dictLabel).toBe(
        'Male',
      );
      expect((await admin.del('/system/dict/type/refreshCache')).body.code).toBe(200);
      expect((await admin.get('/system/dict/data/type/sys_user_sex')).body.data[0].dictLabel).toBe(
        'Man',
      );

      // A change through the API evicts the type at once.
      const entry = en.body.data[1];
      await admin.put('/system/dict/data', { ...entry, dictLabel: '女', dictLabelEn: 'Woman' });
      expect((await admin.get('/system/dict/data/type/sys_user_sex')).body.data[1].dictLabel).toBe(
        'Woman',
      );
    });

    it('should manage dictionary types and entries, tree ones included', async () => {
      const type = unique('t').toLowerCase();
      const created = await admin.post('/system/dict/type', {
        dictName: type,
        dictType: type,
        dictKind: '1',
      });
      expect(created.body.code).toBe(200);
      const badType = await admin.post('/system/dict/type', {
        dictName: 'x',
        dictType: 'Bad Type',
      });
      expect(badType.status).toBe(400);
      const root = await admin.post('/system/dict/data', {
        dictType: type,
        dictLabel: '根',
        dictLabelEn: 'Root',
        dictValue: 'r',
      });
      const leaf = await admin.post('/system/dict/data', {
        dictType: type,
        dictLabel: '叶',
        dictLabelEn: 'Leaf',
        dictValue: 'l',
        parentCode: root.body.data.dictCode,
      });
      expect(leaf.body.code).toBe(200);
      const dup = await admin.post('/system/dict/data', {
        dictType: type,
        dictLabel: 'x',
        dictValue: 'r',
      });
      expect(dup.body.msg).toBe('This dictionary already has an entry with this value');
      const tree = await admin.get(`/system/dict/data/tree/${created.body.data.dictId}`);
      expect(tree.body.data[0]).toMatchObject({
        dictLabel: 'Root',
        children: [{ dictLabel: 'Leaf' }],
      });
      expect((await admin.del(`/system/dict/type/${created.body.data.dictId}`)).body.code).toBe(
        500,
      );
      const seeded = await admin.get('/system/dict/type/list?dictKind=1');
      expect(seeded.body.rows.map((t: { dictType: string }) => t.dictType)).toContain(
        'antibody_target_category',
      );
    });

    it('should read a parameter by key through the cache and refresh it', async () => {
      const key = unique('k');
      const created = await admin.post('/system/config', {
        configName: key,
        configKey: key,
        configValue: 'one',
      });
      expect(created.body.code).toBe(200);
      expect((await admin.get(`/system/config/configKey/${key}`)).body.data).toBe('one');
      await stack.db.query('UPDATE sys_config SET config_value = ? WHERE config_key = ?', [
        'two',
        key,
      ]);
      expect((await admin.get(`/system/config/configKey/${key}`)).body.data).toBe('one');
      await admin.del('/system/config/refreshCache');
      expect((await admin.get(`/system/config/configKey/${key}`)).body.data).toBe('two');
      const builtIn = await admin.del('/system/config/1');
      expect(builtIn.body.msg).toBe(
        'The built-in parameter sys.account.captchaEnabled cannot be deleted',
      );
      expect((await admin.del(`/system/config/${created.body.data.configId}`)).body.code).toBe(200);
    });
  });

  describe('notices, rich text and companies', () => {
    it('should sanitise notice HTML on the server and track who read it', async () => {
      // (A javascript: link is refused outright, before the sanitiser: input-safety.spec.ts.)
      const html =
        '<p onclick="steal()">Hello <b>all</b><script>alert(1)</script><a href="https://example.com" onclick="alert(2)">x</a><img src="x" onerror="alert(3)"></p>';
      const created = await admin.post('/system/notice', {
        noticeTitle: 'Hi',
        noticeType: '1',
        noticeContent: html,
      });
      const id = created.body.data.noticeId;
      const stored = (await admin.get(`/system/notice/${id}`)).body.data.noticeContent;
      expect(stored).toBe(
        '<p>Hello <b>all</b>&lt;script&gt;alert(1)&lt;/script&gt;<a href="https://example.com" rel="noopener noreferrer">x</a><img src="x" /></p>',
      );
      const { token } = await registerByPhone(stack);
      const reader = as(stack, token);
      const before = await reader.get('/system/notice/mine');
      expect(before.body.data.unread).toBeGreaterThanOrEqual(1);
      expect((await reader.put(`/system/notice/read/${id}`)).body.data.read).toBe(true);
      const after = await reader.get('/system/notice/mine');
      expect(after.body.data.unread).toBe(before.body.data.unread - 1);
      expect(after.body.data.rows.find((n: { noticeId: number }) => n.noticeId === id).read).toBe(
        true,
      );
      const list = await admin.get('/system/notice/list');
      expect(list.body.rows.find((n: { noticeId: number }) => n.noticeId === id).readCount).toBe(1);
      expect((await reader.get('/system/notice/list')).body.code).toBe(403);
    });

    it('should keep rich text items sanitised', async () => {
      const created = await admin.post('/wujie/richtext', {
        name: 'Agreement',
        content:
          '<h2 style="color:#f00;position:fixed">Terms</h2><iframe src="https://evil"></iframe>',
      });
      const item = (await admin.get(`/wujie/richtext/${created.body.data.id}`)).body.data;
      expect(item.content).toBe('<h2 style="color:#f00">Terms</h2>&lt;iframe&gt;&lt;/iframe&gt;');
      expect((await admin.get('/wujie/richtext/list?name=Agree')).body.total).toBe(1);
    });

    it('should create a company whose code makes registering users join it and count them', async () => {
      const code = unique('C').replace(/_/g, '-');
      const created = await admin.post('/wujie/company', {
        companyName: 'Acme Bio',
        companyCode: code,
        contactPerson: 'Ann',
        contactName: 'Ann Lee',
        contactPhone: '+86 13800000000',
      });
      expect(created.body.code).toBe(200);
      const { body } = await registerByPhone(stack, undefined, { companyCode: code });
      expect(body.code).toBe(200);
      const company = (await admin.get(`/wujie/company/${created.body.data.companyId}`)).body.data;
      expect(company).toMatchObject({ companyName: 'Acme Bio', userCount: 1 });
      expect(company.createTime).toMatch(/^\d{4}-/);
      const users = await admin.get(`/system/user/list?deptId=${company.deptId}`);
      expect(users.body.total).toBe(1);
      expect((await admin.del(`/wujie/company/${company.companyId}`)).body.msg).toBe(
        'The company has users and cannot be deleted',
      );
      const dup = await admin.post('/wujie/company', { companyName: 'Other', companyCode: code });
      expect(dup.body.msg).toBe('This company code already exists');
    });
  });
});
