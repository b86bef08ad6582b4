import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  freshPhone,
  latestCode,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

async function userCount(stack: TestStack): Promise<number> {
  const [rows] = await stack.db.query('SELECT COUNT(*) AS n FROM sys_user');
  return Number((rows as { n: number }[])[0].n);
}

describe('request safety', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should refuse an oversized body with 413 and a clear message, creating nothing', async () => {
    const before = await userCount(stack);
    const res = await api(stack)
      .post('/prod-api/wujie/user/registerByEmail?lang=en')
      .set('content-type', 'application/json')
      .send(
        JSON.stringify({
          email: 'big@example.com',
          code: '123456',
          password: 'x'.repeat(11 * 1024 * 1024),
        }),
      );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 500, msg: 'The request is too large (limit 10 MB)' });
    expect(await userCount(stack)).toBe(before);
  });

  it('should refuse malformed JSON with 400 and a clear message, creating nothing', async () => {
    const before = await userCount(stack);
    const res = await api(stack)
      .post('/prod-api/wujie/user/registerByEmail?lang=en')
      .set('content-type', 'application/json')
      .send('{"email": "a@b.com", "code": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 500,
      msg: 'The request body is malformed and cannot be parsed',
    });
    expect(await userCount(stack)).toBe(before);
  });

  it('should refuse wrongly typed fields with per-field messages', async () => {
    const res = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode?lang=en')
      .send({ qu: '+999', phonenumber: 12345, scene: 'steal' });
    expect(res.status).toBe(400);
    const fields = res.body.data.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['qu', 'phonenumber', 'scene']));
  });

  it('should refuse the same POST with the same body within 1000 ms', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const send = () =>
      api(stack)
        .post('/prod-api/wujie/user/bindPhone?lang=en')
        .set('Authorization', `Bearer ${token}`)
        .send({ qu: '86', phonenumber: freshPhone(), captcha: '000000' });
    const body = { qu: '86', phonenumber: '13912345678', captcha: '000000' };
    const first = await api(stack)
      .post('/prod-api/wujie/user/bindPhone?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .send(body);
    const second = await api(stack)
      .post('/prod-api/wujie/user/bindPhone?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .send(body);
    expect(first.body.msg).not.toBe('Data processing, please do not resubmit');
    expect(second.body).toEqual({ code: 500, msg: 'Data processing, please do not resubmit' });
    // A different body is a different submission.
    expect((await send()).body.msg).not.toBe('Data processing, please do not resubmit');
  });

  it('should let a repeat through when the client sends repeatSubmit: false, or after the window', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const body = { qu: '86', phonenumber: '13912345670', captcha: '000000' };
    const post = () =>
      api(stack)
        .post('/prod-api/wujie/user/bindPhone?lang=en')
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send(body);
    await post();
    expect((await post()).body.msg).not.toBe('Data processing, please do not resubmit');
  });

  it('should not let a user bind a phone with a code sent for registration', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: phone, scene: 'register' });
    const code = await latestCode(stack, `+86 ${phone}`);
    const res = await api(stack)
      .post('/prod-api/wujie/user/bindPhone?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .send({ qu: '86', phonenumber: phone, captcha: code });
    expect(res.body.msg).toBe('The verification code is incorrect or has expired');
  });

  it('should set security headers and a request id on every response', async () => {
    const res = await api(stack).get('/prod-api/health').set('x-request-id', 'trace-12345678');
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // No workflow, notification or billing service nor agent worker in this stack: reported, sign-in
    // still served (the harness sets BILLING_REQUIRED=false for a stack without billing).
    expect(res.body.data).toEqual({
      status: 'UP',
      checks: {
        redis: 'UP',
        transport: 'UP',
        mysql: {
          identity: 'UP',
          workflow: 'DOWN',
          agent: 'DOWN',
          notification: 'DOWN',
          billing: 'DOWN',
        },
        engine: 'DOWN',
        agentWorker: 'DOWN',
      },
    });
  });

  it('should answer an unknown API path with a 404 envelope', async () => {
    const res = await api(stack).get('/prod-api/no/such/route?lang=en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: 'Resource does not exist' });
  });

  it('should tell where the caller seems to be (GET /location)', async () => {
    const zh = await api(stack).get('/prod-api/location').set('accept-language', 'zh-CN,zh;q=0.9');
    expect(zh.body.data).toMatchObject({
      isMainland: true,
      areaCode: '86',
      ip: expect.any(String),
    });
    // Decided by the address, not the language: loopback counts as mainland (realname.spec.ts tests public ones).
    const en = await api(stack).get('/prod-api/location?lang=en');
    expect(en.body.data).toMatchObject({ isMainland: true, areaCode: '86' });
  });
});
