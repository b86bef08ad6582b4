import type { InvitedUserView, PromotionView } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import {
  api,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { billingStarter } from '../../src';

// The referral page's API (/wujie/user/promotion, issue 14) through the gateway on the real
// identity and billing services: always the caller's own code, link status, invited users and
// rewards; no request names a user, so nobody reads another user's referrals.

let stack: TestStack;
let alice: string;
let bob: string;
let carol: string;
let aliceCode: string;

const get = (path: string, token?: string, query: object = {}) => {
  const req = api(stack)
    .get(`/prod-api${path}`)
    .query({ lang: 'en', ...query });
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

async function promotion(token: string): Promise<PromotionView> {
  const res = await get('/wujie/user/promotion', token);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data as PromotionView;
}

async function invited(token: string, query: object = {}) {
  const res = await get('/wujie/user/promotion/invited', token, query);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body as { rows: InvitedUserView[]; total: number };
}

beforeAll(async () => {
  stack = await startStack([identityStarter, billingStarter]);
  await setCaptcha(stack, false);
  alice = (await registerByPhone(stack)).token;
  aliceCode = (await promotion(alice)).inviteCode;
  bob = (await registerByPhone(stack, undefined, { inviteCode: aliceCode })).token;
  carol = (await registerByPhone(stack)).token;
});

afterAll(async () => {
  await stack?.close();
});

describe('referral page API', () => {
  it("should answer the caller's own code and link, and count who signed up through it", async () => {
    const mine = await promotion(alice);
    expect(mine.inviteCode).toMatch(/^\S{4,16}$/);
    expect(mine).toMatchObject({ inviteCode: aliceCode, linkStatus: 1, invitedCount: 1 });
    const theirs = await promotion(bob);
    expect(theirs.inviteCode).not.toBe(aliceCode);
    expect(theirs.invitedCount).toBe(0);
  });

  it('should list only the users invited by the caller, paged on the server', async () => {
    const page = await invited(alice, { pageNum: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.rows).toHaveLength(1);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(
      ['createTime', 'nickName', 'realNameStatus', 'userId'].sort(),
    );
    expect((await invited(bob)).total).toBe(0);
    expect((await invited(carol)).total).toBe(0);
    // A user named in the query changes nothing: the caller is the only subject.
    const spoofed = await invited(carol, { userId: page.rows[0]!.userId, inviterId: 1 });
    expect(spoofed.total).toBe(0);
  });

  it('should refuse a request without a session', async () => {
    expect((await get('/wujie/user/promotion')).body.code).toBe(401);
    expect((await get('/wujie/user/promotion/invited')).body.code).toBe(401);
  });

  it("should show the referral rewards billing paid the inviter once the registration's event is consumed", async () => {
    let earned = 0;
    for (let i = 0; i < 60 && earned === 0; i += 1) {
      earned = (await promotion(alice)).rewardsEarned;
      if (earned === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(earned).toBeGreaterThan(0);
    expect((await promotion(carol)).rewardsEarned).toBe(0);
  });
});
