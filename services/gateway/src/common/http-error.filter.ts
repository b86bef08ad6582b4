import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import {
  DomainError,
  type ErrorPayload,
  FIELD_LABELS,
  type Language,
  type MessageKey,
  type MessageParams,
  renderMessage,
} from '@platform/contracts';
import { isOutageError, validationDetails } from '@platform/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Envelope } from './envelope';
import { IdempotentReplay, sendReplay } from './idempotency';
import { languageOf, stateOf } from './request-context';

/** HTTP status of an envelope code: business errors travel as 200 with code 500/601 (spec §8). */
const STATUS_BY_CODE: Record<number, number> = {
  401: 401,
  403: 403,
  404: 404,
  500: 200,
  503: 503,
  504: 504,
  601: 200,
};
/** Errors whose HTTP status says more than their envelope code. */
const STATUS_BY_KEY: Partial<Record<MessageKey, number>> = {
  'auth.too_many_requests': 429,
  'request.too_large': 413,
  'upload.quota_exceeded': 413,
  'upload.bad_path': 400,
  'request.malformed': 400,
  'request.too_deep': 400,
  'request.invalid_text': 400,
  'http.500': 500,
  'http.timeout': 503,
  'http.unavailable': 503,
  'http.outcome_unknown': 504,
  'request.idempotency_in_progress': 409,
  'request.idempotency_mismatch': 422,
  'request.idempotency_key_invalid': 400,
  'bpm.engine_unavailable': 503,
};

/** Seconds a client should wait before retrying a 503 or 504 (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 2;

export interface ErrorBody {
  code: number;
  msg: string;
  data?: { errors: { field: string; msg: string }[] };
}

function fieldLabel(field: string, lang: Language): string {
  const label = FIELD_LABELS[field];
  return label ? label[lang] : field;
}

function render(key: MessageKey, lang: Language, params: MessageParams = {}): string {
  const field = typeof params.field === 'string' ? fieldLabel(params.field, lang) : params.field;
  return renderMessage(key, lang, field === undefined ? params : { ...params, field });
}

/** Turns any error into the envelope, in the request's language; internals never reach the client. */
export function toErrorResponse(
  exception: unknown,
  lang: Language,
  logger?: Logger,
  method = 'POST',
): { status: number; body: ErrorBody } {
  let payload = toPayload(exception, logger);
  // A read that timed out changed nothing: it is simply unavailable (only a write's outcome is unknown).
  if (payload.key === 'http.outcome_unknown' && (method === 'GET' || method === 'HEAD')) {
    payload = { key: 'http.unavailable', code: 503 };
  }
  const errors = payload.details?.map((d) => ({
    field: d.field,
    msg: render(d.key, lang, d.params),
  }));
  const status = errors?.length
    ? 400
    : (STATUS_BY_KEY[payload.key] ?? STATUS_BY_CODE[payload.code] ?? 200);
  const body: ErrorBody = { code: payload.code, msg: render(payload.key, lang, payload.params) };
  if (errors?.length) body.data = { errors };
  return { status, body };
}

function toPayload(exception: unknown, logger?: Logger): ErrorPayload {
  if (exception instanceof DomainError) {
    const details = (exception as DomainError & { details?: ErrorPayload['details'] }).details;
    return { ...exception.toPayload(), details };
  }
  if (exception instanceof HttpException) {
    const details = validationDetails(exception as never);
    if (details?.length)
      return { key: details[0].key, params: details[0].params, code: 500, details };
    return httpPayload(exception.getStatus());
  }
  const status = (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status < 500) return httpPayload(status);
  // Redis (sessions, rate limits) or the transport is down: say so, never "unknown error".
  if (isOutageError(exception)) {
    logger?.warn(`dependency unavailable: ${(exception as Error).message}`);
    return { key: 'http.unavailable', code: 503 };
  }
  logger?.error(
    exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
  );
  return { key: 'http.500', code: 500 };
}

function httpPayload(status: number): ErrorPayload {
  if (status === 401) return { key: 'auth.session_invalid', code: 401 };
  if (status === 403) return { key: 'http.403', code: 403 };
  if (status === 404) return { key: 'http.404', code: 404 };
  if (status === 413) return { key: 'request.too_large', code: 500, params: { limit: '10 MB' } };
  if (status === 429) return { key: 'auth.too_many_requests', code: 500, params: { seconds: 60 } };
  if (status >= 400 && status < 500) return { key: 'request.malformed', code: 500 };
  return { key: 'http.500', code: 500 };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof IdempotentReplay) return sendReplay(reply, exception);
    const lang = stateOf(request).lang ?? languageOf(request);
    const { status, body } = toErrorResponse(exception, lang, this.logger, request.method);
    if (status === 503 || status === 504 || status === 409)
      void reply.header('Retry-After', RETRY_AFTER_SECONDS);
    void reply.status(status).send(new Envelope({ ...body }));
  }
}
