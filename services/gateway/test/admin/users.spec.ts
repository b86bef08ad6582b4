import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { identityStarter } from '@platform/identity';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
  USER_PASSWORD,
} from '../support/stack';
import { as, type Client, createUser, rows, unique } from './helpers';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function xlsxOf(header: string[], lines: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(header);
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('user management', () => {
  let stack: TestStack;
  let admin: Client;
  let adminToken: string;
  let uploads: string;

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'uploads-'));
    stack = await startStack([identityStarter], { UPLOAD_DIR: uploads });
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
    admin = as(stack, adminToken);
  });
  afterAll(async () => {
    await stack.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('should create, read, update, page and delete a user', async () => {
    const created = await createUser(stack, admin, {
      deptId: 100,
      email: 'Someone@Example.com',
      qu: '+86',
      phonenumber: '13700001111',
      roleIds: [2],
      postIds: [1],
    });
    const detail = await admin.get(`/system/user/${created.userId}`);
    expect(detail.body.data.user).toMatchObject({
      userName: created.userName,
      email: 'someone@example.com',
      qu: '86',
      deptName: '总部',
    });
    expect(detail.body.data.roleIds).toEqual([2]);
    expect(detail.body.data.postIds).toEqual([1]);

    const update = await admin.put('/system/user', {
      userId: created.userId,
      userName: created.userName,
      nickName: 'Renamed',
      deptId: 100,
      roleIds: [],
    });
    expect(update.body.code).toBe(200);
    const page = await admin.get(
      `/system/user/list?pageNum=1&pageSize=10&userName=${created.userName}`,
    );
    expect(page.body).toMatchObject({ code: 200, total: 1 });
    expect(page.body.rows[0].nickName).toBe('Renamed');

    expect((await admin.del(`/system/user/${created.userId}`)).body.code).toBe(200);
    const after = await admin.get(`/system/user/list?userName=${created.userName}`);
    expect(after.body.total).toBe(0);
    await expect(created.token()).rejects.toThrow();
  });

  it('should page with the requested size and refuse sort fields outside the allow-list', async () => {
    for (let i = 0; i < 3; i += 1) await createUser(stack, admin);
    const page = await admin.get(
      '/system/user/list?pageNum=1&pageSize=2&orderByColumn=userId&isAsc=asc',
    );
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.rows[0].userId).toBe(1);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    const bad = await admin.get('/system/user/list?orderByColumn=password');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({
      field: 'orderByColumn',
      msg: 'Sort field is invalid',
    });
    const injected = await admin.get('/system/user/list?isAsc=desc;drop');
    expect(injected.status).toBe(400);
  });

  it('should explain invalid input field by field, in the request language', async () => {
    const en = await admin.post('/system/user', {
      userName: '',
      nickName: 'x'.repeat(31),
      password: 'weak',
    });
    expect(en.status).toBe(400);
    const messages = Object.fromEntries(
      en.body.data.errors.map((e: { field: string; msg: string }) => [e.field, e.msg]),
    );
    expect(messages.userName).toBe('User name cannot be empty');
    expect(messages.nickName).toBe('Length should not exceed 30 characters');
    expect(messages.password).toMatch(/^Password must be 8 to 32 characters/);
    const zh = await as(stack, adminToken, 'zh').post('/system/user', {
      nickName: 'n',
      password: 'Abcdef1!',
    });
    expect(zh.body.data.errors.map((e: { msg: string }) => e.msg)).toContain('用户名不能为空');
    const taken = await admin.post('/system/user', {
      userName: 'admin',
      nickName: 'dup',
      password: 'Abcdef1!x',
    });
    expect(taken.body).toMatchObject({ code: 500, msg: 'This user name already exists' });
  });

  it('should refuse to delete or disable user 1 and to delete oneself', async () => {
    const del = await admin.del('/system/user/1');
    expect(del.body).toMatchObject({
      code: 500,
      msg: 'The super administrator cannot be changed here',
    });
    const other = await createUser(stack, admin, { deptId: 100, roleIds: [1] });
    const second = as(stack, await other.token());
    expect((await second.del('/system/user/1')).body.code).toBe(500);
    expect(
      (await second.put('/system/user/changeStatus', { userId: 1, status: '1' })).body.code,
    ).toBe(500);
    expect((await second.del(`/system/user/${other.userId}`)).body.msg).toBe(
      'You cannot delete yourself',
    );
    const [row] = await rows<{ status: string; del_flag: string }>(
      stack,
      'SELECT status, del_flag FROM sys_user WHERE user_id = 1',
    );
    expect(row).toEqual({ status: '0', del_flag: '0' });
  });

  it('should refuse an administrator removing their own admin role, and a non-admin granting it', async () => {
    const other = await createUser(stack, admin, { deptId: 100, roleIds: [1] });
    const second = as(stack, await other.token());
    const drop = await second.put('/system/user/authRole', { userId: other.userId, roleIds: [2] });
    expect(drop.body.msg).toBe('You cannot remove your own administrator role');
    const byRole = await second.put('/system/role/authUser/cancel', {
      roleId: 1,
      userId: other.userId,
    });
    expect(byRole.body.msg).toBe('You cannot remove your own administrator role');

    const roleName = unique('r');
    const role = await admin.post('/system/role', {
      roleName,
      roleKey: roleName,
      roleSort: 3,
      menuIds: [100, 101, 101001, 101003],
    });
    const editor = await createUser(stack, admin, {
      deptId: 100,
      roleIds: [role.body.data.roleId],
    });
    const target = await createUser(stack, admin, { deptId: 100 });
    const grant = await as(stack, await editor.token()).put('/system/user/authRole', {
      userId: target.userId,
      roleIds: [1],
    });
    expect(grant.body.code).toBe(403);
  });

  it('should reset a password, ending the user sessions, and disable an account', async () => {
    const u = await createUser(stack, admin, { deptId: 100 });
    const token = await u.token();
    const reset = await admin.put('/system/user/resetPwd', {
      userId: u.userId,
      password: 'Fresh#Pass2026',
    });
    expect(reset.body.code).toBe(200);
    expect((await as(stack, token).get('/getInfo')).body.code).toBe(401);
    await login(stack, u.userName, 'Fresh#Pass2026');
    await admin.put('/system/user/changeStatus', { userId: u.userId, status: '1' });
    await expect(login(stack, u.userName, 'Fresh#Pass2026')).rejects.toThrow(/停用/);
  });

  it('should give the role assignment screen the roles with the held ones flagged', async () => {
    const u = await createUser(stack, admin, { deptId: 100, roleIds: [2] });
    const res = await admin.get(`/system/user/authRole/${u.userId}`);
    const flags = Object.fromEntries(
      res.body.data.roles.map((r: { roleId: number; flag: boolean }) => [r.roleId, r.flag]),
    );
    expect(flags).toMatchObject({ 1: false, 2: true, 3: false });
  });

  it('should let a user read and change their profile, password, page size and tour flag', async () => {
    const u = await createUser(stack, admin, { deptId: 100, roleIds: [2], postIds: [2] });
    const token = await u.token();
    const me = as(stack, token);
    // Role and post names in the reader's language.
    const profile = await me.get('/system/user/profile');
    expect(profile.body.data).toMatchObject({
      roleGroup: 'Ordinary user',
      postGroup: 'Project manager',
      user: { deptName: expect.any(String), deptNameEn: expect.any(String) },
    });
    const inChinese = await as(stack, token, 'zh').get('/system/user/profile');
    expect(inChinese.body.data).toMatchObject({ roleGroup: '普通用户', postGroup: '项目经理' });
    expect((await me.put('/system/user/profile', { nickName: 'Me', sex: '1' })).body.code).toBe(
      200,
    );
    expect((await me.get('/getInfo')).body.data.user.nickName).toBe('Me');
    const wrong = await me.put('/system/user/profile/updatePwd', {
      oldPassword: 'Wrong#Pass1',
      newPassword: 'Newer#Pass2026',
    });
    expect(wrong.body.msg).toBe('Old password is incorrect');
    const ok = await me.put('/system/user/profile/updatePwd', {
      oldPassword: USER_PASSWORD,
      newPassword: 'Newer#Pass2026',
    });
    expect(ok.body.code).toBe(200);
    expect((await me.get('/getInfo')).body.code).toBe(200);
    await login(stack, u.userName, 'Newer#Pass2026');
    expect((await me.get('/system/user/profile/updatepagesize/30')).body.code).toBe(200);
    expect((await me.get('/system/user/profile/updatepagesize/31')).body.code).toBe(500);
    expect((await me.get('/system/user/profile/updatetour/1')).body.code).toBe(200);
    const info = await me.get('/getInfo');
    expect(info.body.data.user).toMatchObject({ pagesize: 30, tour: 1 });
  });

  it('should take an avatar whose content is an image and refuse others or big ones', async () => {
    const u = await createUser(stack, admin, { deptId: 100 });
    const token = await u.token();
    const upload = (name: string, content: Buffer, field = 'avatarfile') =>
      api(stack)
        .post('/prod-api/system/user/profile/avatar?lang=en')
        .set('Authorization', `Bearer ${token}`)
        .attach(field, content, name);
    const ok = await upload('me.png', PNG);
    expect(ok.body).toMatchObject({ code: 200 });
    expect(ok.body.imgUrl).toMatch(
      /^\/prod-api\/profile\/avatar\/\d{4}\/\d{2}\/\d{2}\/[\w-]+\.png$/,
    );
    const served = await api(stack).get(ok.body.imgUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await as(stack, token).get('/getInfo')).body.data.user.avatar).toBe(ok.body.imgUrl);

    const disguised = await upload(
      'evil.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(disguised.body).toMatchObject({ code: 500, msg: 'Image format error!' });
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.body).toMatchObject({ code: 500, msg: 'Upload file size cannot exceed 5 MB!' });
    const wrongField = await upload('me.png', PNG, 'file');
    expect(wrongField.body.msg).toBe('Please choose a file to upload');
    const traversal = await api(stack).get('/prod-api/profile/..%2f..%2fetc/passwd');
    expect(traversal.status).toBe(404);
  });

  it('should import users from .xlsx (headers in either language) and export them back', async () => {
    const a = unique('imp');
    const b = unique('imp');
    const file = await xlsxOf(
      ['用户名称', 'Nickname', 'Email', '手机号码', 'Department ID'],
      [
        [a, 'Imported A', `${a}@example.com`, '13600002222', 100],
        [b, 'Imported B', '', '', ''],
        ['x', 'bad name', '', '', ''],
        ['admin', 'exists', '', '', ''],
      ],
    );
    const res = await api(stack)
      .post('/prod-api/system/user/importData?lang=en')
      .set('Authorization', `Bearer ${adminToken}`)
      .attach('file', file, 'users.xlsx');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, updated: 0 });
    expect(res.body.data.failed.map((f: { row: number }) => f.row)).toEqual([4, 5]);
    expect(res.body.data.message).toBe('Import finished: 2 created, 0 updated, 2 failed');

    const notXlsx = await api(stack)
      .post('/prod-api/system/user/importData?lang=en')
      .set('Authorization', `Bearer ${adminToken}`)
      .attach('file', Buffer.from('a,b\n1,2'), 'users.xlsx');
    expect(notXlsx.body.msg).toMatch(/^Incorrect file format/);

    const exported = await api(stack)
      .post('/prod-api/system/user/export?lang=en')
      .set('Authorization', `Bearer ${adminToken}`)
      .set('repeatSubmit', 'false')
      .send({ userName: 'imp' })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(2).text).toBe('User name');
    const names: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) names.push(row.getCell(2).text);
    });
    expect(names).toEqual(expect.arrayContaining([a, b]));

    const template = await api(stack)
      .post('/prod-api/system/user/importTemplate?lang=zh')
      .set('Authorization', `Bearer ${adminToken}`)
      .set('repeatSubmit', 'false');
    expect(template.status).toBe(200);
  });
});
