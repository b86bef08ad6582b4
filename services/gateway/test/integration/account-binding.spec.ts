import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  freshPhone,
  latestCode,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

let emailSeq = 0;
const freshEmail = () => `bind${process.pid}.${Date.now() % 100000}.${(emailSeq += 1)}@example.com`;

/** Binding an e-mail and changing a bound phone or e-mail, each with a code sent to the new address. */
describe('binding and changing a phone or e-mail', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  const authed = (token: string) => ({
    post: (path: string) =>
      api(stack)
        .post(`/prod-api${path}?lang=en`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false'),
    profile: async () =>
      (
        await api(stack)
          .get('/prod-api/system/user/profile')
          .set('Authorization', `Bearer ${token}`)
          .expect(200)
      ).body.data.user as { email: string | null; phonenumber: string | null },
  });

  const sendEmailCode = (email: string) =>
    api(stack)
      .post('/prod-api/wujie/user/sendEmailCode?lang=en')
      .set('repeatSubmit', 'false')
      .send({ email, scene: 'bind' });

  it('should bind an e-mail with the code sent to it, then change it, and refuse the current one', async () => {
    const { token } = await registerByPhone(stack);
    const me = authed(token);
    expect((await me.profile()).email ?? '').toBe('');

    const first = freshEmail();
    expect((await sendEmailCode(first)).body.data).toEqual({ resendAfter: 120 });
    const bound = await me
      .post('/wujie/user/bindEmail')
      .send({ email: first, captcha: await latestCode(stack, first) });
    expect(bound.body).toMatchObject({ code: 200, data: { email: first } });
    expect((await me.profile()).email).toBe(first);

    // The current address is refused before any code is looked at.
    const same = await me
      .post('/wujie/user/bindEmail')
      .send({ email: first.toUpperCase(), captcha: '000000' });
    expect(same.body).toMatchObject({
      code: 500,
      msg: 'The new email must differ from the current one',
    });

    const second = freshEmail();
    await sendEmailCode(second).expect(200);
    const wrong = await me.post('/wujie/user/bindEmail').send({ email: second, captcha: '000000' });
    expect(wrong.body.msg).toBe('The verification code is incorrect or has expired');
    const changed = await me
      .post('/wujie/user/bindEmail')
      .send({ email: second, captcha: await latestCode(stack, second) });
    expect(changed.body.code).toBe(200);
    expect((await me.profile()).email).toBe(second);
  });

  it('should refuse an e-mail another account holds, at the send and at the bind', async () => {
    const owner = authed((await registerByPhone(stack)).token);
    const taken = freshEmail();
    await sendEmailCode(taken).expect(200);
    await owner
      .post('/wujie/user/bindEmail')
      .send({ email: taken, captcha: await latestCode(stack, taken) })
      .expect(200);

    const other = authed((await registerByPhone(stack)).token);
    expect((await sendEmailCode(taken)).body.msg).toBe('This email is already registered');
    const res = await other.post('/wujie/user/bindEmail').send({ email: taken, captcha: '000000' });
    expect(res.body.msg).toBe('This email is already registered');
  });

  it('should change a bound phone with the code sent to the new number, and refuse the current one', async () => {
    const { phone, token } = await registerByPhone(stack);
    const me = authed(token);
    const same = await me
      .post('/wujie/user/bindPhone')
      .send({ qu: '86', phonenumber: phone, captcha: '000000' });
    expect(same.body.msg).toBe('The new phone number must differ from the current one');

    const next = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: next, scene: 'bind' })
      .expect(200);
    const changed = await me
      .post('/wujie/user/bindPhone')
      .send({ qu: '86', phonenumber: next, captcha: await latestCode(stack, `+86 ${next}`) });
    // A change is not a first binding: no reward.
    expect(changed.body).toMatchObject({ code: 200, data: { reward: 0 } });
    expect((await me.profile()).phonenumber).toBe(next);
  });

  it('should refuse binding without a session', async () => {
    const res = await api(stack)
      .post('/prod-api/wujie/user/bindEmail')
      .send({ email: freshEmail(), captcha: '000000' });
    expect(res.body.code).toBe(401);
  });
});
