// A small TCP load balancer for benches that run several instances of one server (bench/scale-out):
// each new connection goes to the next upstream in turn; one whose connect fails (nothing listens: the
// instance was killed or is restarting) is skipped and the next is tried, which is safe because not a
// byte was sent to it. A connection already open when its upstream dies is closed, as a real proxy's
// would be. Working on connections, not requests, it carries HTTP keep-alive, long polls and WebSocket
// upgrades alike (HAProxy's "mode tcp"), with no dependency.
import { connect, createServer } from 'node:net';

/**
 * Listens on 127.0.0.1:`port` (0: a free one) and balances over `upstreams` ([{ label, port }] on
 * 127.0.0.1). Returns { port, stats, close }; stats per upstream: connections carried, connects refused.
 */
export async function startBalancer(upstreams, { port = 0 } = {}) {
  const stats = upstreams.map((upstream) => ({ ...upstream, connections: 0, refused: 0 }));
  let turn = 0;
  let unplaced = 0;
  const open = new Set();

  function place(client, first, tried) {
    if (tried >= stats.length) {
      unplaced += 1;
      client.destroy();
      return;
    }
    const upstream = stats[(first + tried) % stats.length];
    const socket = connect(upstream.port, '127.0.0.1');
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      upstream.connections += 1;
      open.add(socket);
      socket.setNoDelay(true);
      socket.pipe(client);
      client.pipe(socket);
    });
    socket.on('error', () => {
      if (connected || client.destroyed) return;
      upstream.refused += 1;
      place(client, first, tried + 1);
    });
    socket.on('close', () => {
      open.delete(socket);
      if (connected) client.destroy();
    });
    client.on('close', () => socket.destroy());
  }

  const server = createServer({ pauseOnConnect: true, noDelay: true }, (client) => {
    client.on('error', () => client.destroy());
    place(client, turn++ % stats.length, 0);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    stats,
    get unplaced() {
      return unplaced;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
