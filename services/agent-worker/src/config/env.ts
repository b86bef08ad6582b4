import { hostname } from 'node:os';

import { DEFAULT_ENGINE_USER, engineCredentialsFromEnv } from '@platform/engine-client';
import { type LlmConfig, llmConfigFromEnv } from '@platform/llm';
import { baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

// An empty variable (as in the env examples) counts as unset.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const agentWorkerEnvSchema = z.object({
  ...baseEnvShape,
  /** The worker's own database: task executions (outputs kept for redeliveries). */
  AGENT_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_agent'),
  /**
   * The engine's Camunda REST API (Operaton, Camunda 7, or the workflow service's embedded engine
   * at ENGINE_URL); unset: the embedded engine at http://ENGINE_HOST:ENGINE_PORT/engine-rest.
   */
  ENGINE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  ENGINE_HOST: z.string().default('127.0.0.1'),
  ENGINE_PORT: z.coerce.number().int().min(1).max(65535).default(8085),
  /** Credentials of the engine REST API (basic ENGINE_USER/ENGINE_PASSWORD, or bearer ENGINE_TOKEN). */
  ENGINE_USER: z.string().min(1).default(DEFAULT_ENGINE_USER),
  ENGINE_PASSWORD: optional,
  ENGINE_TOKEN: optional,
  /** This worker's id towards the engine (locks are held per worker id); unique per process. */
  AGENT_WORKER_ID: optional,
  /**
   * The most agent tasks this worker runs at once. It starts at 4 and takes more while its event
   * loop is idle and work waits, fewer while the toolkit's computations keep the loop busy
   * (worker/adaptive-limit.ts).
   */
  AGENT_WORKER_MAX_TASKS: int(1, 100, 16),
  /** How long a fetched task stays locked; long work extends the lock every third of it. */
  AGENT_WORKER_LOCK_MS: int(1000, 3_600_000, 60_000),
  /** Long polling: how long the engine may hold a fetch open while no task is there (0: short polls). */
  AGENT_WORKER_POLL_TIMEOUT_MS: int(0, 1_800_000, 20_000),
  /**
   * Pause between two fetches. The client pauses after every fetch, even one that brought tasks, so
   * a long pause caps a worker at MAX_TASKS per pause (bench:missions: 300 ms held it to ~4.4
   * missions/s); waiting for work is the long poll's job. Kept above 0 so an engine that is down is
   * not asked in a tight loop.
   */
  AGENT_WORKER_POLL_INTERVAL_MS: int(0, 60_000, 50),
  /** Attempts of a failing node before the engine raises an incident (the task's retries). */
  AGENT_WORKER_RETRIES: int(1, 100, 3),
  /** Back-off before a failed node is tried again: this, doubled per attempt, up to the maximum. */
  AGENT_WORKER_RETRY_MS: int(0, 3_600_000, 5_000),
  AGENT_WORKER_RETRY_MAX_MS: int(0, 86_400_000, 300_000),
  /** On shutdown, how long running tasks may finish before the process stops (then they are redelivered). */
  AGENT_WORKER_DRAIN_MS: int(0, 600_000, 10_000),
  /** Most model calls of one agent run (tool-calling loop), when a language model is configured. */
  AGENT_LLM_MAX_STEPS: int(1, 50, 8),
  /** External structure predictor (HTTP, VH/VL in, PDB out); unset: the built-in template modeller answers. */
  STRUCTURE_PREDICTOR_URL: z.union([z.literal(''), z.url()]).default(''),
  STRUCTURE_PREDICTOR_FORMAT: z.enum(['json', 'text']).default('json'),
  STRUCTURE_PREDICTOR_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /**
   * External antibody generator for design against a target (HTTP, antigen and epitope in, designs
   * out; a self-hosted RFantibody- or IgDesign-like service); unset: the built-in library alone.
   */
  TARGET_GENERATOR_URL: z.union([z.literal(''), z.url()]).default(''),
  TARGET_GENERATOR_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
});

export type AgentWorkerEnv = z.infer<typeof agentWorkerEnvSchema> & {
  /** Resolved at load: ENGINE_URL or the embedded engine's address. */
  engineUrl: string;
  workerId: string;
  llm: LlmConfig;
};

/**
 * Parses the worker's environment once. Production refuses missing or weak engine credentials (as
 * the workflow service does) and bad LLM_* values; every problem names its variable.
 */
export function loadAgentWorkerEnv(source: NodeJS.ProcessEnv = process.env): AgentWorkerEnv {
  const env = loadEnv(agentWorkerEnvSchema, source);
  engineCredentialsFromEnv(env);
  let llm: LlmConfig;
  try {
    llm = llmConfigFromEnv(source);
  } catch (error) {
    throw new Error(`Invalid environment:\n  ${error instanceof Error ? error.message : error}`);
  }
  return {
    ...env,
    engineUrl: env.ENGINE_URL ?? `http://${env.ENGINE_HOST}:${env.ENGINE_PORT}/engine-rest`,
    workerId:
      env.AGENT_WORKER_ID ??
      `agent-${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    llm,
  };
}

export const AGENT_WORKER_ENV = Symbol('AGENT_WORKER_ENV');
