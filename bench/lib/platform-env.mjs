// What a benchmark's own platform needs so it runs beside a platform already up on this machine:
// free ports for everything that listens, its own namespace and databases, its own engine credentials.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it; closed again before it is handed out). */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something can listen on `port` right now. */
function canListen(port) {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive ports nothing listens on right now. */
export async function freePortRange(count) {
  for (;;) {
    const first = await freePort();
    if (first + count > 65535) continue;
    let free = true;
    for (let port = first + 1; free && port < first + count; port++) free = await canListen(port);
    if (free) return first;
  }
}

/**
 * Environment of a second platform for scripts/platform.mjs: its own namespace, databases (the agent
 * worker's, billing's and notification's too, and Operaton's when `engine` is 'operaton') and ports, and a throwaway engine password
 * (not the machine's in data/engine.env). `engine`: 'embedded' (default; inside the workflow service)
 * or 'operaton' (deploy/engine, started by scripts/platform.mjs). Drop `databases` after.
 */
export async function benchPlatform(prefix, { engine = 'embedded' } = {}) {
  const namespace = `${prefix}${randomBytes(3).toString('hex')}`;
  const databases = {
    identity: `bench_${namespace}`,
    workflow: `bench_${namespace}_wf`,
    agent: `bench_${namespace}_agent`,
    billing: `bench_${namespace}_billing`,
    notification: `bench_${namespace}_notification`,
    ...(engine === 'operaton' ? { engine: `bench_${namespace}_engine` } : {}),
  };
  const gatewayPort = await freePort();
  const enginePort = await freePort();
  // scripts/platform.mjs puts the processes' metrics at consecutive ports from METRICS_BASE_PORT
  // (by default the gateway's + 1000, never checked: a missions bench failed on a billing metrics
  // port in use). Kept on, as in production, on ports found free.
  const metricsBase = await freePortRange(7);
  const env = {
    NAMESPACE: namespace,
    IDENTITY_DB_URL: `mysql://root@127.0.0.1:3306/${databases.identity}`,
    WORKFLOW_DB_URL: `mysql://root@127.0.0.1:3306/${databases.workflow}`,
    AGENT_DB_URL: `mysql://root@127.0.0.1:3306/${databases.agent}`,
    BILLING_DB_URL: `mysql://root@127.0.0.1:3306/${databases.billing}`,
    NOTIFICATION_DB_URL: `mysql://root@127.0.0.1:3306/${databases.notification}`,
    GATEWAY_PORT: String(gatewayPort),
    ENGINE: engine,
    // Not an engine of the machine's .env: the one this platform starts (or embeds) at ENGINE_PORT.
    ENGINE_URL: '',
    ENGINE_HOST: '127.0.0.1',
    ENGINE_PORT: String(enginePort),
    ENGINE_USER: 'bench',
    ENGINE_PASSWORD: randomBytes(32).toString('base64url'),
    ENGINE_TOKEN: '',
    // Operaton's own database; the embedded engine keeps its tables in the workflow database.
    ENGINE_DB_URL: databases.engine ? `mysql://root@127.0.0.1:3306/${databases.engine}` : '',
    SOCKET_PORT: '-1',
    METRICS_BASE_PORT: String(metricsBase),
  };
  return { namespace, databases, gatewayPort, enginePort, env };
}
