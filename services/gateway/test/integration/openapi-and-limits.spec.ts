import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { declaredRoutes } from '../support/routes';
import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

describe('OpenAPI document', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should describe every route with who may call it, and the request bodies from the contracts', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const res = await api(stack)
      .get('/prod-api/v3/api-docs')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const doc = res.body.data;
    // Declared routes carry 1 for each path parameter; the document writes `{name}`.
    const paths: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      const key = path.replace(/\{[^}]+\}/g, '1');
      paths[key] = { ...paths[key], ...(ops as Record<string, Record<string, unknown>>) };
    }
    for (const route of declaredRoutes().filter((r) => !r.path.includes('api-docs'))) {
      const operation =
        paths[route.path.replace('/prod-api', '').replace('*', '1')]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation['x-access'], `${route.method} ${route.path}`).toBeDefined();
    }
    expect(doc.components.schemas.LoginBody.properties).toHaveProperty('password');
    expect(doc.components.schemas.RegisterByPhoneBody.required).toEqual(
      expect.arrayContaining(['qu', 'phonenumber', 'code', 'password']),
    );
  });

  it('should keep the document from anonymous callers', async () => {
    await api(stack).get('/prod-api/v3/api-docs').expect(401);
  });
});

describe('rate limits of the auth endpoints', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // 30 sign-ins a minute per IP by default; a factor of 0.1 makes it 3 for a quick check.
    stack = await startStack([identityStarter], { RATE_LIMIT_FACTOR: '0.1' });
  });
  afterAll(() => stack.close());

  it('should answer 429 with the wait time once an IP exceeds its sign-in budget', async () => {
    const attempt = () =>
      api(stack)
        .post('/prod-api/login?lang=en')
        .set('repeatSubmit', 'false')
        .send({ username: 'x', password: 'y' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).not.toBe(429);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
  });
});

describe('rate limit of the real-name key', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    // The real-name routes share the verification-code budget: 30 a minute per IP, 3 at 0.1.
    stack = await startStack([identityStarter], { RATE_LIMIT_FACTOR: '0.1' });
    await setCaptcha(stack, false);
    token = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  const key = (lang: 'en' | 'zh') =>
    api(stack)
      .get(`/prod-api/ali/identity/key?lang=${lang}`)
      .set('Authorization', `Bearer ${token}`);

  it('should answer 429 in the language asked once an IP asks for too many keys', async () => {
    for (let i = 0; i < 3; i += 1) expect((await key('en')).status).not.toBe(429);
    const en = await key('en');
    expect(en.status).toBe(429);
    expect(en.body.msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    const zh = await key('zh');
    expect(zh.status).toBe(429);
    expect(zh.body.msg).toMatch(/^请求过于频繁，请\d+秒后再试$/);
  });
});
