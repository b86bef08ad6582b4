import { baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

const workflowEnvSchema = z.object({
  ...baseEnvShape,
  WORKFLOW_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_workflow'),
  /** Time limit of one sandboxed function call. */
  FUNCTION_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Memory limit of one sandboxed function call (the interpreter's heap). */
  FUNCTION_MEMORY_MB: z.coerce.number().int().min(4).max(1024).default(64),
});

export type WorkflowEnv = z.infer<typeof workflowEnvSchema>;

export function loadWorkflowEnv(source: NodeJS.ProcessEnv = process.env): WorkflowEnv {
  return loadEnv(workflowEnvSchema, source);
}

export const WORKFLOW_ENV = Symbol('WORKFLOW_ENV');
