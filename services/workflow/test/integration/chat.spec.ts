import { renderMessage } from '@platform/contracts';
import { eventually, postSse, registerByPhone, type SseAnswer } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type ChatServer,
  chunk,
  json,
  type Responder,
  sse,
  startChatServer,
} from '../../../../packages/llm/test/support/chat-completions-server';
import { agentChain, dataOf, startWorkflowStack, type WorkflowStack } from '../support';

// The assistant on the OpenAI-compatible provider, against a chat completions server on a local
// port started here (the double of the far side of the internet DESIGN.md allows), with the
// services on the NATS transport: the reply's events travel as several reply packets of one
// request, as they do on Redis (the gateway's chat tests). The model's deltas reach the browser as
// they come, its start_mission call starts the mission and the result goes back to it; a provider
// error is a bilingual error event and a failed reply; a reader who leaves cancels the model call.

const VH =
  'QVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIGAIYPGNGDTSYNQKFKGKATLTADKSSSTAYMQLSSLTSEDSAVYYCARSTYYGGDWYFNVWGAGTTVTVSA';
const VL =
  'QIVLSQSPAILSASPGEKVTMTCRASSSVSYIHWFQQKPGSSPKPWIYATSNLASGVPVRFSGSGSGTSYSLTISRVEAEDAATYYCQQWTSNPPTFGGGTKLEIK';
const API_KEY = 'sk-chat-test-0123456789abcdef';

type Row = Record<string, unknown>;

const usage = (prompt: number, completion: number) =>
  chunk({
    noChoices: true,
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    },
  });

describe('the assistant on an OpenAI-compatible model (NATS transport)', () => {
  let s: WorkflowStack;
  let model: ChatServer;
  let token: string;

  const conversation = async () =>
    dataOf<{ id: number }>(await s.post('/wujie/chat', {}).set('Authorization', `Bearer ${token}`))
      .id;
  const say = (id: number, body: object, lang: 'zh' | 'en' = 'zh', accept?: string) =>
    postSse(s.stack, `/wujie/chat/${id}/messages`, { token, body, lang, accept });
  const messages = async (id: number, lang: 'zh' | 'en' = 'zh') =>
    dataOf<Row[]>(
      await s.get(`/wujie/chat/${id}/messages`, lang).set('Authorization', `Bearer ${token}`),
    );
  const query = async (sql: string, params: unknown[]) =>
    (await s.stack.dbs.workflow.query(sql, params))[0] as Row[];
  const names = (answer: SseAnswer) => answer.events.map((e) => e.event);

  beforeAll(async () => {
    model = await startChatServer();
    s = await startWorkflowStack({
      TRANSPORT: 'nats',
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: API_KEY,
      LLM_MODEL: 'test-model',
      LLM_MAX_RETRIES: '0',
      LLM_TIMEOUT_MS: '20000',
      LLM_STREAM_USAGE: 'on',
    });
    token = (await registerByPhone(s.stack)).token;
    const [workflow] = await query('SELECT id FROM wf_workflow WHERE process_key = ?', [
      'antibody_humanization',
    ]);
    if (!workflow) {
      // The seed is absent: a one-agent stand-in under the seeded key.
      dataOf(await s.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
      dataOf(
        await s.post('/wujie/workflow', {
          name: 'antibody_humanization',
          status: '2',
          agentIds: [1],
          workflow: agentChain('antibody_humanization'),
        }),
      );
    }
  });
  afterAll(async () => {
    await s?.close();
    await model?.close();
  });

  it("should stream the model's deltas as they come, start its start_mission call and answer the result back", async () => {
    const args = JSON.stringify({
      job: 'humanization',
      language: 'en',
      inputs: { request: 'Humanize this antibody', heavy: VH, light: VL },
    });
    model.script(
      sse(
        [
          chunk({ content: 'I will humanize ' }),
          chunk({ content: 'this antibody.' }),
          chunk({
            toolCalls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'start_mission', arguments: args.slice(0, 40) },
              },
            ],
          }),
          chunk({ toolCalls: [{ index: 0, function: { arguments: args.slice(40) } }] }),
          chunk({ finish: 'tool_calls' }),
          usage(120, 30),
        ],
        { gapMs: 150 },
      ),
      sse([chunk({ content: 'Mission created.' }), chunk({ finish: 'stop' }), usage(200, 5)]),
    );
    const before = model.requests.length;
    const id = await conversation();
    const answer = await say(id, { content: `Humanize this antibody\nVH: ${VH}\nVL: ${VL}` }, 'en');

    expect(names(answer)).toEqual(['start', 'delta', 'delta', 'mission', 'delta', 'delta', 'done']);
    const deltas = answer.events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual(['I will humanize ', 'this antibody.', '\n\n', 'Mission created.']);
    // Streamed, not buffered: the first words arrived long before the end.
    const firstDelta = answer.events[1].at;
    const done = answer.events.at(-1)!;
    expect(done.at - firstDelta).toBeGreaterThan(400);
    const mission = answer.events[3].data;
    expect(mission).toMatchObject({ workflowKey: 'antibody_humanization', status: 'not_started' });
    expect(done.data).toEqual({
      messageId: answer.events[0].data.messageId,
      missionId: mission.missionId,
    });

    // The model got the tool, the key, the history; then the tool's result for its confirmation.
    const [first, second] = model.requests.slice(before);
    expect(first.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first.body).toMatchObject({
      model: 'test-model',
      stream: true,
      tools: [
        expect.objectContaining({ function: expect.objectContaining({ name: 'start_mission' }) }),
      ],
    });
    const sent = first.body.messages as { role: string; content: string }[];
    expect(sent[0].role).toBe('system');
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining(VH) });
    const followUp = second.body.messages as Row[];
    expect(followUp.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [expect.objectContaining({ id: 'call_1' })],
    });
    expect(followUp.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse(String(followUp.at(-1)!.content))).toEqual({
      missionId: mission.missionId,
      code: mission.code,
      status: 'not_started',
    });
    expect(second.body.tool_choice).toBe('none');

    const [reply] = (await messages(id)).slice(1);
    expect(reply).toMatchObject({
      role: 'assistant',
      content: 'I will humanize this antibody.\n\nMission created.',
      missionId: mission.missionId,
      status: 'complete',
      provider: 'openai',
      model: 'test-model',
      promptTokens: 320,
      completionTokens: 35,
    });
    const [row] = await query('SELECT conversation_id, inputs FROM wf_mission WHERE id = ?', [
      mission.missionId,
    ]);
    expect(Number(row.conversation_id)).toBe(id);
    const inputs = (typeof row.inputs === 'string' ? JSON.parse(row.inputs) : row.inputs) as Row;
    expect(JSON.parse(String(inputs.text))).toMatchObject({ heavy: VH, light: VL });
    // The key is nowhere in what was stored.
    const stored = await query('SELECT * FROM wf_chat_message WHERE conversation_id = ?', [id]);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
  });

  it('should give a provider error as an error event in the reader language and store the reply as failed', async () => {
    model.script(json(401, { error: { message: `Incorrect API key provided: ${API_KEY}` } }));
    const id = await conversation();
    const zh = await say(id, { content: '你好' }, 'zh');
    expect(names(zh)).toEqual(['start', 'error']);
    expect(zh.events[1].data).toEqual({
      messageId: zh.events[0].data.messageId,
      message: renderMessage('llm.auth', 'zh'),
    });
    const en = await say(id, { content: 'hello' }, 'en');
    expect(en.events[1].data.message).toBe(
      "The language model service refused the platform's credentials; please ask the administrator to check LLM_API_KEY",
    );
    // One answer: the business error, in the request's language.
    const once = await say(id, { content: 'hello again' }, 'en', 'application/json');
    expect(once.json).toEqual({ code: 500, msg: renderMessage('llm.auth', 'en') });

    const stored = await messages(id, 'en');
    expect(stored.map((m) => [m.role, m.status, m.missionId])).toEqual([
      ['user', 'complete', null],
      ['assistant', 'failed', null],
      ['user', 'complete', null],
      ['assistant', 'failed', null],
      ['user', 'complete', null],
      ['assistant', 'failed', null],
    ]);
    expect(stored[1]).toMatchObject({ error: renderMessage('llm.auth', 'en'), content: '' });
    expect((await messages(id, 'zh'))[1].error).toBe(renderMessage('llm.auth', 'zh'));
    expect(await query('SELECT id FROM wf_mission WHERE conversation_id = ?', [id])).toEqual([]);
  });

  it('should cancel the model call when the reader leaves, and keep what was written as failed', async () => {
    let closedAt = 0;
    const stall: Responder = (req, res) => {
      res.on('close', () => (closedAt = Date.now()));
      return sse([chunk({ content: 'Thinking ' }), chunk({ content: 'more' })], {
        hangAfter: 1,
      })(req, res);
    };
    model.script(stall);
    const id = await conversation();
    let leftAt = 0;
    const answer = await postSse(s.stack, `/wujie/chat/${id}/messages`, {
      token,
      lang: 'en',
      body: { content: 'tell me something long' },
      onEvent: (event) => {
        if (event.event !== 'delta') return false;
        leftAt = Date.now();
        return true;
      },
    });
    expect(names(answer)).toEqual(['start', 'delta']);
    // The model call ends within moments, not after LLM_TIMEOUT_MS (20 s) of silence.
    const [reply] = await eventually(
      () =>
        query('SELECT status, error_key, content FROM wf_chat_message WHERE id = ?', [
          answer.events[0].data.messageId,
        ]),
      (rows) => rows[0]?.status !== 'streaming',
    );
    expect(reply).toEqual({ status: 'failed', error_key: 'llm.aborted', content: 'Thinking ' });
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - leftAt).toBeLessThan(3000);
    expect((await messages(id, 'en'))[1]).toMatchObject({
      status: 'failed',
      error: 'The reply was cancelled',
    });
  });
});
