import type { INestMicroservice } from '@nestjs/common';
import { type PayConfigView, REMITTANCE_ACCOUNT_CONFIG_KEY } from '@platform/contracts';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadBillingEnv } from '../../src/config/env';
import { startBilling } from '../../src/main';
import { type AlipayDouble, startAlipayDouble } from '../support/alipay-double';

// GET /wujie/order/pay/config through the gateway on the real services (identity, billing), MariaDB
// and Redis: what the top-up form may offer, on a billing service with and without Alipay's keys,
// and the remittance account of the parameter the identity migration seeds.

const TOP_UP = {
  amount: 100,
  payType: 'alipay',
  signingParty: 'individual',
  fullName: 'Alice Zhang',
  country: '中国',
  address: '1 Century Avenue, Shanghai',
};

/** A stack whose billing service gets `alipayEnv` (no expiry timer). */
async function stackWith(alipayEnv: () => Record<string, string>): Promise<TestStack> {
  let billing: INestMicroservice | undefined;
  const billingStarter = {
    name: 'billing',
    databaseEnv: 'BILLING_DB_URL',
    start: async (env: Record<string, string>) =>
      (billing = await startBilling(
        loadBillingEnv({ ...env, ORDER_EXPIRY_INTERVAL_MS: '0', ...alipayEnv() }),
      )),
  };
  const stack = await startStack([identityStarter, billingStarter]);
  expect(billing).toBeDefined();
  await setCaptcha(stack, false);
  return stack;
}

const payConfig = (stack: TestStack, token: string | null, lang: 'zh' | 'en' = 'en') => {
  const req = api(stack).get('/prod-api/wujie/order/pay/config').query({ lang });
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

async function configOf(stack: TestStack, token: string, lang: 'zh' | 'en' = 'en') {
  const res = await payConfig(stack, token, lang);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data as PayConfigView;
}

describe('a billing service without Alipay keys', () => {
  let stack: TestStack;
  let admin: string;
  let alice: string;

  beforeAll(async () => {
    stack = await stackWith(() => ({}));
    admin = await login(stack, 'admin', ADMIN_PASSWORD);
    alice = (await registerByPhone(stack)).token;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('should offer no Alipay, as the order it would refuse says', async () => {
    expect((await configOf(stack, alice)).alipay).toBe(false);
    const res = await api(stack)
      .post('/prod-api/wujie/order')
      .set('Authorization', `Bearer ${alice}`)
      .set('repeatSubmit', 'false')
      .query({ lang: 'en' })
      .send(TOP_UP);
    expect(res.body).toMatchObject({
      code: 500,
      msg: 'Alipay payment is not available, please pay by remittance',
    });
  });

  it("should show the seeded placeholder account in the caller's language", async () => {
    expect((await configOf(stack, alice, 'en')).remittanceAccount).toEqual({
      bankName: '(to be configured) Bank name',
      accountName: '(to be configured) Account name',
      accountNumber: 'to be configured',
      note: 'Administrators: edit this parameter in System → Parameters',
    });
    expect((await configOf(stack, alice, 'zh')).remittanceAccount).toMatchObject({
      bankName: '（待配置）开户银行',
      accountNumber: 'to be configured',
    });
  });

  it('should show the account an administrator sets, plain text as it is, and none when emptied', async () => {
    const list = await api(stack)
      .get('/prod-api/system/config/list')
      .set('Authorization', `Bearer ${admin}`)
      .query({ configKey: REMITTANCE_ACCOUNT_CONFIG_KEY });
    const row = (
      list.body.rows as { configId: number; configKey: string; configName: string }[]
    ).find((r) => r.configKey === REMITTANCE_ACCOUNT_CONFIG_KEY)!;
    expect(row).toBeDefined();
    const edit = (configValue: string) =>
      api(stack)
        .put('/prod-api/system/config')
        .set('Authorization', `Bearer ${admin}`)
        .set('repeatSubmit', 'false')
        .send({ ...row, configValue, configType: 'Y' });

    expect((await edit('Bank of Tests\n6222 0000 1111')).body.code).toBe(200);
    expect((await configOf(stack, alice)).remittanceAccount).toEqual({
      bankName: '',
      accountName: '',
      accountNumber: '',
      note: 'Bank of Tests\n6222 0000 1111',
    });

    expect((await edit(' ')).body.code).toBe(200);
    expect((await configOf(stack, alice)).remittanceAccount).toBeNull();
  });

  it('should need a signed-in caller', async () => {
    const res = await payConfig(stack, null);
    expect(res.body.code).toBe(401);
  });
});

describe('a billing service with Alipay keys', () => {
  let stack: TestStack;
  let alipay: AlipayDouble;

  beforeAll(async () => {
    alipay = await startAlipayDouble();
    stack = await stackWith(() => ({
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.appPrivateKey.replace(/\n/g, '\\n'),
      ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
      ALIPAY_GATEWAY: alipay.url,
      ALIPAY_NOTIFY_URL: 'https://platform.example.com/prod-api/wujie/order/alipay/notify',
    }));
  });

  afterAll(async () => {
    await stack?.close();
    await alipay?.close();
  });

  it('should offer Alipay', async () => {
    const admin = await login(stack, 'admin', ADMIN_PASSWORD);
    expect(await configOf(stack, admin)).toMatchObject({
      alipay: true,
      remittanceAccount: { accountNumber: 'to be configured' },
    });
  });
});
