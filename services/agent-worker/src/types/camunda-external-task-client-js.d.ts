// camunda-external-task-client-js 3.1.0 ships no type declarations; this covers what the worker uses
// (lib/Client.js, TaskService.js, Variables.js of that version).
declare module 'camunda-external-task-client-js' {
  export interface TypedValue {
    type: string;
    value: unknown;
    valueInfo?: Record<string, unknown>;
  }

  export class Variables {
    get(name: string): unknown;
    getTyped(name: string): TypedValue | null;
    getAll(): Record<string, unknown>;
    getAllTyped(): Record<string, TypedValue>;
    set(name: string, value: unknown): Variables;
    setTyped(name: string, typed: TypedValue): Variables;
    setAll(values: Record<string, unknown>): Variables;
    getDirtyVariables(): Record<string, TypedValue>;
  }

  /** A locked external task as fetchAndLock answers it, its variables wrapped. */
  export interface Task {
    id: string;
    topicName: string;
    workerId: string;
    activityId: string;
    activityInstanceId: string;
    processInstanceId: string;
    processDefinitionId: string;
    processDefinitionKey: string;
    businessKey: string | null;
    executionId: string;
    /** Null until the first failure; then what the last failure set. */
    retries: number | null;
    errorMessage: string | null;
    lockExpirationTime: string;
    priority: number;
    variables: Variables;
  }

  export interface FailureOptions {
    errorMessage?: string;
    errorDetails?: string;
    retries?: number;
    retryTimeout?: number;
  }

  export interface TaskService {
    complete(task: Task, variables?: Variables, localVariables?: Variables): Promise<void>;
    handleFailure(task: Task, options: FailureOptions): Promise<void>;
    handleBpmnError(
      task: Task,
      errorCode: string,
      errorMessage?: string,
      variables?: Variables,
    ): Promise<void>;
    extendLock(task: Task, newDuration: number): Promise<void>;
    unlock(task: Task): Promise<void>;
  }

  export interface SubscribeOptions {
    lockDuration?: number;
    variables?: string[];
    localVariables?: boolean;
  }

  export type Handler = (args: { task: Task; taskService: TaskService }) => unknown;

  /** Rewrites the options of every request the client sends (got options: headers, …). */
  export type Interceptor = <T extends { headers?: Record<string, string> }>(config: T) => T;

  export interface ClientOptions {
    baseUrl: string;
    workerId?: string;
    maxTasks?: number;
    maxParallelExecutions?: number;
    usePriority?: boolean;
    interval?: number;
    lockDuration?: number;
    autoPoll?: boolean;
    asyncResponseTimeout?: number;
    interceptors?: Interceptor | Interceptor[];
  }

  export interface TopicSubscription {
    unsubscribe(): void;
  }

  export class Client {
    constructor(options: ClientOptions);
    /** Tasks whose handler is running now. */
    activeTasksCount: number;
    /** The options as given; `poll()` reads them anew at the start of every poll. */
    options: ClientOptions;
    subscribe(topic: string, options: SubscribeOptions, handler: Handler): TopicSubscription;
    subscribe(topic: string, handler: Handler): TopicSubscription;
    start(): void;
    stop(): void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export class BasicAuthInterceptor {
    constructor(options: { username: string; password: string });
  }
}
