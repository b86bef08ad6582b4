import { createServer, type Server } from 'node:http';

import type { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { BaseEnv } from './env';

const PROBE_TIMEOUT_MS = 2000;

/** The service's TypeORM data source, when it has one. */
function dataSourceOf(app: INestMicroservice): DataSource | undefined {
  try {
    return app.get(DataSource, { strict: false });
  } catch {
    return undefined;
  }
}

async function databaseAnswers(dataSource: DataSource | undefined): Promise<boolean> {
  if (!dataSource) return true;
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
  const dataSource = dataSourceOf(app);
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || (path !== '/live' && path !== '/health')) {
      res.writeHead(404).end();
      return;
    }
    const ready = path === '/live' ? Promise.resolve(true) : databaseAnswers(dataSource);
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
