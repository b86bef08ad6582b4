import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
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
import { loadWorkflowEnv, type WorkflowEnv } from './config/env';
import { workflowDataSource } from './database/data-source';

/** Creates the database if missing and applies pending migrations. */
export async function prepareDatabase(env: WorkflowEnv): Promise<void> {
  await ensureDatabase(env.WORKFLOW_DB_URL);
  const dataSource = await workflowDataSource(env.WORKFLOW_DB_URL).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export async function startWorkflow(env: WorkflowEnv) {
  await prepareDatabase(env);
  const logger = new PinoNestLogger(createPino(env, 'workflow'));
  const app = await NestFactory.createMicroservice(AppModule.forRoot(env), {
    ...serverStrategy(env, 'workflow'),
    logger,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  return app;
}

if (require.main === module) {
  // Inside the promise, so a bad environment is reported like any other start failure.
  Promise.resolve()
    .then(() => startWorkflow(loadWorkflowEnv()))
    .catch((error: unknown) => {
      process.stderr.write(
        `workflow failed to start: ${error instanceof Error ? error.message : error}\n`,
      );
      process.exit(1);
    });
}
