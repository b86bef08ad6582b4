import { httpDuration, registerGaugeSource } from '@platform/nest-common';
import type { FastifyInstance } from 'fastify';

/**
 * Times every HTTP request by method, route template and status (the histogram of the gateway's
 * /metrics). The route is the matched template (`/prod-api/system/user/:userId`), never the raw path,
 * so the number of series stays bounded whatever clients send.
 */
export function addRequestMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const SOCKETS_GAUGE = {
  name: 'platform_gateway_sockets_open',
  help: 'User sockets this gateway holds open.',
  labelNames: [],
};

export function registerSocketGauge(hub: { openSockets(): number }): void {
  registerGaugeSource(SOCKETS_GAUGE, 'gateway', async () => [
    { labels: {}, value: hub.openSockets() },
  ]);
}
