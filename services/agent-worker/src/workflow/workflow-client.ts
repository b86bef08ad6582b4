import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type AgentFunctionView,
  type AgentNodeContextView,
  type FunctionRunView,
  type Language,
  type MissionAskView,
  type MissionLogView,
  type MissionStartedView,
  WORKFLOW_PATTERNS,
} from '@platform/contracts';
import type {
  CommandPayload,
  FunctionRunBody,
  MissionAskUserBody,
  MissionCompletedBody,
  MissionFailedBody,
  MissionNodeBeginBody,
  MissionNodeBody,
  MissionNodeContextBody,
  MissionNodeEndedBody,
  PlaygroundAgentContextBody,
} from '@platform/contracts/dto';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { AGENT_WORKER_ENV, type AgentWorkerEnv } from '../config/env';

/**
 * The workflow service as the worker sees it, over the transport: the node context of a task, the
 * node-run reports (idempotent per run, node and attempt there), the end of a run, and sandboxed
 * function runs (QuickJS, with the workflow service's limits).
 */
@Injectable()
export class WorkflowClient implements OnApplicationShutdown {
  private readonly client: RpcClient;

  constructor(@Inject(AGENT_WORKER_ENV) private readonly env: AgentWorkerEnv) {
    this.client = createRpcClient(env);
  }

  nodeContext(body: MissionNodeContextBody): Promise<AgentNodeContextView> {
    return this.send(WORKFLOW_PATTERNS.missionNodeContext, body);
  }

  /**
   * The node's context and, with `attempt`, its start reported in the same call (one round trip
   * where nodeContext and nodeStarted made two).
   */
  nodeBegin(body: MissionNodeBeginBody): Promise<AgentNodeContextView> {
    return this.send(WORKFLOW_PATTERNS.missionNodeBegin, body);
  }

  /** The node context of a playground run of one agent (no mission behind it). */
  playgroundContext(body: PlaygroundAgentContextBody): Promise<AgentNodeContextView> {
    return this.send(WORKFLOW_PATTERNS.playgroundAgentContext, body);
  }

  nodeStarted(body: MissionNodeBody): Promise<MissionLogView> {
    return this.send(WORKFLOW_PATTERNS.missionNodeStarted, body);
  }

  nodeEnded(body: MissionNodeEndedBody): Promise<MissionLogView> {
    return this.send(WORKFLOW_PATTERNS.missionNodeEnded, body);
  }

  missionCompleted(body: MissionCompletedBody): Promise<MissionStartedView> {
    return this.send(WORKFLOW_PATTERNS.missionCompleted, body);
  }

  missionFailed(body: MissionFailedBody): Promise<MissionStartedView> {
    return this.send(WORKFLOW_PATTERNS.missionFailed, body);
  }

  /** The node asks the mission's owner: their reply, or `waiting` (idempotent per question). */
  askUser(body: MissionAskUserBody): Promise<MissionAskView> {
    return this.send(WORKFLOW_PATTERNS.missionAskUser, body);
  }

  /** Runs a function of a skill in the workflow service's sandbox with these arguments. */
  runFunction(
    fn: AgentFunctionView,
    args: Record<string, unknown>,
    lang: Language,
  ): Promise<FunctionRunView> {
    const command: CommandPayload<FunctionRunBody> = {
      body: {
        name: fn.name,
        params: fn.params,
        returnType: fn.returnType,
        code: fn.code,
        args,
      },
      client: { ip: '127.0.0.1', userAgent: 'agent-worker', lang },
    };
    return this.send(WORKFLOW_PATTERNS.functionRun, command);
  }

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return callService<T>(this.client, pattern, payload, this.env.RPC_TIMEOUT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
