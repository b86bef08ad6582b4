import { createServer, type Server } from 'node:http';

import type { INestMicroservice } from '@nestjs/common';
import { DiscoveryService, ModulesContainer } from '@nestjs/core';
import { DataSource } from 'typeorm';

import type { BaseEnv } from './env';

const PROBE_TIMEOUT_MS = 2000;

/**
 * The service's TypeORM data sources, found by what they are rather than by token: most services
 * name theirs ('billing', 'notification', …), which `app.get(DataSource)` does not find, and a probe
 * that found none would answer UP with the database gone.
 */
export function dataSourcesOf(app: INestMicroservice): DataSource[] {
  const providers = new DiscoveryService(app.get(ModulesContainer)).getProviders();
  const found = providers
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is DataSource => instance instanceof DataSource);
  return [...new Set(found)];
}

async function databaseAnswers(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      dataSource.query('SELECT 1').then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const databasesAnswer = async (dataSources: DataSource[]) =>
  (await Promise.all(dataSources.map(databaseAnswers))).every(Boolean);

/**
 * The HTTP probe of a transport-only service on HEALTH_PORT (issue 19): `/live` (liveness: the process
 * runs) and `/health` (readiness: its database answers), 200 `{"status":"UP"}` or 503 `DOWN`. Used by
 * compose health checks and Kubernetes probes; nothing else is served.
 */
export async function startHealthProbe(
  app: INestMicroservice,
  env: BaseEnv,
): Promise<Server | undefined> {
  if (!env.HEALTH_PORT) return undefined;
  const dataSources = dataSourcesOf(app);
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || (path !== '/live' && path !== '/health')) {
      res.writeHead(404).end();
      return;
    }
    const ready = path === '/live' ? Promise.resolve(true) : databasesAnswer(dataSources);
    void ready.then((up) => {
      res
        .writeHead(up ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: up ? 'UP' : 'DOWN' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.HEALTH_PORT, env.HEALTH_HOST, () => resolve());
  });
  server.unref();
  return server;
}
