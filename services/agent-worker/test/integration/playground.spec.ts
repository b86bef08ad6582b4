import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import type { PlaygroundAgentRunView, PlaygroundWorkflowView } from '@platform/contracts';
import { api, login, registerByPhone, USER_PASSWORD } from '@platform/test-support';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataOf, startWorld, type World } from '../support/world';

// The playground through the gateway: one agent run on free inputs in a real agent worker (the
// runner a mission's node uses, nothing stored), the workflows a caller may try, and who may do it.

const VH = THERAPEUTIC_CHAINS.find((c) => c.name === 'trastuzumab VH')!.sequence;

describe('playground', () => {
  let world: World;
  let userToken: string;
  let userPhone: string;
  let agents: Map<string, number>;
  let worker: Awaited<ReturnType<World['startWorker']>>;

  const as = (token: string) => ({
    get: (path: string, lang = 'zh') =>
      api(world.stack)
        .get(`/prod-api${path}`)
        .set('Authorization', `Bearer ${token}`)
        .set('lang', lang),
    post: (path: string, body: object, lang = 'zh') =>
      api(world.stack)
        .post(`/prod-api${path}`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .set('lang', lang)
        .send(body),
  });
  const run = (token: string, body: object, lang = 'zh') =>
    as(token).post('/wujie/playground/agent/run', body, lang);
  const missions = async () => {
    const [rows] = await world.stack.dbs.workflow.query('SELECT COUNT(*) AS n FROM wf_mission');
    return Number((rows as { n: number }[])[0]!.n);
  };

  beforeAll(async () => {
    world = await startWorld();
    worker = await world.startWorker();
    const user = await registerByPhone(world.stack);
    userToken = user.token;
    userPhone = user.phone;
    const listed = dataOf<{ id: number; nameEn?: string }[]>(
      await as(userToken).get('/wujie/playground/agents'),
    );
    agents = new Map(listed.map((a) => [a.nameEn ?? '', a.id]));
  });
  afterAll(async () => {
    await world?.close();
  });

  it("should run one agent on a user's inputs in the worker and answer each step and the output, storing nothing", async () => {
    const before = await missions();
    const res = await run(userToken, {
      agentId: agents.get('Numbering agent'),
      inputs: { text: `  Number this antibody\n>VH\n${VH}\n  ` },
    });
    const view = dataOf<PlaygroundAgentRunView>(res);
    expect(view).toMatchObject({
      agentNameEn: 'Numbering agent',
      status: 'success',
      mode: 'tools',
      error: '',
      inputs: { text: `Number this antibody\n>VH\n${VH}` },
    });
    expect(view.steps.map((s) => [s.kind, s.name])).toEqual([['tool', 'antibody.number']]);
    expect(view.steps[0]!.summary.zh).toBeTruthy();
    expect(view.output).toMatchObject({ result: expect.any(String), steps: view.steps });
    expect(JSON.stringify(view.output)).toContain('cdr3');
    expect(view.durationMs).toBeGreaterThanOrEqual(0);
    expect(await missions()).toBe(before);
  });

  it('should answer what the agent asks for when an input is missing, in the request language', async () => {
    const id = agents.get('Epitope predictor');
    const zh = dataOf<PlaygroundAgentRunView>(
      await run(userToken, { agentId: id, inputs: { text: '预测表位' } }),
    );
    expect(zh).toMatchObject({ status: 'needs_input', output: null, steps: [] });
    expect(zh.question).toBe('请提供抗原的蛋白序列（FASTA 或直接粘贴序列）。');
    expect(zh.error).toBe('输入中没有找到抗原蛋白序列');
    const en = dataOf<PlaygroundAgentRunView>(
      await run(userToken, { agentId: id, inputs: { patch: 'predict' } }, 'en'),
    );
    expect(en.question).toBe("Please give the antigen's protein sequence (FASTA or plain).");
  });

  it('should refuse empty inputs, a bad body and an unknown or disabled agent', async () => {
    const id = agents.get('Numbering agent')!;
    const empty = await run(userToken, { agentId: id, inputs: { text: '  ' } }, 'en');
    expect(empty.body).toMatchObject({ code: 500 });
    expect(empty.body.msg).toMatch(/enter some content, attach a file or give a patch/i);
    const bad = await run(userToken, { agentId: 'x' });
    expect(bad.status).toBe(400);
    const unknown = await run(userToken, { agentId: 999_999, inputs: { text: VH } }, 'en');
    expect(unknown.body).toMatchObject({
      code: 404,
      msg: 'The agent does not exist or is disabled',
    });
    await world.stack.dbs.workflow.query("UPDATE wf_agent SET status = '1' WHERE id = ?", [id]);
    try {
      const disabled = await run(userToken, { agentId: id, inputs: { text: VH } });
      expect(disabled.body).toMatchObject({ code: 404, msg: '智能体不存在或已停用' });
    } finally {
      await world.stack.dbs.workflow.query("UPDATE wf_agent SET status = '0' WHERE id = ?", [id]);
    }
  });

  it('should list online workflows to users and those in testing too to administrators', async () => {
    const [rows] = await world.stack.dbs.workflow.query(
      "SELECT id FROM wf_workflow WHERE process_key = 'epitope_prediction'",
    );
    const epitope = Number((rows as { id: number }[])[0]!.id);
    await world.stack.dbs.workflow.query("UPDATE wf_workflow SET status = '1' WHERE id = ?", [
      epitope,
    ]);
    try {
      const ids = (res: Response) => dataOf<PlaygroundWorkflowView[]>(res).map((w) => w.id);
      const user = await as(userToken).get('/wujie/playground/workflows');
      expect(ids(user)).not.toContain(epitope);
      expect(ids(user).length).toBeGreaterThanOrEqual(4);
      const admin = await world.get('/wujie/playground/workflows');
      expect(ids(admin)).toContain(epitope);
    } finally {
      await world.stack.dbs.workflow.query("UPDATE wf_workflow SET status = '2' WHERE id = ?", [
        epitope,
      ]);
    }
  });

  it('should refuse a user without the playground permission', async () => {
    // The default role holds wujie:playground:use through the "Playground" menu entry (14).
    await world.stack.db.query('DELETE FROM sys_role_menu WHERE role_id = 2 AND menu_id = 14');
    try {
      const token = await login(world.stack, userPhone, USER_PASSWORD);
      const res = await run(token, {
        agentId: agents.get('Numbering agent'),
        inputs: { text: VH },
      });
      expect(res.body).toMatchObject({ code: 403 });
      expect((await as(token).get('/wujie/playground/agents')).body).toMatchObject({ code: 403 });
    } finally {
      await world.stack.db.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES (2, 14)');
    }
  });

  it('should say at once that no agent worker runs instead of waiting out the run', async () => {
    await worker.close();
    const started = Date.now();
    const res = await run(
      userToken,
      {
        agentId: agents.get('Numbering agent'),
        inputs: { text: VH },
      },
      'en',
    );
    expect(res.body).toMatchObject({
      code: 500,
      msg: 'No agent worker is running, please try again later',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
