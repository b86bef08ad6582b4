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

// Issue 11 §4: many clients send `Content-Type: application/json` with no body (a logout, an action
// without fields); that is not an error.
describe('a JSON request with an empty body', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should log out when the logout has a JSON content type and no body', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const auth = { Authorization: `Bearer ${token}` };
    const res = await api(stack)
      .post('/prod-api/logout?lang=en')
      .set(auth)
      .set('content-type', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200 });
    await api(stack).get('/prod-api/getInfo').set(auth).expect(401);
  });

  it('should answer a body-less PUT with a JSON content type as if it had sent {}', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const auth = { Authorization: `Bearer ${token}`, repeatSubmit: 'false' };
    const created = await api(stack)
      .post('/prod-api/system/notice')
      .set(auth)
      .send({ noticeTitle: 'Empty body', noticeType: '1', noticeContent: '<p>x</p>' });
    expect(created.body.code).toBe(200);
    const [rows] = await stack.db.query(
      `SELECT notice_id AS id FROM sys_notice WHERE notice_title = 'Empty body'`,
    );
    const id = (rows as { id: number }[])[0]!.id;
    const read = await api(stack)
      .put(`/prod-api/system/notice/read/${id}?lang=en`)
      .set(auth)
      .set('content-type', 'application/json; charset=utf-8');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ code: 200 });
  });

  it('should still validate a route that needs a body, field by field', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const res = await api(stack)
      .post('/prod-api/system/notice?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .set('content-type', 'application/json');
    expect(res.status).toBe(400);
    const fields = res.body.data.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['noticeTitle']));
  });

  it('should still refuse malformed JSON', async () => {
    for (const body of ['{', '{"a": ']) {
      const res = await api(stack)
        .post('/prod-api/logout?lang=en')
        .set('content-type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The request body is malformed and cannot be parsed');
    }
  });
});
