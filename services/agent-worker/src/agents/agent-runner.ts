import { Inject, Injectable, Optional } from '@nestjs/common';
import type { LocalizedText } from '@platform/antibody';
import {
  type AgentFunctionView,
  type AgentNodeContextView,
  DomainError,
  type Language,
  type NodeRunOutputView,
  renderMessage,
} from '@platform/contracts';
import type { MissionNodeEndedBody } from '@platform/contracts/dto';
import {
  type ChatMessage,
  collectReply,
  isLlmError,
  type LlmProvider,
  type TokenUsage,
  type ToolCall,
  type ToolDefinition,
} from '@platform/llm';

import { AGENT_WORKER_ENV, type AgentWorkerEnv } from '../config/env';
import type { AgentTool, ToolArgs, ToolContext } from '../tools/agent-tool';
import { ToolRegistry } from '../tools/tool-registry';
import { WorkflowClient } from '../workflow/workflow-client';
import { AgentFailure, type AskOwner, both } from './agent-failure';
import { type AgentInputs, readAgentInputs } from './agent-inputs';

/** The language model agents use; absent (null) without LLM_BASE_URL. */
export const AGENT_MODEL = Symbol('AGENT_MODEL');

/** A node's output: AgentOutput (`result`, `files`) with the data of each step. */
export type NodeOutput = Record<string, unknown> & { result: unknown; files: unknown[] };

interface Step {
  kind: 'tool' | 'function' | 'model';
  name: string;
  summary: LocalizedText;
}

/** A tool result answered back to the model is cut to this many characters. */
const TOOL_REPLY_MAX = 12_000;
/** Questions one node run may ask its owner for a missing input before it fails. */
const ASKS_MAX = 3;
/** The model's way to ask the mission's owner. */
const ASK_USER_TOOL = 'ask_user';

/**
 * Runs one agent node: a Function node calls its function; an Agent node runs the tools and
 * functions of its skills — in their order without a language model (the default), or as the
 * model asks for them in a bounded tool-calling loop when one is configured. Failures the user can
 * read are AgentFailure; the output is JSON a screen renders, with `result` a short summary.
 */
@Injectable()
export class AgentRunner {
  constructor(
    @Inject(AGENT_WORKER_ENV) private readonly env: AgentWorkerEnv,
    private readonly tools: ToolRegistry,
    private readonly workflow: WorkflowClient,
    @Optional() @Inject(AGENT_MODEL) private readonly model: LlmProvider | null = null,
  ) {}

  /**
   * Runs the node. With `ask`, an input the tools need that is missing (no antibody chain, no
   * antigen) is asked of the owner and the run goes on with the reply (at most ASKS_MAX questions);
   * a model may ask too (tool ask_user). `ask` throws AwaitingReply while the owner has not replied.
   */
  async run(
    context: AgentNodeContextView,
    previous: NodeRunOutputView[],
    signal: AbortSignal,
    ask?: AskOwner,
  ): Promise<NodeOutput> {
    const replies: string[] = [];
    for (let seq = 1; ; seq += 1) {
      try {
        return await this.runOnce(context, previous, signal, replies, ask);
      } catch (error) {
        if (!(error instanceof AgentFailure) || !error.ask || !ask || seq > ASKS_MAX) throw error;
        replies.push(await ask(error.ask, seq));
      }
    }
  }

  private async runOnce(
    context: AgentNodeContextView,
    previous: NodeRunOutputView[],
    signal: AbortSignal,
    replies: string[],
    ask?: AskOwner,
  ): Promise<NodeOutput> {
    const inputs = readAgentInputs(
      replies.length
        ? { ...context.inputs, text: [context.inputs.text ?? '', ...replies].join('\n') }
        : context.inputs,
    );
    const toolContext: ToolContext = {
      language: context.language,
      inputs,
      previous,
      signal,
      structure: {
        url: this.env.STRUCTURE_PREDICTOR_URL || undefined,
        format: this.env.STRUCTURE_PREDICTOR_FORMAT,
        timeoutMs: this.env.STRUCTURE_PREDICTOR_TIMEOUT_MS,
      },
      generator: {
        url: this.env.TARGET_GENERATOR_URL || undefined,
        timeoutMs: this.env.TARGET_GENERATOR_TIMEOUT_MS,
      },
    };
    if (context.function) return this.runFunctionNode(context, context.function, toolContext);
    const skills = context.agent?.skills ?? [];
    const tools = unique(skills.flatMap((s) => s.tools))
      .map((name) => this.tools.get(name))
      .filter((t): t is AgentTool => !!t);
    const functions = uniqueBy(
      skills.flatMap((s) => s.functions),
      (f) => f.id,
    );
    if (this.model) return this.runWithModel(context, tools, functions, toolContext, ask);
    return this.runInOrder(context, tools, functions, toolContext);
  }

  /** Without a model: every tool, then every function, of the skills in their order. */
  private async runInOrder(
    context: AgentNodeContextView,
    tools: AgentTool[],
    functions: AgentFunctionView[],
    toolContext: ToolContext,
  ): Promise<NodeOutput> {
    const steps: Step[] = [];
    const data: Record<string, unknown> = {};
    for (const tool of tools) {
      checkAborted(toolContext.signal);
      const result = await tool.run({}, toolContext);
      data[tool.key] = result.data;
      steps.push({ kind: 'tool', name: tool.name, summary: result.summary });
    }
    const values: Record<string, unknown> = {};
    for (const fn of functions) {
      checkAborted(toolContext.signal);
      const value = await this.callFunction(fn, bagOf(context, toolContext), context.language);
      values[fn.name] = value;
      steps.push({ kind: 'function', name: fn.name, summary: functionSummary(fn.name, value) });
    }
    if (Object.keys(values).length) data.functions = values;
    const summary = steps.length
      ? joined(steps.map((s) => s.summary))
      : {
          zh: renderMessage('agent.no_tools', 'zh'),
          en: renderMessage('agent.no_tools', 'en'),
        };
    return {
      result: summary[context.language],
      summary,
      steps,
      ...data,
      files: [],
    };
  }

  /** A Function node: the function's value is the node's output (its `result` when not an object). */
  private async runFunctionNode(
    context: AgentNodeContextView,
    fn: AgentFunctionView,
    toolContext: ToolContext,
  ): Promise<NodeOutput> {
    const value = await this.callFunction(fn, bagOf(context, toolContext), context.language);
    const summary = functionSummary(fn.name, value);
    const step: Step = { kind: 'function', name: fn.name, summary };
    if (isRecord(value)) {
      return {
        ...value,
        result: 'result' in value ? value.result : summary[context.language],
        summary,
        steps: [step],
        function: fn.name,
        files: Array.isArray(value.files) ? value.files : [],
      };
    }
    return { result: value, summary, steps: [step], function: fn.name, files: [] };
  }

  private async callFunction(
    fn: AgentFunctionView,
    bag: Record<string, unknown>,
    language: Language,
  ): Promise<unknown> {
    const args = Object.fromEntries(
      fn.params.filter((p) => bag[p.name] !== undefined).map((p) => [p.name, bag[p.name]]),
    );
    let run;
    try {
      run = await this.workflow.runFunction(fn, args, language);
    } catch (error) {
      // The arguments do not fit the function's parameters: no retry changes that.
      if (error instanceof DomainError && error.key.startsWith('function.')) {
        throw new AgentFailure(
          {
            zh: renderMessage('agent.function_failed', 'zh', {
              name: fn.name,
              error: renderMessage(error.key, 'zh', error.params),
            }),
            en: renderMessage('agent.function_failed', 'en', {
              name: fn.name,
              error: renderMessage(error.key, 'en', error.params),
            }),
          },
          false,
        );
      }
      throw error;
    }
    if (run.status === 'success') return run.result ?? null;
    throw AgentFailure.of(
      'agent.function_failed',
      { name: fn.name, error: run.error ?? run.status },
      run.status === 'timeout',
      { status: run.status, logs: run.logs },
    );
  }

  /**
   * With a model: instruction, tools and functions as function definitions, the mission's inputs;
   * the model calls them (results answered back) until it answers, for at most AGENT_LLM_MAX_STEPS
   * model calls. A tool that fails is answered back as an error, for the model to handle.
   */
  private async runWithModel(
    context: AgentNodeContextView,
    tools: AgentTool[],
    functions: AgentFunctionView[],
    toolContext: ToolContext,
    ask?: AskOwner,
  ): Promise<NodeOutput> {
    const model = this.model!;
    const definitions = [
      ...tools.map(toolDefinition),
      ...functions.map((fn) => functionDefinition(fn)),
      ...(ask ? [ASK_USER_DEFINITION] : []),
    ];
    let asked = 0;
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(context) },
      { role: 'user', content: userPrompt(context, toolContext.inputs, toolContext.previous) },
    ];
    const steps: Step[] = [];
    const data: Record<string, unknown> = {};
    const values: Record<string, unknown> = {};
    const maxSteps = this.env.AGENT_LLM_MAX_STEPS;
    // What every model call of the node cost, stored with the node's run.
    let usage: TokenUsage = NO_USAGE;
    for (let step = 1; step <= maxSteps; step += 1) {
      checkAborted(toolContext.signal);
      const last = step === maxSteps;
      const reply = await this.ask(model, {
        messages,
        ...(definitions.length ? { tools: definitions, toolChoice: last ? 'none' : 'auto' } : {}),
        language: context.language,
        signal: toolContext.signal,
        stream: false,
      });
      usage = addUsage(usage, reply.usage);
      if (!reply.toolCalls.length || last) {
        if (reply.toolCalls.length) {
          throw AgentFailure.of('agent.model_steps', { steps: maxSteps }, true);
        }
        const text = reply.text.trim();
        if (Object.keys(values).length) data.functions = values;
        return {
          result: text,
          summary: both(text, text),
          steps: [...steps, { kind: 'model', name: reply.model, summary: both(text, text) }],
          ...data,
          model: { name: reply.model, steps: step, usage },
          files: [],
        };
      }
      messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
      for (const call of reply.toolCalls) {
        if (call.name === ASK_USER_TOOL && ask) {
          // Asked again after a redelivery, the same question number gets the stored reply.
          asked += 1;
          const question = questionOf(call.arguments);
          const text = await ask(both(question, question), asked);
          messages.push({
            role: 'tool',
            toolCallId: call.id,
            content: JSON.stringify({ reply: text }),
          });
          continue;
        }
        const answer = await this.callForModel(call, tools, functions, context, toolContext);
        if (answer.tool) {
          data[answer.tool.key] = answer.data;
          steps.push({ kind: 'tool', name: answer.tool.name, summary: answer.summary });
        } else if (answer.fn) {
          values[answer.fn.name] = answer.data;
          steps.push({ kind: 'function', name: answer.fn.name, summary: answer.summary });
        }
        messages.push({ role: 'tool', toolCallId: call.id, content: answer.content });
      }
    }
    throw AgentFailure.of('agent.model_steps', { steps: maxSteps }, true);
  }

  private async ask(model: LlmProvider, request: Parameters<LlmProvider['chat']>[0]) {
    try {
      return await collectReply(model.chat(request));
    } catch (error) {
      if (isLlmError(error)) {
        throw new AgentFailure(
          {
            zh: renderMessage(error.messageKey, 'zh'),
            en: renderMessage(error.messageKey, 'en'),
          },
          error.retryable,
          { code: error.code },
        );
      }
      throw error;
    }
  }

  private async callForModel(
    call: ToolCall,
    tools: AgentTool[],
    functions: AgentFunctionView[],
    context: AgentNodeContextView,
    toolContext: ToolContext,
  ): Promise<{
    content: string;
    summary: LocalizedText;
    data?: unknown;
    tool?: AgentTool;
    fn?: AgentFunctionView;
  }> {
    const tool = tools.find((t) => toolFunctionName(t.name) === call.name);
    const fn = functions.find((f) => f.name === call.name);
    let args: Record<string, unknown> = {};
    try {
      const parsed: unknown = call.arguments.trim() ? JSON.parse(call.arguments) : {};
      if (isRecord(parsed)) args = parsed;
    } catch {
      return errorAnswer(`the arguments are not JSON: ${call.arguments.slice(0, 200)}`);
    }
    try {
      if (tool) {
        const result = await tool.run(toolArgsOf(args), toolContext);
        return {
          content: clip(JSON.stringify({ summary: result.summary.en, data: result.data })),
          summary: result.summary,
          data: result.data,
          tool,
        };
      }
      if (fn) {
        const bag = { ...bagOf(context, toolContext), ...args };
        const value = await this.callFunction(fn, bag, context.language);
        const summary = functionSummary(fn.name, value);
        return { content: clip(JSON.stringify({ result: value })), summary, data: value, fn };
      }
      return errorAnswer(`there is no tool named ${call.name}`);
    } catch (error) {
      if (error instanceof AgentFailure) return errorAnswer(error.text.en);
      throw error;
    }
  }
}

const ASK_USER_DEFINITION: ToolDefinition = {
  name: ASK_USER_TOOL,
  description:
    "Ask the mission's owner a question when an input you need (a sequence, a choice) is missing; their reply comes back as the result.",
  parameters: {
    type: 'object',
    properties: { question: { type: 'string', description: 'The question, in the user language' } },
    required: ['question'],
  },
};

function questionOf(args: string): string {
  try {
    const parsed: unknown = JSON.parse(args);
    if (isRecord(parsed) && typeof parsed.question === 'string' && parsed.question.trim()) {
      return parsed.question.trim().slice(0, 4000);
    }
  } catch {
    // not JSON: the text itself
  }
  return args.trim().slice(0, 4000) || '?';
}

function errorAnswer(message: string) {
  return { content: JSON.stringify({ error: message }), summary: both(message, message) };
}

function clip(text: string): string {
  return text.length <= TOOL_REPLY_MAX ? text : `${text.slice(0, TOOL_REPLY_MAX)}…(truncated)`;
}

/** Function names a model may use: OpenAI allows [A-Za-z0-9_-], so antibody.number → antibody_number. */
export function toolFunctionName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

function toolDefinition(tool: AgentTool): ToolDefinition {
  return {
    name: toolFunctionName(tool.name),
    description: tool.description,
    parameters: tool.parameters,
  };
}

const JSON_TYPES: Record<string, string | undefined> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
};

function functionDefinition(fn: AgentFunctionView): ToolDefinition {
  return {
    name: fn.name,
    description: fn.description || fn.name,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(
        fn.params.map((p) => [
          p.name,
          {
            ...(JSON_TYPES[p.type] ? { type: JSON_TYPES[p.type] } : {}),
            description: p.description,
          },
        ]),
      ),
      required: fn.params.filter((p) => p.required).map((p) => p.name),
    },
  };
}

function toolArgsOf(args: Record<string, unknown>): ToolArgs {
  const out: ToolArgs = {};
  for (const key of ['heavy', 'light', 'antigen'] as const) {
    if (typeof args[key] === 'string' && args[key]) out[key] = args[key];
  }
  if (args.scheme === 'imgt' || args.scheme === 'kabat' || args.scheme === 'chothia') {
    out.scheme = args.scheme;
  }
  if (typeof args.count === 'number' && Number.isInteger(args.count)) out.count = args.count;
  if (typeof args.seed === 'number' && Number.isInteger(args.seed)) out.seed = args.seed;
  if (Array.isArray(args.cdrs)) {
    const cdrs = args.cdrs.filter((c) => c === 'cdr1' || c === 'cdr2' || c === 'cdr3');
    if (cdrs.length) out.cdrs = cdrs;
  }
  return out;
}

function systemPrompt(context: AgentNodeContextView): string {
  const agent = context.agent;
  const node = context.node.agent;
  const language = context.language === 'zh' ? 'Chinese (简体中文)' : 'English';
  return [
    `You are the agent "${agent?.nameEn || agent?.name || node.nameen}" of an antibody-design platform, running step "${node.nameen || context.node.name}" of a workflow.`,
    agent?.instruction ? `Agent instruction: ${agent.instruction}` : '',
    ...(agent?.skills ?? []).map((s) =>
      s.instruction ? `Skill "${s.nameEn || s.name}": ${s.instruction}` : '',
    ),
    node.instruction ? `Step instruction: ${node.instruction}` : '',
    node.output ? `Expected output: ${node.output}` : '',
    'Use the tools for every computation; never invent sequences, positions or scores.',
    `Answer briefly in ${language}, with the key figures.`,
  ]
    .filter(Boolean)
    .join('\n');
}

function userPrompt(
  context: AgentNodeContextView,
  inputs: AgentInputs,
  previous: NodeRunOutputView[],
): string {
  const parts = [`Request:\n${inputs.text || '(none)'}`];
  if (inputs.patch) parts.push(`Patch:\n${inputs.patch}`);
  if (inputs.files.length) parts.push(`Files: ${inputs.files.join(', ')}`);
  for (const run of previous) {
    const result = isRecord(run.outputs) ? run.outputs.result : run.outputs;
    parts.push(
      `Earlier step ${run.nodeNameEn || run.nodeName || run.nodeId}: ${clip(String(typeof result === 'string' ? result : JSON.stringify(result)))}`,
    );
  }
  return parts.join('\n\n');
}

/** What a function's parameters are filled from, by name. */
function bagOf(context: AgentNodeContextView, toolContext: ToolContext): Record<string, unknown> {
  const { inputs, previous } = toolContext;
  const last = previous.at(-1)?.outputs;
  const heavy = inputs.chains.find((c) => c.label === 'heavy')?.sequence;
  const light = inputs.chains.find((c) => c.label === 'light')?.sequence;
  const antigen = inputs.antigens[0]?.sequence;
  return {
    text: inputs.text,
    request: inputs.request,
    patch: inputs.patch,
    files: inputs.files,
    language: context.language,
    missionCode: context.missionCode,
    heavy,
    light,
    antigen,
    sequence: heavy ?? light ?? antigen,
    sequences: [...inputs.chains.map((c) => c.sequence), ...inputs.antigens.map((a) => a.sequence)],
    inputs: context.inputs,
    previous: last,
    result: isRecord(last) ? last.result : last,
    outputs: Object.fromEntries(previous.map((p) => [p.nodeId, p.outputs])),
  };
}

function functionSummary(name: string, value: unknown): LocalizedText {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  const short = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return both(`函数 ${name} 返回：${short}`, `Function ${name} returned: ${short}`);
}

function joined(texts: LocalizedText[]): LocalizedText {
  return both(texts.map((t) => t.zh).join('\n'), texts.map((t) => t.en).join('\n'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('the task was taken away (its lock was lost)');
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

function uniqueBy<T>(items: T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const NO_USAGE: TokenUsage = {
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  estimated: false,
};

/** Two calls' counts together; estimated when either was. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    estimated: a.estimated || b.estimated,
  };
}

/**
 * The token counts of a node's model calls (the runner sums them into `model.usage`), as the node's
 * end reports them; nothing for a node that ran without a model.
 */
export function tokensOf(
  outputs: unknown,
): Pick<MissionNodeEndedBody, 'promptTokens' | 'completionTokens' | 'tokensEstimated'> {
  const usage = (outputs as { model?: { usage?: Partial<TokenUsage> } } | null)?.model?.usage;
  if (!usage) return {};
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
  return {
    promptTokens: count(usage.promptTokens),
    completionTokens: count(usage.completionTokens),
    tokensEstimated: usage.estimated === true,
  };
}
