import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  FieldCipher,
  identityStarter,
  LEGACY_DEVELOPMENT_FIELD_KEY,
  sealForServer,
} from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, callerFor, dataOf } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  mysqlBase,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

const NAME = '张三';
const ID = '11010519491231002X';

// A stand-in for Alipay's open platform gateway (gateway.do) that speaks its protocol: it checks the
// RSA2 signature of every request with the application's public key, and signs its answers with "its"
// private key, whose public half the identity service is configured with. `forge` signs with another key.
class AlipayDouble {
  readonly app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly initialized: Record<string, unknown>[] = [];
  readonly passed = new Set<string>();
  unsignedRequests = 0;
  forge = false;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const params = new URLSearchParams(new URL(req.url!, 'http://x').search);
        for (const [k, v] of new URLSearchParams(raw)) params.set(k, v);
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(this.answer(Object.fromEntries(params)));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(params: Record<string, string>): string {
    const method = params.method ?? '';
    const key = `${method.replaceAll('.', '_')}_response`;
    const { sign, ...signed } = params;
    const text = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    const valid = createVerify('RSA-SHA256')
      .update(text, 'utf8')
      .verify(this.app.publicKey, sign ?? '', 'base64');
    let body: Record<string, unknown>;
    if (!valid) {
      this.unsignedRequests += 1;
      body = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    } else {
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
      if (method === 'alipay.user.certify.open.initialize') {
        const certifyId = randomBytes(16).toString('hex');
        this.initialized.push({ ...biz, certifyId });
        body = { code: '10000', msg: 'Success', certify_id: certifyId };
      } else if (method === 'alipay.user.certify.open.query') {
        const passed = this.passed.has(String(biz.certify_id));
        body = { code: '10000', msg: 'Success', passed: passed ? 'T' : 'F' };
      } else {
        body = { code: '40004', msg: 'Business Failed', sub_code: 'isv.unknown-method' };
      }
    }
    const json = JSON.stringify(body);
    const signer = this.forge ? this.attacker.privateKey : this.alipay.privateKey;
    const signature = createSign('RSA-SHA256').update(json, 'utf8').sign(signer, 'base64');
    return `{"${key}":${json},"sign":"${signature}"}`;
  }
}

const pem = (key: { export(o: object): string | Buffer }, type: 'pkcs8' | 'spki') =>
  String(key.export({ type, format: 'pem' }));

/** What the web form does: a one-time key from the server, both fields sealed with it. */
async function submit(user: Caller, certName: string, certNo: string, lang = 'zh') {
  const { keyId, key } = dataOf<{ keyId: string; key: string }>(
    await user.get('/ali/identity/key'),
  );
  const aes = Buffer.from(key, 'base64');
  return user.post(
    '/ali/identity/certify',
    { keyId, certName: sealForServer(certName, aes), certNo: sealForServer(certNo, aes) },
    lang,
  );
}

async function newUser(stack: TestStack): Promise<Caller> {
  const { token } = await registerByPhone(stack);
  return callerFor(stack, token);
}

async function outboxOf(stack: TestStack, type: string, userId: number) {
  const [rows] = await stack.db.query(
    `SELECT idempotency_key, payload FROM event_outbox WHERE event_type = ? AND JSON_EXTRACT(payload, '$.userId') = ?`,
    [type, userId],
  );
  return rows as { idempotency_key: string; payload: Record<string, unknown> }[];
}

async function userRow(stack: TestStack, userId: number) {
  const [rows] = await stack.db.query(
    'SELECT real_name_status, real_name, cert_no FROM sys_user WHERE user_id = ?',
    [userId],
  );
  return (
    rows as { real_name_status: number; real_name: string | null; cert_no: string | null }[]
  )[0];
}

describe('real-name authentication with Alipay (doubled by a local signing server)', () => {
  const alipay = new AlipayDouble();
  let stack: TestStack;
  let gateway: string;

  beforeAll(async () => {
    gateway = await alipay.start();
    stack = await startStack([identityStarter], {
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: pem(alipay.app.privateKey, 'pkcs8'),
      ALIPAY_KEY_TYPE: 'PKCS8',
      ALIPAY_PUBLIC_KEY: pem(alipay.alipay.publicKey, 'spki'),
      ALIPAY_GATEWAY: gateway,
      REALNAME_RETURN_URL: 'http://127.0.0.1:8080/auth-callback.html',
      FIELD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
    });
    await setCaptcha(stack, false);
  });
  afterAll(async () => {
    await stack?.close();
    await alipay.stop();
  });

  it('should check the ID number and the one-time key before anything is stored or sent', async () => {
    const user = await newUser(stack);
    const checksum = await submit(user, NAME, '110105194912310021', 'en');
    expect(checksum.body).toMatchObject({
      code: 500,
      msg: 'The ID number check digit is wrong, please check it',
    });
    const zh = await submit(user, NAME, '110105194913310021', 'zh');
    expect(zh.body.msg).toBe('身份证号中的出生日期无效');
    expect((await submit(user, NAME, '1101051949', 'en')).body.msg).toBe(
      'The ID number must have 18 characters',
    );
    expect((await submit(user, '  ', ID, 'en')).body.msg).toBe('Name cannot be empty');
    const reused = await user.post(
      '/ali/identity/certify',
      { keyId: 'nope', certName: 'x', certNo: 'y' },
      'en',
    );
    expect(reused.body.msg).toBe('The encryption key has expired, please submit again');
    const [rows] = await stack.db.query('SELECT id FROM real_name_request WHERE user_id = ?', [
      user.userId,
    ]);
    expect(rows).toHaveLength(0);
    expect(alipay.initialized).toHaveLength(0);
  });

  it('should certify through Alipay, refuse forged callbacks and answers, and keep no ID number in clear', async () => {
    const user = await newUser(stack);
    expect(dataOf(await submit(user, NAME, ID))).toMatchObject({ channel: 'alipay' });

    // At rest: only ciphertext under the current key, in the request and nowhere else.
    const [raw] = await stack.db.query(
      'SELECT cert_name, cert_no, cert_no_digest FROM real_name_request WHERE user_id = ?',
      [user.userId],
    );
    const stored = (raw as { cert_name: string; cert_no: string; cert_no_digest: string }[])[0];
    expect(stored.cert_no).toMatch(/^f1\.[0-9a-f]{8}\./);
    expect(JSON.stringify(stored)).not.toContain(ID);
    expect(JSON.stringify(stored)).not.toContain(NAME);

    // The certify URL: initialize got the real name and number (signed request), the URL is signed too.
    const { url } = dataOf<{ url: string }>(await user.get('/ali/identity/url'));
    expect(alipay.unsignedRequests).toBe(0);
    const init = alipay.initialized.at(-1) as {
      certifyId: string;
      biz_code: string;
      identity_param: Record<string, string>;
      merchant_config: { return_url: string };
    };
    expect(init.biz_code).toBe('FACE');
    expect(init.identity_param).toMatchObject({
      cert_name: NAME,
      cert_no: ID,
      cert_type: 'IDENTITY_CARD',
    });
    const certifyUrl = new URL(url);
    expect(`${certifyUrl.origin}${certifyUrl.pathname}`).toBe(gateway);
    expect(certifyUrl.searchParams.get('method')).toBe('alipay.user.certify.open.certify');
    expect(certifyUrl.searchParams.get('biz_content')).toContain(init.certifyId);
    expect(certifyUrl.searchParams.get('sign')).toBeTruthy();
    const authCode = new URL(init.merchant_config.return_url).searchParams.get('auth_code')!;
    expect(authCode).toBeTruthy();

    const pending = dataOf(await user.get('/ali/identity/result'));
    expect(pending).toMatchObject({
      realNameStatus: 0,
      state: 'pending',
      certName: '张*',
      certNo: '1101********002X',
      started: true,
    });

    // A callback with a code the server never issued is refused.
    const forgedCode = await api(stack).get(
      '/prod-api/ali/identity/callback?auth_code=forged&lang=en',
    );
    expect(forgedCode.body).toMatchObject({
      code: 500,
      msg: 'The certification link is invalid or expired, please scan the QR code on your PC again',
    });
    // Before the face certification: Alipay says not passed, nothing changes.
    const early = await api(stack).get(`/prod-api/ali/identity/callback?auth_code=${authCode}`);
    expect(dataOf(early)).toEqual({ passed: false });
    // An answer "passed" signed by someone other than Alipay is refused.
    alipay.passed.add(init.certifyId);
    alipay.forge = true;
    const forged = await api(stack).get(
      `/prod-api/ali/identity/callback?auth_code=${authCode}&lang=en`,
    );
    expect(forged.body).toMatchObject({
      code: 500,
      msg: 'Alipay certification is temporarily unavailable, please try again later',
    });
    expect((await userRow(stack, user.userId)).real_name_status).toBe(0);
    expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({ state: 'pending' });
    expect(await outboxOf(stack, 'identity.user.realname_verified', user.userId)).toHaveLength(0);

    // Alipay's own signed answer: verified, once.
    alipay.forge = false;
    const confirmed = await api(stack).get(`/prod-api/ali/identity/callback?auth_code=${authCode}`);
    expect(dataOf(confirmed)).toEqual({ passed: true });
    expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({
      realNameStatus: 1,
      state: 'verified',
      certName: '张*',
      certNo: '1101********002X',
    });
    const row = await userRow(stack, user.userId);
    expect(row.real_name_status).toBe(1);
    expect(row.cert_no).toMatch(/^f1\./);
    expect(`${row.real_name}${row.cert_no}`).not.toContain(ID);
    const events = await outboxOf(stack, 'identity.user.realname_verified', user.userId);
    expect(events.map((e) => e.idempotency_key)).toEqual([`user.realname_verified:${user.userId}`]);

    // Done: a second submission is refused; the same ID number on another account too.
    expect((await submit(user, NAME, ID, 'en')).body.msg).toBe(
      'Your real-name authentication is already complete',
    );
    const other = await newUser(stack);
    expect((await submit(other, '李四', ID, 'en')).body.msg).toBe(
      'This ID number is already authenticated by another account',
    );
  });

  it('should decide isMainland from the request address with the bundled IP database', async () => {
    const user = await newUser(stack);
    const from = (ip: string) => user.get('/wujie/user/checkMainland').set('X-Forwarded-For', ip);
    expect(dataOf(await from('114.114.114.114'))).toEqual({ isMainland: true });
    expect(dataOf(await from('8.8.8.8'))).toEqual({ isMainland: false });
    expect(dataOf(await from('202.181.1.1'))).toEqual({ isMainland: false }); // Hong Kong
    const location = await api(stack).get('/prod-api/location').set('X-Forwarded-For', '8.8.8.8');
    expect(dataOf(location)).toMatchObject({ ip: '8.8.8.8', isMainland: false, areaCode: '' });
  });
});

describe('real-name authentication reviewed by an administrator (no Alipay keys)', () => {
  let stack: TestStack;
  let admin: Caller;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = await callerFor(stack, await login(stack, 'admin', ADMIN_PASSWORD));
  });
  afterAll(() => stack?.close());

  it('should keep the request pending until an administrator rejects or approves it', async () => {
    const user = await newUser(stack);
    expect(dataOf(await submit(user, NAME, ID))).toMatchObject({ channel: 'manual' });
    expect((await user.get('/ali/identity/url', 'en')).body.msg).toBe(
      'Alipay certification is not configured; an administrator reviews the request',
    );
    expect((await submit(user, NAME, ID, 'en')).body.msg).toBe(
      'You already have a real-name request waiting for review',
    );

    // Only reviewers see the list; it shows masked values only.
    expect((await user.get('/wujie/realname/list')).body.code).toBe(403);
    const list = await admin.get(`/wujie/realname/list?userId=${user.userId}`);
    expect(list.body.total).toBe(1);
    const request = list.body.rows[0] as { id: number; certName: string; certNo: string };
    expect(request).toMatchObject({ certName: '张*', certNo: '1101********002X', status: 0 });
    expect(JSON.stringify(list.body)).not.toContain(ID);
    expect((await user.put(`/wujie/realname/approve/${request.id}`, {})).body.code).toBe(403);

    const noReason = await admin.put(
      '/wujie/realname/reject',
      { id: request.id, reason: ' ' },
      'en',
    );
    expect(noReason.body.code).not.toBe(200);
    dataOf(await admin.put('/wujie/realname/reject', { id: request.id, reason: '照片不清晰' }));
    expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({
      realNameStatus: 0,
      state: 'rejected',
      reason: '照片不清晰',
    });
    const rejected = await outboxOf(stack, 'identity.user.realname_rejected', user.userId);
    expect(rejected.map((e) => e.payload)).toEqual([
      { userId: user.userId, reason: '照片不清晰', reasonEn: '照片不清晰' },
    ]);
    expect((await admin.put(`/wujie/realname/approve/${request.id}`, {}, 'en')).body.msg).toBe(
      'This request has already been handled',
    );

    // Submitted again and approved: authenticated, and billing/notification are told through the outbox.
    dataOf(await submit(user, NAME, ID));
    const again = (await admin.get(`/wujie/realname/list?userId=${user.userId}`)).body.rows[0];
    dataOf(await admin.put(`/wujie/realname/approve/${again.id}`, {}));
    expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({
      realNameStatus: 1,
      state: 'verified',
      certNo: '1101********002X',
    });
    expect((await userRow(stack, user.userId)).real_name_status).toBe(1);
    expect(await outboxOf(stack, 'identity.user.realname_verified', user.userId)).toHaveLength(1);
    const history = await admin.get(`/wujie/realname/list?userId=${user.userId}&status=1`);
    expect(history.body.rows[0]).toMatchObject({ status: 1, reviewedBy: 'admin' });
  });

  it('should never put the ID number in the operation log', async () => {
    const user = await newUser(stack);
    dataOf(await submit(user, '王五', '310104198506123455'));
    await expect
      .poll(
        async () => {
          const [rows] = await stack.db.query(
            `SELECT COUNT(*) AS n FROM sys_oper_log WHERE oper_url LIKE '%/ali/identity/certify%'`,
          );
          return Number((rows as { n: number }[])[0].n);
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const [rows] = await stack.db.query(
      `SELECT oper_param FROM sys_oper_log WHERE oper_url LIKE '%/ali/identity/certify%'`,
    );
    expect(JSON.stringify(rows)).not.toContain('310104198506123455');
    expect(JSON.stringify(rows)).toContain('***');
  });
});

describe('field key rotation', () => {
  it('should rewrite real-name rows under the new key at start, still opening them', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const stack = await startStack([identityStarter], { FIELD_ENCRYPTION_KEY: oldKey });
    let restarted: { close(): Promise<void> } | undefined;
    try {
      await setCaptcha(stack, false);
      const user = await newUser(stack);
      dataOf(await submit(user, NAME, ID));
      const stored = async () => {
        const [rows] = await stack.db.query(
          'SELECT cert_name, cert_no FROM real_name_request WHERE user_id = ?',
          [user.userId],
        );
        return (rows as { cert_name: string; cert_no: string }[])[0];
      };
      const before = await stored();
      const keyIdOf = (value: string) => value.split('.')[1];

      // Identity restarted with the new key, the old one listed as previous (docs/realname-and-location.md).
      await stack.stopService('identity');
      restarted = await identityStarter.start({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        NAMESPACE: stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
        RATE_LIMIT_FACTOR: '100',
        ADMIN_PASSWORD,
        ARGON2_MEMORY_KIB: '19456',
        ARGON2_TIME_COST: '2',
        IDENTITY_DB_URL: `${mysqlBase()}/t_${stack.namespace}_identity`,
        FIELD_ENCRYPTION_KEY: newKey,
        FIELD_ENCRYPTION_PREVIOUS_KEYS: oldKey,
      });
      await expect
        .poll(async () => keyIdOf((await stored()).cert_no), { timeout: 10_000 })
        .not.toBe(keyIdOf(before.cert_no));
      const after = await stored();
      expect(keyIdOf(after.cert_name)).toBe(keyIdOf(after.cert_no));
      expect(JSON.stringify(after)).not.toContain(ID);
      expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({
        state: 'pending',
        certName: '张*',
        certNo: '1101********002X',
      });
    } finally {
      await restarted?.close();
      await stack.close();
    }
  });
});

describe('the machine field key (no key in the environment)', () => {
  it('should make a key of its own, not the legacy one, and rewrite legacy rows under it at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'field-key-'));
    const keyFile = join(dir, 'field.env');
    const stack = await startStack([identityStarter], { FIELD_KEY_FILE: keyFile });
    let restarted: { close(): Promise<void> } | undefined;
    try {
      const machineKey = /^FIELD_ENCRYPTION_KEY=(\S+)$/m.exec(readFileSync(keyFile, 'utf8'))?.[1];
      expect(machineKey).toBeTruthy();
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const machine = new FieldCipher(machineKey!);
      const legacy = new FieldCipher(LEGACY_DEVELOPMENT_FIELD_KEY);
      expect(machine.keyId).not.toBe(legacy.keyId);

      await setCaptcha(stack, false);
      const user = await newUser(stack);
      dataOf(await submit(user, NAME, ID));
      const stored = async () => {
        const [rows] = await stack.db.query(
          'SELECT cert_name, cert_no FROM real_name_request WHERE user_id = ?',
          [user.userId],
        );
        return (rows as { cert_name: string; cert_no: string }[])[0];
      };
      const keyIdOf = (value: string) => value.split('.')[1];
      expect(keyIdOf((await stored()).cert_no)).toBe(machine.keyId);

      // A row as a development database kept it before: under the public legacy key.
      await stack.stopService('identity');
      await stack.db.query(
        'UPDATE real_name_request SET cert_name = ?, cert_no = ?, cert_no_digest = ? WHERE user_id = ?',
        [legacy.encrypt(NAME), legacy.encrypt(ID), legacy.digest(ID), user.userId],
      );
      restarted = await identityStarter.start({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        NAMESPACE: stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
        RATE_LIMIT_FACTOR: '100',
        ADMIN_PASSWORD,
        ARGON2_MEMORY_KIB: '19456',
        ARGON2_TIME_COST: '2',
        IDENTITY_DB_URL: `${mysqlBase()}/t_${stack.namespace}_identity`,
        FIELD_KEY_FILE: keyFile,
      });
      await expect
        .poll(async () => keyIdOf((await stored()).cert_no), { timeout: 10_000 })
        .toBe(machine.keyId);
      expect(keyIdOf((await stored()).cert_name)).toBe(machine.keyId);
      expect(machine.decrypt((await stored()).cert_no)).toBe(ID);
      expect(dataOf(await user.get('/ali/identity/result'))).toMatchObject({
        certName: '张*',
        certNo: '1101********002X',
      });
    } finally {
      await restarted?.close();
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
