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
import { type IdentityEnv, loadIdentityEnv } from './config/env';
import { identityDataSource } from './database/data-source';

/** Creates the database if missing and applies pending migrations (schema and seed rows). */
export async function prepareDatabase(env: IdentityEnv): Promise<void> {
  await ensureDatabase(env.IDENTITY_DB_URL);
  const dataSource = await identityDataSource(env.IDENTITY_DB_URL).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export async function startIdentity(env: IdentityEnv) {
  await prepareDatabase(env);
  const logger = new PinoNestLogger(createPino(env, 'identity'));
  const app = await NestFactory.createMicroservice(AppModule.forRoot(env), {
    ...serverStrategy(env, 'identity'),
    logger,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  return app;
}

if (require.main === module) {
  startIdentity(loadIdentityEnv()).catch((error: unknown) => {
    process.stderr.write(
      `identity failed to start: ${error instanceof Error ? error.message : error}\n`,
    );
    process.exit(1);
  });
}
