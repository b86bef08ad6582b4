import { MAINTENANCE_CONFIG_KEY } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAINTENANCE_CACHE_MS } from '../../src/common/maintenance';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

/** sys.maintenance.enabled: users get the notice telling them to contact support; administrators work on. */
describe('maintenance mode', () => {
  let stack: TestStack;
  let adminToken: string;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  const switchTo = async (value: 'true' | 'false') => {
    await stack.db.query('UPDATE sys_config SET config_value = ? WHERE config_key = ?', [
      value,
      MAINTENANCE_CONFIG_KEY,
    ]);
    await api(stack)
      .delete('/prod-api/system/config/refreshCache')
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
  };
  const get = (path: string, token: string) =>
    api(stack).get(`/prod-api${path}?lang=en`).set('Authorization', `Bearer ${token}`);

  it('should refuse a user with the notice, keep the shell calls and the administrator working, and lift', async () => {
    const { token } = await registerByPhone(stack);
    await switchTo('true');

    expect((await api(stack).get('/prod-api/maintenance')).body.data).toEqual({ enabled: true });
    const refused = await get('/system/user/profile', token);
    expect(refused.body).toEqual({
      code: 500,
      msg: 'The system is under maintenance, please contact support',
    });
    // The shell still learns who is signed in and its menu, so it shows the notice rather than logging out.
    expect((await get('/getInfo', token)).body.code).toBe(200);
    expect((await get('/getRouters', token)).body.code).toBe(200);
    expect((await get('/system/user/profile', adminToken)).body.code).toBe(200);
    // The notice's way to contact support stays open.
    const support = await api(stack)
      .post('/prod-api/wujie/user/servicestatus')
      .set('Authorization', `Bearer ${token}`)
      .send({});
    expect(support.body.data).toEqual({ status: 'none', requestedAt: null });

    await switchTo('false');
    await new Promise((resolve) => setTimeout(resolve, MAINTENANCE_CACHE_MS + 200));
    expect((await get('/system/user/profile', token)).body.code).toBe(200);
    expect((await api(stack).get('/prod-api/maintenance')).body.data).toEqual({ enabled: false });
  });
});
