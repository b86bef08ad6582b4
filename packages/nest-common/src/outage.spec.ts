import { describe, expect, it } from 'vitest';

import { isOutageError } from './outage';

describe('isOutageError', () => {
  it('should recognise a dependency that cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), {
      code: 'ECONNREFUSED',
    });
    expect(isOutageError(refused)).toBe(true);
    // TypeORM wraps the driver's error
    expect(
      isOutageError({
        name: 'QueryFailedError',
        driverError: { code: 'PROTOCOL_CONNECTION_LOST' },
      }),
    ).toBe(true);
    expect(
      isOutageError(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe(true);
    expect(isOutageError(new Error('Connection is closed.'))).toBe(true);
    // fetch (the engine's REST API): TypeError with the socket error as its cause
    expect(isOutageError(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    // Nest's Redis client rejects with a string while it reconnects
    expect(isOutageError('Error: Connection lost. Trying to reconnect...')).toBe(true);
    // nats.js 3: a request on a connection that closed
    expect(
      isOutageError(
        Object.assign(new Error('closed connection'), { name: 'ClosedConnectionError' }),
      ),
    ).toBe(true);
  });

  it('should leave faults of the request or the code alone', () => {
    expect(
      isOutageError(Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' })),
    ).toBe(false);
    expect(isOutageError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
    expect(isOutageError('some other text')).toBe(false);
    expect(isOutageError(undefined)).toBe(false);
  });
});
