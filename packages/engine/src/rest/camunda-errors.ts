/**
 * An error that the REST layer turns into Camunda's `{type, message, code}` body with the given
 * status. `code` is what Operaton sends: 0 for errors the engine raised (a ProcessEngineException's
 * code), null for those its REST layer raised itself.
 */
export class EngineRestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: unknown,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** 400 InvalidRequestException raised by the REST layer (code null). */
export function badRequest(message: string): EngineRestError {
  return new EngineRestError(400, 'InvalidRequestException', message);
}

/** 404 InvalidRequestException raised by the REST layer (code null). */
export function notFound(message: string): EngineRestError {
  return new EngineRestError(404, 'InvalidRequestException', message);
}

/** 404 RestException raised by the REST layer (code null). */
export function restNotFound(message: string): EngineRestError {
  return new EngineRestError(404, 'RestException', message);
}

/** An error the engine raised (code 0), as Operaton's REST layer reports it. */
export function engineError(status: number, type: string, message: string): EngineRestError {
  return new EngineRestError(status, type, message, undefined, 0);
}
