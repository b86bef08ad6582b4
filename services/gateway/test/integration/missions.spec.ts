import { identityStarter } from '@platform/identity';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, callerFor, dataOf, oneAgentFlow } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Missions through the gateway as the browser calls them: who may start on which workflow, empty
// submissions, and that every mission a request names is checked against the caller (another
// user's answers 404 exactly as a missing one does: issue 25, a 403 would tell that it exists).

describe('missions through the gateway', () => {
  let stack: TestStack;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let online: number;
  let testing: number;

  const as = (token: string) => callerFor(stack, token);

  const data = dataOf;

  const startAs = (caller: Caller, workflowId: number, lang = 'zh') =>
    caller.post('/wujie/mission', { workflowId, inputs: { text: '人源化 1abc' } }, lang);

  beforeAll(async () => {
    stack = await startStack([identityStarter, workflowStarter], {
      ENGINE_USER: 'gateway-mission-test',
      ENGINE_PASSWORD: 'Gateway-mission-test-engine-password-0123',
    });
    await setCaptcha(stack, false);
    admin = await as(await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await as((await registerByPhone(stack)).token);
    bob = await as((await registerByPhone(stack)).token);
    data(await admin.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
    const create = async (key: string, status: string) =>
      data<{ id: number }>(
        await admin.post('/wujie/workflow', {
          name: key,
          status,
          agentIds: [1],
          workflow: oneAgentFlow(key),
        }),
      ).id;
    online = await create('mission_online', '2');
    testing = await create('mission_testing', '1');
  });
  afterAll(() => stack?.close());

  it('should give a signed-up user (ROLE_DEFAULT) what running their own missions needs', async () => {
    const info = await alice.get('/getInfo');
    expect(info.body.data.roles).toEqual(['ROLE_DEFAULT']);
    expect(info.body.data.permissions).toEqual(
      expect.arrayContaining([
        'wujie:mission:list',
        'wujie:mission:add',
        'wujie:mission:query',
        'wujie:mission:stop',
        'wujie:mission:rerun',
      ]),
    );
    expect(info.body.data.permissions).not.toContain('wujie:mission:review');
    const dict = await alice.get('/system/dict/data/type/wujie_mission_status', 'en');
    expect(dict.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      'not_started',
      'in_progress',
      'user_input',
      'admin_review',
      'admin_confirm',
      'error',
      'stopped',
      'completed',
    ]);
    expect(dict.body.data[5]).toMatchObject({ dictLabel: 'Error interrupted' });
    const runs = await alice.get('/system/dict/data/type/wujie_mission_log_status');
    expect(runs.body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual([
      '运行中',
      '成功',
      '失败',
    ]);
  });

  it('should let a plain user start a mission on an online workflow', async () => {
    const started = data<{ id: number; code: string; status: string }>(
      await startAs(alice, online),
    );
    expect(started).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^M\d{14}[0-9A-F]{8}$/),
      status: 'not_started',
    });
    const mission = data<Record<string, unknown>>(await alice.get(`/wujie/mission/${started.id}`));
    expect(mission).toMatchObject({
      code: started.code,
      ownerUserId: alice.userId,
      workflowId: online,
      workflowVersion: 1,
      inputs: { text: '人源化 1abc' },
      currentNodes: ['Task_1'],
      name: 'mission_online',
    });
  });

  it('should refuse a submission without content, file or patch, in the user language', async () => {
    for (const inputs of [undefined, {}, { text: '   ', files: [], patch: '' }]) {
      const zh = await alice.post('/wujie/mission', { workflowId: online, inputs });
      expect(zh.body).toMatchObject({
        code: 500,
        msg: '提交失败：请输入内容、上传文件或提供补丁',
      });
    }
    const en = await alice.post('/wujie/mission', { workflowId: online, inputs: {} }, 'en');
    expect(en.body.msg).toBe(
      'Submission failed: enter some content, attach a file or give a patch',
    );
    // A file (one the caller uploaded) or a patch alone is enough.
    const pdb = await api(stack)
      .post('/prod-api/common/upload')
      .set('Authorization', `Bearer ${alice.token}`)
      .set('repeatSubmit', 'false')
      .attach('file', Buffer.from('notes'), 'a.txt');
    const files = [String(pdb.body.fileName)];
    data(await alice.post('/wujie/mission', { workflowId: online, inputs: { files } }));
    data(await alice.post('/wujie/mission', { workflowId: online, inputs: { patch: 'H35A' } }));
    const tooMany = await alice.post(
      '/wujie/mission',
      { workflowId: online, inputs: { files: ['1', '2', '3', '4', '5', '6'] } },
      'en',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('At most 5 files can be submitted');
  });

  it('should refuse a workflow in testing to a plain user but start it for an administrator', async () => {
    const zh = await startAs(alice, testing);
    expect(zh.body).toMatchObject({
      code: 500,
      msg: '工作流“mission_testing”正在测试中，只有管理员可以发起测试任务',
    });
    const en = await startAs(alice, testing, 'en');
    expect(en.body.msg).toBe(
      'The workflow "mission_testing" is in testing: only administrators can start test tasks on it',
    );
    const started = data<{ status: string }>(await startAs(admin, testing));
    expect(started.status).toBe('not_started');
    const draft = data<{ id: number }>(
      await admin.post('/wujie/workflow', { name: 'mission_draft', agentIds: [1] }),
    ).id;
    expect((await startAs(admin, draft, 'en')).body.msg).toBe(
      'The workflow "mission_draft" is not online, so no task can be started on it',
    );
    expect((await startAs(alice, 999_999)).body.code).toBe(404);
  });

  it('should list a user their own missions and an administrator everyone’s', async () => {
    const bobs = data<{ id: number }>(await startAs(bob, online));
    const mine = await alice.get('/wujie/mission/list?pageSize=50');
    expect(mine.body.code).toBe(200);
    expect(mine.body.rows.length).toBeGreaterThan(0);
    expect(
      mine.body.rows.every((r: { ownerUserId: number }) => r.ownerUserId === alice.userId),
    ).toBe(true);
    // An owner filter is for administrators: a user cannot widen their list with it.
    const widened = await alice.get(`/wujie/mission/list?ownerUserId=${bob.userId}`);
    expect(widened.body.total).toBe(mine.body.total);
    const all = await admin.get('/wujie/mission/list?pageSize=50');
    const owners = new Set(all.body.rows.map((r: { ownerUserId: number }) => r.ownerUserId));
    expect([...owners]).toEqual(expect.arrayContaining([alice.userId, bob.userId, admin.userId]));
    const onlyBob = await admin.get(`/wujie/mission/list?ownerUserId=${bob.userId}`);
    expect(onlyBob.body.rows.map((r: { id: number }) => r.id)).toEqual([bobs.id]);
  });

  it("should answer another user's mission, its stop and its node runs with 404, exactly as a missing one", async () => {
    const theirs = data<{ id: number; code: string }>(await startAs(bob, online));
    const calls = (id: number, code: string) => [
      () => alice.get(`/wujie/mission/${id}`, 'en'),
      () => alice.post(`/wujie/mission/${id}/stop`, {}, 'en'),
      () => alice.post(`/wujie/mission/${id}/rerun`, { nodeId: 'Task_1' }, 'en'),
      () => alice.post(`/wujie/mission/${id}/reply`, { text: 'hi' }, 'en'),
      () => alice.get(`/wujie/missionLog/list?missionCode=${code}`, 'en'),
    ];
    const nonexistent = calls(99_999_999, 'M-NO-SUCH-MISSION');
    for (const [index, call] of calls(theirs.id, theirs.code).entries()) {
      const [res, none] = [await call(), await nonexistent[index]!()];
      expect(res.status).toBe(404);
      expect({ status: res.status, body: res.body }).toEqual({
        status: none.status,
        body: none.body,
      });
    }
    // Still running: the refused stop changed nothing.
    expect(data<{ status: string }>(await bob.get(`/wujie/mission/${theirs.id}`)).status).toBe(
      'not_started',
    );
    const list = await alice.get('/wujie/mission/list?pageSize=100');
    expect(list.body.rows.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
    // An administrator acts on anyone's.
    expect(data(await admin.get(`/wujie/mission/${theirs.id}`))).toMatchObject({ id: theirs.id });
    expect(
      (await admin.get(`/wujie/missionLog/list?missionCode=${theirs.code}`)).body,
    ).toMatchObject({ code: 200, rows: [], total: 0 });
    expect(
      data<{ status: string }>(await admin.post(`/wujie/mission/${theirs.id}/stop`)).status,
    ).toBe('stopped');

    const missing = await alice.get('/wujie/mission/999999', 'en');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, msg: 'The task does not exist' });
    expect((await alice.get('/wujie/missionLog/list?missionCode=M0')).body.code).toBe(404);
  });

  it('should stop a user’s own mission, then refuse to stop it again with the spec message', async () => {
    const own = data<{ id: number }>(await startAs(alice, online));
    expect(data(await alice.post(`/wujie/mission/${own.id}/stop`))).toMatchObject({
      id: own.id,
      status: 'stopped',
    });
    expect(data(await alice.get(`/wujie/mission/${own.id}`))).toMatchObject({
      status: 'stopped',
      currentNodes: [],
    });
    const zh = await alice.post(`/wujie/mission/${own.id}/stop`);
    expect(zh.body).toEqual({ code: 500, msg: '任务状态不可修改' });
    const en = await alice.post(`/wujie/mission/${own.id}/stop`, {}, 'en');
    expect(en.body).toEqual({ code: 500, msg: 'Task status cannot be modified' });
  });

  it('should refuse the mission routes to a caller without a session', async () => {
    const res = await api(stack).get('/prod-api/wujie/mission/list');
    expect(res.body.code).toBe(401);
  });
});
