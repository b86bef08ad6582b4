import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import type { AgentFunctionView, AgentNodeContextView, FunctionRunView } from '@platform/contracts';
import type { ChatEvent, ChatRequest, LlmProvider } from '@platform/llm';
import { describe, expect, it } from 'vitest';

import { loadAgentWorkerEnv } from '../config/env';
import { ToolRegistry } from '../tools/tool-registry';
import type { WorkflowClient } from '../workflow/workflow-client';
import { AgentFailure, type AskOwner, AwaitingReply } from './agent-failure';
import { AgentRunner, tokensOf } from './agent-runner';

// How an agent runs: its skills' tools and functions in order without a model, or a bounded
// tool-calling loop with one (a scripted provider stands in for the model here; the functions'
// sandbox is the workflow service's, stood in for by a fake client).

const VH = THERAPEUTIC_CHAINS.find((c) => c.name === 'trastuzumab VH')!;
const TEXT = `Humanize\n>VH\n${VH.sequence}`;

const scoreFn: AgentFunctionView = {
  id: 7,
  name: 'score',
  description: 'Scores the request',
  params: [{ name: 'text', type: 'string', required: true, description: 'the request' }],
  returnType: 'number',
  code: 'function score(text) { return text.length; }',
};

function contextOf(overrides: Partial<AgentNodeContextView> = {}): AgentNodeContextView {
  return {
    missionId: 1,
    missionCode: 'M1',
    runId: 'run-1',
    processInstanceId: 'pi-1',
    processDefinitionId: 'pd-1',
    status: 'in_progress',
    language: 'en',
    inputs: { text: TEXT },
    node: {
      id: 'Task_1',
      kind: 'agent',
      bpmnType: 'bpmn:UserTask',
      name: '人源化',
      next: [],
      agent: {
        nameen: 'Humanize',
        type: 'Agent',
        instruction: 'humanize',
        output: '',
        validators: [],
      },
    },
    graph: { processId: 'p', processName: 'p', start: [], nodes: [], flows: [] },
    agent: {
      id: 1,
      name: '人源化',
      nameEn: 'Humanize',
      type: 'Agent',
      instruction: 'Humanize the antibody.',
      skills: [
        {
          id: 1,
          name: 'a',
          nameEn: 'a',
          instruction: '',
          tools: ['antibody.number', 'antibody.humanize'],
          functions: [scoreFn],
        },
        {
          id: 2,
          name: 'b',
          nameEn: 'b',
          instruction: '',
          tools: ['antibody.number'],
          functions: [scoreFn],
        },
      ],
    },
    function: null,
    previous: [],
    ...overrides,
  };
}

/** The workflow service's sandbox, answering what `answer` says and recording the calls. */
function fakeWorkflow(answer: (args: Record<string, unknown>) => FunctionRunView) {
  const calls: Record<string, unknown>[] = [];
  const client = {
    runFunction: async (_fn: AgentFunctionView, args: Record<string, unknown>) => {
      calls.push(args);
      return answer(args);
    },
  } as unknown as WorkflowClient;
  return { client, calls };
}

const ok = (result: unknown): FunctionRunView => ({
  status: 'success',
  result,
  logs: [],
  elapsedMs: 1,
});

/** A model that answers each request with the next scripted reply. */
function scriptedModel(
  replies: { text?: string; calls?: { name: string; arguments: string }[] }[],
) {
  const requests: ChatRequest[] = [];
  const model: LlmProvider = {
    kind: 'openai',
    model: 'scripted',
    async *chat(request: ChatRequest): AsyncIterable<ChatEvent> {
      requests.push(structuredClone({ ...request, signal: undefined }));
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
      if (reply.text) yield { type: 'delta', text: reply.text };
      for (const [i, call] of (reply.calls ?? []).entries()) {
        yield { type: 'tool_call', call: { id: `call_${requests.length}_${i}`, ...call } };
      }
      yield {
        type: 'done',
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: true },
        finishReason: reply.calls?.length ? 'tool_calls' : 'stop',
        model: 'scripted',
      };
    },
  };
  return { model, requests };
}

const signal = () => new AbortController().signal;
const env = loadAgentWorkerEnv({ AGENT_LLM_MAX_STEPS: '3' });

describe(AgentRunner.name, () => {
  it('should run the skills tools in order, each once, then their functions, without a model', async () => {
    const workflow = fakeWorkflow(() => ok(42));
    const sut = new AgentRunner(env, new ToolRegistry(), workflow.client, null);
    const output = await sut.run(contextOf(), [], signal());
    expect((output.steps as { name: string }[]).map((s) => s.name)).toEqual([
      'antibody.number',
      'antibody.humanize',
      'score',
    ]);
    expect(output).toMatchObject({ functions: { score: 42 }, files: [] });
    expect((output.number as { chains: unknown[] }).chains).toHaveLength(1);
    expect(workflow.calls).toEqual([{ text: TEXT }]);
    expect(output.result).toMatch(
      /^IMGT numbering: VH[\s\S]*\nHumanization: VH[\s\S]*\nFunction score returned: 42$/,
    );
    expect((output.summary as { zh: string }).zh).toMatch(/^IMGT 编号/);
  });

  it('should say so when the agent has nothing to run', async () => {
    const sut = new AgentRunner(env, new ToolRegistry(), fakeWorkflow(() => ok(0)).client, null);
    const output = await sut.run(contextOf({ agent: null, language: 'zh' }), [], signal());
    expect(output.result).toBe('该智能体没有可运行的工具或函数，也未配置语言模型');
  });

  it('should let a model call the tools and functions and answer with their results', async () => {
    const { model, requests } = scriptedModel([
      { calls: [{ name: 'antibody_number', arguments: '{"scheme":"kabat"}' }] },
      {
        calls: [
          { name: 'score', arguments: '{"text":"abc"}' },
          { name: 'nope', arguments: '{}' },
        ],
      },
      { text: 'CDR-H3 is WGGDGFYAMDY (Kabat); score 3.' },
    ]);
    const workflow = fakeWorkflow((args) => ok(String(args.text).length));
    const sut = new AgentRunner(env, new ToolRegistry(), workflow.client, model);
    const output = await sut.run(contextOf(), [], signal());
    expect(output.result).toBe('CDR-H3 is WGGDGFYAMDY (Kabat); score 3.');
    expect(output).toMatchObject({
      functions: { score: 3 },
      // The node's cost is every call's, not the last one's.
      model: {
        name: 'scripted',
        steps: 3,
        usage: { promptTokens: 3, completionTokens: 3, totalTokens: 6, estimated: true },
      },
    });
    expect(tokensOf(output)).toEqual({
      promptTokens: 3,
      completionTokens: 3,
      tokensEstimated: true,
    });
    expect((output.number as { scheme: string }).scheme).toBe('kabat');
    expect(output.humanize).toBeUndefined();
    expect(requests[0].tools?.map((t) => t.name)).toEqual([
      'antibody_number',
      'antibody_humanize',
      'score',
    ]);
    expect(requests[0].messages[0]).toMatchObject({ role: 'system' });
    expect(requests[0].messages[0].content).toContain('Humanize the antibody.');
    expect(requests[0].messages[1].content).toContain(VH.sequence);
    const answers = requests[2].messages.filter((m) => m.role === 'tool');
    expect(answers[0].content).toContain(VH.kabat.cdr3);
    expect(answers[1].content).toBe('{"result":3}');
    expect(answers[2].content).toBe('{"error":"there is no tool named nope"}');
  });

  it('should stop a model that keeps calling tools after the configured number of steps', async () => {
    const { model, requests } = scriptedModel([
      { calls: [{ name: 'antibody_number', arguments: '{}' }] },
    ]);
    const sut = new AgentRunner(env, new ToolRegistry(), fakeWorkflow(() => ok(0)).client, model);
    const failure = await sut.run(contextOf(), [], signal()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AgentFailure);
    expect((failure as AgentFailure).text.en).toBe(
      'The language model gave no final answer within 3 steps',
    );
    expect(requests).toHaveLength(3);
    expect(requests[2].toolChoice).toBe('none');
  });

  it('should run the function of a Function node as its output, and fail it as the sandbox says', async () => {
    const node = { ...contextOf().node, agent: { ...contextOf().node.agent, type: 'Function' } };
    const fnContext = contextOf({ agent: null, function: scoreFn, node });
    const object = new AgentRunner(
      env,
      new ToolRegistry(),
      fakeWorkflow(() => ok({ result: 'humanize', score: 0.9 })).client,
      null,
    );
    expect(await object.run(fnContext, [], signal())).toMatchObject({
      result: 'humanize',
      score: 0.9,
      function: 'score',
    });
    const thrown = new AgentRunner(
      env,
      new ToolRegistry(),
      fakeWorkflow(() => ({ status: 'error', error: 'TypeError: x', logs: [], elapsedMs: 1 }))
        .client,
      null,
    );
    const failure = (await thrown
      .run(fnContext, [], signal())
      .catch((e: unknown) => e)) as AgentFailure;
    expect(failure.text.en).toBe('Function score failed: TypeError: x');
    expect(failure.retryable).toBe(false);
    const slow = new AgentRunner(
      env,
      new ToolRegistry(),
      fakeWorkflow(() => ({ status: 'timeout', logs: [], elapsedMs: 2000 })).client,
      null,
    );
    expect(await slow.run(fnContext, [], signal()).catch((e: unknown) => e)).toMatchObject({
      retryable: true,
    });
  });

  it('should ask the owner for a missing chain, and go on with the reply or wait for it', async () => {
    const sut = new AgentRunner(env, new ToolRegistry(), fakeWorkflow(() => ok(1)).client, null);
    const asked: { question: string; seq: number }[] = [];
    const answering: AskOwner = async (question, seq) => {
      asked.push({ question: question.en, seq });
      return `>VH\n${VH.sequence}`;
    };
    const bare = contextOf({ inputs: { text: 'Humanize my antibody' } });
    const output = await sut.run(bare, [], signal(), answering);
    expect(asked).toEqual([
      {
        question:
          "Please give the antibody's heavy- and/or light-chain variable-domain sequences (FASTA or plain).",
        seq: 1,
      },
    ]);
    expect((output.humanize as { chains: unknown[] }).chains).toHaveLength(1);
    const waiting: AskOwner = () => Promise.reject(new AwaitingReply());
    await expect(sut.run(bare, [], signal(), waiting)).rejects.toBeInstanceOf(AwaitingReply);
    // Without a way to ask, the missing chain fails the node.
    await expect(sut.run(bare, [], signal())).rejects.toBeInstanceOf(AgentFailure);
  });

  it('should give a model the ask_user tool and answer it with the reply', async () => {
    const { model, requests } = scriptedModel([
      { calls: [{ name: 'ask_user', arguments: '{"question":"Which chain?"}' }] },
      { text: 'Done with the heavy chain.' },
    ]);
    const sut = new AgentRunner(env, new ToolRegistry(), fakeWorkflow(() => ok(0)).client, model);
    const asked: string[] = [];
    const output = await sut.run(contextOf(), [], signal(), async (q, seq) => {
      asked.push(`${seq}:${q.en}`);
      return 'the heavy one';
    });
    expect(asked).toEqual(['1:Which chain?']);
    expect(requests[0].tools?.map((t) => t.name)).toContain('ask_user');
    expect(requests[1].messages.at(-1)).toMatchObject({
      role: 'tool',
      content: '{"reply":"the heavy one"}',
    });
    expect(output.result).toBe('Done with the heavy chain.');
  });
});
