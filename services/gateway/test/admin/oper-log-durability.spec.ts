import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';
import { eventually, rows } from './helpers';

describe('operation log while identity is down', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // A short RPC timeout: with identity stopped, a write fails fast instead of after 15 s.
    stack = await startStack([identityStarter], { RPC_TIMEOUT_MS: '1500' });
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should keep the entry of a write made while identity is down and record it once identity is back', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    await stack.stopService('identity');
    const res = await api(stack)
      .post('/prod-api/system/post?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .set('x-request-id', 'durable-oper-log-0001')
      .send({ postCode: 'qa', postName: 'QA', postSort: 1, status: '0' });
    // Nobody answered the write: its outcome is unknown to the gateway (504), so the client retries with its key.
    expect(res.body.code).toBe(504);

    await stack.startService('identity');
    const logged = await eventually(async () => {
      const found = await rows<{ status: number; request_id: string }>(
        stack,
        `SELECT status, request_id FROM sys_oper_log WHERE request_id = ?`,
        ['durable-oper-log-0001'],
      );
      return found.length ? found : null;
    });
    expect(logged).toEqual([{ status: 1, request_id: 'durable-oper-log-0001' }]);
  });
});
