import { createHash, timingSafeEqual } from 'node:crypto';

import { type EngineCredentials, hasEngineSecret } from '@platform/engine-client';

/** Checks an `Authorization` header against the configured credentials. */
export interface EngineAuthenticator {
  /** The authenticated user (ENGINE_USER for basic and bearer alike), or null. */
  authenticate(header: string | undefined): string | null;
  /** `WWW-Authenticate` of a 401, as Operaton's HttpBasicAuthenticationProvider sends it. */
  challenge: string;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

// Comparing fixed-length digests keeps the time independent of where (or whether) a guess differs.
const sameSecret = (given: string, expected: Buffer) => timingSafeEqual(digest(given), expected);

/**
 * HTTP basic (`user:password`) when a password is configured, a bearer token when a token is.
 * Throws when neither is: the REST API is never served without credentials.
 */
export function createEngineAuthenticator(credentials: EngineCredentials): EngineAuthenticator {
  if (!hasEngineSecret(credentials)) {
    throw new Error(
      'The engine REST API needs credentials: set ENGINE_PASSWORD (HTTP basic) or ENGINE_TOKEN (bearer)',
    );
  }
  const user = digest(credentials.user);
  const password = credentials.password ? digest(credentials.password) : null;
  const token = credentials.token ? digest(credentials.token) : null;
  const check = (header: string | undefined): boolean => {
    if (!header) return false;
    const space = header.indexOf(' ');
    const scheme = header.slice(0, space).toLowerCase();
    const value = header.slice(space + 1).trim();
    if (space < 0 || !value) return false;
    if (scheme === 'basic' && password) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return false;
      // Both halves are always compared, so a right user name takes no longer than a wrong one.
      const userOk = sameSecret(decoded.slice(0, colon), user);
      const passwordOk = sameSecret(decoded.slice(colon + 1), password);
      return userOk && passwordOk;
    }
    if (scheme === 'bearer' && token) return sameSecret(value, token);
    return false;
  };
  return {
    // Operaton challenges for basic only, also when it takes a bearer token.
    challenge: 'Basic realm="default"',
    authenticate: (header) => (check(header) ? credentials.user : null),
  };
}
