import { identityStarter } from '@platform/identity';
import { notificationStarter } from '@platform/notification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  eventually,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

interface Listed {
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  link: string;
}

/** The service-status calls (spec §7): a user asks for service, and the administrators are told. */
describe('asking for service', () => {
  let stack: TestStack;
  let adminToken: string;

  beforeAll(async () => {
    stack = await startStack([identityStarter, notificationStarter]);
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  const post = (path: string, token: string, body: object = {}) =>
    api(stack)
      .post(`/prod-api/wujie/user/${path}?lang=en`)
      .set('Authorization', `Bearer ${token}`)
      .set('repeatSubmit', 'false')
      .send(body);
  const adminInbox = async (who: string) =>
    (
      (
        await api(stack)
          .get('/prod-api/wujie/message/list?pageNum=1&pageSize=50')
          .set('Authorization', `Bearer ${adminToken}`)
      ).body.rows as Listed[]
    ).filter((m) => m.titleEn.includes(who));

  it('should open a request once, report its status, and tell the administrators', async () => {
    const { phone, token } = await registerByPhone(stack);
    expect((await post('servicestatus', token)).body.data).toEqual({
      status: 'none',
      requestedAt: null,
    });
    const asked = await post('gogetservicestatus', token, { content: 'Please raise my quota' });
    expect(asked.body.data).toMatchObject({ status: 'requested' });
    const status = await post('servicestatus', token);
    expect(status.body.data).toEqual(asked.body.data);
    // Asking again while the request is open returns it and tells nobody twice.
    expect((await post('gogetservicestatus', token)).body.data).toEqual(asked.body.data);

    const told = await eventually(
      () => adminInbox(phone),
      (rows) => rows.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      titleEn: `${phone} asks for service`,
      contentEn: `Contact: +86 ${phone}\nPlease raise my quota`,
      link: '/system/user',
    });
  });

  it('should deliver a message to the administrators, and want some words', async () => {
    const { phone, token } = await registerByPhone(stack);
    expect((await post('sendtoadmin', token, { content: '' })).status).toBe(400);
    expect((await post('sendtoadmin', token, { content: 'Hello' })).body.data).toEqual({
      sent: true,
    });
    const told = await eventually(
      () => adminInbox(`Message from ${phone}`),
      (rows) => rows.length > 0,
    );
    expect(told[0]!.contentEn).toBe(`Contact: +86 ${phone}\nHello`);
    const anonymous = await api(stack).post('/prod-api/wujie/user/servicestatus').send({});
    expect(anonymous.body.code).toBe(401);
  });
});
