import { assertStrongSecret, baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

const gatewayEnvSchema = z.object({
  ...baseEnvShape,
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The plain-ws socket channel of spec §7 (port 5565); 0 picks a free port, -1 turns it off. */
  SOCKET_PORT: z.coerce.number().int().min(-1).max(65535).default(5565),
  /** Built web app to serve at `/` (SPA fallback); empty turns it off. */
  WEB_DIST: z.string().default(''),
  /** Origins allowed to open the socket and to call the API cross-origin (comma-separated). */
  WEB_ORIGINS: z
    .string()
    .default(
      'http://127.0.0.1:8080,http://localhost:8080,http://127.0.0.1:5173,http://localhost:5173',
    ),
  /** Largest JSON or form body accepted, in bytes (uploads have their own limit). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Multiplies every auth rate limit (tests that sign up many users from one IP raise it). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /**
   * External structure predictor of the antibody toolkit (an HTTP endpoint that takes VH/VL and returns
   * PDB text, e.g. a self-hosted ESMFold or ImmuneBuilder server); empty: the built-in template modeller.
   */
  STRUCTURE_PREDICTOR_URL: z.union([z.literal(''), z.url()]).default(''),
  /** `json` posts {heavy, light, sequence}; `text` posts the chains joined by ':' as plain text. */
  STRUCTURE_PREDICTOR_FORMAT: z.enum(['json', 'text']).default('json'),
  STRUCTURE_PREDICTOR_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Where uploaded files are kept (avatars, rich-text images, attachments) with the local backend. */
  UPLOAD_DIR: z.string().default('data/uploads'),
  /**
   * Where the platform keeps its files (docs/files.md): `local` (UPLOAD_DIR, the default) or `s3`, an
   * S3-compatible bucket (MinIO, Ceph, a cloud's object store) that every gateway shares.
   */
  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * With the S3 backend, downloads answer a redirect to a signed URL valid this many seconds instead
   * of streaming through the gateway; 0 (the default) streams, so no URL ever leaves the platform.
   */
  S3_SIGNED_DOWNLOAD_SECONDS: z.coerce.number().int().min(0).max(600).default(0),
  /**
   * The process engine's REST API (e.g. http://127.0.0.1:8085/engine-rest). Its origin also serves the
   * engine's webapps (Cockpit) at /operaton, which the gateway proxies for holders of engine:ops:view.
   */
  ENGINE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /**
   * The secret the engine trusts the gateway's X-Platform-User header with (the engine's own
   * ENGINE_PROXY_SECRET). Without it and ENGINE_URL, Cockpit is not offered.
   */
  ENGINE_PROXY_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * The supervisor's state file (scripts/platform.mjs writes .run/supervisor.json): health names a
   * supervised service that is down or restarting. Empty: not supervised by platform.mjs.
   */
  PLATFORM_STATUS_FILE: z.string().default(''),
  /**
   * The billing service holds money: while it does not answer the health check is DOWN. Only test
   * stacks without billing turn this off (false), so their health reports it DOWN but stays UP.
   */
  BILLING_REQUIRED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Trust X-Forwarded-For from a reverse proxy in front of the gateway. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayEnv(source: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const env = loadEnv(gatewayEnvSchema, source);
  if (env.ENGINE_PROXY_SECRET)
    assertStrongSecret('ENGINE_PROXY_SECRET', env.ENGINE_PROXY_SECRET, env);
  if (env.STORAGE_BACKEND === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !env[name],
    );
    if (missing.length) {
      throw new Error(`Invalid environment:\n  STORAGE_BACKEND=s3 needs ${missing.join(', ')}`);
    }
    assertStrongSecret('S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY, env);
  }
  return env;
}

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
