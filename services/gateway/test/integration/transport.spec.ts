import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  captcha,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

describe.each(['redis', 'nats'])('transport %s between gateway and identity', (transport) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter], { TRANSPORT: transport });
  });
  afterAll(() => stack.close());

  it('should carry commands, replies and domain errors', async () => {
    expect((await captcha(stack)).uuid).toMatch(/^[0-9a-f-]{36}$/);
    await setCaptcha(stack, false);
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const routers = await api(stack)
      .get('/prod-api/getRouters')
      .set('Authorization', `Bearer ${token}`);
    expect(routers.body.data.length).toBeGreaterThan(5);
    const unknown = await api(stack)
      .post('/prod-api/login?lang=en')
      .send({ username: 'ghost', password: 'x' });
    expect(unknown.body).toEqual({ code: 500, msg: 'Incorrect account or password' });
  });

  it('should report the transport in the health check', async () => {
    const res = await api(stack).get('/prod-api/health').expect(200);
    expect(res.body.data.checks.transport).toBe('UP');
  });
});
