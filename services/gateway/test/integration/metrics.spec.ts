import { billingStarter } from '@platform/billing';
import { identityStarter } from '@platform/identity';
import { stopMetrics } from '@platform/nest-common';
import { freePort } from '@platform/test-support';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Prometheus figures (issue 30): every process serves GET /metrics on METRICS_PORT. In a test stack
// the gateway and the services share one process, so one page carries all of them, by `service`.
describe('metrics', () => {
  let stack: TestStack;
  let port: number;

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    await stopMetrics();
    port = await freePort();
    stack = await startStack([identityStarter, workflowStarter, billingStarter], {
      METRICS_PORT: String(port),
      ENGINE_USER: 'gateway-metrics-test',
      ENGINE_PASSWORD: 'Gateway-metrics-test-engine-password-0123',
    });
    await setCaptcha(stack, false);
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`).expect(200);
    await api(stack).get('/prod-api/system/user/list').set('Authorization', `Bearer ${token}`);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await stopMetrics();
  });

  it('should time HTTP requests by route template and commands by pattern', async () => {
    const page = await scrape();
    expect(page).toMatch(
      /platform_http_server_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/prod-api\/getInfo",status_code="200"\} [1-9]/,
    );
    expect(page).toMatch(
      /platform_rpc_server_duration_seconds_count\{service="identity",pattern="[^"]+",outcome="ok"\} [1-9]/,
    );
    expect(page).not.toMatch(/route="\/prod-api\/system\/user\/list\?/);
  });

  it("should report each service's pool, the event loop, outboxes, queues, sockets and missions", async () => {
    const page = await scrape();
    for (const service of ['identity', 'workflow', 'billing']) {
      expect(page).toMatch(
        new RegExp(
          `platform_db_pool_connections\\{service="${service}",database="[^"]+",state="active"\\} \\d`,
        ),
      );
    }
    expect(page).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(page).toMatch(/platform_outbox_backlog\{database="[^"]+",table="event_outbox"\} \d/);
    expect(page).toMatch(/platform_queue_jobs\{queue="[^"]+",state="waiting"\} \d/);
    expect(page).toMatch(/platform_gateway_sockets_open \d/);
    expect(page).toMatch(/# TYPE platform_missions gauge/);
  });

  it('should answer nothing but /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(404);
  });
});
