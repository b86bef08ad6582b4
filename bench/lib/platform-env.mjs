// What a benchmark's own platform needs so it runs beside a platform already up on this machine:
// free ports for everything that listens, its own namespace and databases, the embedded engine.
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

/** Environment of a second platform: its own namespace, databases and ports; drop the databases after. */
export async function benchPlatform(prefix) {
  const namespace = `${prefix}${randomBytes(3).toString('hex')}`;
  const databases = {
    identity: `bench_${namespace}`,
    workflow: `bench_${namespace}_wf`,
  };
  const gatewayPort = await freePort();
  const env = {
    NAMESPACE: namespace,
    IDENTITY_DB_URL: `mysql://root@127.0.0.1:3306/${databases.identity}`,
    WORKFLOW_DB_URL: `mysql://root@127.0.0.1:3306/${databases.workflow}`,
    GATEWAY_PORT: String(gatewayPort),
    ENGINE: 'embedded',
    ENGINE_PORT: String(await freePort()),
    SOCKET_PORT: '-1',
  };
  return { namespace, databases, gatewayPort, env };
}
