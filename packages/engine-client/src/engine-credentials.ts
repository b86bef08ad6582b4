import { randomBytes } from 'node:crypto';

import { assertStrongSecret } from '@platform/nest-common/env';

/**
 * Credentials of the engine's Camunda REST API: HTTP basic (`user` + `password`) and/or a bearer
 * `token`. The embedded engine accepts whichever is set; a client sends basic when it has a
 * password, else the token. The same names configure a real Camunda 7 / Operaton.
 */
export interface EngineCredentials {
  user: string;
  password?: string;
  token?: string;
}

/** The basic-auth user name when ENGINE_USER is unset. */
export const DEFAULT_ENGINE_USER = 'platform';

export interface EngineCredentialsEnv {
  NODE_ENV?: string;
  ENGINE_USER?: string;
  ENGINE_PASSWORD?: string;
  ENGINE_TOKEN?: string;
}

/**
 * Reads ENGINE_USER, ENGINE_PASSWORD and ENGINE_TOKEN (empty counts as unset). In production at
 * least one of the password and the token must be set and every one set must be a strong secret
 * (the platform's common production-secret rule); it throws an `Invalid environment` error naming
 * the variable otherwise.
 */
export function engineCredentialsFromEnv(env: EngineCredentialsEnv): EngineCredentials {
  const credentials: EngineCredentials = {
    user: env.ENGINE_USER || DEFAULT_ENGINE_USER,
    password: env.ENGINE_PASSWORD || undefined,
    token: env.ENGINE_TOKEN || undefined,
  };
  const mode = { NODE_ENV: env.NODE_ENV === 'production' ? 'production' : 'development' } as const;
  if (!hasEngineSecret(credentials)) {
    assertStrongSecret('ENGINE_PASSWORD (or ENGINE_TOKEN)', undefined, mode);
  }
  if (credentials.password) assertStrongSecret('ENGINE_PASSWORD', credentials.password, mode);
  if (credentials.token) assertStrongSecret('ENGINE_TOKEN', credentials.token, mode);
  return credentials;
}

/** True when the credentials hold a basic password or a bearer token. */
export function hasEngineSecret(credentials: EngineCredentials | undefined): boolean {
  return Boolean(credentials?.password || credentials?.token);
}

/** A strong random secret (256 bits), for a development engine started without one. */
export function generateEngineSecret(): string {
  return randomBytes(32).toString('base64url');
}
