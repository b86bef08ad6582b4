import type { IncomingHttpHeaders } from 'node:http';

import type {
  CompleteExternalTaskDto,
  CompleteTaskDto,
  CorrelationMessageDto,
  ExternalTaskBpmnErrorDto,
  ExternalTaskFailureDto,
  FetchAndLockDto,
  IdentityLinkDto,
  ProcessInstanceModificationDto,
  StartProcessInstanceDto,
} from '@platform/engine-client';

import type { EmbeddedEngine } from '../engine';
import { badRequest, engineError } from '../rest/camunda-errors';
import type { DeploymentResource } from '../runtime/deployment.service';
import { toDefinitionDto } from '../runtime/deployment.service';
import type { Query } from '../runtime/engine-queries';

export interface RouteContext {
  params: string[];
  query: Record<string, string>;
  body: Buffer;
  headers: IncomingHttpHeaders;
  /** The authenticated user (the engine's service account). */
  user: string;
  /** e.g. http://127.0.0.1:8085/engine-rest, for the links of created resources. */
  baseUrl: string;
  onClose(fn: () => void): void;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  /** Set for binary answers (file variables); `body` is then a Buffer. */
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  pattern: RegExp;
  handler(ctx: RouteContext): Promise<RouteResult>;
}

interface UserIdDto {
  userId?: string | null;
}

const ok = (body: unknown): RouteResult => ({ status: 200, body });
const noContent: RouteResult = { status: 204 };

function json<T>(ctx: RouteContext): T {
  if (!ctx.body.length) return {} as T;
  try {
    return JSON.parse(ctx.body.toString('utf8')) as T;
  } catch {
    // Operaton's JSON provider answers a body it cannot read with an empty message.
    throw badRequest('');
  }
}

/** The endpoint table of the Camunda 7 REST subset (see ENGINE.md). */
export function buildRoutes(engine: EmbeddedEngine): Route[] {
  const { process, instances, messages, externalTasks, queries, deployments, userTasks } = engine;
  const route = (method: string, path: string, handler: Route['handler']): Route => ({
    method,
    pattern: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}/?$`),
    handler,
  });
  return [
    route('GET', '/engine', async () => ok([{ name: 'default' }])),
    route('GET', '/version', async () => ok({ version: '7.24.0-embedded' })),
    route('POST', '/deployment/create', async (ctx) =>
      ok(withSelfLink(await deployments.deploy(await readDeployment(ctx)), ctx, 'deployment')),
    ),
    route('GET', '/deployment/:id', async (ctx) => ok(await deployments.get(ctx.params[0]))),
    route('DELETE', '/deployment/:id', async (ctx) => {
      await engine.deploymentDeletion.delete(ctx.params[0], ctx.query.cascade === 'true');
      return noContent;
    }),
    route('GET', '/process-definition/key/:id', async (ctx) =>
      ok(toDefinitionDto(await process.definitions.latestByKey(engine.db.pool, ctx.params[0]))),
    ),
    route('GET', '/process-definition/key/:id/xml', async (ctx) => {
      const row = await process.definitions.latestByKey(engine.db.pool, ctx.params[0]);
      return ok({ id: row.id, bpmn20Xml: row.xml });
    }),
    route('POST', '/process-definition/key/:id/start', async (ctx) => {
      const dto = json<StartProcessInstanceDto>(ctx);
      const started = await process.startByKey(ctx.params[0], dto, ctx.user);
      return ok(withSelfLink(started, ctx, 'process-instance'));
    }),
    route('GET', '/process-definition/:id', async (ctx) =>
      ok(toDefinitionDto(await process.definitionById(ctx.params[0]))),
    ),
    route('GET', '/process-definition/:id/xml', async (ctx) => {
      const row = await process.definitionById(ctx.params[0]);
      return ok({ id: row.id, bpmn20Xml: row.xml });
    }),
    route('PUT', '/process-definition/:id/suspended', async (ctx) => {
      const dto = json<{ suspended?: boolean; includeProcessInstances?: boolean }>(ctx);
      await process.setDefinitionSuspended(
        ctx.params[0],
        dto.suspended === true,
        dto.includeProcessInstances === true,
      );
      return noContent;
    }),
    route('POST', '/process-definition/:id/start', async (ctx) => {
      const dto = json<StartProcessInstanceDto>(ctx);
      const started = await process.startById(ctx.params[0], dto, ctx.user);
      return ok(withSelfLink(started, ctx, 'process-instance'));
    }),
    route('GET', '/process-instance/:id', async (ctx) =>
      ok(await instances.getInstance(ctx.params[0])),
    ),
    route('GET', '/process-instance/:id/variables', async (ctx) =>
      ok(await instances.instanceVariables(ctx.params[0])),
    ),
    route('PUT', '/process-instance/:id/suspended', async (ctx) => {
      const { suspended } = json<{ suspended?: boolean }>(ctx);
      await process.setSuspended(ctx.params[0], suspended === true);
      return noContent;
    }),
    route('GET', '/execution/:id/localVariables/:name/data', async (ctx) => {
      const file = await instances.fileVariable(ctx.params[0], ctx.params[1]);
      return { status: 200, body: file.data, headers: { 'Content-Type': file.contentType } };
    }),
    route('DELETE', '/process-instance/:id', async (ctx) => {
      await process.deleteInstance(ctx.params[0], ctx.query.failIfNotExists !== 'false');
      return noContent;
    }),
    route('POST', '/process-instance/:id/modification', async (ctx) => {
      await process.modify(ctx.params[0], json<ProcessInstanceModificationDto>(ctx));
      return noContent;
    }),
    route('GET', '/history/process-instance', async (ctx) =>
      ok(await queries.historicProcessInstances(ctx.query)),
    ),
    route('GET', '/history/process-instance/count', async (ctx) =>
      ok(await queries.historicProcessInstanceCount(ctx.query)),
    ),
    route('GET', '/history/activity-instance', async (ctx) =>
      ok(await queries.historicActivityInstances(ctx.query)),
    ),
    route('GET', '/incident', async (ctx) => ok(await queries.incidents(ctx.query))),
    route('POST', '/message', async (ctx) => {
      const dto = json<CorrelationMessageDto>(ctx);
      const results = await messages.correlate(dto, ctx.user);
      return dto.resultEnabled ? ok(results) : noContent;
    }),
    route('GET', '/task', async (ctx) => ok(await queries.tasks(ctx.query))),
    route('GET', '/task/count', async (ctx) => ok(await queries.taskCount(ctx.query))),
    route('POST', '/task', async (ctx) => {
      const { query, orQueries } = taskQueryOf(ctx);
      return ok(await queries.tasks(query, orQueries));
    }),
    route('POST', '/task/count', async (ctx) => {
      const { query, orQueries } = taskQueryOf(ctx);
      return ok(await queries.taskCount(query, orQueries));
    }),
    route('POST', '/task/:id/complete', async (ctx) => {
      const variables = await process.completeUserTask(ctx.params[0], json<CompleteTaskDto>(ctx));
      return variables ? ok(variables) : noContent;
    }),
    route('GET', '/task/:id', async (ctx) => ok(await queries.task(ctx.params[0]))),
    route('POST', '/task/:id/claim', async (ctx) => {
      await userTasks.claim(ctx.params[0], json<UserIdDto>(ctx).userId ?? null);
      return noContent;
    }),
    route('POST', '/task/:id/unclaim', async (ctx) => {
      await userTasks.unclaim(ctx.params[0]);
      return noContent;
    }),
    route('POST', '/task/:id/assignee', async (ctx) => {
      await userTasks.setAssignee(ctx.params[0], json<UserIdDto>(ctx).userId ?? null);
      return noContent;
    }),
    route('POST', '/task/:id/delegate', async (ctx) => {
      await userTasks.delegate(ctx.params[0], json<UserIdDto>(ctx).userId ?? null);
      return noContent;
    }),
    route('POST', '/task/:id/resolve', async (ctx) => {
      await userTasks.resolve(ctx.params[0]);
      return noContent;
    }),
    route('GET', '/task/:id/identity-links', async (ctx) =>
      ok(await userTasks.identityLinks(ctx.params[0], ctx.query.type)),
    ),
    route('POST', '/task/:id/identity-links', async (ctx) => {
      await userTasks.addIdentityLink(ctx.params[0], json<Partial<IdentityLinkDto>>(ctx));
      return noContent;
    }),
    route('POST', '/task/:id/comment/create', async (ctx) => {
      const comment = await userTasks.addComment(
        ctx.params[0],
        json<{ message?: string; processInstanceId?: string }>(ctx),
        ctx.user,
      );
      const href = `${ctx.baseUrl}/task/${ctx.params[0]}/comment/${comment.id}`;
      return ok({ links: [{ method: 'GET', href, rel: 'self' }], ...comment });
    }),
    route('GET', '/task/:id/comment', async (ctx) =>
      ok(await userTasks.taskComments(ctx.params[0])),
    ),
    route('GET', '/process-instance/:id/comment', async (ctx) =>
      ok(await userTasks.instanceComments(ctx.params[0])),
    ),
    route('GET', '/history/task', async (ctx) => ok(await queries.historicTasks(ctx.query))),
    route('GET', '/history/task/count', async (ctx) =>
      ok(await queries.historicTaskCount(ctx.query)),
    ),
    route('GET', '/external-task', async (ctx) => ok(await queries.externalTasks(ctx.query))),
    route('GET', '/external-task/:id', async (ctx) =>
      ok(await queries.externalTask(ctx.params[0])),
    ),
    route('POST', '/external-task/fetchAndLock', async (ctx) => {
      const dto = json<FetchAndLockDto>(ctx);
      if (!dto.workerId) throw engineError(500, 'NullValueException', 'workerId is null');
      return ok(await engine.longPoll.fetch(dto, (cancel) => ctx.onClose(cancel)));
    }),
    route('POST', '/external-task/:id/complete', async (ctx) => {
      await externalTasks.complete(ctx.params[0], json<CompleteExternalTaskDto>(ctx));
      return noContent;
    }),
    route('POST', '/external-task/:id/failure', async (ctx) => {
      await externalTasks.failure(ctx.params[0], json<ExternalTaskFailureDto>(ctx));
      return noContent;
    }),
    route('POST', '/external-task/:id/bpmnError', async (ctx) => {
      await externalTasks.bpmnError(ctx.params[0], json<ExternalTaskBpmnErrorDto>(ctx));
      return noContent;
    }),
    route('POST', '/external-task/:id/extendLock', async (ctx) => {
      const dto = json<{ newDuration: number; workerId: string }>(ctx);
      await externalTasks.extendLock(ctx.params[0], dto.newDuration, dto.workerId);
      return noContent;
    }),
    route('POST', '/external-task/:id/lock', async (ctx) => {
      const dto = json<{ lockDuration: number; workerId: string }>(ctx);
      await externalTasks.lock(ctx.params[0], dto.lockDuration, dto.workerId);
      return noContent;
    }),
    route('POST', '/external-task/:id/unlock', async (ctx) => {
      await externalTasks.unlock(ctx.params[0]);
      return noContent;
    }),
    route('PUT', '/external-task/:id/retries', async (ctx) => {
      await externalTasks.setRetries(ctx.params[0], json<{ retries: number }>(ctx).retries);
      return noContent;
    }),
  ];
}

/**
 * Operaton links a created deployment or instance to itself with an absolute URL built from the
 * request; what it reads back (GET) carries no links.
 */
function withSelfLink<T extends { id: string; links: unknown[] }>(
  dto: T,
  ctx: RouteContext,
  resource: string,
): T {
  return {
    ...dto,
    links: [{ method: 'GET', href: `${ctx.baseUrl}/${resource}/${dto.id}`, rel: 'self' }],
  };
}

type TaskQueryBody = Record<string, unknown> & {
  orQueries?: Record<string, unknown>[];
  sorting?: { sortBy?: string; sortOrder?: string }[];
};

/**
 * POST /task's body as the GET parameters it stands for (lists comma-joined, booleans as text),
 * with the page from the URL as Operaton takes it. Only the first sorting is applied.
 */
function taskQueryOf(ctx: RouteContext): { query: Query; orQueries: Query[] } {
  const { orQueries, sorting, ...fields } = json<TaskQueryBody>(ctx);
  const query: Query = {
    ...parametersOf(fields),
    firstResult: ctx.query.firstResult,
    maxResults: ctx.query.maxResults,
    sortBy: sorting?.[0]?.sortBy,
    sortOrder: sorting?.[0]?.sortOrder,
  };
  return { query, orQueries: (orQueries ?? []).map(parametersOf) };
}

function parametersOf(fields: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    query[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

const CONTROL_FIELDS = new Set([
  'deployment-name',
  'deployment-source',
  'enable-duplicate-filtering',
  'deploy-changed-only',
  'tenant-id',
  'deployment-activation-time',
]);

/** Parses Camunda's multipart deployment; every part that is not a control field is a resource. */
async function readDeployment(ctx: RouteContext) {
  const contentType = String(ctx.headers['content-type'] ?? '');
  if (!contentType.startsWith('multipart/form-data')) {
    throw badRequest('Request content type must be multipart/form-data');
  }
  let form: FormData;
  try {
    form = await new Request('http://engine/deployment', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(ctx.body),
    }).formData();
  } catch (err) {
    throw badRequest(`Cannot parse multipart deployment: ${(err as Error).message}`);
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  const resources: DeploymentResource[] = [];
  for (const [name, value] of form as unknown as Iterable<[string, FormDataEntryValue]>) {
    if (CONTROL_FIELDS.has(name)) continue;
    if (typeof value === 'string') {
      throw badRequest(`Deployment resource '${name}' must have a filename`);
    }
    resources.push({ name: value.name || name, content: await value.text() });
  }
  return {
    name: field('deployment-name'),
    source: field('deployment-source'),
    tenantId: field('tenant-id'),
    enableDuplicateFiltering: field('enable-duplicate-filtering') === 'true',
    deployChangedOnly: field('deploy-changed-only') === 'true',
    resources,
  };
}
