/** An error that the REST layer turns into Camunda's `{type, message}` body with the given status. */
export class EngineRestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function badRequest(message: string): EngineRestError {
  return new EngineRestError(400, 'InvalidRequestException', message);
}

export function notFound(message: string): EngineRestError {
  return new EngineRestError(404, 'InvalidRequestException', message);
}

export function restNotFound(message: string): EngineRestError {
  return new EngineRestError(404, 'RestException', message);
}
