import { billingStarter } from '@platform/billing';
import type { GenDbTable, GenPreview, GenTable, GenTableDetail } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import JSZip from 'jszip';
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
import { typecheckGenerated } from '../support/typecheck-generated';

// Issue 30, the code generator (tool/gen): a sample table in identity's own database is listed from
// its information_schema, imported, edited, previewed, type-checked where its files would live, and
// downloaded as a zip holding exactly the previewed files; a change to the table is synchronised.
describe('code generator', () => {
  let stack: TestStack;
  let admin: string;
  let tableId: number;

  const as = (token: string) => ({
    get: (url: string) => api(stack).get(`/prod-api${url}`).set('Authorization', `Bearer ${token}`),
    post: (url: string, body: object) =>
      api(stack)
        .post(`/prod-api${url}`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send(body),
    put: (url: string, body: object) =>
      api(stack)
        .put(`/prod-api${url}`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send(body),
    delete: (url: string) =>
      api(stack).delete(`/prod-api${url}`).set('Authorization', `Bearer ${token}`),
  });
  const detail = async () =>
    (await as(admin).get(`/tool/gen/${tableId}`)).body as { code: number; data: GenTableDetail };

  beforeAll(async () => {
    stack = await startStack([identityStarter, billingStarter], { RPC_TIMEOUT_MS: '3000' });
    await setCaptcha(stack, false);
    admin = await login(stack, 'admin', ADMIN_PASSWORD);
    await stack.db.query(`CREATE TABLE demo_sample (
      sample_id bigint NOT NULL AUTO_INCREMENT COMMENT '编号',
      sample_name varchar(64) NOT NULL COMMENT '名称',
      amount int NULL COMMENT '数量',
      enabled tinyint(1) NOT NULL DEFAULT 1,
      happened_at datetime(3) NULL COMMENT '发生时间',
      status char(1) NOT NULL DEFAULT '0' COMMENT '状态',
      note text NULL COMMENT 'it''s a */ note',
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (sample_id)
    ) COMMENT '示例表'`);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("should list the owner's tables from its information_schema, without the generator's own", async () => {
    const res = await as(admin).get('/tool/gen/db/list?service=identity&pageSize=100');
    expect(res.body.code).toBe(200);
    const rows = res.body.rows as GenDbTable[];
    expect(rows).toContainEqual(
      expect.objectContaining({ tableName: 'demo_sample', tableComment: '示例表' }),
    );
    expect(rows.map((r) => r.tableName)).toContain('sys_user');
    expect(rows.map((r) => r.tableName)).not.toContain('gen_table');
    expect(rows.map((r) => r.tableName)).not.toContain('migrations');
    const filtered = await as(admin).get('/tool/gen/db/list?service=identity&tableName=demo_');
    expect(filtered.body.rows.map((r: GenDbTable) => r.tableName)).toEqual(['demo_sample']);
    expect(filtered.body.total).toBe(1);
    const unknown = await as(admin).get('/tool/gen/db/list?service=nosuch');
    expect(unknown.body.code).toBe(500);
  });

  it('should ask each service for its own tables, and name a service that does not answer', async () => {
    const billing = await as(admin).get('/tool/gen/db/list?service=billing&tableName=points_');
    expect(billing.body.code).toBe(200);
    expect(billing.body.rows.map((r: GenDbTable) => r.tableName)).toEqual(
      expect.arrayContaining(['points_account', 'points_entry']),
    );
    expect(billing.body.rows.map((r: GenDbTable) => r.tableName)).not.toContain('demo_sample');
    // Not in this stack.
    const workflow = await as(admin).get('/tool/gen/db/list?service=workflow');
    expect(workflow.body.code).toBe(500);
    expect(workflow.body.msg).toContain('workflow');
  });

  it('should import only tables the owner lists, never SQL from the request', async () => {
    const elsewhere = await as(admin).post('/tool/gen/importTable', {
      service: 'billing',
      tables: ['demo_sample'],
    });
    expect(elsewhere.body.code).toBe(500);
    const missing = await as(admin).post('/tool/gen/importTable', {
      service: 'identity',
      tables: ['no_such_table'],
    });
    expect(missing.body).toMatchObject({ code: 500 });
    expect(missing.body.msg).toContain('no_such_table');
    const injected = await as(admin).post('/tool/gen/importTable', {
      service: 'identity',
      tables: ['demo_sample; DROP TABLE sys_user'],
    });
    expect(injected.body.code).toBe(500);

    const res = await as(admin).post('/tool/gen/importTable', {
      service: 'identity',
      tables: ['demo_sample'],
    });
    expect(res.body.code).toBe(200);
    const list = await as(admin).get('/tool/gen/list?tableName=demo');
    expect(list.body.total).toBe(1);
    const [table] = list.body.rows as GenTable[];
    tableId = table.tableId;
    expect(table).toMatchObject({
      service: 'identity',
      tableName: 'demo_sample',
      tableComment: '示例表',
      className: 'DemoSample',
      moduleName: 'demo-sample',
      businessName: 'demoSample',
    });
    const again = await as(admin).post('/tool/gen/importTable', {
      service: 'identity',
      tables: ['demo_sample'],
    });
    expect(again.body.code).toBe(500);
    const notListed = await as(admin).get('/tool/gen/db/list?service=identity&tableName=demo_');
    expect(notListed.body.total).toBe(0);
  });

  it('should start each column from its SQL type and save the edits', async () => {
    const { data } = await detail();
    const column = (name: string) => data.rows.find((c) => c.columnName === name)!;
    expect(column('sample_id')).toMatchObject({ isPk: true, isIncrement: true, tsType: 'number' });
    expect(column('sample_name')).toMatchObject({
      tsField: 'sampleName',
      tsType: 'string',
      isRequired: true,
      queryType: 'LIKE',
    });
    expect(column('enabled')).toMatchObject({ tsType: 'boolean', isRequired: false });
    expect(column('happened_at')).toMatchObject({ tsType: 'Date', queryType: 'BETWEEN' });
    expect(column('create_time')).toMatchObject({ isInsert: false, isEdit: false });

    const columns = data.rows.map((c) =>
      c.columnName === 'status' ? { ...c, dictType: 'sys_normal_disable', htmlType: 'select' } : c,
    );
    const saved = await as(admin).put('/tool/gen', {
      ...data.info,
      functionName: '示例',
      functionNameEn: 'Samples',
      columns,
    });
    expect(saved.body.code).toBe(200);
    const bad = await as(admin).put('/tool/gen', { ...data.info, className: 'lower', columns });
    expect(bad.body.code).toBe(500);
    const after = await detail();
    expect(after.data.info.functionNameEn).toBe('Samples');
    expect(after.data.rows.find((c) => c.columnName === 'status')?.dictType).toBe(
      'sys_normal_disable',
    );
  });

  it('should generate files that type-check in the workspace, and zip exactly the preview', async () => {
    const res = await as(admin).get(`/tool/gen/preview/${tableId}`);
    expect(res.body.code).toBe(200);
    const preview = res.body.data as GenPreview;
    expect(Object.keys(preview)).toHaveLength(11);
    expect(Object.keys(preview)).toEqual(
      expect.arrayContaining([
        'services/identity/src/demo-sample/demo-sample.entity.ts',
        'services/identity/src/demo-sample/demo-sample.service.ts',
        'services/identity/src/demo-sample/demo-sample.controller.ts',
        'services/identity/src/demo-sample/demo-sample.module.ts',
        'packages/contracts/src/generated/demo-sample.ts',
        'packages/contracts/src/dto/generated/demo-sample.dto.ts',
        'services/gateway/src/demo-sample/demo-sample.controller.ts',
        'web/src/features/demo-sample/DemoSamplePage.tsx',
        'web/scripts/zh/demo-sample.json',
        expect.stringMatching(
          /^services\/identity\/src\/database\/migrations\/\d+-CreateDemoSample\.ts$/,
        ),
        expect.stringMatching(
          /^services\/identity\/src\/database\/migrations\/\d+-DemoSampleMenu\.ts$/,
        ),
      ]),
    );
    const [tableMigration] = Object.keys(preview).filter((p) => p.endsWith('-CreateDemoSample.ts'));
    expect(preview[tableMigration]).toContain("`status` char(1) NOT NULL DEFAULT \\'0\\',");
    expect(preview[tableMigration]).toMatch(/`amount` int(\(11\))? NULL,/);
    const gateway = preview['services/gateway/src/demo-sample/demo-sample.controller.ts'];
    expect(gateway).toContain('@RequirePermissions(P.remove)');
    expect(preview['packages/contracts/src/generated/demo-sample.ts']).toContain(
      "list: 'identity:demoSample:list'",
    );
    expect(preview['web/src/features/demo-sample/DemoSamplePage.tsx']).toContain(
      "useDict('sys_normal_disable')",
    );
    expect(JSON.parse(preview['web/scripts/zh/demo-sample.json'])).toMatchObject({
      'Sample name': '名称',
    });

    const checked = await typecheckGenerated(preview);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);

    const zipRes = await as(admin)
      .get(`/tool/gen/batchGenCode?tableIds=${tableId}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(zipRes.headers['content-disposition']).toMatch(/^attachment;/);
    const zip = await JSZip.loadAsync(zipRes.body as Buffer);
    const entries = Object.values(zip.files).filter((f) => !f.dir);
    const unzipped = Object.fromEntries(
      await Promise.all(entries.map(async (f) => [f.name, await f.async('string')] as const)),
    );
    expect(unzipped).toEqual(preview);
  }, 240_000);

  it('should fail the type check of a generated file that is wrong', async () => {
    const res = await as(admin).get(`/tool/gen/preview/${tableId}`);
    const preview = res.body.data as GenPreview;
    const service = 'services/identity/src/demo-sample/demo-sample.service.ts';
    const page = 'web/src/features/demo-sample/DemoSamplePage.tsx';
    const checked = await typecheckGenerated({
      ...preview,
      [service]: preview[service].replace('order: { sampleId:', 'order: { noSuchField:'),
      [page]: preview[page].replace('remove: P.remove', 'remove: P.noSuchPermission'),
    });
    expect(checked.ok).toBe(false);
    expect(checked.output).toContain('noSuchField');
    expect(checked.output).toContain('noSuchPermission');
  }, 240_000);

  it('should synchronise columns with the live table and keep the edits of kept columns', async () => {
    await stack.db.query(
      `ALTER TABLE demo_sample ADD COLUMN score decimal(10,2) NULL COMMENT '分数', DROP COLUMN note,
         MODIFY COLUMN amount bigint NULL COMMENT '数量'`,
    );
    const res = await as(admin).get(`/tool/gen/synchDb/${tableId}`);
    expect(res.body.code).toBe(200);
    const { data } = await detail();
    const names = data.rows.map((c) => c.columnName);
    expect(names).toContain('score');
    expect(names).not.toContain('note');
    expect(data.rows.find((c) => c.columnName === 'score')).toMatchObject({ tsType: 'number' });
    expect(data.rows.find((c) => c.columnName === 'amount')?.columnType).toMatch(/^bigint/);
    expect(data.rows.find((c) => c.columnName === 'status')?.dictType).toBe('sys_normal_disable');
  });

  it('should refuse every generator route to a user without its permission', async () => {
    const { token } = await registerByPhone(stack);
    for (const url of [
      '/tool/gen/list',
      '/tool/gen/db/list?service=identity',
      `/tool/gen/${tableId}`,
      `/tool/gen/preview/${tableId}`,
      `/tool/gen/synchDb/${tableId}`,
      `/tool/gen/batchGenCode?tableIds=${tableId}`,
    ]) {
      expect((await as(token).get(url)).body.code, url).toBe(403);
    }
    expect((await as(token).delete(`/tool/gen/${tableId}`)).body.code).toBe(403);
  });

  it("should give an editor holding only the generator's permissions the menu tree and the dictionary types", async () => {
    const name = `gen${Date.now()}`;
    const role = await as(admin).post('/system/role', {
      roleName: name,
      roleKey: name,
      roleSort: 9,
      menuIds: [300, 302, 302001],
    });
    expect(role.body.code).toBe(200);
    const user = await as(admin).post('/system/user', {
      userName: name,
      nickName: name,
      password: 'Gen#Pass2024',
      roleIds: [role.body.data.roleId],
    });
    expect(user.body.code).toBe(200);
    const editor = await login(stack, name, 'Gen#Pass2024');
    const tree = await as(editor).get('/system/menu/treeselect');
    expect(tree.body.code).toBe(200);
    expect(JSON.stringify(tree.body.data)).toContain('"id":302');
    const types = await as(editor).get('/system/dict/type/optionselect');
    expect(types.body.code).toBe(200);
    expect(types.body.data.map((t: { dictType: string }) => t.dictType)).toContain(
      'sys_normal_disable',
    );
    // The rest of the menu and dictionary screens stay closed to it.
    expect((await as(editor).get('/system/menu/list')).body.code).toBe(403);
    expect((await as(editor).get('/system/dict/type/list')).body.code).toBe(403);
  });

  it('should remove imported tables', async () => {
    const res = await as(admin).delete(`/tool/gen/${tableId}`);
    expect(res.body.code).toBe(200);
    expect((await as(admin).get('/tool/gen/list')).body.total).toBe(0);
    expect((await as(admin).get(`/tool/gen/${tableId}`)).body.code).toBe(500);
  });
});
