import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { API_BASE, ENGINE_WEBAPP_PATH, UPLOAD_MAX_BYTES } from '@platform/contracts';
import {
  createPino,
  createValidationPipe,
  PinoNestLogger,
  serveMetrics,
} from '@platform/nest-common';

import { AppModule, GATEWAY_CONTROLLERS } from './app.module';
import { addAccessLog } from './common/access-log';
import { addEnvelope } from './common/envelope';
import { addIdempotency } from './common/idempotency';
import { parseJsonBodiesSafely, refuseUnsafeQueryText } from './common/json-body';
import { LeanFastifyAdapter } from './common/lean-fastify-adapter';
import { addOperationLog } from './common/oper-log';
import { OperLogQueue } from './common/oper-log.queue';
import { GATEWAY_REDIS } from './common/redis.provider';
import { addRequestMetrics, registerSocketGauge } from './common/request-metrics';
import { addSecurityHeaders } from './common/security-headers';
import { type GatewayEnv, loadGatewayEnv } from './config/env';
import { EngineWebappAccess } from './engine/engine-webapp.access';
import { serveEngineWebapp } from './engine/engine-webapp.proxy';
import { buildOpenApiDocument, OpenApiHolder } from './openapi/openapi';
import { UserSocketHub } from './socket/user-socket.hub';
import { serveWebApp } from './web/web-app';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the gateway (not yet listening), so tests can drive it with supertest. */
export async function createGateway(env: GatewayEnv): Promise<NestFastifyApplication> {
  const pino = createPino(env, 'gateway');
  const adapter = new LeanFastifyAdapter({
    logger: false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env), adapter, {
    logger: new PinoNestLogger(pino),
  });
  app.setGlobalPrefix(API_BASE.slice(1));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  addSecurityHeaders(fastify, [ENGINE_WEBAPP_PATH]);
  addAccessLog(fastify, pino);
  addRequestMetrics(fastify);
  addEnvelope(fastify, API_BASE);
  refuseUnsafeQueryText(fastify, API_BASE);
  addIdempotency(fastify, app.get(GATEWAY_REDIS));
  addOperationLog(fastify, app.get(OperLogQueue), GATEWAY_CONTROLLERS, API_BASE);
  // Multipart only for the upload routes, which read their one file with its own 5 MB limit.
  await fastify.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 },
  });
  await serveEngineWebapp(fastify, app.get(EngineWebappAccess));
  await serveWebApp(fastify, env.WEB_DIST);
  await app.init();
  // After init: Nest registers its JSON parser there, and this one takes its place.
  parseJsonBodiesSafely(fastify);
  await app.get(UserSocketHub).start(app.getHttpServer());
  registerSocketGauge(app.get(UserSocketHub));
  await serveMetrics(env);
  app.get(OpenApiHolder).document = buildOpenApiDocument(app);
  return app;
}

export async function startGateway(env: GatewayEnv): Promise<NestFastifyApplication> {
  const app = await createGateway(env);
  await app.listen(env.GATEWAY_PORT, env.GATEWAY_HOST);
  return app;
}

if (require.main === module) {
  const env = loadGatewayEnv();
  startGateway(env)
    .then((app) => {
      process.stdout.write(
        `gateway listening on ${app.getHttpServer().address() ? `http://${env.GATEWAY_HOST}:${env.GATEWAY_PORT}` : ''}\n`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `gateway failed to start: ${error instanceof Error ? error.message : error}\n`,
      );
      process.exit(1);
    });
}
