import { baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

const workflowEnvSchema = z.object({
  ...baseEnvShape,
  WORKFLOW_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_workflow'),
  /** Time limit of one sandboxed function call. */
  FUNCTION_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Memory limit of one sandboxed function call (the interpreter's heap). */
  FUNCTION_MEMORY_MB: z.coerce.number().int().min(4).max(1024).default(64),
  /**
   * A real Camunda 7 / Operaton REST API (e.g. http://camunda:8080/engine-rest). Unset: the service
   * runs the embedded engine (packages/engine) and serves its REST API at ENGINE_HOST:ENGINE_PORT.
   */
  ENGINE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The embedded engine's database; by default the workflow database (its tables are eng_*). */
  ENGINE_DB_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  ENGINE_HOST: z.string().default('127.0.0.1'),
  /** 0 picks a free port (tests). */
  ENGINE_PORT: z.coerce.number().int().min(0).max(65535).default(8085),
});

export type WorkflowEnv = z.infer<typeof workflowEnvSchema>;

export function loadWorkflowEnv(source: NodeJS.ProcessEnv = process.env): WorkflowEnv {
  return loadEnv(workflowEnvSchema, source);
}

export const WORKFLOW_ENV = Symbol('WORKFLOW_ENV');
