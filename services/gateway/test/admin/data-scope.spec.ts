import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PASSWORD, login, setCaptcha, startStack, type TestStack } from '../support/stack';
import { as, type Client, createUser, unique } from './helpers';

// Menus granting user management (101 + its buttons) and department management (104 + buttons).
const USER_MENUS = [100, 101, 101001, 101002, 101003, 101004, 101005, 101006, 101007];
const DEPT_MENUS = [104, 104001, 104002, 104003, 104004];

describe('data scope on reads and writes', () => {
  let stack: TestStack;
  let admin: Client;
  const dept: Record<'A' | 'A1' | 'B', number> = { A: 0, A1: 0, B: 0 };
  const user: Record<'manager' | 'inA' | 'inA1' | 'inB' | 'inRoot', number> = {
    manager: 0,
    inA: 0,
    inA1: 0,
    inB: 0,
    inRoot: 0,
  };
  let scopedRole: number;
  let manager: Client;

  const createDept = async (parentId: number) => {
    const res = await admin.post('/system/dept', { parentId, deptName: unique('d'), orderNum: 1 });
    expect(res.body.code).toBe(200);
    return res.body.data.deptId as number;
  };

  const createRole = async (menuIds: number[]) => {
    const name = unique('r');
    const res = await admin.post('/system/role', {
      roleName: name,
      roleKey: name,
      roleSort: 5,
      menuIds,
    });
    expect(res.body.code).toBe(200);
    return res.body.data.roleId as number;
  };

  const setScope = async (roleId: number, dataScope: string, deptIds: number[] = []) => {
    const res = await admin.put('/system/role/dataScope', { roleId, dataScope, deptIds });
    expect(res.body.code).toBe(200);
  };

  const visibleUsers = async (client: Client) => {
    const res = await client.get('/system/user/list?pageSize=100');
    expect(res.body.code).toBe(200);
    return new Set<number>(res.body.rows.map((r: { userId: number }) => r.userId));
  };

  const ours = () => Object.values(user);

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = as(stack, await login(stack, 'admin', ADMIN_PASSWORD));
    dept.A = await createDept(100);
    dept.A1 = await createDept(dept.A);
    dept.B = await createDept(100);
    scopedRole = await createRole([...USER_MENUS, ...DEPT_MENUS]);
    const m = await createUser(stack, admin, { deptId: dept.A, roleIds: [scopedRole] });
    user.manager = m.userId;
    user.inA = (await createUser(stack, admin, { deptId: dept.A })).userId;
    user.inA1 = (await createUser(stack, admin, { deptId: dept.A1 })).userId;
    user.inB = (await createUser(stack, admin, { deptId: dept.B })).userId;
    user.inRoot = (await createUser(stack, admin, { deptId: 100 })).userId;
    manager = as(stack, await m.token());
  });
  afterAll(() => stack.close());

  const levels: [string, string, (keyof typeof user)[], ('A' | 'A1' | 'B')[]][] = [
    ['all', '1', ['manager', 'inA', 'inA1', 'inB', 'inRoot'], ['A', 'A1', 'B']],
    ['custom departments (B)', '2', ['inB'], ['B']],
    ['own department', '3', ['manager', 'inA'], ['A']],
    ['department and below', '4', ['manager', 'inA', 'inA1'], ['A', 'A1']],
    ['self', '5', ['manager'], []],
  ];

  it.each(levels)('should limit reads to the scope "%s"', async (_name, level, users, depts) => {
    await setScope(scopedRole, level, level === '2' ? [dept.B] : []);
    const seen = await visibleUsers(manager);
    expect(
      ours()
        .filter((id) => seen.has(id))
        .sort(),
    ).toEqual(users.map((k) => user[k]).sort());
    if (level !== '1') expect(seen.has(1)).toBe(false);

    const deptRes = await manager.get('/system/dept/list');
    const seenDepts = new Set(deptRes.body.data.map((d: { deptId: number }) => d.deptId));
    expect(
      Object.values(dept)
        .filter((id) => seenDepts.has(id))
        .sort(),
    ).toEqual(depts.map((k) => dept[k]).sort());
    const tree = await manager.get('/system/user/deptTree');
    expect(tree.body.code).toBe(200);
  });

  // A user outside the scope answers exactly as a user that does not exist (issue 25).
  it.each(levels)('should limit writes to the scope "%s"', async (_name, level, users) => {
    await setScope(scopedRole, level, level === '2' ? [dept.B] : []);
    const calls = (userId: number) => [
      () => manager.put('/system/user/changeStatus', { userId, status: '0' }),
      () => manager.get(`/system/user/${userId}`),
      () => manager.put('/system/user/resetPwd', { userId, password: 'Another#Pass1' }),
    ];
    const nonexistent = calls(99_999_999);
    for (const key of ['inA', 'inA1', 'inB', 'inRoot'] as const) {
      for (const [index, call] of calls(user[key]).entries()) {
        const res = await call();
        if (users.includes(key)) expect(res.body.code, `${level} ${key} ${index}`).toBe(200);
        else
          expect(res.body, `${level} ${key} ${index}`).toEqual((await nonexistent[index]!()).body);
      }
    }
  });

  it('should refuse to create a user or department outside the scope', async () => {
    await setScope(scopedRole, '4');
    const inside = await manager.post('/system/user', {
      userName: unique('c'),
      nickName: 'inside',
      password: 'Inside#Pass1',
      deptId: dept.A1,
    });
    expect(inside.body.code).toBe(200);
    const outside = await manager.post('/system/user', {
      userName: unique('c'),
      nickName: 'outside',
      password: 'Outside#Pass1',
      deptId: dept.B,
    });
    // The department out of scope "does not exist" for the manager.
    expect(outside.body).toEqual({ code: 500, msg: 'Department does not exist' });
    const noDept = await manager.post('/system/user', {
      userName: unique('c'),
      nickName: 'nodept',
      password: 'NoDept#Pass1',
    });
    expect(noDept.body.code).toBe(403);
    expect(
      (await manager.post('/system/dept', { parentId: dept.A1, deptName: unique('d') })).body.code,
    ).toBe(200);
    const underB = await manager.post('/system/dept', { parentId: dept.B, deptName: unique('d') });
    const underNone = await manager.post('/system/dept', {
      parentId: 99_999_999,
      deptName: unique('d'),
    });
    expect(underB.body.code).toBe(500);
    expect(underB.body).toEqual(underNone.body);
    const deleted = await manager.del(`/system/dept/${dept.B}`);
    expect(deleted.body.code).toBe(500);
    expect(deleted.body).toEqual((await manager.del('/system/dept/99999999')).body);
  });

  it('should refuse to move a user in scope to a department out of scope', async () => {
    await setScope(scopedRole, '4');
    const detail = await manager.get(`/system/user/${user.inA1}`);
    const current = detail.body.data.user;
    const res = await manager.put('/system/user', {
      userId: user.inA1,
      userName: current.userName,
      nickName: current.nickName,
      deptId: dept.B,
    });
    expect(res.body.code).toBe(500);
  });

  it('should combine the scopes of several roles, counting only roles that grant the permission', async () => {
    await setScope(scopedRole, '2', [dept.B]);
    const selfRole = await createRole(USER_MENUS);
    await setScope(selfRole, '5');
    // "All", but without any user-management permission: must not widen what the manager sees.
    const unrelated = await createRole([108, 108001]);
    await setScope(unrelated, '1');
    const res = await admin.put('/system/user/authRole', {
      userId: user.manager,
      roleIds: [scopedRole, selfRole, unrelated],
    });
    expect(res.body.code).toBe(200);
    const seen = await visibleUsers(manager);
    expect(
      ours()
        .filter((id) => seen.has(id))
        .sort(),
    ).toEqual([user.manager, user.inB].sort());
    expect(
      (await manager.put('/system/user/changeStatus', { userId: user.inA, status: '0' })).body.code,
    ).toBe(500);
    expect(
      (await manager.put('/system/user/changeStatus', { userId: user.inB, status: '0' })).body.code,
    ).toBe(200);
  });

  it('should check every id of a batch delete against the scope', async () => {
    await admin.put('/system/user/authRole', { userId: user.manager, roleIds: [scopedRole] });
    await setScope(scopedRole, '3');
    const res = await manager.del(`/system/user/${user.inA},${user.inB}`);
    expect(res.body.code).toBe(500);
    const still = await admin.get(`/system/user/${user.inA}`);
    expect(still.body.data.user.userId).toBe(user.inA);
  });
});
