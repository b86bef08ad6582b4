import { ADMIN_PATTERNS } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ServiceClient } from '../../src/rpc/service-client';
import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
  USER_PASSWORD,
} from '../support/stack';

// Safe retries and clear outage errors (issue 19), against the real identity service, Redis and
// MariaDB: a create sent twice with one Idempotency-Key makes one user and answers the same; the key
// with another body is refused; a service that does not answer gives 503 (read) or 504 (write, outcome
// unknown) with Retry-After, never "unknown system error".

describe('idempotency keys and outage answers', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack([identityStarter], { RPC_TIMEOUT_MS: '1500' });
    await setCaptcha(stack, false);
    token = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  const createUser = (key: string | undefined, body: object, lang = 'en') => {
    const req = api(stack)
      .post(`/prod-api/system/user?lang=${lang}`)
      .set('Authorization', `Bearer ${token}`);
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const usersNamed = async (userName: string) => {
    const [rows] = await stack.db.query('SELECT user_id FROM sys_user WHERE user_name = ?', [
      userName,
    ]);
    return (rows as { user_id: number }[]).length;
  };
  const userBody = (userName: string) => ({
    userName,
    nickName: userName,
    password: USER_PASSWORD,
  });

  it('should create once and answer a repeat with the first answer, not the duplicate-submit error', async () => {
    const userName = `idem${process.pid % 10000}a`;
    const key = `k-${Date.now()}-a`;
    const first = await createUser(key, userBody(userName));
    expect(first.body.code).toBe(200);
    expect(first.body.data.userId).toBeGreaterThan(0);
    // Within the duplicate-submit window, and again later: the same answer each time.
    const second = await createUser(key, userBody(userName));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const third = await createUser(key, userBody(userName));
    for (const repeat of [second, third]) {
      expect(repeat.status).toBe(first.status);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
    }
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersNamed(userName)).toBe(1);
  });

  it('should run concurrent repeats once', async () => {
    const userName = `idem${process.pid % 10000}b`;
    const key = `k-${Date.now()}-b`;
    const answers = await Promise.all([1, 2, 3].map(() => createUser(key, userBody(userName))));
    expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await usersNamed(userName)).toBe(1);
  });

  it('should refuse the same key with another body, in zh and en', async () => {
    const key = `k-${Date.now()}-c`;
    const first = await createUser(key, userBody(`idem${process.pid % 10000}c`));
    expect(first.body.code).toBe(200);
    const en = await createUser(key, userBody(`idem${process.pid % 10000}d`), 'en');
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      code: 500,
      msg: 'This Idempotency-Key was already used for a different request and cannot be reused',
    });
    const zh = await createUser(key, userBody(`idem${process.pid % 10000}d`), 'zh');
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toBe('该幂等键已用于内容不同的另一个请求，不能复用');
    expect(await usersNamed(`idem${process.pid % 10000}d`)).toBe(0);
  });

  it('should store a refusal too: a repeat gets the same refusal without asking the service', async () => {
    const key = `k-${Date.now()}-e`;
    const bad = { userName: 'admin', nickName: 'again', password: USER_PASSWORD };
    const first = await createUser(key, bad);
    expect(first.body.code).toBe(500);
    const again = await createUser(key, bad);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('should let the service answer a repeated command with its key from the first run (a retry after the gateway gave up)', async () => {
    // What a gateway retry after a 504 sends: the same command with the same key, straight to identity.
    const services = stack.app.get(ServiceClient);
    const userName = `idem${process.pid % 10000}g`;
    const command = (body: object) => ({
      body,
      client: { ip: '127.0.0.1', userAgent: 'test', lang: 'en' },
      caller: { userId: 1, tokenId: 'x', companyId: null, admin: true },
      idempotencyKey: `k-${Date.now()}-g`,
    });
    const first = command(userBody(userName));
    const [a, b] = await Promise.all([
      services.send<{ userId: number }>(ADMIN_PATTERNS.userCreate, first),
      services.send<{ userId: number }>(ADMIN_PATTERNS.userCreate, first),
    ]);
    const c = await services.send<{ userId: number }>(ADMIN_PATTERNS.userCreate, first);
    expect(a.userId).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await usersNamed(userName)).toBe(1);
    // A refusal is kept too: the same answer without running again.
    const refused = { ...command({ userName: 'admin', nickName: 'x', password: USER_PASSWORD }) };
    const failure = await services.send(ADMIN_PATTERNS.userCreate, refused).catch((e) => e);
    const again = await services.send(ADMIN_PATTERNS.userCreate, refused).catch((e) => e);
    expect(failure.key).toBeTruthy();
    expect(again.key).toBe(failure.key);
  });

  it('should refuse a malformed key', async () => {
    const res = await createUser('bad key with spaces', userBody('never'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Invalid Idempotency-Key (1 to 255 visible ASCII characters)');
  });

  it('should answer 503 (read) and 504 (write, outcome unknown) with Retry-After while identity is down, the retry done once', async () => {
    const key = `k-${Date.now()}-f`;
    const userName = `idem${process.pid % 10000}f`;
    await stack.stopService('identity');
    try {
      for (const [lang, msg] of [
        ['en', 'The service is temporarily unavailable, please try again'],
        ['zh', '服务暂时不可用，请稍后重试'],
      ]) {
        const read = await api(stack)
          .get(`/prod-api/system/user/list?lang=${lang}`)
          .set('Authorization', `Bearer ${token}`);
        // The session is checked in Redis by the gateway; the list needs identity.
        expect(read.status).toBe(503);
        expect(read.headers['retry-after']).toBe('2');
        expect(read.body).toEqual({ code: 503, msg });
      }
      const write = await createUser(key, userBody(userName));
      expect(write.status).toBe(504);
      expect(write.body.code).toBe(504);
      expect(write.body.msg).toMatch(/outcome is unknown/);
      expect(write.headers['retry-after']).toBe('2');
    } finally {
      await stack.startService('identity');
    }
    const back = await api(stack)
      .get('/prod-api/system/user/list?lang=en')
      .set('Authorization', `Bearer ${token}`);
    expect(back.body.code).toBe(200);
    // The retry with the same key is done once, and its repeat gets the same answer.
    const retry = await createUser(key, userBody(userName));
    expect(retry.body.code).toBe(200);
    const again = await createUser(key, userBody(userName));
    expect(again.body).toEqual(retry.body);
    expect(await usersNamed(userName)).toBe(1);
  }, 30_000);
});
