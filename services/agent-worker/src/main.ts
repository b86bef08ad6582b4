import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import { describeLlmConfig } from '@platform/llm';
import {
  createPino,
  createValidationPipe,
  ensureDatabase,
  PinoNestLogger,
  RpcErrorFilter,
  runMigrationsLocked,
  serverStrategy,
} from '@platform/nest-common';

import { AppModule } from './app.module';
import { type AgentWorkerEnv, loadAgentWorkerEnv } from './config/env';
import { agentDataSource } from './database/data-source';

/** Creates the worker's database if missing and applies pending migrations (under a named lock). */
export async function prepareDatabase(env: AgentWorkerEnv): Promise<void> {
  await ensureDatabase(env.AGENT_DB_URL);
  const dataSource = await agentDataSource(env.AGENT_DB_URL).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Starts a worker: its database, its health pattern on the transport, and the task client. */
export async function startAgentWorker(env: AgentWorkerEnv) {
  await prepareDatabase(env);
  const pino = createPino(env, 'agent-worker');
  const logger = new PinoNestLogger(pino);
  const app = await NestFactory.createMicroservice(AppModule.forRoot(env), {
    ...serverStrategy(env, 'agent-worker'),
    logger,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  pino.info(describeLlmConfig(env.llm));
  return app;
}

if (require.main === module) {
  // Inside the promise, so a bad environment is reported like any other start failure.
  Promise.resolve()
    .then(() => startAgentWorker(loadAgentWorkerEnv()))
    .catch((error: unknown) => {
      process.stderr.write(
        `agent-worker failed to start: ${error instanceof Error ? error.message : error}\n`,
      );
      process.exit(1);
    });
}
