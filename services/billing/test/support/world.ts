import { identityStarter } from '@platform/identity';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '@platform/test-support';
import type { Test } from 'supertest';

import { billingStarter } from '../../src/index';

export interface Member {
  userId: number;
  token: string;
  inviteCode: string;
}

/** Identity, billing and the gateway on databases of their own, with helpers for points. */
export async function startBillingWorld(
  overrides: Record<string, string> = {},
): Promise<{ stack: TestStack; adminToken: string } & Helpers> {
  const stack = await startStack([identityStarter, billingStarter], {
    BILLING_RELAY_INTERVAL_MS: '50',
    ...overrides,
  });
  await setCaptcha(stack, false);
  const adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
  return { stack, adminToken, ...helpers(stack) };
}

export interface Helpers {
  get(path: string, token: string, lang?: string): Test;
  post(path: string, token: string, body: object, lang?: string): Test;
  register(inviteCode?: string): Promise<Member>;
  balance(
    token: string,
    userId?: number,
  ): Promise<{ userId: number; balance: number; frozen: number }>;
  waitForBalance(
    token: string,
    expected: number,
    timeoutMs?: number,
  ): Promise<{ userId: number; balance: number; frozen: number }>;
}

export function helpers(stack: TestStack): Helpers {
  const get = (path: string, token: string, lang = 'en') =>
    api(stack).get(`/prod-api${path}`).set('Authorization', `Bearer ${token}`).query({ lang });
  const post = (path: string, token: string, body: object, lang = 'en') =>
    api(stack)
      .post(`/prod-api${path}`)
      .set('Authorization', `Bearer ${token}`)
      .query({ lang })
      .send(body);

  /** Registers a user by phone (with an invitation code when given) and reads its id and code. */
  async function register(inviteCode?: string): Promise<Member> {
    const { phone, token, body } = await registerByPhone(
      stack,
      undefined,
      inviteCode ? { inviteCode } : {},
    );
    if (!token) throw new Error(`registration failed: ${JSON.stringify(body)}`);
    const [rows] = await stack.dbs.identity.query(
      'SELECT user_id, invite_code FROM sys_user WHERE phonenumber = ?',
      [phone],
    );
    const row = (rows as { user_id: number; invite_code: string }[])[0];
    return { userId: Number(row.user_id), token, inviteCode: row.invite_code };
  }

  async function balance(token: string, userId?: number) {
    const res = await get('/wujie/points/account', token).query(userId ? { userId } : {});
    return res.body.data as { userId: number; balance: number; frozen: number };
  }

  /** Waits until the account reaches `expected` (the events travel through the relay and queue). */
  async function waitForBalance(token: string, expected: number, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    let last = await balance(token);
    while (last?.balance !== expected && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await balance(token);
    }
    return last;
  }

  return { get, post, register, balance, waitForBalance };
}
