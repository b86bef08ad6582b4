import { EventEmitter } from 'node:events';

import { Timers } from 'bpmn-elements';
import { Engine } from 'bpmn-engine';

import { createJuelExpressions, ExpressionHandler } from '../expressions/juel-expressions';
import type { LoadedDefinition } from './definition-cache';

// One bpmn-engine run of one process instance for the length of one command: recover the saved
// state, resume, act, collect what changed (waits, history) and save the state again. An Engine is
// never reused: bpmn-engine 25 refuses to recover a running engine.

export type WaitKind = 'external' | 'user' | 'message' | 'timer';

export interface WaitState {
  executionId: string;
  kind: WaitKind;
  activityId: string;
  parentExecutionId: string | null;
  topic?: string;
  priority?: number;
  assignee?: string | null;
  /** A user task's literal camunda:candidateUsers / candidateGroups (the gate allows no expressions). */
  candidateUsers?: string[];
  candidateGroups?: string[];
  formKey?: string | null;
  messageName?: string;
  messageId?: string;
  dueAt?: number;
  localVariables?: Record<string, unknown>;
}

export interface HistoryEvent {
  kind: 'start' | 'end' | 'cancel' | 'startEnd';
  executionId: string;
  activityId: string;
  parentExecutionId: string | null;
  /** True when the parent is the process itself (Camunda then names the instance as parent). */
  parentIsProcess: boolean;
  at: number;
}

/** The slice of bpmn-elements' element API the engine uses. */
interface ElementApi {
  id: string;
  type: string;
  executionId: string;
  content: Record<string, unknown> & {
    parent?: { id?: string; type?: string; executionId?: string };
    expireAt?: string | Date;
    error?: { message?: string };
  };
  owner: { type?: string; behaviour?: Record<string, unknown> };
  environment: { variables: Record<string, unknown> };
  signal(message?: unknown): void;
  sendApiMessage(action: string, content?: unknown): void;
}

interface EngineExecution {
  signal(payload: unknown): void;
}

interface EngineLike {
  state: string;
  execution: EngineExecution | null;
  execute(options: unknown): Promise<unknown>;
  recover(state: unknown): EngineLike;
  resume(options: unknown): Promise<unknown>;
  getState(): Promise<SavedState>;
}

interface SavedState {
  definitions: { source?: unknown; [key: string]: unknown }[];
  [key: string]: unknown;
}

let fallbackExpressions: ExpressionHandler | null = null;

function expressions(): ExpressionHandler {
  // bpmn-elements does not export its Expressions; a throwaway Engine hands out the default one.
  fallbackExpressions ??= (
    new Engine() as unknown as { environment: { expressions: ExpressionHandler } }
  ).environment.expressions;
  return createJuelExpressions(fallbackExpressions);
}

const noTimers = { setTimeout: () => null, clearTimeout: () => undefined };

// bpmn-engine's default logger builds a `debug` instance per element per engine (measurable on
// every command); the engine logs nothing it needs.
const silentLogger = { debug: () => undefined, warn: () => undefined, error: () => undefined };
const Logger = () => silentLogger;

export class InstanceRun {
  readonly waits = new Map<string, WaitState>();
  readonly history: HistoryEvent[] = [];
  ended = false;
  private readonly apis = new Map<string, ElementApi>();
  private readonly endedExecutions = new Set<string>();
  private error: string | null = null;
  private readonly engine: EngineLike;

  constructor(
    private readonly definition: LoadedDefinition,
    instanceId: string,
  ) {
    this.engine = new Engine({
      name: instanceId,
      Logger,
      sourceContext: definition.context,
      elements: definition.elements,
      expressions: expressions(),
      // Timers never run in-process: due dates are stored and a sweeper resumes the instance.
      timers: new Timers(noTimers as never),
    } as never) as unknown as EngineLike;
  }

  /** Clears what the previous command collected, for a live engine reused by the next one. */
  beginCommand(): void {
    this.history.length = 0;
    this.endedExecutions.clear();
    this.error = null;
  }

  async start(variables: Record<string, unknown>): Promise<void> {
    await this.engine.execute({ listener: this.listener(), variables });
  }

  async resume(state: string): Promise<void> {
    this.engine.recover(JSON.parse(state));
    await this.engine.resume({ listener: this.listener() });
  }

  /** Completes a waiting task (external or user); the variables land in the process scope. */
  complete(executionId: string, variables: Record<string, unknown>): void {
    const api = this.requireApi(executionId);
    Object.assign(api.environment.variables, variables);
    this.waits.delete(executionId);
    api.signal({});
  }

  /** Raises a BPMN error on a waiting external task; a boundary event with that code catches it. */
  bpmnError(
    executionId: string,
    code: string,
    message: string,
    vars: Record<string, unknown>,
  ): void {
    const api = this.requireApi(executionId);
    Object.assign(api.environment.variables, vars);
    this.waits.delete(executionId);
    api.sendApiMessage('error', { message, code });
  }

  /** Delivers a message to a waiting catch event, receive task or boundary event. */
  correlate(wait: WaitState, variables: Record<string, unknown>): void {
    const api = this.requireApi(wait.executionId);
    Object.assign(api.environment.variables, variables);
    this.engine.execution?.signal({ id: wait.messageId });
  }

  /** Throws when the definition failed while running (e.g. an expression could not be evaluated). */
  get failure(): string | null {
    return this.engine.state === 'error' ? (this.error ?? 'the process failed') : null;
  }

  async saveState(): Promise<string> {
    const state = await this.engine.getState();
    // The source is stored once with the definition (about a third of a small state).
    for (const definition of state.definitions) delete definition.source;
    return JSON.stringify(state);
  }

  private requireApi(executionId: string): ElementApi {
    const api = this.apis.get(executionId);
    if (!api) throw new Error(`execution ${executionId} is not waiting`);
    return api;
  }

  private listener(): EventEmitter {
    const listener = new EventEmitter();
    listener.on('wait', (api: ElementApi) => this.onWait(api));
    listener.on('activity.timer', (api: ElementApi) => this.onTimer(api));
    listener.on('activity.start', (api: ElementApi) => this.onStart(api));
    listener.on('activity.end', (api: ElementApi) => this.onEnd(api));
    listener.on('activity.leave', (api: ElementApi) => this.onLeave(api));
    listener.on('activity.error', (api: ElementApi) => {
      this.error ??= api.content.error?.message ?? `activity ${api.id} failed`;
    });
    listener.on('process.end', (api: ElementApi) => {
      if (api.content.parent?.type === 'bpmn:Definitions' || !api.content.parent?.executionId) {
        this.ended = true;
      }
    });
    return listener;
  }

  private onWait(api: ElementApi): void {
    const info = this.definition.model.activities.get(api.id);
    if (!info) return;
    const base = {
      executionId: api.executionId,
      activityId: api.id,
      parentExecutionId: api.content.parent?.executionId ?? null,
    };
    const behaviour = api.owner.behaviour ?? {};
    let wait: WaitState | null = null;
    if (info.type === 'bpmn:UserTask') {
      wait = {
        ...base,
        kind: 'user',
        assignee: (behaviour.assignee as string | undefined) ?? null,
        candidateUsers: listOf(behaviour.candidateUsers),
        candidateGroups: listOf(behaviour.candidateGroups),
        formKey: (behaviour.formKey as string | undefined) ?? null,
      };
    } else if (behaviour.type === 'external') {
      wait = {
        ...base,
        kind: 'external',
        topic: String(behaviour.topic ?? ''),
        priority: this.priority(api, behaviour.taskPriority),
        localVariables: this.loopVariables(api, behaviour),
      };
    } else if (info.messageId) {
      wait = {
        ...base,
        kind: 'message',
        messageId: info.messageId,
        messageName: info.messageName!,
      };
    }
    if (!wait) return;
    this.apis.set(api.executionId, api);
    this.waits.set(api.executionId, wait);
  }

  private priority(api: ElementApi, raw: unknown): number {
    if (raw === undefined || raw === null || raw === '') return 0;
    const value =
      typeof raw === 'string' && raw.includes('{')
        ? (expressions().resolveExpression(raw, { environment: api.environment }) as unknown)
        : raw;
    const n = Number(value);
    return Number.isFinite(n) ? n : 0;
  }

  private loopVariables(
    api: ElementApi,
    behaviour: Record<string, unknown>,
  ): Record<string, unknown> | undefined {
    const loop = behaviour.loopCharacteristics as
      { behaviour?: { elementVariable?: string; collection?: string } } | undefined;
    if (!loop || api.content.index === undefined) return undefined;
    const result: Record<string, unknown> = { loopCounter: api.content.index };
    if (loop.behaviour?.collection) {
      const name = loop.behaviour.elementVariable ?? 'item';
      result[name] = api.content[name];
    }
    return result;
  }

  private onTimer(api: ElementApi): void {
    const expireAt = api.content.expireAt;
    if (!expireAt) return;
    this.waits.set(api.executionId, {
      executionId: api.executionId,
      kind: 'timer',
      activityId: api.id,
      parentExecutionId: api.content.parent?.executionId ?? null,
      dueAt: new Date(expireAt).getTime(),
    });
  }

  private isBoundary(api: ElementApi): boolean {
    return this.definition.model.activities.get(api.id)?.type === 'bpmn:BoundaryEvent';
  }

  private onStart(api: ElementApi): void {
    // Camunda records a boundary event only when it fires; bpmn-engine starts it with its host.
    if (!this.isBoundary(api)) this.record('start', api);
  }

  private onEnd(api: ElementApi): void {
    this.endedExecutions.add(api.executionId);
    this.record(this.isBoundary(api) ? 'startEnd' : 'end', api);
    this.dropWaits(api.executionId);
  }

  private onLeave(api: ElementApi): void {
    if (!this.endedExecutions.has(api.executionId) && !this.isBoundary(api)) {
      this.record('cancel', api);
    }
    this.dropWaits(api.executionId);
  }

  private dropWaits(executionId: string): void {
    for (const [id, wait] of this.waits) {
      if (id === executionId || wait.parentExecutionId === executionId) this.waits.delete(id);
    }
  }

  private record(kind: HistoryEvent['kind'], api: ElementApi): void {
    this.history.push({
      kind,
      executionId: api.executionId,
      activityId: api.id,
      parentExecutionId: api.content.parent?.executionId ?? null,
      parentIsProcess: api.content.parent?.type === 'bpmn:Process',
      at: Date.now(),
    });
  }
}

/** A comma-separated attribute as its trimmed, non-empty entries. */
function listOf(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
