import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  USER_PASSWORD,
} from '../support/stack';
import { as, type Client, createUser, eventually, rows, unique } from './helpers';

interface OperRow {
  title: string;
  business_type: number;
  method: string;
  oper_name: string;
  oper_param: string;
  json_result: string;
  status: number;
  error_msg: string;
  oper_url: string;
  cost_time: number;
}

describe('monitoring', () => {
  let stack: TestStack;
  let admin: Client;
  let adminToken: string;
  let uploads: string;

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'uploads-'));
    stack = await startStack([identityStarter], {
      UPLOAD_DIR: uploads,
      JOB_MISFIRE_THRESHOLD_MS: '60000',
    });
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
    admin = as(stack, adminToken);
  });
  afterAll(async () => {
    await stack.close();
    await rm(uploads, { recursive: true, force: true });
  });

  describe('operation log', () => {
    it('should record a write with module, type, operator, masked secrets, result and duration', async () => {
      const userName = unique('op');
      await admin.post('/system/user', {
        userName,
        nickName: 'n',
        password: 'Secret#Pass1',
        deptId: 100,
      });
      const row = await eventually(async () => {
        const found = await rows<OperRow>(
          stack,
          `SELECT * FROM sys_oper_log WHERE oper_param LIKE ?`,
          [`%${userName}%`],
        );
        return found[0];
      });
      expect(row).toMatchObject({
        title: '用户管理',
        business_type: 1,
        method: 'UsersController.create',
        oper_name: 'admin',
        oper_url: '/prod-api/system/user',
        status: 0,
      });
      expect(row.oper_param).toContain('"password":"***"');
      expect(row.oper_param).not.toContain('Secret#Pass1');
      expect(JSON.parse(row.json_result)).toMatchObject({
        code: 200,
        data: { userId: expect.any(Number) },
      });
      expect(row.cost_time).toBeGreaterThanOrEqual(0);
    });

    it('should record a failed write with its error message, and writes of anonymous callers', async () => {
      await admin.del('/system/user/1');
      const failed = await eventually(async () => {
        const found = await rows<OperRow>(
          stack,
          `SELECT * FROM sys_oper_log WHERE method = 'UsersController.remove'`,
        );
        return found[0];
      });
      expect(failed).toMatchObject({
        status: 1,
        error_msg: 'The super administrator cannot be changed here',
      });
      await api(stack)
        .post('/prod-api/wujie/user/emailcheck')
        .send({ email: 'nobody@example.com' });
      await eventually(async () => {
        const found = await rows<OperRow>(
          stack,
          `SELECT * FROM sys_oper_log WHERE oper_url = '/prod-api/wujie/user/emailcheck'`,
        );
        return found[0]?.oper_name === '' ? found[0] : null;
      });
      // Sign-in is in the login log, not here.
      const logins = await rows(
        stack,
        `SELECT * FROM sys_oper_log WHERE oper_url = '/prod-api/login'`,
      );
      expect(logins).toHaveLength(0);
    });

    it('should search, export and clean the operation log', async () => {
      await eventually(
        async () => (await admin.get('/monitor/operlog/list?businessType=1')).body.total > 0,
      );
      const search = await admin.get('/monitor/operlog/list?title=Users&status=0&pageSize=10');
      expect(search.body.rows.every((r: { titleEn: string }) => r.titleEn === 'Users')).toBe(true);
      const exported = await api(stack)
        .post('/prod-api/monitor/operlog/export')
        .set('Authorization', `Bearer ${adminToken}`)
        .set('repeatSubmit', 'false')
        .send({});
      expect(exported.status).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      expect((await admin.del('/monitor/operlog/clean')).body.code).toBe(200);
      // Entries written before the clean are gone (the clean and export themselves may land after it).
      const left = await admin.get('/monitor/operlog/list?title=Users');
      expect(left.body.total).toBe(0);
    });
  });

  describe('login log and online users', () => {
    it('should list sign-ins in the reader language and unlock a locked account from there', async () => {
      const u = await createUser(stack, admin, { deptId: 100 });
      for (let i = 0; i < 5; i += 1)
        await api(stack)
          .post('/prod-api/login')
          .set('repeatSubmit', 'false')
          .send({ username: u.userName, password: 'Wrong#Pass1' });
      const locked = await api(stack)
        .post('/prod-api/login?lang=en')
        .send({ username: u.userName, password: USER_PASSWORD });
      expect(locked.body.msg).toMatch(/locked/);
      const list = await admin.get(`/monitor/logininfor/list?userName=${u.userName}&status=1`);
      expect(list.body.total).toBeGreaterThanOrEqual(5);
      expect(list.body.rows[0].msg).toMatch(/locked|Incorrect account or password/);
      expect((await admin.get(`/monitor/logininfor/unlock/${u.userName}`)).body.code).toBe(200);
      expect(await u.token()).toBeTruthy();
    });

    it('should list live sessions and end one by force', async () => {
      const { token, phone } = await registerByPhone(stack);
      const list = await admin.get(`/monitor/online/list?userName=${phone}`);
      expect(list.body.total).toBe(1);
      const session = list.body.rows[0];
      expect(session).toMatchObject({
        userName: phone,
        tokenId: expect.stringMatching(/^[a-f0-9]{64}$/),
      });
      expect((await as(stack, token).get('/getInfo')).body.code).toBe(200);
      expect((await admin.del(`/monitor/online/${session.tokenId}`)).body.code).toBe(200);
      expect((await as(stack, token).get('/getInfo')).body.code).toBe(401);
      expect((await admin.del(`/monitor/online/${session.tokenId}`)).body.code).toBe(500);
    });
  });

  describe('scheduled jobs', () => {
    const job = (fields: Record<string, unknown> = {}) => ({
      jobName: unique('job'),
      jobGroup: 'DEFAULT',
      handler: 'demo.echo',
      params: 'hello',
      cronExpression: '0 0 3 * * ?',
      misfirePolicy: '3',
      concurrent: '1',
      status: '1',
      ...fields,
    });

    it('should refuse handlers outside the registry and invalid cron expressions', async () => {
      const reflection = await admin.post('/monitor/job', job({ handler: 'ryTask.ryParams' }));
      expect(reflection.body.msg).toBe('Unknown job handler');
      const javaLike = await admin.post(
        '/monitor/job',
        job({ handler: "java.lang.Runtime.getRuntime().exec('x')" }),
      );
      expect(javaLike.status).toBe(400);
      const proto = await admin.post('/monitor/job', job({ handler: 'constructor' }));
      expect(proto.body.msg).toBe('Unknown job handler');
      const cron = await admin.post('/monitor/job', job({ cronExpression: '61 * * * *' }));
      expect(cron.body.msg).toBe('The cron expression is not valid');
      const handlers = await admin.get('/monitor/job/handlers');
      expect(handlers.body.data.map((h: { name: string }) => h.name)).toContain('demo.echo');
    });

    it('should refuse a schedule that runs more often than once a minute', async () => {
      for (const cronExpression of ['* * * * * *', '*/30 * * * * *', '0,10 * * * * ?']) {
        const res = await admin.post('/monitor/job', job({ cronExpression }));
        expect(res.body.msg, cronExpression).toBe(
          'A job cannot run more often than once every 60 seconds',
        );
      }
      expect(
        (await admin.post('/monitor/job', job({ cronExpression: '0 * * * * ?' }))).body.code,
      ).toBe(200);
    });

    it('should let only holders of the job-management permission create or change a job', async () => {
      const name = unique('jobs');
      const role = await admin.post('/system/role', {
        roleName: name,
        roleKey: name,
        roleSort: 9,
        menuIds: [200, 202, 202001, 202002, 202003],
      });
      const holder = await createUser(stack, admin, { roleIds: [role.body.data.roleId] });
      const operator = as(stack, await holder.token());
      const created = await operator.post('/monitor/job', job());
      expect(created.body.code).toBe(403);
      const existing = await admin.post('/monitor/job', job());
      const jobId = existing.body.data.jobId as number;
      const changed = await operator.put('/monitor/job', job({ jobId, params: 'changed' }));
      expect(changed.body.code).toBe(403);
      expect((await operator.get(`/monitor/job/${jobId}`)).body.data.params).toBe('hello');
      const [seeded] = await rows<{ n: number }>(
        stack,
        `SELECT COUNT(*) AS n FROM sys_role_menu rm JOIN sys_menu m ON m.menu_id = rm.menu_id
          WHERE m.perms = 'monitor:job:manage'`,
      );
      expect(Number(seeded.n)).toBe(0);
    });

    it('should run a job once and write its log', async () => {
      const created = await admin.post('/monitor/job', job({ params: 'from test' }));
      expect(created.body.code).toBe(200);
      const jobId = created.body.data.jobId;
      expect((await admin.put('/monitor/job/run', { jobId })).body.code).toBe(200);
      const log = await eventually(
        async () => (await admin.get(`/monitor/jobLog/list?jobId=${jobId}`)).body.rows[0],
      );
      expect(log).toMatchObject({
        status: '0',
        jobMessage: 'echo: from test',
        handler: 'demo.echo',
      });
      const failing = await admin.post(
        '/monitor/job',
        job({ handler: 'log.cleanLoginLog', params: 'soon' }),
      );
      await admin.put('/monitor/job/run', { jobId: failing.body.data.jobId });
      const failed = await eventually(
        async () =>
          (await admin.get(`/monitor/jobLog/list?jobId=${failing.body.data.jobId}`)).body.rows[0],
      );
      expect(failed).toMatchObject({ status: '1' });
      expect(failed.exceptionInfo).toMatch(/number of days/);
    });

    it('should schedule a job when resumed and unschedule it when paused', async () => {
      const created = await admin.post('/monitor/job', job());
      const jobId = created.body.data.jobId;
      const resumed = await admin.put('/monitor/job/changeStatus', { jobId, status: '0' });
      expect(resumed.body.data.scheduled).toContain(jobId);
      expect((await admin.get(`/monitor/job/${jobId}`)).body.data.nextValidTime).toMatch(
        /T03:00:00/,
      );
      const paused = await admin.put('/monitor/job/changeStatus', { jobId, status: '1' });
      expect(paused.body.data.scheduled).not.toContain(jobId);
    });

    it('should skip a run while the previous one runs when concurrency is forbidden', async () => {
      const created = await admin.post(
        '/monitor/job',
        job({ handler: 'demo.sleep', params: '400', concurrent: '1' }),
      );
      const jobId = created.body.data.jobId;
      await admin.put('/monitor/job/run', { jobId });
      await admin.put('/monitor/job/run', { jobId });
      const logs = await eventually(async () => {
        const list = (await admin.get(`/monitor/jobLog/list?jobId=${jobId}`)).body.rows;
        return list.length === 2 ? list : null;
      });
      expect(logs.map((l: { status: string }) => l.status).sort()).toEqual(['0', '2']);
    });
  });

  describe('cache and server monitors', () => {
    it('should show Redis figures, key counts by prefix, a key value, and delete keys', async () => {
      await admin.get('/system/dict/data/type/sys_yes_no');
      const info = await admin.get('/monitor/cache');
      expect(info.body.data.info.redis_version).toBeTruthy();
      const names = await admin.get('/monitor/cache/getNames');
      const counts = Object.fromEntries(
        names.body.data.map((n: { cacheName: string; keyCount: number }) => [
          n.cacheName,
          n.keyCount,
        ]),
      );
      expect(counts.login_tokens).toBeGreaterThanOrEqual(1);
      expect(counts.sys_dict).toBeGreaterThanOrEqual(1);
      const keys = await admin.get('/monitor/cache/getKeys/sys_dict');
      expect(keys.body.data).toContain('sys_dict:sys_yes_no');
      const value = await admin.get('/monitor/cache/getValue/sys_dict/sys_dict:sys_yes_no');
      expect(value.body.data).toMatchObject({ type: 'string', cacheKey: 'sys_dict:sys_yes_no' });
      expect(JSON.parse(value.body.data.cacheValue)[0].dict_value).toBe('Y');
      expect((await admin.del('/monitor/cache/clearCacheKey/sys_dict:sys_yes_no')).body.code).toBe(
        200,
      );
      expect(await stack.redis.exists(stack.key('sys_dict:sys_yes_no'))).toBe(0);
      await admin.del('/monitor/cache/clearCacheAll');
      // Sessions survive "clear all".
      expect((await admin.get('/getInfo')).body.code).toBe(200);
    });

    it('should ask every service for its figures over the transport', async () => {
      const res = await admin.get('/monitor/server');
      const byService = Object.fromEntries(
        res.body.data.map((s: { service: string }) => [s.service, s]),
      );
      expect(byService.gateway).toMatchObject({ status: 'UP', cpu: { cores: expect.any(Number) } });
      expect(byService.identity).toMatchObject({
        status: 'UP',
        heap: { usedBytes: expect.any(Number) },
      });
      expect(byService.identity.disks[0].totalBytes).toBeGreaterThan(0);
    });

    it('should document the console routes in the OpenAPI document', async () => {
      const doc = await admin.get('/v3/api-docs');
      expect(Object.keys(doc.body.data.paths)).toEqual(
        expect.arrayContaining(['/system/user/list', '/monitor/job/run', '/common/upload']),
      );
    });
  });

  describe('uploads', () => {
    it('should store an attachment and refuse one whose content does not match its name', async () => {
      const upload = (name: string, content: Buffer, path = '/prod-api/common/upload?lang=en') =>
        api(stack)
          .post(path)
          .set('Authorization', `Bearer ${adminToken}`)
          .attach('file', content, name);
      const ok = await upload('notes.txt', Buffer.from('plain text notes'));
      expect(ok.body).toMatchObject({ code: 200, originalFilename: 'notes.txt' });
      expect(ok.body.fileName).toMatch(/^\/profile\/upload\//);
      const download = await api(stack)
        .get(`/prod-api/common/download/resource?resource=${encodeURIComponent(ok.body.fileName)}`)
        .set('Authorization', `Bearer ${adminToken}`);
      expect(download.text).toBe('plain text notes');
      expect((await upload('fake.pdf', Buffer.from('not a pdf'))).body.msg).toMatch(
        /^Incorrect file format/,
      );
      expect((await upload('run.exe', Buffer.from('MZ'))).body.code).toBe(500);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>';
      const image = '/prod-api/common/upload/image?lang=en';
      const dot = await upload('dot.svg', Buffer.from(svg), image);
      expect(dot.body.code).toBe(200);
      const served = await api(stack).get(`/prod-api${dot.body.fileName}`);
      expect(served.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      for (const evil of [
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>',
      ]) {
        expect((await upload('evil.svg', Buffer.from(evil), image)).body.msg).toBe(
          'Image format error!',
        );
      }
      expect((await upload('doc.pdf', Buffer.from('%PDF-1.4\n'), image)).body.msg).toBe(
        'Image format error!',
      );
    });
  });
});
