import { z } from 'zod';

/**
 * Parses `process.env` once into a typed config; on any problem it throws one error naming every bad
 * variable, so a service fails at boot rather than at the first request.
 */
export function loadEnv<T extends z.ZodType>(
  schema: T,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<T> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  assertTransportSecrets(result.data as Partial<BaseEnv>);
  return result.data;
}

/** In production the Redis and NATS passwords a service is given must be strong ones. */
function assertTransportSecrets(env: Partial<BaseEnv>): void {
  if (env.NODE_ENV !== 'production') return;
  const redisPassword = env.REDIS_URL ? new URL(env.REDIS_URL).password : '';
  if (redisPassword)
    assertStrongSecret('REDIS_URL password', decodeURIComponent(redisPassword), env);
  if (env.TRANSPORT === 'nats' && env.NATS_USER)
    assertStrongSecret('NATS_PASSWORD', env.NATS_PASSWORD, env);
}

/** Variables every service reads. NAMESPACE isolates Redis keys and transport channels of one deployment. */
export const baseEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379/0'),
  NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'lower-case letters, digits, _ or -, at most 32')
    .default('platform'),
  TRANSPORT: z.enum(['redis', 'nats']).default('redis'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** NATS user and password (the server's --user/--pass); unset for a server without authorisation. */
  NATS_USER: z.string().optional(),
  NATS_PASSWORD: z.string().optional(),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  /** Absolute lifetime of a session from sign-in, whatever its activity. */
  SESSION_MAX_HOURS: z.coerce.number().int().positive().max(8760).default(168),
  /**
   * HTTP probe of a transport-only service (compose health checks, Kubernetes liveness/readiness):
   * GET /live answers while the process runs, GET /health while its database answers too. 0: none.
   */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HEALTH_HOST: z.string().default('127.0.0.1'),
  /** Prometheus metrics at GET /metrics on this port (0: off), on METRICS_HOST (loopback by default). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),
};

export const baseEnvSchema = z.object(baseEnvShape);
export type BaseEnv = z.infer<typeof baseEnvSchema>;

// Values that are public knowledge (samples, RuoYi's defaults, obvious placeholders).
const KNOWN_WEAK_SECRETS = new Set([
  '',
  'secret',
  'changeme',
  'change-me',
  'password',
  'admin123',
  'admin',
  '123456',
  'abcdefghijklmnopqrstuvwxyz',
  'development-only-secret',
]);

/**
 * In production a secret must be set, at least 32 characters, and not a known sample value;
 * elsewhere a missing one is allowed (the caller supplies a dev-only fallback).
 */
export function assertStrongSecret(
  name: string,
  value: string | undefined,
  env: Partial<Pick<BaseEnv, 'NODE_ENV'>>,
): void {
  if (env.NODE_ENV !== 'production') return;
  if (!value || KNOWN_WEAK_SECRETS.has(value.toLowerCase()) || value.length < 32) {
    throw new Error(
      `Invalid environment:\n  ${name}: a strong secret (32+ characters, not a sample value) is required in production`,
    );
  }
}
