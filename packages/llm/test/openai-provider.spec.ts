import { inspect } from 'node:util';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  type ChatEvent,
  type ChatRequest,
  collectReply,
  describeLlmConfig,
  llmConfigFromEnv,
  LlmError,
  type OpenAiCompatibleConfig,
  OpenAiCompatibleProvider,
  START_MISSION_TOOL,
} from '../src';
import {
  type ChatServer,
  chunk,
  hang,
  json,
  type Responder,
  sse,
  startChatServer,
} from './support/chat-completions-server';

const KEY = 'sk-test-9f3a7c1e5b2d4f6a8c0e1a3b5d7f9b2c';

let server: ChatServer;

beforeAll(async () => {
  server = await startChatServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
});

function provider(overrides: Partial<OpenAiCompatibleConfig> = {}): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'deepseek-chat',
    timeoutMs: 5_000,
    maxRetries: 0,
    streamUsage: 'on',
    ...overrides,
  });
}

const hello: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are helpful.' },
    { role: 'user', content: 'Hello' },
  ],
};

async function events(sut: OpenAiCompatibleProvider, request: ChatRequest): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of sut.chat(request)) out.push(event);
  return out;
}

async function failure(run: () => Promise<unknown>): Promise<LlmError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof LlmError) return err;
    throw err;
  }
  throw new Error('expected an LlmError');
}

const textReply: Responder = sse([
  chunk({ content: 'Hi' }),
  chunk({ content: ' there' }),
  chunk({ finish: 'stop' }),
  chunk({ noChoices: true, usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } }),
]);

describe(OpenAiCompatibleProvider.name, () => {
  describe('streaming', () => {
    it('should stream text deltas, a tool call split over chunks and the usage chunk', async () => {
      server.script(
        sse([
          chunk({ content: 'Starting ' }),
          chunk({ content: 'the mission.' }),
          chunk({
            toolCalls: [
              {
                index: 0,
                id: 'call_abc',
                type: 'function',
                function: { name: 'start_mission', arguments: '' },
              },
            ],
          }),
          chunk({ toolCalls: [{ index: 0, function: { arguments: '{"job":' } }] }),
          chunk({ toolCalls: [{ index: 0, function: { arguments: '"epitope",' } }] }),
          chunk({ toolCalls: [{ index: 0, function: { arguments: '"inputs":{}}' } }] }),
          chunk({ finish: 'tool_calls' }),
          chunk({
            noChoices: true,
            usage: { prompt_tokens: 120, completion_tokens: 17, total_tokens: 137 },
          }),
        ]),
      );
      const sut = provider();

      const out = await events(sut, {
        messages: [
          { role: 'system', content: 'sys' },
          {
            role: 'user',
            content: 'predict epitopes',
            attachments: [{ name: 'ag.fasta', text: '>ag\nMKT' }],
          },
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call_0', name: 'start_mission', arguments: '{}' }],
          },
          { role: 'tool', toolCallId: 'call_0', content: '{"error":"no antigen"}' },
        ],
        tools: [START_MISSION_TOOL],
      });

      expect(out).toEqual([
        { type: 'delta', text: 'Starting ' },
        { type: 'delta', text: 'the mission.' },
        {
          type: 'tool_call',
          call: {
            id: 'call_abc',
            name: 'start_mission',
            arguments: '{"job":"epitope","inputs":{}}',
          },
        },
        {
          type: 'done',
          usage: { promptTokens: 120, completionTokens: 17, totalTokens: 137, estimated: false },
          finishReason: 'tool_calls',
          model: 'test-model',
        },
      ]);
      const [req] = server.requests;
      expect(req.path).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req.body).toMatchObject({
        model: 'deepseek-chat',
        stream: true,
        stream_options: { include_usage: true },
        tools: [{ type: 'function', function: { name: 'start_mission' } }],
      });
      expect(req.body.messages).toEqual([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'predict epitopes\n\n--- ag.fasta ---\n>ag\nMKT' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_0',
              type: 'function',
              function: { name: 'start_mission', arguments: '{}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"error":"no antigen"}' },
      ]);
    });

    it('should assemble two tool calls and one sent whole without an index (Ollama)', async () => {
      server.script(
        sse([
          chunk({
            toolCalls: [
              { id: 'call_1', function: { name: 'number', arguments: '{"seq":"EVQL"}' } },
            ],
          }),
          chunk({
            toolCalls: [{ id: 'call_2', function: { name: 'liabilities', arguments: '{}' } }],
          }),
          chunk({ finish: 'stop' }),
        ]),
      );

      const reply = await collectReply(provider().chat(hello));

      expect(reply.toolCalls).toEqual([
        { id: 'call_1', name: 'number', arguments: '{"seq":"EVQL"}' },
        { id: 'call_2', name: 'liabilities', arguments: '{}' },
      ]);
      expect(reply.finishReason).toBe('tool_calls');
    });

    it('should send no tools, tool_choice or stream_options when not asked and estimate the usage', async () => {
      server.script(sse([chunk({ content: '你好' }), chunk({ finish: 'stop' })]));

      const reply = await collectReply(provider({ streamUsage: 'off' }).chat(hello));

      const body = server.requests[0].body;
      expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'stream']);
      expect(reply.text).toBe('你好');
      expect(reply.usage.estimated).toBe(true);
      expect(reply.usage.completionTokens).toBe(2);
      expect(reply.usage.promptTokens).toBeGreaterThan(0);
    });

    it('should use the per-call model and pass tool_choice, temperature and max_tokens', async () => {
      server.script(textReply);

      await collectReply(
        provider().chat({
          ...hello,
          model: 'qwen-max',
          tools: [START_MISSION_TOOL],
          toolChoice: { name: 'start_mission' },
          temperature: 0.2,
          maxTokens: 256,
        }),
      );

      expect(server.requests[0].body).toMatchObject({
        model: 'qwen-max',
        tool_choice: { type: 'function', function: { name: 'start_mission' } },
        temperature: 0.2,
        max_tokens: 256,
      });
    });

    it('should ask again without stream_options when the endpoint rejects them (auto) and remember', async () => {
      const strict: Responder = (req, res) =>
        'stream_options' in req.body
          ? json(400, { error: { message: 'Extra inputs are not permitted: stream_options' } })(
              req,
              res,
            )
          : textReply(req, res);
      server.script(strict);
      const sut = provider({ streamUsage: 'auto' });

      const first = await collectReply(sut.chat(hello));
      const second = await collectReply(sut.chat(hello));

      expect(first.text).toBe('Hi there');
      expect(second.text).toBe('Hi there');
      expect(server.requests.map((r) => 'stream_options' in r.body)).toEqual([true, false, false]);
    });

    it('should report unavailable when the stream ends before the reply is complete', async () => {
      server.script(sse([chunk({ content: 'Half a rep' })], { done: false }));
      const seen: string[] = [];

      const err = await failure(() => collectReply(provider().chat(hello), (t) => seen.push(t)));

      expect(seen).toEqual(['Half a rep']);
      expect(err.code).toBe('unavailable');
    });
  });

  describe('non-streaming', () => {
    it('should answer a request without streaming with the same events', async () => {
      server.script(
        json(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'vllm-model',
          choices: [
            {
              index: 0,
              finish_reason: 'tool_calls',
              message: {
                role: 'assistant',
                content: 'Running it.',
                tool_calls: [
                  {
                    id: 'call_9',
                    type: 'function',
                    function: { name: 'start_mission', arguments: '{"job":"structure"}' },
                  },
                ],
              },
            },
          ],
          usage: { prompt_tokens: 30, completion_tokens: 9, total_tokens: 39 },
        }),
      );

      const out = await events(provider(), { ...hello, stream: false });

      expect(out).toEqual([
        { type: 'delta', text: 'Running it.' },
        {
          type: 'tool_call',
          call: { id: 'call_9', name: 'start_mission', arguments: '{"job":"structure"}' },
        },
        {
          type: 'done',
          usage: { promptTokens: 30, completionTokens: 9, totalTokens: 39, estimated: false },
          finishReason: 'tool_calls',
          model: 'vllm-model',
        },
      ]);
      expect(server.requests[0].body.stream).toBe(false);
      expect('stream_options' in server.requests[0].body).toBe(false);
    });
  });

  describe('retries and errors', () => {
    it('should retry 429 and 503 with growing back-off, then stream the reply', async () => {
      server.script(
        json(429, { error: { message: 'Rate limit reached' } }),
        json(503, { error: { message: 'overloaded' } }),
        textReply,
      );

      const reply = await collectReply(provider({ maxRetries: 2 }).chat(hello));

      expect(reply.text).toBe('Hi there');
      expect(server.requests).toHaveLength(3);
      const [a, b, c] = server.requests.map((r) => r.at);
      // The client's back-off: 0.5 s then 1 s, less up to 25 % jitter.
      expect(b - a).toBeGreaterThanOrEqual(350);
      expect(c - b).toBeGreaterThanOrEqual(700);
      expect(c - b).toBeGreaterThan(b - a);
    });

    it('should give up after LLM_MAX_RETRIES and report unavailable', async () => {
      server.script(json(503, { error: { message: 'down' } }, { 'retry-after-ms': '10' }));

      const err = await failure(() => collectReply(provider({ maxRetries: 2 }).chat(hello)));

      expect(server.requests).toHaveLength(3);
      expect(err.code).toBe('unavailable');
      expect(err.status).toBe(503);
      expect(err.retryable).toBe(true);
      expect(err.messageKey).toBe('llm.unavailable');
    });

    it('should report rate_limit when the endpoint keeps answering 429', async () => {
      server.script(json(429, { error: { message: 'slow down' } }, { 'retry-after-ms': '10' }));

      const err = await failure(() => collectReply(provider({ maxRetries: 1 }).chat(hello)));

      expect(server.requests).toHaveLength(2);
      expect(err.code).toBe('rate_limit');
      expect(err.messageKey).toBe('llm.rate_limit');
    });

    it('should map 401 to auth without retrying', async () => {
      server.script(json(401, { error: { message: 'Invalid API key' } }));

      const err = await failure(() => collectReply(provider({ maxRetries: 2 }).chat(hello)));

      expect(server.requests).toHaveLength(1);
      expect(err.code).toBe('auth');
      expect(err.messageKey).toBe('llm.auth');
      expect(err.retryable).toBe(false);
    });

    it('should map 400 and 404 to bad_request', async () => {
      server.script(
        json(400, { error: { message: 'bad' } }),
        json(404, { error: { message: 'no model' } }),
      );

      const first = await failure(() => collectReply(provider().chat(hello)));
      const second = await failure(() => collectReply(provider().chat(hello)));

      expect([first.code, second.code]).toEqual(['bad_request', 'bad_request']);
    });

    it('should time out when the endpoint does not answer', async () => {
      server.script(hang);
      const started = Date.now();

      const err = await failure(() => collectReply(provider({ timeoutMs: 300 }).chat(hello)));

      expect(err.code).toBe('timeout');
      expect(err.messageKey).toBe('llm.timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('should time out when the stream stalls after its first chunk', async () => {
      server.script(
        sse([chunk({ content: 'Thinking' }), chunk({ finish: 'stop' })], { hangAfter: 1 }),
      );
      const seen: string[] = [];

      const err = await failure(() =>
        collectReply(provider({ timeoutMs: 300 }).chat(hello), (t) => seen.push(t)),
      );

      expect(seen).toEqual(['Thinking']);
      expect(err.code).toBe('timeout');
    });

    it('should stop with aborted when the caller aborts', async () => {
      server.script(sse([chunk({ content: 'a' }), chunk({ finish: 'stop' })], { hangAfter: 1 }));
      const controller = new AbortController();

      const err = await failure(() =>
        collectReply(provider().chat({ ...hello, signal: controller.signal }), () =>
          controller.abort(),
        ),
      );

      expect(err.code).toBe('aborted');
    });

    it('should report unavailable when nothing listens at LLM_BASE_URL', async () => {
      const sut = new OpenAiCompatibleProvider({
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: KEY,
        model: 'm',
        timeoutMs: 2_000,
        maxRetries: 0,
        streamUsage: 'on',
      });

      const err = await failure(() => collectReply(sut.chat(hello)));

      expect(err.code).toBe('unavailable');
      expect(err.message).not.toContain(KEY);
    });
  });

  describe('the API key', () => {
    const fragments = (key: string) =>
      Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));

    function expectNoKey(text: string) {
      expect(text).not.toContain(KEY);
      for (const fragment of fragments(KEY)) expect(text).not.toContain(fragment);
    }

    it.each([401, 500])('should not leak the key when a %i answer quotes it', async (status) => {
      const echo: Responder = (req, res) =>
        json(status, {
          error: {
            message: `Incorrect API key provided: ${KEY}. You sent "${req.headers.authorization}" (sk-test-...${KEY.slice(-12)}).`,
          },
        })(req, res);
      server.script(echo);

      const err = await failure(() => collectReply(provider().chat(hello)));

      for (const text of [
        err.message,
        String(err),
        err.stack ?? '',
        JSON.stringify(err),
        inspect(err, { depth: 10, showHidden: true }),
      ]) {
        expectNoKey(text);
      }
      expect(err.message).toContain('Incorrect API key provided');
    });

    it('should keep the key out of the provider and the configuration description', () => {
      const config = llmConfigFromEnv({
        LLM_BASE_URL: 'https://user:pass@llm.example.com/v1/',
        LLM_API_KEY: KEY,
        LLM_MODEL: 'deepseek-chat',
      });
      if (config.provider !== 'openai') throw new Error('expected the OpenAI-compatible provider');

      const sut = new OpenAiCompatibleProvider(config);

      expectNoKey(inspect(sut, { depth: 10, showHidden: true }));
      expectNoKey(JSON.stringify(sut));
      const description = describeLlmConfig(config);
      expectNoKey(description);
      expect(description).not.toContain('pass');
      expect(description).toContain('key=set');
    });
  });
});
