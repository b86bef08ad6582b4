#!/usr/bin/env node
import { EngineEnvError, loadEngineEnv } from './config/engine-env';
import { createEngine } from './engine';
import { startEngineServer } from './http/engine-server';

async function main(): Promise<void> {
  const env = loadEngineEnv();
  const engine = await createEngine({ mysql: env.mysql, hotInstances: env.hotInstances });
  const server = await startEngineServer({
    engine,
    auth: env.auth,
    host: env.host,
    port: env.port,
    basePath: env.basePath,
  });
  const schemes = [env.auth.password && `basic as ${env.auth.user}`, env.auth.token && 'bearer']
    .filter(Boolean)
    .join(' or ');
  console.log(
    `engine: Camunda REST at ${server.url} (database ${env.mysql.database}; credentials: ${schemes})`,
  );
  const shutdown = async () => {
    await server.close();
    await engine.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(err instanceof EngineEnvError ? `engine: ${err.message}` : err);
  process.exit(1);
});
