import { identityStarter } from '@platform/identity';
import { tokenIdOf } from '@platform/nest-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  captcha,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
  USER_PASSWORD,
} from '../support/stack';

describe('sign-in', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
  });
  afterAll(() => stack.close());

  describe('with the image captcha on (the default)', () => {
    it('should sign the admin in with a correct captcha and return a token', async () => {
      const { uuid, code } = await captcha(stack);
      const res = await api(stack)
        .post('/prod-api/login?lang=en')
        .send({ username: 'admin', password: ADMIN_PASSWORD, code, uuid })
        .expect(200);
      expect(res.body.code).toBe(200);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('should refuse a wrong captcha answer with "CAPTCHA verification failed"', async () => {
      const { uuid } = await captcha(stack);
      const res = await api(stack)
        .post('/prod-api/login?lang=en')
        .send({ username: 'admin', password: ADMIN_PASSWORD, code: 'zzzz', uuid });
      expect(res.body).toMatchObject({ code: 500, msg: 'CAPTCHA verification failed' });
    });

    it('should accept a captcha only once', async () => {
      const { uuid, code } = await captcha(stack);
      await api(stack)
        .post('/prod-api/login')
        .set('repeatSubmit', 'false')
        .send({ username: 'admin', password: ADMIN_PASSWORD, code, uuid })
        .expect(200);
      const again = await api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: 'admin', password: ADMIN_PASSWORD, code, uuid });
      expect(again.body).toMatchObject({ code: 500, msg: 'The CAPTCHA has expired' });
    });

    it('should keep a captcha for at most two minutes and refuse it once expired', async () => {
      const { uuid, code } = await captcha(stack);
      const ttl = await stack.redis.ttl(stack.key(`captcha_codes:${uuid}`));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(120);
      await stack.redis.pexpire(stack.key(`captcha_codes:${uuid}`), 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await api(stack)
        .post('/prod-api/login?lang=en')
        .send({ username: 'admin', password: ADMIN_PASSWORD, code, uuid });
      expect(res.body.msg).toBe('The CAPTCHA has expired');
    });

    it('should report a missing captcha as expired in Chinese by default', async () => {
      const res = await api(stack)
        .post('/prod-api/login')
        .send({ username: 'admin', password: 'x' });
      expect(res.body).toMatchObject({ code: 500, msg: '验证码已失效' });
    });
  });

  describe('credentials', () => {
    beforeAll(() => setCaptcha(stack, false));

    it('should answer an unknown account exactly as a wrong password, logging the real reason', async () => {
      const { phone } = await registerByPhone(stack);
      const unknown = await api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: 'nobody_here', password: 'Wrong#1pass' });
      const wrong = await api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: phone, password: 'Wrong#1pass' });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body).toEqual({ code: 500, msg: 'Incorrect account or password' });
      const [rows] = await stack.db.query(
        `SELECT msg FROM sys_logininfor WHERE user_name = 'nobody_here' ORDER BY info_id DESC LIMIT 1`,
      );
      expect((rows as { msg: string }[])[0].msg).toBe('auth.unknown_account');
    });

    it('should lock an unknown account after as many attempts as a real one', async () => {
      const answers: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await api(stack)
          .post('/prod-api/login?lang=en')
          .set('repeatSubmit', 'false')
          .send({ username: 'ghost_account', password: `Wrong#${i}pass` });
        answers.push(res.body.msg);
      }
      expect(answers.slice(0, 4)).toEqual(Array(4).fill('Incorrect account or password'));
      expect(answers.slice(4)).toEqual(
        Array(2).fill('Wrong password entered 5 times, the account is locked for 10 minutes'),
      );
    });

    it('should run no more password checks than the limit under parallel attempts', async () => {
      const { phone } = await registerByPhone(stack);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          api(stack)
            .post('/prod-api/login?lang=en')
            .set('repeatSubmit', 'false')
            .send({ username: phone, password: `Wrong#${i}pass` }),
        ),
      );
      const msgs = answers.map((r) => r.body.msg as string);
      expect(msgs.filter((m) => m === 'Incorrect account or password')).toHaveLength(4);
      const [rows] = await stack.db.query(
        `SELECT msg FROM sys_logininfor WHERE user_name = ? AND status = '1'`,
        [phone],
      );
      const log = rows as { msg: string }[];
      // A password check is logged as a wrong password; a refusal without a check as "locked".
      expect(log.filter((r) => r.msg === 'auth.bad_credentials')).toHaveLength(5);
      expect(log.filter((r) => r.msg === 'auth.account_locked')).toHaveLength(7);
    });

    it('should tell a disabled account so only after its right password', async () => {
      const { phone } = await registerByPhone(stack);
      await stack.db.query(`UPDATE sys_user SET status = '1' WHERE phonenumber = ?`, [phone]);
      const wrong = await api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: phone, password: 'Wrong#1pass' });
      expect(wrong.body.msg).toBe('Incorrect account or password');
      const right = await api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: phone, password: USER_PASSWORD });
      expect(right.body.msg).toBe('Sorry, your account has been disabled');
    });

    it('should sign in by phone number and by the same number as user name', async () => {
      const { phone } = await registerByPhone(stack);
      const token = await login(stack, phone, USER_PASSWORD);
      const info = await api(stack)
        .get('/prod-api/getInfo')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(info.body.data.user.phonenumber).toBe(phone);
      expect(info.body.data.roles).toEqual(['ROLE_DEFAULT']);
    });

    it('should lock the account after five wrong passwords and log every attempt with its reason', async () => {
      const { phone } = await registerByPhone(stack);
      const messages: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await api(stack)
          .post('/prod-api/login?lang=en')
          .set('repeatSubmit', 'false')
          .send({ username: phone, password: `Wrong#${i}pass` });
        messages.push(res.body.msg);
      }
      expect(messages.slice(0, 4)).toEqual(Array(4).fill('Incorrect account or password'));
      expect(messages[4]).toBe(
        'Wrong password entered 5 times, the account is locked for 10 minutes',
      );
      const locked = await api(stack)
        .post('/prod-api/login?lang=en')
        .send({ username: phone, password: USER_PASSWORD });
      expect(locked.body.msg).toBe(
        'Wrong password entered 5 times, the account is locked for 10 minutes',
      );
      const [rows] = await stack.db.query(
        `SELECT status, msg FROM sys_logininfor WHERE user_name = ? ORDER BY info_id`,
        [phone],
      );
      const log = rows as { status: string; msg: string }[];
      // Five password checks (the fifth answered "locked"), then one refusal without a check.
      expect(log.filter((r) => r.msg === 'auth.bad_credentials')).toHaveLength(5);
      expect(log.filter((r) => r.msg === 'auth.account_locked')).toHaveLength(1);
      expect(log.every((r) => r.msg === 'auth.register_success' || r.status === '1')).toBe(true);
    });

    it('should give each empty field its own message in the request language', async () => {
      const res = await api(stack)
        .post('/prod-api/login?lang=zh')
        .send({ username: '', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(500);
      expect(res.body.data.errors).toEqual([
        { field: 'username', msg: '账号不能为空' },
        { field: 'password', msg: '密码不能为空' },
      ]);
    });
  });

  describe('sessions', () => {
    beforeAll(() => setCaptcha(stack, false));

    it('should end a session at its absolute lifetime however active it is', async () => {
      const token = await login(stack, 'admin', ADMIN_PASSWORD);
      const auth = { Authorization: `Bearer ${token}` };
      const key = stack.key(`login_tokens:${tokenIdOf(token)}`);
      const session = JSON.parse((await stack.redis.get(key)) ?? '{}') as {
        loginTime: number;
        expireTime: number;
      };
      // Kept busy for almost seven days: the sliding expiry is fresh, sign-in was long ago.
      const week = 7 * 24 * 3600_000;
      session.loginTime = Date.now() - week + 10 * 60_000;
      session.expireTime = Date.now() + 60_000;
      await stack.redis.set(key, JSON.stringify(session), 'PX', 60_000);
      await api(stack).get('/prod-api/getInfo').set(auth).expect(200);
      const renewed = JSON.parse((await stack.redis.get(key)) ?? '{}') as { expireTime: number };
      expect(renewed.expireTime).toBeGreaterThan(session.expireTime);
      expect(renewed.expireTime).toBe(session.loginTime + week);
      session.loginTime = Date.now() - week - 1000;
      await stack.redis.set(key, JSON.stringify(session), 'PX', 60_000);
      const after = await api(stack).get('/prod-api/getInfo').set(auth);
      expect(after.status).toBe(401);
    });

    it('should end the session at once on logout', async () => {
      const token = await login(stack, 'admin', ADMIN_PASSWORD);
      const auth = { Authorization: `Bearer ${token}` };
      await api(stack).get('/prod-api/getInfo').set(auth).expect(200);
      await api(stack).post('/prod-api/logout').set(auth).expect(200);
      const after = await api(stack).get('/prod-api/getInfo?lang=en').set(auth);
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        code: 401,
        msg: 'Invalid session or session expired, please re-login',
      });
    });

    it('should take effect on the next request when sessions are removed server-side (force logout)', async () => {
      const token = await login(stack, 'admin', ADMIN_PASSWORD);
      const keys = await stack.redis.keys(stack.key('login_tokens:*'));
      await stack.redis.del(...keys);
      await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`).expect(401);
    });

    it('should keep login time, IP and browser in the session and renew it on activity', async () => {
      const token = await login(stack, 'admin', ADMIN_PASSWORD);
      const [key] = await stack.redis.keys(stack.key('login_tokens:*'));
      const session = JSON.parse((await stack.redis.get(key)) ?? '{}');
      expect(session).toMatchObject({ userId: 1, userName: 'admin', ipaddr: expect.any(String) });
      expect(session.loginTime).toBeGreaterThan(Date.now() - 60_000);
      // Bring it close to its end: the next request must renew it to a full 30 minutes.
      const nearEnd = { ...session, expireTime: Date.now() + 60_000 };
      await stack.redis.set(key, JSON.stringify(nearEnd), 'PX', 60_000);
      await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`).expect(200);
      expect(await stack.redis.pttl(key)).toBeGreaterThan(29 * 60_000);
    });

    it('should answer 401 for a made-up token', async () => {
      await api(stack)
        .get('/prod-api/getInfo')
        .set('Authorization', 'Bearer not-a-token')
        .expect(401);
    });
  });
});
