import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  clearResendBlock,
  freshPhone,
  latestCode,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
  USER_PASSWORD,
} from '../support/stack';

let emailSeq = 0;
const freshEmail = () => `user${process.pid}.${(emailSeq += 1)}@example.com`;

describe('registration and password recovery', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should register by phone and sign in with the new account', async () => {
    const { phone, token, body } = await registerByPhone(stack);
    expect(body.code).toBe(200);
    const info = await api(stack)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(info.body.data.user).toMatchObject({
      userName: phone,
      phonenumber: phone,
      qu: '86',
      admin: false,
    });
    expect(await login(stack, phone, USER_PASSWORD)).toBeTruthy();
  });

  it('should register by e-mail, check it as registered, and sign in by e-mail', async () => {
    const email = freshEmail();
    const unknown = await api(stack)
      .post('/prod-api/wujie/user/emailcheck')
      .type('form')
      .send({ email });
    expect(unknown.body.data).toEqual({ registered: false });
    await api(stack)
      .post('/prod-api/wujie/user/sendEmailCode')
      .send({ email, scene: 'register' })
      .expect(200);
    const code = await latestCode(stack, email);
    const verified = await api(stack)
      .post('/prod-api/wujie/user/verifyEmailCode')
      .send({ email, code });
    expect(verified.body.data).toEqual({ verified: true });
    const res = await api(stack)
      .post('/prod-api/wujie/user/registerByEmail')
      .send({ email, code, password: USER_PASSWORD, confirmPassword: USER_PASSWORD });
    expect(res.body.code).toBe(200);
    const known = await api(stack)
      .post('/prod-api/wujie/user/emailcheck')
      .set('repeatSubmit', 'false')
      .send({ email });
    expect(known.body.data).toEqual({ registered: true });
    const signIn = await api(stack)
      .post('/prod-api/login')
      .send({ email, password: USER_PASSWORD });
    expect(signIn.body.code).toBe(200);
  });

  it('should block a resend for 120 seconds per target and say how long to wait', async () => {
    const phone = freshPhone();
    const send = () =>
      api(stack)
        .post('/prod-api/wujie/user/sendSmsCode?lang=en')
        .set('repeatSubmit', 'false')
        .send({ qu: '86', phonenumber: phone, scene: 'register' });
    expect((await send()).body.data).toEqual({ resendAfter: 120 });
    const again = await send();
    expect(again.body.code).toBe(601);
    expect(again.body.msg).toMatch(/^A code was just sent, please try again in (119|120) seconds$/);
    const ttl = await stack.redis.ttl(stack.key(`verify_block:sms:+86 ${phone}`));
    expect(ttl).toBeGreaterThan(100);
  });

  it('should refuse an expired code, a wrong code, and a code after five wrong attempts', async () => {
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: phone });
    const code = await latestCode(stack, `+86 ${phone}`);
    const verify = (value: string) =>
      api(stack)
        .post('/prod-api/wujie/user/verifySmsCode?lang=en')
        .set('repeatSubmit', 'false')
        .send({ qu: '86', phoneNumber: phone, code: value });
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i += 1) {
      expect((await verify(wrong)).body.msg).toBe(
        'The verification code is incorrect or has expired',
      );
    }
    expect((await verify(wrong)).body.msg).toBe(
      'Too many wrong attempts, please request a new code',
    );
    expect((await verify(code)).body.msg).toBe('The verification code is incorrect or has expired');

    const other = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: other });
    const otherCode = await latestCode(stack, `+86 ${other}`);
    await stack.redis.pexpire(stack.key(`verify_code:register:sms:+86 ${other}`), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const expired = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone?lang=en')
      .send({ qu: '86', phonenumber: other, code: otherCode, password: USER_PASSWORD });
    expect(expired.body.msg).toBe('The verification code is incorrect or has expired');
  });

  it.each([
    ['too short', 'Ab#1xyz'],
    ['too long', `Ab#1${'x'.repeat(29)}`],
    ['with a space', 'Ab#1 xyz9'],
    ['without a digit', 'Abc#defgh'],
    ['without lower case', 'ABC#12345'],
    ['without upper case', 'abc#12345'],
    ['without a special character', 'Abc123456'],
  ])('should refuse a password %s and keep the code usable', async (_case, password) => {
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: phone });
    const code = await latestCode(stack, `+86 ${phone}`);
    const res = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone?lang=en')
      .send({ qu: '86', phonenumber: phone, code, password });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      'Password must be 8 to 32 characters with digits, upper case, lower case and special characters, and no spaces',
    );
    const ok = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone')
      .send({ qu: '86', phonenumber: phone, code, password: USER_PASSWORD });
    expect(ok.body.code).toBe(200);
  });

  it('should say "Passwords do not match" when the confirmation differs', async () => {
    const res = await api(stack).post('/prod-api/wujie/user/registerByEmail?lang=en').send({
      email: freshEmail(),
      code: '123456',
      password: USER_PASSWORD,
      confirmPassword: 'Other#2026x',
    });
    expect(res.body.data.errors).toContainEqual({
      field: 'confirmPassword',
      msg: 'Passwords do not match',
    });
  });

  it('should refuse a phone number that does not fit its area code', async () => {
    const res = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode?lang=en')
      .send({ qu: '44', phonenumber: '13800000000' });
    expect(res.body.data.errors).toContainEqual({
      field: 'phonenumber',
      msg: 'Phone number format is incorrect',
    });
    const uk = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '+44', phonenumber: '7700900123' });
    expect(uk.body.code).toBe(200);
  });

  it('should refuse an unknown company code without using up the code, and join a known company', async () => {
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: phone });
    const code = await latestCode(stack, `+86 ${phone}`);
    const unknown = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone?lang=en')
      .send({ qu: '86', phonenumber: phone, code, password: USER_PASSWORD, companyCode: 'NOPE' });
    expect(unknown.body).toMatchObject({ code: 500, msg: 'Unrecognized company code' });

    await stack.db.query(
      `INSERT INTO sys_company (company_name, company_code, dept_id) VALUES ('Acme Bio', 'ACME', 100)`,
    );
    const joined = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone')
      .send({ qu: '86', phonenumber: phone, code, password: USER_PASSWORD, companyCode: 'ACME' });
    expect(joined.body.code).toBe(200);
    const info = await api(stack)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${joined.body.data.token}`);
    expect(info.body.data.user.companyId).toEqual(expect.any(Number));
    expect(info.body.data.roles).toEqual(expect.arrayContaining(['ROLE_DEFAULT', 'company']));
  });

  it('should refuse a second account for the same phone, before and after a code is sent', async () => {
    const { phone } = await registerByPhone(stack);
    await clearResendBlock(stack, 'sms', `+86 ${phone}`);
    const send = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode?lang=en')
      .send({ qu: '86', phonenumber: phone, scene: 'register' });
    expect(send.body).toEqual({ code: 500, msg: 'This phone number is already registered' });
    const second = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone?lang=en')
      .send({ qu: '86', phonenumber: phone, code: '123456', password: USER_PASSWORD });
    expect(second.body.msg).toBe('This phone number is already registered');
  });

  it('should not send a reset code to an unknown phone', async () => {
    const res = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode?lang=en')
      .send({ qu: '86', phonenumber: freshPhone(), scene: 'reset' });
    expect(res.body.msg).toBe('Unknown account, please register first');
  });

  it('should reset a forgotten password by phone, end old sessions, and accept the new password', async () => {
    const { phone, token } = await registerByPhone(stack);
    await clearResendBlock(stack, 'sms', `+86 ${phone}`);
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '86', phonenumber: phone, scene: 'reset' });
    const code = await latestCode(stack, `+86 ${phone}`);
    const newPassword = 'Fresh#Pass2027';
    const res = await api(stack)
      .post('/prod-api/wujie/user/resetPwdByPhone')
      .send({ qu: '86', phonenumber: phone, code, password: newPassword });
    expect(res.body.code).toBe(200);
    await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`).expect(401);
    const old = await api(stack)
      .post('/prod-api/login?lang=en')
      .send({ username: phone, password: USER_PASSWORD });
    expect(old.body.msg).toBe('Incorrect account or password');
    expect(await login(stack, phone, newPassword)).toBeTruthy();
  });

  it('should reset a forgotten password by e-mail', async () => {
    const email = freshEmail();
    await api(stack).post('/prod-api/wujie/user/sendEmailCode').send({ email });
    const code = await latestCode(stack, email);
    await api(stack)
      .post('/prod-api/wujie/user/registerByEmail')
      .send({ email, code, password: USER_PASSWORD });
    await clearResendBlock(stack, 'email', email);
    await api(stack).post('/prod-api/wujie/user/sendEmailCode').send({ email, scene: 'reset' });
    const resetCode = await latestCode(stack, email);
    const res = await api(stack)
      .post('/prod-api/wujie/user/resetPwdByEmail')
      .send({ email, code: resetCode, password: 'Fresh#Mail2027' });
    expect(res.body.code).toBe(200);
    const signIn = await api(stack)
      .post('/prod-api/login')
      .send({ email, password: 'Fresh#Mail2027' });
    expect(signIn.body.code).toBe(200);
  });

  it('should not reset the password of an unknown account', async () => {
    const res = await api(stack)
      .post('/prod-api/wujie/user/resetPwdByEmail?lang=en')
      .send({ email: freshEmail(), code: '123456', password: 'Fresh#Mail2027' });
    expect(res.body.msg).toBe('Unknown account, please register first');
  });

  it('should cap codes per IP per hour', async () => {
    const limited = await startStack([identityStarter], { CODE_IP_HOURLY_LIMIT: '2' });
    try {
      const send = () =>
        api(limited)
          .post('/prod-api/wujie/user/sendSmsCode?lang=en')
          .send({ qu: '86', phonenumber: freshPhone() });
      expect((await send()).body.code).toBe(200);
      expect((await send()).body.code).toBe(200);
      const third = await send();
      expect(third.body).toEqual({
        code: 601,
        msg: 'Too many verification codes requested, please try again later',
      });
    } finally {
      await limited.close();
    }
  });
});
