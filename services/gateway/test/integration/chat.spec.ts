import { identityStarter } from '@platform/identity';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, callerFor, dataOf, oneAgentFlow } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  postSse,
  registerByPhone,
  setCaptcha,
  signInWithMenus,
  type SseAnswer,
  startStack,
  type TestStack,
} from '../support/stack';

// The research assistant through the gateway as the chat screen calls it, on the built-in planner
// (no LLM_BASE_URL, no network): conversations and who may touch them, sending a message answered
// as a stream of server-sent events or as one JSON answer, missions started from the chat, and the
// messages read back exactly. The OpenAI-compatible path is in the workflow service's tests.

/** Rituximab VH and VL (murine): the planner's test pair for humanization. */
const VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
const VL =
  'QIVLSQSPAILSASPGEKVTMTCRASSSVSYIHWFQQKPGSSPKPWIYATSNLASGVPVRFSGSGSGTSYSLTISRVEAEDAATYYCQQWTSNPPTFGGGTKLEIK';
/** Hen egg-white lysozyme (UniProt P00698, mature chain): an antigen. */
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

type Row = Record<string, unknown>;

describe('the assistant through the gateway (built-in planner)', () => {
  let stack: TestStack;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;

  const as = (token: string) => callerFor(stack, token);
  const data = dataOf;

  const upload = (caller: Caller, buffer: Buffer, name: string) =>
    api(stack)
      .post('/prod-api/wujie/chat/upload')
      .set('Authorization', `Bearer ${caller.token}`)
      .set('repeatSubmit', 'false')
      .attach('file', buffer, name);

  const newConversation = async (caller: Caller, theme?: string) =>
    data<{ id: number }>(await caller.post('/wujie/chat', theme ? { theme } : {})).id;

  const say = (caller: Caller, id: number, body: object, lang: 'zh' | 'en' = 'zh') =>
    postSse(stack, `/wujie/chat/${id}/messages`, { token: caller.token, body, lang });

  const textOf = (answer: SseAnswer) =>
    answer.events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');

  const query = async (sql: string, params: unknown[]) =>
    (await stack.dbs.workflow.query(sql, params))[0] as Row[];

  /** The seeded workflow of a job, or a one-node stand-in under its key while the seed is absent. */
  async function ensureWorkflow(key: string): Promise<void> {
    const [row] = await query('SELECT id, status FROM wf_workflow WHERE process_key = ?', [key]);
    if (row) {
      expect(row.status, `${key} is seeded online`).toBe('2');
      return;
    }
    data(
      await admin.post('/wujie/workflow', {
        name: key,
        status: '2',
        agentIds: [1],
        workflow: oneAgentFlow(key),
      }),
    );
  }

  beforeAll(async () => {
    stack = await startStack([identityStarter, workflowStarter], {
      ENGINE_USER: 'gateway-chat-test',
      ENGINE_PASSWORD: 'Gateway-chat-test-engine-password-0123',
    });
    await setCaptcha(stack, false);
    admin = await as(await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await as((await registerByPhone(stack)).token);
    bob = await as((await registerByPhone(stack)).token);
    const [agent] = await query('SELECT id FROM wf_agent WHERE name_en = ?', ['Plan']);
    if (!agent) data(await admin.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
    for (const key of [
      'antibody_humanization',
      'epitope_prediction',
      'structure_prediction',
      'risk_site_analysis',
    ]) {
      await ensureWorkflow(key);
    }
  });
  afterAll(() => stack?.close());

  it('should give a signed-up user (ROLE_DEFAULT) the chat and its history', async () => {
    const info = await alice.get('/getInfo');
    expect(info.body.data.roles).toEqual(['ROLE_DEFAULT']);
    expect(info.body.data.permissions).toEqual(
      expect.arrayContaining(['wujie:chat:use', 'wujie:chat:history']),
    );
  });

  it('should create, list (search, paging), rename and delete own conversations', async () => {
    const carol = await as((await registerByPhone(stack)).token);
    const first = await newConversation(carol, 'Humanize rituximab');
    const second = await newConversation(carol, '表位预测 lysozyme');
    const third = await newConversation(carol);
    const list = await carol.get('/wujie/chat/list?pageNum=1&pageSize=2');
    expect(list.body).toMatchObject({ code: 200, total: 3 });
    expect(list.body.rows.map((r: Row) => r.id)).toEqual([third, second]);
    expect(list.body.rows[0]).toEqual({
      id: third,
      theme: '',
      ownerUserId: carol.userId,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updateTime: expect.stringMatching(/Z$/),
      messageCount: 0,
    });
    const page2 = await carol.get('/wujie/chat/list?pageNum=2&pageSize=2');
    expect(page2.body.rows.map((r: Row) => r.id)).toEqual([first]);
    const search = await carol.get(`/wujie/chat/list?theme=${encodeURIComponent('表位')}`);
    expect(search.body.rows.map((r: Row) => r.id)).toEqual([second]);

    expect(data(await carol.put('/wujie/chat', { id: first, theme: '利妥昔单抗' }))).toMatchObject({
      id: first,
      theme: '利妥昔单抗',
    });
    // Renaming is not a message: the order stays.
    const renamed = await carol.get('/wujie/chat/list');
    expect(renamed.body.rows.map((r: Row) => [r.id, r.theme])).toEqual([
      [third, ''],
      [second, '表位预测 lysozyme'],
      [first, '利妥昔单抗'],
    ]);
    const blank = await carol.put('/wujie/chat', { id: first, theme: '  ' }, 'en');
    expect(blank.status).toBe(400);

    data(await carol.del(`/wujie/chat/${second}`));
    const after = await carol.get('/wujie/chat/list');
    expect(after.body.rows.map((r: Row) => r.id)).toEqual([third, first]);
    const gone = await carol.get(`/wujie/chat/${second}/messages`, 'en');
    expect(gone.body).toEqual({ code: 404, msg: 'The conversation does not exist' });
  });

  it("should answer another user's conversation as missing (404) on every route, like a missing one", async () => {
    const mine = await newConversation(alice, 'alice only');
    // Refused to one who can read it but not write it (they know it exists).
    const denied = { code: 403, msg: 'You have no permission to access this data' };
    const missing = { code: 404, msg: 'The conversation does not exist' };
    const routes = (id: number) => [
      () => bob.get(`/wujie/chat/${id}/messages`, 'en'),
      () => bob.put('/wujie/chat', { id, theme: 'mine now' }, 'en'),
      () => bob.del(`/wujie/chat/${id}`, 'en'),
      () => bob.post(`/wujie/chat/${id}/messages`, { content: 'hello' }, 'en'),
    ];
    for (const call of routes(mine)) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing);
    }
    for (const call of routes(99_999_999)) expect((await call()).body).toEqual(missing);
    // The stream route refuses before it streams: an ordinary JSON answer.
    const streamed = await say(bob, mine, { content: 'hello' }, 'en');
    expect(streamed).toMatchObject({ contentType: expect.stringMatching(/json/), json: missing });
    // Nothing changed for alice; bob's list does not show it, even when he asks for all.
    const bobs = await bob.get('/wujie/chat/list?all=true');
    expect(bobs.body.rows.map((r: Row) => r.id)).not.toContain(mine);
    expect(data<Row[]>(await alice.get(`/wujie/chat/${mine}/messages`))).toEqual([]);

    // An administrator reads everyone's (conversation history), and writes only their own.
    const all = await admin.get(`/wujie/chat/list?all=true&ownerUserId=${alice.userId}`);
    expect(all.body.rows.map((r: Row) => r.id)).toContain(mine);
    expect(all.body.rows.every((r: Row) => r.ownerUserId === alice.userId)).toBe(true);
    const own = await admin.get('/wujie/chat/list');
    expect(own.body.rows.map((r: Row) => r.id)).not.toContain(mine);
    expect(data(await admin.get(`/wujie/chat/${mine}/messages`))).toEqual([]);
    expect((await admin.put('/wujie/chat', { id: mine, theme: 'x' }, 'en')).body).toEqual(denied);
    expect((await admin.del(`/wujie/chat/${mine}`, 'en')).body).toEqual(denied);
    expect((await say(admin, mine, { content: 'hi' }, 'en')).json).toEqual(denied);

    // Not the administrator's flag but the history page's button (menu 10001, wujie:chat:everyone):
    // a role given it reads everyone's, read only; the history page alone lists one's own.
    const auditor = await as(await signInWithMenus(stack, admin.token, [10, 10001]));
    const listed = await auditor.get(`/wujie/chat/list?all=true&ownerUserId=${alice.userId}`);
    expect(listed.body.rows.map((r: Row) => r.id)).toContain(mine);
    expect(data(await auditor.get(`/wujie/chat/${mine}/messages`))).toEqual([]);
    expect((await auditor.put('/wujie/chat', { id: mine, theme: 'x' }, 'en')).body.code).not.toBe(
      200,
    );
    const historyOnly = await as(await signInWithMenus(stack, admin.token, [10]));
    const ownOnly = await historyOnly.get('/wujie/chat/list?all=true');
    expect(ownOnly.body).toMatchObject({ code: 200, rows: [] });
    expect((await historyOnly.get(`/wujie/chat/${mine}/messages`, 'en')).body).toEqual(missing);
  });

  it('should refuse a message without content, file or patch, in the request language', async () => {
    const id = await newConversation(alice);
    expect((await say(alice, id, { content: '   ' })).json).toEqual({
      code: 500,
      msg: '提交失败：请输入内容、上传文件或提供补丁',
    });
    expect((await say(alice, id, {}, 'en')).json).toEqual({
      code: 500,
      msg: 'Submission failed: enter some content, attach a file or give a patch',
    });
    expect(data(await alice.get(`/wujie/chat/${id}/messages`))).toEqual([]);
  });

  it('should stream a Chinese humanization request with a pasted heavy/light pair and start its mission', async () => {
    const id = await newConversation(alice);
    const content = `请帮我把这个抗体人源化\n重链：${VH}\n轻链：${VL}`;
    const answer = await say(alice, id, { content });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/event-stream/);
    const names = answer.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'mission')).toHaveLength(1);
    // Deltas before the mission (the plan) and after it (the confirmation).
    const missionAt = names.indexOf('mission');
    expect(names.slice(1, missionAt).every((n) => n === 'delta')).toBe(true);
    expect(names.slice(1, missionAt).length).toBeGreaterThan(1);
    expect(names.slice(missionAt + 1, -1).length).toBeGreaterThan(0);
    const start = answer.events[0].data;
    const mission = answer.events[missionAt].data;
    expect(mission).toEqual({
      missionId: expect.any(Number),
      code: expect.stringMatching(/^M\d{14}[0-9A-F]{8}$/),
      status: 'not_started',
      workflowKey: 'antibody_humanization',
    });
    expect(answer.events.at(-1)!.data).toEqual({
      messageId: start.messageId,
      missionId: mission.missionId,
    });
    const text = textOf(answer);
    expect(text).toMatch(/人源化/);
    expect(text).toContain(String(mission.code));

    const [row] = await query(
      'SELECT m.conversation_id, m.owner_user_id, m.language, m.inputs, w.process_key FROM wf_mission m JOIN wf_workflow w ON w.id = m.workflow_id WHERE m.id = ?',
      [mission.missionId],
    );
    expect({
      ...row,
      conversation_id: Number(row.conversation_id),
      owner_user_id: Number(row.owner_user_id),
    }).toMatchObject({
      conversation_id: id,
      owner_user_id: alice.userId,
      language: 'zh',
      process_key: 'antibody_humanization',
    });
    const inputs = (typeof row.inputs === 'string' ? JSON.parse(row.inputs) : row.inputs) as {
      text: string;
    };
    expect(JSON.parse(inputs.text)).toMatchObject({ heavy: VH, light: VL });
    // The mission is the user's: the missions API shows it with its conversation.
    expect(data(await alice.get(`/wujie/mission/${mission.missionId}`))).toMatchObject({
      conversationId: id,
      ownerUserId: alice.userId,
    });

    // The theme is the first question; the stored reply is what streamed.
    const [conversation] = (await alice.get('/wujie/chat/list')).body.rows as Row[];
    expect(conversation).toMatchObject({ id, theme: '请帮我把这个抗体人源化' });
    const messages = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(messages).toEqual([
      expect.objectContaining({
        id: start.userMessageId,
        role: 'user',
        content,
        agent: null,
        missionId: null,
        status: 'complete',
      }),
      expect.objectContaining({
        id: start.messageId,
        role: 'assistant',
        content: text,
        agent: 'assistant',
        missionId: mission.missionId,
        status: 'complete',
        error: '',
        provider: 'planner',
        model: 'builtin-planner',
      }),
    ]);
    expect(messages[1].promptTokens).toBeGreaterThan(0);
    expect(messages[1].completionTokens).toBeGreaterThan(0);
  });

  it('should start an epitope prediction from an English request with a pasted antigen', async () => {
    const id = await newConversation(alice);
    const answer = await say(
      alice,
      id,
      { content: `Predict the epitopes of this antigen:\n${LYSOZYME}` },
      'en',
    );
    const mission = answer.events.find((e) => e.event === 'mission')?.data;
    expect(mission).toMatchObject({ workflowKey: 'epitope_prediction', status: 'not_started' });
    const text = textOf(answer);
    expect(text).toMatch(/epitope/i);
    expect(text).toContain('The mission has been created');
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
    const [row] = await query('SELECT conversation_id, language FROM wf_mission WHERE id = ?', [
      mission!.missionId,
    ]);
    expect([Number(row.conversation_id), row.language]).toEqual([id, 'en']);
  });

  it('should start one mission per job when a message asks for two, and read them back', async () => {
    const id = await newConversation(alice);
    const answer = await say(
      alice,
      id,
      { content: `humanize it and check risk sites\n>VH\n${VH}\n>VL\n${VL}` },
      'en',
    );
    const missions = answer.events.filter((e) => e.event === 'mission').map((e) => e.data);
    expect(missions.map((m) => m.workflowKey)).toEqual([
      'antibody_humanization',
      'risk_site_analysis',
    ]);
    expect(textOf(answer).match(/The mission has been created/g)).toHaveLength(2);
    expect(answer.events.at(-1)!.data).toMatchObject({ missionId: missions[0].missionId });
    const rows = await query('SELECT id FROM wf_mission WHERE conversation_id = ? ORDER BY id', [
      id,
    ]);
    expect(rows.map((r) => Number(r.id))).toEqual(missions.map((m) => m.missionId));
    const messages = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(messages[1]).toMatchObject({
      missionId: missions[0].missionId,
      missionIds: missions.map((m) => m.missionId),
    });
  });

  it('should answer an unrelated question without starting a mission', async () => {
    const id = await newConversation(alice);
    const before = await query('SELECT COUNT(*) AS n FROM wf_mission', []);
    const answer = await say(
      alice,
      id,
      { content: 'What is the weather like in Paris today?' },
      'en',
    );
    expect(answer.events.map((e) => e.event)).not.toContain('mission');
    expect(answer.events.at(-1)).toMatchObject({ event: 'done' });
    expect(answer.events.at(-1)!.data).not.toHaveProperty('missionId');
    expect(textOf(answer).length).toBeGreaterThan(20);
    expect(await query('SELECT COUNT(*) AS n FROM wf_mission', [])).toEqual(before);
    const messages = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(messages[1]).toMatchObject({ role: 'assistant', missionId: null, status: 'complete' });
  });

  it('should answer once with Accept: application/json', async () => {
    const id = await newConversation(alice);
    const res = await alice
      .post(`/wujie/chat/${id}/messages`, { content: `人源化这个抗体\n>VH\n${VH}\n>VL\n${VL}` })
      .set('Accept', 'application/json');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const answer = data<{ reply: string; missionId: number; messageId: number }>(res);
    expect(answer.missionId).toEqual(expect.any(Number));
    const messages = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(messages[1]).toMatchObject({
      id: answer.messageId,
      content: answer.reply,
      missionId: answer.missionId,
    });
    const plain = await alice
      .post(`/wujie/chat/${id}/messages`, { content: 'thanks, what else can you do?' }, 'en')
      .set('Accept', 'application/json');
    expect(data(plain)).toEqual({ reply: expect.any(String), messageId: expect.any(Number) });
  });

  it('should read an attached FASTA file and keep the attachment on the message', async () => {
    const fasta = `>heavy\n${VH}\n>light\n${VL}\n`;
    const stored = data<{ fileName: string; originalFilename: string }>(
      await upload(alice, Buffer.from(fasta), 'ritux.fasta'),
    );
    expect(stored).toMatchObject({
      // In the uploader's own folder (owned files, served to them only).
      fileName: expect.stringMatching(
        new RegExp(`^/profile/chat/${alice.userId}/\\d{4}/\\d\\d/\\d\\d/[0-9a-f-]{36}\\.fasta$`),
      ),
      originalFilename: 'ritux.fasta',
    });
    // Checked by content: a picture named .fasta, or a FASTA of something else, is refused.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(alice, png, 'x.fasta')).body.code).toBe(500);
    expect((await upload(alice, Buffer.from('hello there'), 'x.pdb')).body.code).toBe(500);
    expect((await upload(alice, Buffer.from('hello there'), 'x.fasta')).body.code).toBe(500);

    const id = await newConversation(alice);
    const files = [{ fileName: stored.fileName, originalFilename: stored.originalFilename }];
    const answer = await say(
      alice,
      id,
      { content: 'Predict the 3D structure of this antibody', files },
      'en',
    );
    expect(answer.events.find((e) => e.event === 'mission')?.data).toMatchObject({
      workflowKey: 'structure_prediction',
    });
    const [user] = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(user).toMatchObject({ files, content: 'Predict the 3D structure of this antibody' });
    expect(user).not.toHaveProperty('attachments');
    // A file the upload never gave is refused before anything is stored.
    const ghost = await say(
      alice,
      id,
      {
        files: [
          {
            fileName: '/profile/chat/2020/01/01/00000000-0000-0000-0000-000000000000.fasta',
            originalFilename: 'ghost.fasta',
          },
        ],
      },
      'en',
    );
    expect(ghost.json).toEqual({
      code: 404,
      msg: 'The attachment "ghost.fasta" does not exist; please upload it again',
    });
    expect(data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`))).toHaveLength(2);
  });

  it("should carry an attached PDB file's protein atoms into the epitope mission, and refuse a 20 MB one", async () => {
    // One chain of lysozyme's first 40 residues (CA atoms) and a water: the mission keeps the
    // protein's atom records only (the agent worker runs ElliPro on them); the planner reads the
    // chain's sequence from the CA atoms.
    const three: Record<string, string> = {
      A: 'ALA',
      C: 'CYS',
      D: 'ASP',
      E: 'GLU',
      F: 'PHE',
      G: 'GLY',
      H: 'HIS',
      I: 'ILE',
      K: 'LYS',
      L: 'LEU',
      M: 'MET',
      N: 'ASN',
      P: 'PRO',
      Q: 'GLN',
      R: 'ARG',
      S: 'SER',
      T: 'THR',
      V: 'VAL',
      W: 'TRP',
      Y: 'TYR',
    };
    const atoms = [...LYSOZYME.slice(0, 40)].map(
      (aa, i) =>
        `ATOM  ${String(i + 1).padStart(5)}  CA  ${three[aa]} A${String(i + 1).padStart(4)}    ${(i * 3.8).toFixed(3).padStart(8)}   0.000   0.000  1.00 20.00           C`,
    );
    const pdb = [
      'HEADER    TEST ANTIGEN',
      ...atoms,
      'HETATM  999  O   HOH A 101       1.000   2.000   3.000  1.00 10.00           O',
      'END',
    ].join('\n');
    const stored = data<{ fileName: string; originalFilename: string }>(
      await upload(alice, Buffer.from(pdb), 'antigen.pdb'),
    );
    const id = await newConversation(alice);
    const answer = await say(
      alice,
      id,
      { content: 'Predict the epitopes of this antigen', files: [stored] },
      'en',
    );
    const mission = answer.events.find((e) => e.event === 'mission')?.data as
      { missionId: number; workflowKey: string } | undefined;
    expect(mission?.workflowKey).toBe('epitope_prediction');
    const [row] = await query('SELECT inputs FROM wf_mission WHERE id = ?', [mission!.missionId]);
    const inputs = (typeof row.inputs === 'string' ? JSON.parse(row.inputs) : row.inputs) as Row;
    expect(inputs.structures).toEqual([
      { name: 'antigen.pdb', pdb: atoms.map((line) => line.slice(0, 54)).join('\n') },
    ]);
    // Over the upload limit (5 MB): refused at the upload, so it never reaches a message.
    const big = Buffer.from(`${atoms[0]}\n`.repeat(Math.ceil((20 * 1024 * 1024) / 81)));
    const refused = await upload(alice, big, 'big.pdb');
    expect(refused.body).toMatchObject({ code: 500, msg: expect.stringMatching(/5 ?MB/) });
  });

  it('should let a request and its sequences come in two messages, and reload them exactly', async () => {
    const id = await newConversation(alice);
    const ask = await say(alice, id, { content: 'Please humanize my antibody' }, 'en');
    expect(ask.events.map((e) => e.event)).not.toContain('mission');
    const followUp = await say(alice, id, { content: `>VH\n${VH}\n>VL\n${VL}` }, 'en');
    const mission = followUp.events.find((e) => e.event === 'mission')?.data;
    expect(mission).toMatchObject({ workflowKey: 'antibody_humanization' });
    // A third message after the mission does not start it again.
    const thanks = await say(alice, id, { content: 'thank you' }, 'en');
    expect(thanks.events.map((e) => e.event)).not.toContain('mission');

    const first = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    const again = data<Row[]>(await alice.get(`/wujie/chat/${id}/messages`));
    expect(again).toEqual(first);
    expect(first.map((m) => [m.role, m.missionId, m.status])).toEqual([
      ['user', null, 'complete'],
      ['assistant', null, 'complete'],
      ['user', null, 'complete'],
      ['assistant', mission!.missionId, 'complete'],
      ['user', null, 'complete'],
      ['assistant', null, 'complete'],
    ]);
    expect(first.map((m) => m.content)).toEqual([
      'Please humanize my antibody',
      textOf(ask),
      `>VH\n${VH}\n>VL\n${VL}`,
      textOf(followUp),
      'thank you',
      textOf(thanks),
    ]);
    const ids = first.map((m) => m.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
