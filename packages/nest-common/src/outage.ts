/**
 * Whether an error means that something the request needs (Redis, the database, the engine, another
 * service) cannot be reached right now, as opposed to a fault in the request or the code. Such errors
 * are answered "service temporarily unavailable, try again" (503 with Retry-After), never "unknown
 * system error": the work was not done, and the same request can be sent again.
 */

/** Socket and driver codes of a dependency that is down, restarting or unreachable. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // mysql2
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_SERVER_GONE_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
  'CR_SERVER_LOST',
  'ER_QUERY_INTERRUPTED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  // a pool that cannot hand out a connection in time
  'POOL_CLOSED',
]);

/** ioredis and mysql2 messages that carry no code. */
const OUTAGE_MESSAGES = [
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Reached the max retries per request limit/i,
  /Can't add new command when connection is in closed state/i,
  /Pool is closed/i,
  /connect ECONNREFUSED/i,
  /Connection lost: The server closed the connection/i,
  /fetch failed/i,
  /the transport is not connected/i,
  // Nest's Redis client while it reconnects (rejects with this string)
  /Connection lost\. Trying to reconnect/i,
];

const OUTAGE_NAMES = new Set([
  'MaxRetriesPerRequestError',
  'ConnectionTimeoutError',
  // nats.js 3 (@nats-io/*) names its error classes instead of setting codes
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
]);

/** Follows `cause`, TypeORM's `driverError` and AggregateError's `errors` (a bounded walk). */
export function isOutageError(error: unknown, depth = 0): boolean {
  if (typeof error === 'string') return OUTAGE_MESSAGES.some((pattern) => pattern.test(error));
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (typeof candidate.code === 'string' && OUTAGE_CODES.has(candidate.code)) return true;
  if (typeof candidate.name === 'string' && OUTAGE_NAMES.has(candidate.name)) return true;
  if (
    typeof candidate.message === 'string' &&
    OUTAGE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
  ) {
    return true;
  }
  if (isOutageError(candidate.cause, depth + 1)) return true;
  if (isOutageError(candidate.driverError, depth + 1)) return true;
  if (Array.isArray(candidate.errors)) {
    return candidate.errors.some((inner) => isOutageError(inner, depth + 1));
  }
  return false;
}
