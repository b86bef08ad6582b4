import 'reflect-metadata';

import { describeLlmConfig } from '@platform/llm';
import {
  createPino,
  listenAsService,
  migrateServiceDatabase,
  runServiceMain,
} from '@platform/nest-common';

import { AppModule } from './app.module';
import { type AgentWorkerEnv, loadAgentWorkerEnv } from './config/env';
import { agentDataSource } from './database/data-source';

/** Creates the worker's database if missing and applies pending migrations (under a named lock). */
export function prepareDatabase(env: AgentWorkerEnv): Promise<void> {
  return migrateServiceDatabase(env.AGENT_DB_URL, agentDataSource);
}

/** Starts a worker: its database, its health pattern on the transport, and the task client. */
export async function startAgentWorker(env: AgentWorkerEnv) {
  await prepareDatabase(env);
  const app = await listenAsService(AppModule.forRoot(env), env, 'agent-worker');
  createPino(env, 'agent-worker').info(describeLlmConfig(env.llm));
  return app;
}

if (require.main === module)
  runServiceMain('agent-worker', () => startAgentWorker(loadAgentWorkerEnv()));
