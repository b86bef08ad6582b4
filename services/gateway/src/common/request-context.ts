import { type Language, parseLanguage, type SessionUser } from '@platform/contracts';
import type { ClientContext } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

/** What the guards learn about a request, kept on it for the handler and the filters. */
export interface RequestState {
  session?: SessionUser;
  lang?: Language;
  /** Set once the access guard let the request through (the operation log records only those). */
  accessGranted?: boolean;
  /** The request's Idempotency-Key once IdempotencyGuard claimed it; forwarded to the service. */
  idempotencyKey?: string;
}

export type GatewayRequest = FastifyRequest & { state?: RequestState };

/** Request language: `lang` query, then `lang` header, then Accept-Language; zh by default. */
export function languageOf(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.lang;
  if (typeof fromQuery === 'string' && fromQuery) return parseLanguage(fromQuery);
  const header = request.headers.lang;
  if (typeof header === 'string' && header) return parseLanguage(header);
  const accept = request.headers['accept-language'];
  return parseLanguage(typeof accept === 'string' ? accept.split(',')[0] : undefined);
}

export function stateOf(request: FastifyRequest): RequestState {
  const req = request as GatewayRequest;
  req.state ??= {};
  return req.state;
}

export function clientOf(request: FastifyRequest): ClientContext {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
    lang: stateOf(request).lang ?? languageOf(request),
    ...deviceIdOf(request),
  };
}

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** The X-Device-Id header when it is a plausible id (anything else is ignored, not refused). */
function deviceIdOf(request: FastifyRequest): { deviceId?: string } {
  const value = request.headers['x-device-id'];
  return typeof value === 'string' && DEVICE_ID.test(value) ? { deviceId: value } : {};
}
