import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DomainError, type ErrorPayload } from '@platform/contracts';
import {
  catchError,
  firstValueFrom,
  type Observable,
  throwError,
  timeout,
  TimeoutError,
} from 'rxjs';

import { isOutageError } from './outage';
import { validationDetails } from './validation';

/**
 * The one place where a service's errors become transport errors: a DomainError travels as its
 * payload; a validation failure as `validation.*` details; anything else is logged here and leaves as a
 * generic 500 so no internals reach the client.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.toPayload(exception));
  }

  private toPayload(exception: unknown): ErrorPayload {
    if (exception instanceof DomainError) return exception.toPayload();
    if (exception instanceof BadRequestException) {
      const details = validationDetails(exception);
      if (details) return { key: details[0].key, params: details[0].params, code: 500, details };
    }
    if (exception instanceof HttpException && exception.getStatus() === 404) {
      return { key: 'http.404', code: 404 };
    }
    // Its database, Redis or the engine cannot be reached: nothing was done, the caller may retry.
    if (isOutageError(exception)) {
      this.logger.warn(`dependency unavailable: ${(exception as Error).message}`);
      return { key: 'http.unavailable', code: 503 };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    return { key: 'http.500', code: 500 };
  }
}

/**
 * Sends a command and waits for its reply. A DomainError raised by the service is raised again here
 * with the same key, so callers deal with one error type on both sides of the transport.
 */
export async function callService<T>(
  client: Pick<ClientProxy, 'send'>,
  pattern: string,
  payload: unknown,
  timeoutMs: number,
): Promise<T> {
  try {
    return await firstValueFrom(client.send<T>(pattern, payload ?? {}).pipe(timeout(timeoutMs)));
  } catch (error) {
    throw transportError(error);
  }
}

/**
 * Sends a command whose handler answers several values (an Observable: Nest's Redis and NATS
 * transports carry each value as its own reply packet, the last one marked disposed). The first
 * value must come within `firstMs`, each later one within `eachMs`; errors as in callService.
 * Unsubscribing stops listening only: the service is not told (it needs its own cancel signal).
 */
export function streamService<T>(
  client: Pick<ClientProxy, 'send'>,
  pattern: string,
  payload: unknown,
  { firstMs, eachMs }: { firstMs: number; eachMs: number },
): Observable<T> {
  return client.send<T>(pattern, payload ?? {}).pipe(
    timeout({ first: firstMs, each: eachMs }),
    catchError((error: unknown) => throwError(() => transportError(error))),
  );
}

function transportError(error: unknown): unknown {
  if (DomainError.isPayload(error)) {
    const domainError = new DomainError(error.key, error.params, error.code);
    return Object.assign(domainError, { details: error.details });
  }
  // No answer in time: the service may still have done the work (outcome unknown).
  if (error instanceof TimeoutError) return new DomainError('http.outcome_unknown', {}, 504);
  // The transport's connection closed while the reply was awaited (Nest's Redis client): the same.
  if (error instanceof Error && error.message === 'Connection closed') {
    return new DomainError('http.outcome_unknown', {}, 504);
  }
  // The transport itself is down (Redis or NATS): the command never left.
  if (isOutageError(error)) return new DomainError('http.unavailable', {}, 503);
  return error;
}
