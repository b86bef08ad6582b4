import { Logger, RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import {
  BUSINESS_TYPES,
  type BusinessType,
  MESSAGES,
  type OperLogRecord,
} from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { OperLogQueue } from './oper-log.queue';
import { stateOf } from './request-context';

/** What the operation log says about a route: its module (zh, en) and kind of operation. */
export interface LogMeta {
  title: string;
  titleEn: string;
  type: BusinessType;
}

const LOG_KEY = 'platform:oper-log';
const SKIP = 'skip';

/** Names the module and operation of a route in the operation log (RuoYi's @Log). */
export const Log = (title: string, titleEn: string, type: BusinessType) =>
  SetMetadata(LOG_KEY, { title, titleEn, type } satisfies LogMeta);

/** Leaves a write out of the operation log (sign-in and sign-out are in the login log). */
export const NoLog = () => SetMetadata(LOG_KEY, SKIP);

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const SECRET =
  /^(password|oldPassword|newPassword|confirmPassword|token|code|captcha|certNo|certName|secret|apiKey)$/i;
const LIMIT = 2000;

/** A copy with secret fields replaced by `***`, for the log. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      SECRET.test(key) && v !== undefined && v !== null && v !== ''
        ? '***'
        : maskSecrets(v, depth + 1),
    ]),
  );
}

function clip(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT - 3)}...` : text;
}

const DEFAULT_TYPE: Record<string, BusinessType> = {
  POST: BUSINESS_TYPES.insert,
  PUT: BUSINESS_TYPES.update,
  PATCH: BUSINESS_TYPES.update,
  DELETE: BUSINESS_TYPES.delete,
};

/** Where a route's handler lives and what the log says about it. */
interface RouteLog {
  method: string;
  meta: LogMeta | typeof SKIP | undefined;
}

type Controller = new (...args: never[]) => object;

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route of the controllers by `METHOD /url-pattern`, as Fastify reports it in routeOptions.url. */
function routeTable(controllers: readonly Controller[], prefix: string): Map<string, RouteLog> {
  const table = new Map<string, RouteLog>();
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      table.set(`${verb} ${joinPath(prefix, base, path)}`, {
        method: `${controller.name}.${name}`,
        meta: Reflect.getMetadata(LOG_KEY, handler) as LogMeta | typeof SKIP | undefined,
      });
    }
  }
  return table;
}

function parsedPayload(payload: unknown): { code?: number; msg?: string; data?: unknown } | null {
  if (typeof payload !== 'string' || payload.length > 200_000) return null;
  try {
    return JSON.parse(payload) as { code?: number; msg?: string; data?: unknown };
  } catch {
    return null;
  }
}

/**
 * Records every write that passed the access guard (and every route marked with @Log) in the operation
 * log: module, type, handler, operator, IP, parameters with secrets masked, result, duration. Done in
 * Fastify hooks rather than a global Nest interceptor: Nest binds an AsyncResource per intercepted
 * call, which cost every request (reads included) a tenth of its CPU. The record goes to a queue, so
 * logging never slows down or fails the request.
 */
export function addOperationLog(
  fastify: FastifyInstance,
  queue: OperLogQueue,
  controllers: readonly Controller[],
  prefix: string,
): void {
  const logger = new Logger('OperLog');
  const routes = routeTable(controllers, prefix);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const route = routes.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    const state = stateOf(request);
    const logged =
      route &&
      state.accessGranted &&
      route.meta !== SKIP &&
      (route.meta !== undefined || WRITES.has(request.method));
    if (logged) {
      const record = recordOf(request, reply.statusCode, reply.elapsedTime, payload, route);
      queue.add(record).catch((e: unknown) => {
        logger.warn(`operation log not queued: ${e instanceof Error ? e.message : String(e)}`);
      });
    }
    done(null, payload);
  });
}

function recordOf(
  request: FastifyRequest,
  status: number,
  elapsedMs: number,
  payload: unknown,
  route: RouteLog,
): OperLogRecord {
  const other = MESSAGES['oper.other'];
  const log = (route.meta as LogMeta | undefined) ?? {
    title: other.zh,
    titleEn: other.en,
    type: DEFAULT_TYPE[request.method] ?? BUSINESS_TYPES.other,
  };
  const session = stateOf(request).session;
  const body = parsedPayload(payload);
  const failed = status >= 400 || (body?.code !== undefined && body.code !== 200);
  const params = {
    ...(request.params as object),
    ...(request.query as object),
    body: request.body,
  };
  return {
    requestId: String(request.id),
    title: log.title,
    titleEn: log.titleEn,
    businessType: log.type,
    method: route.method.slice(0, 200),
    requestMethod: request.method,
    operName: session?.userName ?? '',
    operUserId: session?.userId ?? null,
    deptId: session?.deptId ?? null,
    operUrl: request.url.split('?')[0].slice(0, 255),
    operIp: request.ip,
    operParam: clip(maskSecrets(params)),
    // The envelope as sent, with secrets in its data masked (its own `code` is the response code).
    jsonResult: body ? clip({ ...body, data: maskSecrets(body.data) }) : '',
    status: failed ? 1 : 0,
    errorMsg: failed ? clip(body?.msg ?? String(status)) : '',
    costTime: Math.round(elapsedMs),
  };
}
