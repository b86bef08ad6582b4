import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';

import { ensureDatabase, runMigrationsLocked } from './database';
import { answerDbMonitor } from './db-monitor';
import type { BaseEnv } from './env';
import { answerGenSchema } from './gen-schema';
import { dataSourcesOf, startHealthProbe } from './health-probe';
import { createPino, PinoNestLogger } from './logger';
import { registerDatabasePools, RpcMetricsInterceptor, serveMetrics } from './metrics';
import { createRedis } from './redis';
import { RpcErrorFilter } from './rpc';
import { ServiceIdempotencyInterceptor } from './service-idempotency';
import { serverStrategy } from './transport';
import { createValidationPipe } from './validation';
import { CommittedWritesInterceptor, trackCommittedWrites } from './write-tracking';

// How every service process starts: its own database created and migrated, then a Nest
// microservice on the platform's transport with the shared validation and error mapping.

/** Creates the service's database if missing and applies pending migrations (under a named lock). */
export async function migrateServiceDatabase(
  url: string,
  dataSourceOf: (url: string) => DataSource,
): Promise<void> {
  await ensureDatabase(url);
  const dataSource = await dataSourceOf(url).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Listens as `service` on the transport with the module given; returns the running app. */
export async function listenAsService(
  module: DynamicModule,
  env: BaseEnv,
  service: string,
): Promise<INestMicroservice> {
  const transport = serverStrategy(env, service);
  const app = await NestFactory.createMicroservice(module, {
    ...transport,
    logger: new PinoNestLogger(createPino(env, service)),
  });
  // The pool monitor's pattern (monitor/druid), answered by every service the same way.
  answerDbMonitor(transport, service, () => dataSourcesOf(app));
  // The code generator's read-only listing of this service's own tables (tool/gen).
  answerGenSchema(transport, service, () => dataSourcesOf(app));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  // An outage after a committed write is "outcome unknown", not "unavailable" (outermost, so the
  // idempotency record below sees which it was); commands sent with an Idempotency-Key run once.
  trackCommittedWrites();
  const idempotency = createRedis(env, `${service}-idempotency`);
  app.useGlobalInterceptors(
    new RpcMetricsInterceptor(service),
    new CommittedWritesInterceptor(),
    new ServiceIdempotencyInterceptor(idempotency, service, env.RPC_TIMEOUT_MS * 4),
  );
  app.enableShutdownHooks();
  await app.listen();
  const probe = await startHealthProbe(app, env);
  registerDatabasePools(service, dataSourcesOf(app));
  await serveMetrics(env);
  const close = app.close.bind(app);
  app.close = async () => {
    probe?.close();
    await close();
    idempotency.disconnect();
  };
  return app;
}

/** The process entry: runs `start`, and exits with one line naming the service when it fails. */
export function runServiceMain(service: string, start: () => Promise<unknown>): void {
  // Inside the promise, so a bad environment is reported like any other start failure.
  Promise.resolve()
    .then(start)
    .catch((error: unknown) => {
      process.stderr.write(
        `${service} failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
