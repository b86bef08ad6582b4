import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AGENT_TOPIC } from '@platform/contracts';
import {
  engineAuthInterceptor,
  engineCredentialsFromEnv,
  hasEngineSecret,
} from '@platform/engine-client';
import {
  Client,
  type Interceptor,
  type Task,
  type TaskService,
} from 'camunda-external-task-client-js';

import { AGENT_WORKER_ENV, type AgentWorkerEnv } from '../config/env';
import { AdaptiveLimit, eventLoopBusyMeter } from './adaptive-limit';
import { TASK_VARIABLES, TaskHandler, type TaskOutcome } from './task-handler';

/** Beyond the long-poll time, how long one request to the engine may take. */
const REQUEST_TIMEOUT_MARGIN_MS = 30_000;

/** Tasks at once a worker starts with, before its load shows (the fixed default it had). */
const INITIAL_TASKS = 4;

/** A finished delivery, as the worker's `outcomes` hook sees it (logs, tests, benchmarks). */
export interface DeliveryOutcome {
  taskId: string;
  activityId: string;
  processInstanceId: string;
  outcome: TaskOutcome;
}

/**
 * The external-task client (camunda-external-task-client-js 3.1.0) of this worker: subscribed to
 * AGENT_TOPIC on the engine's REST API with its credentials, long polling, up to
 * AGENT_WORKER_MAX_TASKS tasks at once: fewer while its event loop is busy (AdaptiveLimit). Any
 * number of workers can run side by side: the engine's locks share the tasks out.
 * On shutdown it stops fetching, hands back tasks fetched meanwhile, and lets running ones finish
 * for AGENT_WORKER_DRAIN_MS; what is left is redelivered when its lock expires.
 */
@Injectable()
export class AgentWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AgentWorkerService.name);
  private client: Client | null = null;
  private stopping = false;
  private readonly running = new Set<Promise<unknown>>();
  private readonly listeners = new Set<(outcome: DeliveryOutcome) => void>();

  constructor(
    @Inject(AGENT_WORKER_ENV) private readonly env: AgentWorkerEnv,
    private readonly handler: TaskHandler,
  ) {}

  get workerId(): string {
    return this.env.workerId;
  }

  /** Tasks this worker is running now. */
  get activeTasks(): number {
    return this.running.size;
  }

  /** Calls `listener` after every delivery; returns the unsubscribe function. */
  onOutcome(listener: (outcome: DeliveryOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onApplicationBootstrap(): void {
    const auth = engineCredentialsFromEnv(this.env);
    if (!hasEngineSecret(auth)) {
      this.logger.warn(
        'ENGINE_PASSWORD and ENGINE_TOKEN are unset: the engine will refuse this worker until one is set',
      );
    }
    // Made here, not with the service: the loop's first window would hold the process's start.
    const limit = new AdaptiveLimit(eventLoopBusyMeter(), {
      ceiling: this.env.AGENT_WORKER_MAX_TASKS,
      initial: INITIAL_TASKS,
    });
    const client = new Client({
      baseUrl: this.env.engineUrl,
      workerId: this.env.workerId,
      maxTasks: this.env.AGENT_WORKER_MAX_TASKS,
      maxParallelExecutions: limit.current,
      lockDuration: this.env.AGENT_WORKER_LOCK_MS,
      interval: this.env.AGENT_WORKER_POLL_INTERVAL_MS,
      ...(this.env.AGENT_WORKER_POLL_TIMEOUT_MS
        ? { asyncResponseTimeout: this.env.AGENT_WORKER_POLL_TIMEOUT_MS }
        : {}),
      interceptors: [engineAuthInterceptor(auth) as Interceptor, this.requestTimeout()],
      autoPoll: false,
    });
    let failing = false;
    client.on('poll:error', (error) => {
      // Once per outage: the client polls again after its interval by itself.
      if (!failing) this.logger.warn(`the engine did not answer a fetch: ${String(error)}`);
      failing = true;
    });
    this.adaptTaskLimit(client, limit);
    client.on('poll:success', () => {
      if (failing) this.logger.log('the engine answers fetches again');
      failing = false;
    });
    client.on('handler:error', (error) => this.logger.error(`handler failed: ${String(error)}`));
    client.subscribe(
      AGENT_TOPIC,
      { lockDuration: this.env.AGENT_WORKER_LOCK_MS, variables: TASK_VARIABLES },
      ({ task, taskService }) => this.deliver(task, taskService),
    );
    this.client = client;
    client.start();
    this.logger.log(
      `agent worker ${this.env.workerId}: topic ${AGENT_TOPIC} at ${this.env.engineUrl}, up to ${this.env.AGENT_WORKER_MAX_TASKS} at once, lock ${this.env.AGENT_WORKER_LOCK_MS} ms`,
    );
  }

  /**
   * The client reads its options at the start of every poll, after 'poll:start' (emitted
   * synchronously), and asks the engine for maxParallelExecutions less the tasks running: the
   * limit is set there, and told how full the answer came back.
   */
  private adaptTaskLimit(client: Client, adaptive: AdaptiveLimit): void {
    let asked = 0;
    client.on('poll:start', () => {
      const limit = adaptive.next(client.activeTasksCount);
      if (limit !== client.options.maxParallelExecutions) {
        this.logger.debug(`tasks at once: ${client.options.maxParallelExecutions} → ${limit}`);
      }
      client.options.maxParallelExecutions = limit;
      asked = Math.min(this.env.AGENT_WORKER_MAX_TASKS, limit - client.activeTasksCount);
    });
    client.on('poll:success', (tasks) => {
      adaptive.fetched(asked, Array.isArray(tasks) ? tasks.length : 0);
    });
  }

  /**
   * The client sets no timeout on its requests (got 14 has none by default), so an engine that
   * stops answering mid-request would hold a fetch, and with it the polling, for ever: each request
   * gets the long-poll time plus a margin.
   */
  private requestTimeout(): Interceptor {
    const request = this.env.AGENT_WORKER_POLL_TIMEOUT_MS + REQUEST_TIMEOUT_MARGIN_MS;
    return ((config: object) => ({ ...config, timeout: { request } })) as Interceptor;
  }

  private async deliver(task: Task, taskService: TaskService): Promise<void> {
    if (this.stopping) {
      // Fetched by the last poll after the stop: free it for another worker at once.
      await taskService.unlock(task).catch(() => undefined);
      return;
    }
    const work = this.handler.handle(task, taskService).then((outcome) => {
      for (const listener of this.listeners) {
        listener({
          taskId: task.id,
          activityId: task.activityId,
          processInstanceId: task.processInstanceId,
          outcome,
        });
      }
    });
    this.running.add(work);
    try {
      await work;
    } finally {
      this.running.delete(work);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.client?.stop();
    if (!this.running.size) return;
    const drained = Promise.allSettled([...this.running]);
    const timeout = new Promise((resolve) =>
      setTimeout(resolve, this.env.AGENT_WORKER_DRAIN_MS).unref(),
    );
    await Promise.race([drained, timeout]);
    this.handler.abandon();
  }
}
