import { createServer, type Server } from 'node:net';

/**
 * `count` distinct TCP ports free on 127.0.0.1 now: all are held open together, so the system cannot
 * hand one out twice, then released for the services to take.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, listenOnAnyPort));
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}

function listenOnAnyPort(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
