import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, startStack, type TestStack } from '../support/stack';

// Kubernetes restarts a pod whose liveness probe fails: the gateway's must not depend on the services
// behind it, which its readiness (/prod-api/health) reports.
describe('gateway liveness', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([]);
  });
  afterAll(() => stack.close());

  it('should answer live while the services behind it do not answer', async () => {
    const health = await api(stack).get('/prod-api/health');
    expect(health.body.data.status).toBe('DOWN');
    const live = await api(stack).get('/prod-api/health/live').expect(200);
    expect(live.body.data).toEqual({ status: 'UP' });
  });
});
