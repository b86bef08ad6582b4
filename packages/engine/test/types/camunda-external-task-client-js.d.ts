// camunda-external-task-client-js 3.1.0 ships no type declarations; this covers what tests and the
// benchmark use.
declare module 'camunda-external-task-client-js' {
  export interface Task {
    id: string;
    topicName: string;
    processInstanceId: string;
    activityId: string;
    createTime: string;
    variables: Variables;
    [key: string]: unknown;
  }
  export class Variables {
    get(name: string): unknown;
    getAll(): Record<string, unknown>;
    set(name: string, value: unknown): Variables;
    setTyped(name: string, typed: { type: string; value: unknown; valueInfo?: object }): Variables;
    setAll(values: Record<string, unknown>): Variables;
    getAllTyped(): Record<string, { type: string; value: unknown; valueInfo?: object }>;
  }
  /** A file variable: from a local path, or one the engine holds (loaded from its REST API). */
  export class File {
    constructor(options: {
      localPath?: string;
      filename?: string;
      mimetype?: string;
      encoding?: string;
    });
    filename: string;
    mimetype?: string;
    encoding?: string;
    content: Buffer | string;
    load(): Promise<File>;
  }
  export interface TaskService {
    complete(task: Task, variables?: Variables, localVariables?: Variables): Promise<void>;
    handleFailure(
      task: Task,
      options: {
        errorMessage?: string;
        errorDetails?: string;
        retries?: number;
        retryTimeout?: number;
      },
    ): Promise<void>;
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
  }
  export type Handler = (args: { task: Task; taskService: TaskService }) => unknown;
  /** Rewrites the options of every request got sends (headers, ...). */
  export type Interceptor = (config: { headers?: Record<string, string> }) => {
    headers?: Record<string, string>;
  };
  /** Its constructor returns the interceptor function itself. */
  export const BasicAuthInterceptor: new (options: {
    username: string;
    password: string;
  }) => Interceptor;
  export interface ClientOptions {
    baseUrl: string;
    workerId?: string;
    maxTasks?: number;
    interval?: number;
    lockDuration?: number;
    autoPoll?: boolean;
    asyncResponseTimeout?: number;
    maxParallelExecutions?: number;
    interceptors?: Interceptor | Interceptor[];
    use?: unknown;
  }
  export interface Subscription {
    unsubscribe(): void;
  }
  export class Client {
    constructor(options: ClientOptions);
    subscribe(topic: string, handler: Handler): Subscription;
    subscribe(topic: string, options: SubscribeOptions, handler: Handler): Subscription;
    on(event: string, listener: (...args: unknown[]) => void): this;
    start(): void;
    stop(): void;
  }
  export const logger: unknown;
}
