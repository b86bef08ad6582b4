import { Inject, Injectable, Logger } from '@nestjs/common';
import { evaluateValidator, routesAfter } from '@platform/bpmn';
import {
  type AgentGraph,
  type AgentNodeContextView,
  DomainError,
  jsonTextVariable,
  type Language,
  LANGUAGES,
  MISSION_ASK_LOCK_MS,
  MISSION_VARIABLES,
  type NodeRunOutputView,
  outputVariable,
  renderMessage,
  type ValidatorResultView,
} from '@platform/contracts';
import type { MissionNodeBody } from '@platform/contracts/dto';
import { CamundaRestClient, engineCredentialsFromEnv } from '@platform/engine-client';
import { type Task, type TaskService, Variables } from 'camunda-external-task-client-js';

import { AgentFailure, type AskOwner, AwaitingReply } from '../agents/agent-failure';
import { AgentRunner, tokensOf } from '../agents/agent-runner';
import { AGENT_WORKER_ENV, type AgentWorkerEnv } from '../config/env';
import { type Computed, ExecutionsService } from '../executions/executions.service';
import type { TaskExecution } from '../executions/task-execution.entity';
import { WorkflowClient } from '../workflow/workflow-client';
import { engineStatus, LockKeeper } from './lock-keeper';

/** Node-context answers that no retry changes: the node fails at once (an incident). */
const DEFINITIVE_CONTEXT_ERRORS = new Set([
  'mission.not_found',
  'mission.key_required',
  'agent.node_unknown',
  'agent.not_found',
  'agent.function_not_found',
  'agent.graph_unavailable',
]);

/**
 * The process variables a task is fetched with (fetchAndLock's `variables`): the mission's keys and
 * language. Not `inputs` (the context has the mission's) nor the earlier nodes' `output_<node>`
 * Json variables, which the engine would load for every task (a late node of a mission all the
 * earlier outputs): the context has them, from the mission log and, in a rerun, from the instance.
 */
export const TASK_VARIABLES = [
  MISSION_VARIABLES.missionCode,
  MISSION_VARIABLES.runId,
  MISSION_VARIABLES.language,
];

/** What one delivery ended with (for logs and tests). */
export type TaskOutcome = 'completed' | 'failed' | 'released' | 'lost' | 'waiting';

/**
 * One delivery of an agent node's external task, from fetch to complete:
 *
 * 1. find or open the attempt in the worker's database; one already computed (a redelivery after
 *    a crash or lock expiry) is not run again;
 * 2. one call to the workflow service (node-begin): the node's context (descriptor, agent, inputs,
 *    earlier outputs) and, for an attempt that runs now, its start reported (a task without its
 *    mission variables asks for the context first and reports the start on its own);
 * 3. run the agent (the lock extended meanwhile), evaluate the descriptor's validators and the
 *    routes of the branch gateways after the node, and store it all;
 * 4. report the node ended with its outputs, complete the task with `output_<node>` and the route
 *    variables, and report the mission completed when that ended the process instance.
 *
 * Per node that is two calls to the workflow service (begin, end; the last node a third, the
 * mission's end) and one to the engine besides the fetch (the last node a second, the history).
 *
 * A failure of the agent (or a branch no rule routes) is the node's: reported as a failed node run
 * and to the engine with one retry less and a growing back-off; at the last retry the engine raises
 * an incident and the mission is reported failed. A failure to reach the workflow service or the
 * engine is not the node's: the task is handed back with its retries and a back-off, and the same
 * attempt runs (or completes from the stored outputs) when it comes again.
 */
@Injectable()
export class TaskHandler {
  private readonly logger = new Logger(TaskHandler.name);
  private readonly engine: CamundaRestClient;
  private readonly keepers = new Set<LockKeeper>();

  constructor(
    @Inject(AGENT_WORKER_ENV) private readonly env: AgentWorkerEnv,
    private readonly workflow: WorkflowClient,
    private readonly executions: ExecutionsService,
    private readonly runner: AgentRunner,
  ) {
    this.engine = new CamundaRestClient({
      baseUrl: env.engineUrl,
      auth: engineCredentialsFromEnv(env),
    });
  }

  async handle(task: Task, taskService: TaskService): Promise<TaskOutcome> {
    const keeper = new LockKeeper(taskService, task, this.env.AGENT_WORKER_LOCK_MS, (error) =>
      this.logger.warn(`task ${task.id}: the lock was not extended: ${String(error)}`),
    );
    this.keepers.add(keeper);
    try {
      return await this.process(task, taskService, keeper);
    } catch (error) {
      return await this.release(task, taskService, error);
    } finally {
      this.keepers.delete(keeper);
      await keeper.stop();
    }
  }

  /**
   * Stops extending the locks of the tasks still running (a worker that shuts down): their locks
   * expire and other workers take them over, completing from the stored outputs if computed.
   */
  abandon(): void {
    for (const keeper of this.keepers) keeper.halt();
  }

  private async process(
    task: Task,
    taskService: TaskService,
    keeper: LockKeeper,
  ): Promise<TaskOutcome> {
    const variables = task.variables.getAll();
    const missionCode = stringOf(variables[MISSION_VARIABLES.missionCode]) ?? task.businessKey;
    const runVariable = stringOf(variables[MISSION_VARIABLES.runId]);
    const nodeId = task.activityId;
    const delivery = {
      nodeId,
      processInstanceId: task.processInstanceId,
      externalTaskId: task.id,
      workerId: this.env.workerId,
    };
    // With the mission and run on the task (every mission's instance has them), the attempt is
    // opened first, so the workflow service reports its start with the context: one round trip.
    let execution =
      missionCode && runVariable
        ? await this.executions.begin({ ...delivery, runId: runVariable, missionCode })
        : null;
    let computed = execution ? storedOf(execution) : null;
    const startsNow = execution !== null && computed === null;
    let context: AgentNodeContextView;
    try {
      context = await this.workflow.nodeBegin({
        ...(missionCode ? { missionCode } : {}),
        // The instance the task is of: a rerun's outputs are read from it (the mission may not
        // name a new instance yet).
        processInstanceId: task.processInstanceId,
        ...(runVariable ? { runId: runVariable } : {}),
        nodeId,
        ...(execution && startsNow
          ? { attempt: execution.attempt, startedAt: execution.startedAt.toISOString() }
          : {}),
      });
    } catch (error) {
      if (error instanceof DomainError && DEFINITIVE_CONTEXT_ERRORS.has(error.key)) {
        if (execution) await this.executions.failed(execution.id, error.key);
        return this.unrunnable(task, taskService, error, missionCode ?? undefined, runVariable);
      }
      throw error;
    }
    const runId = runVariable ?? context.runId;
    if (!execution) {
      execution = await this.executions.begin({
        ...delivery,
        runId,
        missionCode: context.missionCode,
      });
      computed = storedOf(execution);
    }
    const report: MissionNodeBody = {
      missionCode: context.missionCode,
      runId,
      nodeId,
      attempt: execution.attempt,
      nodeName: context.node.name.slice(0, 255),
      nodeNameEn: context.node.agent.nameen.slice(0, 255),
      agent: (context.agent?.name ?? context.function?.name ?? '').slice(0, 100),
    };
    if (!computed) {
      const previous = context.previous;
      // Only a task without its mission variables gets here unreported (the context came first).
      if (!startsNow) {
        await this.workflow.nodeStarted({
          ...report,
          // A structure's atoms are in the mission's inputs already; the node's log names the files.
          inputs: {
            ...context.inputs,
            ...(context.inputs.structures
              ? { structures: context.inputs.structures.map((x) => ({ name: x.name, pdb: '' })) }
              : {}),
            previous: previous.map((p) => p.nodeId),
          },
          startedAt: execution.startedAt.toISOString(),
        });
      }
      const attempt = execution;
      const ask: AskOwner = async (question, seq) => {
        const answer = await this.workflow.askUser({
          missionCode: context.missionCode,
          runId,
          nodeId,
          attempt: attempt.attempt,
          seq,
          externalTaskId: task.id,
          question: question.zh,
          questionEn: question.en,
        });
        if (answer.status === 'answered' && answer.reply) return answer.reply.text;
        throw new AwaitingReply();
      };
      try {
        computed = await this.compute(context, previous, keeper.signal, ask);
      } catch (error) {
        if (keeper.lost) return 'lost';
        if (error instanceof AwaitingReply) return this.park(task, taskService, keeper);
        return await this.fail(task, taskService, execution, report, context.language, error);
      }
      computed = await this.executions.computed(execution.id, computed);
    }
    if (keeper.lost) return 'lost';
    await this.workflow.nodeEnded({
      ...report,
      status: 'success',
      outputs: computed.outputs,
      ...tokensOf(computed.outputs),
      endedAt: new Date().toISOString(),
    });
    await this.complete(task, taskService, computed);
    await this.executions.completed(execution.id);
    if (mayEndAfter(context.graph, nodeId)) await this.reportEnd(task, context.missionCode, runId);
    return 'completed';
  }

  /** The agent's run, its validators and routes: what the task completes with. */
  private async compute(
    context: AgentNodeContextView,
    previous: NodeRunOutputView[],
    signal: AbortSignal,
    ask: AskOwner,
  ): Promise<Computed> {
    const output = await this.runner.run(context, previous, signal, ask);
    const validators: ValidatorResultView[] = context.node.agent.validators.map((call) => ({
      name: call.name,
      params: call.params,
      passed: evaluateValidator(call, output),
    }));
    const routes = routesAfter(context.graph, context.node.id, output);
    if (routes.unrouted.length) {
      throw AgentFailure.of(
        'agent.branch_unrouted',
        { nodeId: context.node.id, gateways: routes.unrouted.join(', ') },
        false,
        { output, validators },
      );
    }
    const outputs = { ...output, validators };
    return {
      outputs,
      variables: { [outputVariable(context.node.id)]: outputs, ...routes.variables },
    };
  }

  private async complete(task: Task, taskService: TaskService, computed: Computed): Promise<void> {
    const variables = new Variables();
    for (const [name, value] of Object.entries(computed.variables)) {
      if (typeof value === 'string') variables.set(name, value);
      else variables.setTyped(name, { ...jsonTextVariable(value), valueInfo: {} });
    }
    try {
      await taskService.complete(task, variables);
    } catch (error) {
      // Completed before (the answer was lost): the engine no longer knows the task.
      if (engineStatus(error) !== 404) throw error;
    }
  }

  /**
   * The node asked its owner and waits: the task stays locked (MISSION_ASK_LOCK_MS) with nothing
   * reported; the owner's reply unlocks it, a worker fetches it again, asks the same question and
   * goes on with the answer. A lock that runs out first just asks again (and is told to wait).
   */
  private async park(
    task: Task,
    taskService: TaskService,
    keeper: LockKeeper,
  ): Promise<TaskOutcome> {
    keeper.halt();
    try {
      await taskService.extendLock(task, MISSION_ASK_LOCK_MS);
    } catch (error) {
      // Unlocked by a reply that came meanwhile: the task is fetched again at once.
      this.logger.log(`task ${task.id}: not kept waiting (${String(error)})`);
    }
    return 'waiting';
  }

  /** Reports the mission completed when this completion ended its process instance. */
  private async reportEnd(task: Task, missionCode: string, runId: string): Promise<void> {
    try {
      // One question: the history has the instance's end as soon as the completion committed it.
      const [history] = await this.engine.historicProcessInstances({
        processInstanceId: task.processInstanceId,
      });
      if (history?.state !== 'COMPLETED') return;
      await this.workflow.missionCompleted({ missionCode, runId });
    } catch (error) {
      // The workflow service's reconciler finds the end in the engine's history as well.
      this.logger.warn(`mission ${missionCode}: the end was not reported: ${String(error)}`);
    }
  }

  /**
   * The node failed: the attempt is closed first (so a redelivery is a new attempt), then the node
   * run is reported failed and the engine told, with one retry less unless nothing can help.
   */
  private async fail(
    task: Task,
    taskService: TaskService,
    execution: TaskExecution,
    report: MissionNodeBody,
    language: Language,
    error: unknown,
  ): Promise<TaskOutcome> {
    const failure = asFailure(error);
    if (!(error instanceof AgentFailure)) {
      this.logger.error(`task ${task.id}: the agent failed: ${stackOf(error)}`);
    }
    const message = failure.text[language];
    const retries = task.retries ?? this.env.AGENT_WORKER_RETRIES;
    const left = failure.retryable ? Math.max(0, retries - 1) : 0;
    await this.executions.failed(execution.id, message);
    // A node that computed but cannot go on (no branch routes it) shows what it produced.
    const details = failure.details as { output?: object; validators?: unknown } | undefined;
    await this.workflow
      .nodeEnded({
        ...report,
        status: 'failed',
        error: message.slice(0, 4000),
        ...(details?.output
          ? { outputs: { ...details.output, validators: details.validators ?? [] } }
          : {}),
        endedAt: new Date().toISOString(),
      })
      .catch((e: unknown) => this.logger.warn(`task ${task.id}: node end not reported: ${e}`));
    await taskService.handleFailure(task, {
      errorMessage: message.slice(0, 500),
      errorDetails: JSON.stringify({ ...failure.text, details: failure.details ?? null }),
      retries: left,
      retryTimeout: left > 0 ? this.backoff(execution.attempt) : 0,
    });
    if (left === 0) {
      await this.workflow
        .missionFailed({
          missionCode: report.missionCode,
          runId: report.runId,
          nodeId: report.nodeId,
          error: message.slice(0, 4000),
        })
        .catch((e: unknown) => this.logger.warn(`mission ${report.missionCode}: ${e}`));
    }
    return 'failed';
  }

  /** A node that cannot run (no such mission, agent or function): an incident at once. */
  private async unrunnable(
    task: Task,
    taskService: TaskService,
    error: DomainError,
    missionCode: string | undefined,
    runId: string | undefined,
  ): Promise<TaskOutcome> {
    const raw = stringOf(task.variables.get(MISSION_VARIABLES.language));
    const language: Language = LANGUAGES.includes(raw as Language) ? (raw as Language) : 'zh';
    const message = renderMessage(error.key, language, error.params);
    await taskService.handleFailure(task, {
      errorMessage: message.slice(0, 500),
      errorDetails: JSON.stringify({ key: error.key, params: error.params }),
      retries: 0,
      retryTimeout: 0,
    });
    if (missionCode && error.key !== 'mission.not_found') {
      await this.workflow
        .missionFailed({ missionCode, runId, nodeId: task.activityId, error: message })
        .catch((e: unknown) => this.logger.warn(`mission ${missionCode}: ${e}`));
    }
    return 'failed';
  }

  /**
   * Not the node's failure (the workflow service or the engine did not answer): the task goes back
   * with its retries unchanged after a back-off, and the same attempt comes again.
   */
  private async release(
    task: Task,
    taskService: TaskService,
    error: unknown,
  ): Promise<TaskOutcome> {
    this.logger.warn(`task ${task.id} (${task.activityId}) handed back: ${stackOf(error)}`);
    if (engineStatus(error) === 404) return 'lost';
    try {
      await taskService.handleFailure(task, {
        errorMessage:
          `agent worker: ${String(error instanceof Error ? error.message : error)}`.slice(0, 500),
        retries: task.retries ?? this.env.AGENT_WORKER_RETRIES,
        retryTimeout: this.backoff(1),
      });
    } catch (failure) {
      // The engine is unreachable too: the lock expires and the task comes again.
      this.logger.warn(`task ${task.id}: not handed back: ${String(failure)}`);
    }
    return 'released';
  }

  /** Back-off before attempt `attempt + 1`: AGENT_WORKER_RETRY_MS doubled per attempt, capped. */
  backoff(attempt: number): number {
    const base = this.env.AGENT_WORKER_RETRY_MS;
    return Math.min(this.env.AGENT_WORKER_RETRY_MAX_MS, base * 2 ** Math.max(0, attempt - 1));
  }
}

/**
 * Whether completing `nodeId` may end the process: an end event is reached from it through
 * gateways and events only (no other node that waits).
 */
export function mayEndAfter(graph: AgentGraph, nodeId: string): boolean {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const seen = new Set<string>();
  const queue = [...(byId.get(nodeId)?.next ?? [])];
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = byId.get(id);
    if (!node || node.kind === 'end') return true;
    if (node.kind === 'gateway' || node.kind === 'branch' || node.kind === 'event') {
      queue.push(...node.next);
    }
  }
  return false;
}

function storedOf(execution: TaskExecution): Computed | null {
  if (execution.status !== 'computed' && execution.status !== 'completed') return null;
  return { outputs: execution.outputs, variables: execution.variables ?? {} };
}

function asFailure(error: unknown): AgentFailure {
  if (error instanceof AgentFailure) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return AgentFailure.of('agent.tool_failed', { tool: 'agent', error: reason }, true);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
