import type {
  CamundaErrorBody,
  CommentDto,
  CompleteExternalTaskDto,
  CompleteTaskDto,
  CorrelationMessageDto,
  CountResultDto,
  DeploymentDto,
  DeploymentSummaryDto,
  ExternalTaskBpmnErrorDto,
  ExternalTaskDto,
  ExternalTaskFailureDto,
  FetchAndLockDto,
  HistoricActivityInstanceDto,
  HistoricProcessInstanceDto,
  HistoricTaskInstanceDto,
  IdentityLinkDto,
  IncidentDto,
  LockedExternalTaskDto,
  MessageCorrelationResultDto,
  PageParams,
  ProcessDefinitionDto,
  ProcessInstanceDto,
  ProcessInstanceModificationDto,
  StartProcessInstanceDto,
  TaskDto,
  TaskQueryDto,
  VariableMap,
} from './camunda-types';
import type { EngineCredentials } from './engine-credentials';

export interface CamundaRestClientOptions {
  /** e.g. http://127.0.0.1:8085/engine-rest */
  baseUrl: string;
  /** Sent on every request: HTTP basic when there is a password, else the bearer token. */
  auth?: EngineCredentials;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * Told when a request that changes the engine's state failed in a way that leaves its outcome in
   * doubt: the connection broke after the request was sent, or a proxy in between answered 502/504.
   * The engine may have completed the task or started the instance all the same, so the caller must
   * not answer "nothing was done, try again" (the workflow service answers "outcome unknown").
   */
  onWriteInDoubt?: (method: string, path: string) => void;
}

/** A non-2xx answer from the engine, carrying Camunda's `{type, message}` body. */
export class CamundaRestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly body: CamundaErrorBody | null,
  ) {
    super(message);
  }
}

export interface DeployResource {
  name: string;
  content: string;
}

export interface DeployOptions {
  deploymentName?: string;
  deploymentSource?: string;
  enableDuplicateFiltering?: boolean;
  deployChangedOnly?: boolean;
  tenantId?: string;
  resources: DeployResource[];
}

/** A candidate user or group to add to a task. */
export type IdentityLinkInput =
  | { userId: string; groupId?: undefined; type?: string }
  | { groupId: string; userId?: undefined; type?: string };

export type QueryParams = Record<string, string | number | boolean | undefined>;

/**
 * The `Authorization` header for the engine's REST API: basic when a password is set, else bearer
 * when a token is, else none.
 */
export function engineAuthorization(auth: EngineCredentials | undefined): string | undefined {
  if (auth?.password) {
    return `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  }
  return auth?.token ? `Bearer ${auth.token}` : undefined;
}

/**
 * A request interceptor for camunda-external-task-client-js (`interceptors` option) that sends the
 * credentials like CamundaRestClient; for basic alone the client's own BasicAuthInterceptor works too.
 */
export function engineAuthInterceptor(auth: EngineCredentials) {
  const authorization = engineAuthorization(auth);
  return <T extends { headers?: Record<string, string> }>(config: T): T =>
    authorization
      ? { ...config, headers: { ...config.headers, Authorization: authorization } }
      : config;
}

/**
 * Typed client for the Camunda 7 REST subset the platform uses. The same client talks to the
 * embedded engine or to a real Camunda 7 / Operaton at ENGINE_URL.
 */
export class CamundaRestClient {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly headers: Record<string, string>;
  private readonly onWriteInDoubt?: (method: string, path: string) => void;

  constructor(options: CamundaRestClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.fetchFn = options.fetch ?? fetch;
    this.onWriteInDoubt = options.onWriteInDoubt;
    const authorization = engineAuthorization(options.auth);
    this.headers = {
      Accept: 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
      ...options.headers,
    };
  }

  deploy(options: DeployOptions): Promise<DeploymentDto> {
    const form = new FormData();
    if (options.deploymentName) form.append('deployment-name', options.deploymentName);
    if (options.deploymentSource) form.append('deployment-source', options.deploymentSource);
    if (options.enableDuplicateFiltering) form.append('enable-duplicate-filtering', 'true');
    if (options.deployChangedOnly) form.append('deploy-changed-only', 'true');
    if (options.tenantId) form.append('tenant-id', options.tenantId);
    for (const resource of options.resources) {
      form.append(resource.name, new Blob([resource.content]), resource.name);
    }
    return this.request('POST', '/deployment/create', { form });
  }

  getDeployment(id: string): Promise<DeploymentSummaryDto> {
    return this.request('GET', `/deployment/${enc(id)}`);
  }

  /**
   * Deletes a deployment and its process definitions; `cascade` also deletes their process
   * instances and history (without it, running instances make the engine refuse).
   */
  deleteDeployment(id: string, query: { cascade?: boolean } = {}): Promise<void> {
    return this.request('DELETE', `/deployment/${enc(id)}`, { query });
  }

  /** The engine's version (`GET /version`); answers as long as the REST API is up. */
  version(): Promise<{ version: string }> {
    return this.request('GET', '/version');
  }

  getProcessDefinitionXmlByKey(key: string): Promise<{ id: string; bpmn20Xml: string }> {
    return this.request('GET', `/process-definition/key/${enc(key)}/xml`);
  }

  getProcessDefinitionByKey(key: string): Promise<ProcessDefinitionDto> {
    return this.request('GET', `/process-definition/key/${enc(key)}`);
  }

  startProcessInstanceByKey(
    key: string,
    body: StartProcessInstanceDto = {},
  ): Promise<ProcessInstanceDto> {
    return this.request('POST', `/process-definition/key/${enc(key)}/start`, { json: body });
  }

  getProcessDefinition(id: string): Promise<ProcessDefinitionDto> {
    return this.request('GET', `/process-definition/${enc(id)}`);
  }

  /** One definition version's diagram (an instance's own, though newer versions were deployed since). */
  getProcessDefinitionXml(id: string): Promise<{ id: string; bpmn20Xml: string }> {
    return this.request('GET', `/process-definition/${enc(id)}/xml`);
  }

  /**
   * Suspends (true) or activates (false) one definition version: a suspended one starts no new
   * instance; its running instances go on unless `includeProcessInstances` suspends them as well.
   */
  setProcessDefinitionSuspended(
    id: string,
    suspended: boolean,
    includeProcessInstances = false,
  ): Promise<void> {
    return this.request('PUT', `/process-definition/${enc(id)}/suspended`, {
      json: { suspended, includeProcessInstances },
    });
  }

  /** Starts an instance of exactly this definition version (a pinned start, unlike by key). */
  startProcessInstance(
    definitionId: string,
    body: StartProcessInstanceDto = {},
  ): Promise<ProcessInstanceDto> {
    return this.request('POST', `/process-definition/${enc(definitionId)}/start`, { json: body });
  }

  getProcessInstance(id: string): Promise<ProcessInstanceDto> {
    return this.request('GET', `/process-instance/${enc(id)}`);
  }

  /** Resolves to null when the instance has ended (Camunda answers 404). */
  async findProcessInstance(id: string): Promise<ProcessInstanceDto | null> {
    try {
      return await this.getProcessInstance(id);
    } catch (err) {
      if (err instanceof CamundaRestError && err.status === 404) return null;
      throw err;
    }
  }

  /**
   * The instance's variables. Json values come as their JSON text (deserializeValues=false: with
   * true, Operaton serialises its Spin node object instead); files without their content.
   */
  getProcessInstanceVariables(id: string): Promise<VariableMap> {
    return this.request('GET', `/process-instance/${enc(id)}/variables`, {
      query: { deserializeValues: false },
    });
  }

  /** Suspends (true) or activates (false) an instance: a suspended one's tasks are not fetched. */
  setProcessInstanceSuspended(id: string, suspended: boolean): Promise<void> {
    return this.request('PUT', `/process-instance/${enc(id)}/suspended`, { json: { suspended } });
  }

  deleteProcessInstance(id: string, query: QueryParams = {}): Promise<void> {
    return this.request('DELETE', `/process-instance/${enc(id)}`, { query });
  }

  modifyProcessInstance(id: string, body: ProcessInstanceModificationDto): Promise<void> {
    return this.request('POST', `/process-instance/${enc(id)}/modification`, { json: body });
  }

  historicProcessInstances(query: QueryParams = {}): Promise<HistoricProcessInstanceDto[]> {
    return this.request('GET', '/history/process-instance', { query });
  }

  async historicProcessInstanceCount(query: QueryParams = {}): Promise<number> {
    return (await this.request<CountResultDto>('GET', '/history/process-instance/count', { query }))
      .count;
  }

  historicActivityInstances(query: QueryParams = {}): Promise<HistoricActivityInstanceDto[]> {
    return this.request('GET', '/history/activity-instance', { query });
  }

  incidents(query: QueryParams = {}): Promise<IncidentDto[]> {
    return this.request('GET', '/incident', { query });
  }

  correlateMessage(
    body: CorrelationMessageDto,
  ): Promise<MessageCorrelationResultDto[] | undefined> {
    return this.request('POST', '/message', { json: body });
  }

  tasks(query: QueryParams = {}): Promise<TaskDto[]> {
    return this.request('GET', '/task', { query });
  }

  async taskCount(query: QueryParams = {}): Promise<number> {
    return (await this.request<CountResultDto>('GET', '/task/count', { query })).count;
  }

  /** POST /task: the query in the body (it can hold orQueries), the page in the URL. */
  queryTasks(body: TaskQueryDto, page?: PageParams): Promise<TaskDto[]> {
    return this.request('POST', '/task', { json: body, query: { ...page } });
  }

  async queryTaskCount(body: TaskQueryDto): Promise<number> {
    return (await this.request<CountResultDto>('POST', '/task/count', { json: body })).count;
  }

  completeTask(id: string, body: CompleteTaskDto = {}): Promise<VariableMap | undefined> {
    return this.request('POST', `/task/${enc(id)}/complete`, { json: body });
  }

  /** One user task; 404 when it is gone (completed, or its instance ended). */
  getTask(id: string): Promise<TaskDto> {
    return this.request('GET', `/task/${enc(id)}`);
  }

  /** Takes a task; refused (500 TaskAlreadyClaimedException) when someone else holds it. */
  claimTask(id: string, userId: string): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/claim`, { json: { userId } });
  }

  unclaimTask(id: string): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/unclaim`);
  }

  /** Sets the assignee whoever holds the task (a transfer); null clears it. */
  setTaskAssignee(id: string, userId: string | null): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/assignee`, { json: { userId } });
  }

  /** Hands the task to `userId` until resolved; the current assignee becomes its owner. */
  delegateTask(id: string, userId: string): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/delegate`, { json: { userId } });
  }

  /** Gives a delegated task back to its owner. */
  resolveTask(id: string): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/resolve`, { json: {} });
  }

  /** Candidates, then the assignee and owner as links; `type` filters (e.g. `candidate`). */
  taskIdentityLinks(id: string, type?: string): Promise<IdentityLinkDto[]> {
    return this.request('GET', `/task/${enc(id)}/identity-links`, { query: { type } });
  }

  addTaskIdentityLink(id: string, link: IdentityLinkInput): Promise<void> {
    return this.request('POST', `/task/${enc(id)}/identity-links`, {
      json: { type: 'candidate', ...link },
    });
  }

  /**
   * Comments a task, open or ended (its history must exist: 400 otherwise). With
   * `processInstanceId` the comment also lists among the instance's comments.
   */
  createTaskComment(id: string, message: string, processInstanceId?: string): Promise<CommentDto> {
    return this.request('POST', `/task/${enc(id)}/comment/create`, {
      json: { message, processInstanceId },
    });
  }

  /** A task's comments, newest first; 404 for a task the history does not know. */
  taskComments(id: string): Promise<CommentDto[]> {
    return this.request('GET', `/task/${enc(id)}/comment`);
  }

  /** The comments made with this process instance's id, newest first. */
  processInstanceComments(id: string): Promise<CommentDto[]> {
    return this.request('GET', `/process-instance/${enc(id)}/comment`);
  }

  historicTasks(query: QueryParams = {}): Promise<HistoricTaskInstanceDto[]> {
    return this.request('GET', '/history/task', { query });
  }

  async historicTaskCount(query: QueryParams = {}): Promise<number> {
    return (await this.request<CountResultDto>('GET', '/history/task/count', { query })).count;
  }

  externalTasks(query: QueryParams = {}): Promise<ExternalTaskDto[]> {
    return this.request('GET', '/external-task', { query });
  }

  getExternalTask(id: string): Promise<ExternalTaskDto> {
    return this.request('GET', `/external-task/${enc(id)}`);
  }

  /** Sets a task's retries; from 0 to more this resolves its incident and it is fetched again. */
  setExternalTaskRetries(id: string, retries: number): Promise<void> {
    return this.request('PUT', `/external-task/${enc(id)}/retries`, { json: { retries } });
  }

  fetchAndLock(body: FetchAndLockDto): Promise<LockedExternalTaskDto[]> {
    return this.request('POST', '/external-task/fetchAndLock', { json: body });
  }

  completeExternalTask(id: string, body: CompleteExternalTaskDto): Promise<void> {
    return this.request('POST', `/external-task/${enc(id)}/complete`, { json: body });
  }

  handleExternalTaskFailure(id: string, body: ExternalTaskFailureDto): Promise<void> {
    return this.request('POST', `/external-task/${enc(id)}/failure`, { json: body });
  }

  handleExternalTaskBpmnError(id: string, body: ExternalTaskBpmnErrorDto): Promise<void> {
    return this.request('POST', `/external-task/${enc(id)}/bpmnError`, { json: body });
  }

  extendExternalTaskLock(id: string, newDuration: number, workerId: string): Promise<void> {
    return this.request('POST', `/external-task/${enc(id)}/extendLock`, {
      json: { newDuration, workerId },
    });
  }

  unlockExternalTask(id: string): Promise<void> {
    return this.request('POST', `/external-task/${enc(id)}/unlock`);
  }

  private async request<T>(
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; query?: QueryParams } = {},
  ): Promise<T> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(options.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { ...this.headers };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    let res: Response;
    let text: string;
    try {
      res = await this.fetchFn(url, { method, headers, body });
      text = await res.text();
    } catch (error) {
      this.noteIfInDoubt(method, path, error);
      throw error;
    }
    const parsed = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const body = (parsed ?? null) as CamundaErrorBody | null;
      const error = new CamundaRestError(
        res.status,
        body?.type ?? 'HttpError',
        body?.message ?? `${method} ${path} failed with ${res.status}`,
        body,
      );
      this.noteIfInDoubt(method, path, error);
      throw error;
    }
    return parsed as T;
  }

  /** Tells onWriteInDoubt of a state-changing call that failed and may have taken effect. */
  private noteIfInDoubt(method: string, path: string, error: unknown): void {
    if (changesState(method, path) && mayHaveReachedEngine(error)) {
      this.onWriteInDoubt?.(method, path);
    }
  }
}

/**
 * Camunda's REST API queries with POST where the filter is too rich for a query string; those read
 * only. Every other POST, PUT and DELETE changes state (fetchAndLock too: it locks tasks).
 */
const READ_ONLY_POST =
  /^\/(history\/.*|task|task\/count|process-instance|process-instance\/count|process-definition\/count|external-task|external-task\/count|variable-instance|incident\/count)$/;

function changesState(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return !(method === 'POST' && READ_ONLY_POST.test(path));
}

/** Codes of a connection that was never made: the request did not leave, nothing can have happened. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether a failed call may still have taken effect in the engine: its connection broke after the
 * request left, or a proxy in front answered 502/504 (it may have passed the request on). A refused
 * connection and the engine's own answer (a 4xx, or a 500 whose transaction rolled back) did nothing.
 */
export function mayHaveReachedEngine(error: unknown): boolean {
  if (error instanceof CamundaRestError) return error.status === 502 || error.status === 504;
  return !neverSent(error);
}

function neverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown }; code?: unknown } | null)?.cause?.code;
  const own = (error as { code?: unknown } | null)?.code;
  return NOT_CONNECTED.has(String(code ?? own));
}

function enc(value: string): string {
  return encodeURIComponent(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
