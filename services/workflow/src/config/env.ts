import { DEFAULT_ENGINE_USER, engineCredentialsFromEnv } from '@platform/engine-client';
import { LLM_ENV_VARIABLES, type LlmConfig, LlmConfigError, llmConfigFromEnv } from '@platform/llm';
import { baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

// An empty variable (as in the env examples) counts as unset.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const workflowEnvSchema = z.object({
  ...baseEnvShape,
  WORKFLOW_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_workflow'),
  /** Time limit of one sandboxed function call. */
  FUNCTION_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Memory limit of one sandboxed function call (the interpreter's heap). */
  FUNCTION_MEMORY_MB: z.coerce.number().int().min(4).max(1024).default(64),
  /**
   * How often the engine is asked how the runs of active missions ended (completed, deleted,
   * incident); 0 turns it off (then only the worker's reports move missions).
   */
  MISSION_RECONCILE_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /**
   * How often the settles and releases of mission charges still due are sent to billing (retried
   * with a backoff while billing is down); 0 turns the timer off (each decision is still sent once
   * at once).
   */
  MISSION_CHARGE_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /**
   * A real Camunda 7 / Operaton REST API (e.g. http://camunda:8080/engine-rest). Unset: the service
   * runs the embedded engine (packages/engine) and serves its REST API at ENGINE_HOST:ENGINE_PORT.
   */
  ENGINE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** The embedded engine's database; by default the workflow database (its tables are eng_*). */
  ENGINE_DB_URL: optional,
  ENGINE_HOST: z.string().default('127.0.0.1'),
  /** 0 picks a free port (tests). */
  ENGINE_PORT: z.coerce.number().int().min(0).max(65535).default(8085),
  /**
   * Credentials of the engine's REST API, required by the embedded engine and sent to ENGINE_URL:
   * HTTP basic as ENGINE_USER with ENGINE_PASSWORD, and/or the bearer ENGINE_TOKEN. Production
   * needs a strong password or token; elsewhere an embedded engine without one makes up a password.
   */
  ENGINE_USER: z.string().min(1).default(DEFAULT_ENGINE_USER),
  ENGINE_PASSWORD: optional,
  ENGINE_TOKEN: optional,
  /**
   * The assistant's language model (@platform/llm): an OpenAI-compatible endpoint, or, with
   * LLM_BASE_URL unset, the built-in planner. Checked at boot by llmConfigFromEnv (see `llm`).
   */
  LLM_BASE_URL: optional,
  LLM_API_KEY: optional,
  LLM_MODEL: optional,
  LLM_TIMEOUT_MS: optional,
  LLM_MAX_RETRIES: optional,
  LLM_STREAM_USAGE: optional,
});

export type WorkflowEnv = z.infer<typeof workflowEnvSchema> & {
  /** The language model configuration, parsed once from the LLM_* variables. */
  llm: LlmConfig;
};

export function loadWorkflowEnv(source: NodeJS.ProcessEnv = process.env): WorkflowEnv {
  const env = loadEnv(workflowEnvSchema, source);
  engineCredentialsFromEnv(env); // in production: a strong ENGINE_PASSWORD or ENGINE_TOKEN, or no start
  try {
    const llm = llmConfigFromEnv(
      Object.fromEntries(LLM_ENV_VARIABLES.map((name) => [name, env[name]])),
    );
    return { ...env, llm };
  } catch (error) {
    // Same shape as loadEnv's report; the message names the variable, never its value.
    if (error instanceof LlmConfigError)
      throw new Error(`Invalid environment:\n  ${error.message}`);
    throw error;
  }
}

export const WORKFLOW_ENV = Symbol('WORKFLOW_ENV');
