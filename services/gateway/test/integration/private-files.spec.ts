import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { billingStarter } from '@platform/billing';
import { UPLOAD_QUOTA_CONFIG_KEY } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { keyOf } from '../../src/files/storage/file-store';
import { S3FileStore } from '../../src/files/storage/s3-store';
import { type Caller, callerFor, dataOf } from '../support/callers';
import { type LocalS3, startLocalS3 } from '../support/s3-server';
import {
  ADMIN_PASSWORD,
  api,
  login,
  postSse,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Private files (issue 25): a user's own uploads (chat attachments, mission files) are served to
// them only, through the signed-in download and never cached; a message or a mission names only
// files its sender uploaded; a replaced file leaves the store; each user's uploads have a quota.
// The same tests run on both storage backends (issue 31): the local folder, and an S3-compatible
// bucket on a local S3 server the test starts.

const FASTA = Buffer.from('>VH\nQVQLQQPGAELVKPGASVKMSCKASGYTFTSYNMHWVKQTPGRGLEWIG\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(['local', 's3'] as const)('private files (%s storage)', (backend) => {
  let stack: TestStack;
  let uploads: string;
  let s3: LocalS3 | undefined;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;

  /** Whether a stored file (its `/profile/...` name) is in the backend's public or private store. */
  const stored = async (area: 'files' | 'private', name: string): Promise<boolean> => {
    const key = keyOf(name)!;
    if (!s3) return existsSync(join(area === 'files' ? uploads : `${uploads}-private`, key));
    const client = S3FileStore.client({ ...s3, region: 'us-east-1', forcePathStyle: true });
    return (await new S3FileStore(client, s3.bucket, `${area}/`).stat(key)) !== null;
  };

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'private-files-'));
    s3 = backend === 's3' ? await startLocalS3() : undefined;
    stack = await startStack([identityStarter, workflowStarter, billingStarter], {
      UPLOAD_DIR: uploads,
      ENGINE_USER: 'gateway-files-test',
      ENGINE_PASSWORD: 'Gateway-files-test-engine-password-0123',
      ...(s3 && {
        STORAGE_BACKEND: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    });
    await setCaptcha(stack, false);
    admin = await callerFor(stack, await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await callerFor(stack, (await registerByPhone(stack)).token);
    bob = await callerFor(stack, (await registerByPhone(stack)).token);
  });

  afterAll(async () => {
    await stack?.close();
    await s3?.close();
    rmSync(uploads, { recursive: true, force: true });
    rmSync(`${uploads}-private`, { recursive: true, force: true });
  });

  const upload = (caller: Caller, path: string, buffer: Buffer, name: string, lang = 'en') =>
    api(stack)
      .post(`/prod-api${path}`)
      .set('Authorization', `Bearer ${caller.token}`)
      .set('repeatSubmit', 'false')
      .query({ lang })
      .attach('file', buffer, name);

  const download = (resource: string, caller?: Caller) => {
    const req = api(stack).get('/prod-api/common/download/resource').query({ resource });
    return caller ? req.set('Authorization', `Bearer ${caller.token}`) : req;
  };

  const newConversation = async (caller: Caller) =>
    dataOf<{ id: number }>(await caller.post('/wujie/chat', {})).id;

  const startMission = async (caller: Caller, files: string[], lang = 'en') => {
    const [rows] = await stack.dbs.workflow.query(
      "SELECT id FROM wf_workflow WHERE status = '2' ORDER BY id LIMIT 1",
    );
    const workflowId = (rows as { id: number }[])[0].id;
    return caller.post('/wujie/mission', { workflowId, inputs: { text: 'x', files } }, lang);
  };

  it("should serve a chat attachment to its owner only, never cached, and 404 to anyone else's request", async () => {
    const stored = await upload(alice, '/wujie/chat/upload', FASTA, 'vh.fasta');
    expect(stored.body.code).toBe(200);
    const fileName: string = stored.body.fileName;
    expect(fileName).toMatch(new RegExp(`^/profile/chat/${alice.userId}/\\d{4}/`));
    expect(stored.body.url).toBe(
      `/prod-api/common/download/resource?resource=${encodeURIComponent(fileName)}`,
    );

    // The public file route serves no user's own file, with or without a token.
    expect((await api(stack).get(`/prod-api${fileName}`)).status).toBe(404);
    const withToken = await api(stack)
      .get(`/prod-api${fileName}`)
      .set('Authorization', `Bearer ${bob.token}`);
    expect(withToken.status).toBe(404);
    const bobs = await download(fileName, bob);
    expect([bobs.status, bobs.body.code]).toEqual([404, 404]);
    expect((await download(fileName)).status).toBe(401);

    const own = await download(fileName, alice).buffer(true);
    expect(own.status).toBe(200);
    expect(Buffer.compare(own.body as Buffer, FASTA)).toBe(0);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    // Whoever reads every conversation reads the files attached there.
    expect((await download(fileName, admin)).status).toBe(200);
  });

  it("should not let a message attach another user's file (the assistant never reads it)", async () => {
    const stored = await upload(alice, '/wujie/chat/upload', FASTA, 'vh.fasta');
    const files = [{ fileName: stored.body.fileName, originalFilename: 'vh.fasta' }];
    const id = await newConversation(bob);
    const answer = await postSse(stack, `/wujie/chat/${id}/messages`, {
      token: bob.token,
      body: { content: 'read this', files },
      lang: 'en',
    });
    expect(answer.json).toEqual({
      code: 404,
      msg: 'The attachment "vh.fasta" does not exist; please upload it again',
    });
    expect(dataOf<unknown[]>(await bob.get(`/wujie/chat/${id}/messages`))).toHaveLength(0);
    // Its owner attaches it.
    const mine = await newConversation(alice);
    const ok = await postSse(stack, `/wujie/chat/${mine}/messages`, {
      token: alice.token,
      body: { content: 'read this', files },
      lang: 'en',
    });
    expect(ok.events.map((e) => e.event)).toContain('done');
  });

  it("should refuse a mission naming a path of its own or another user's file, in zh and en", async () => {
    const passwd = await startMission(bob, ['../../../../etc/passwd']);
    expect(passwd.status).toBe(400);
    expect(passwd.body).toEqual({
      code: 500,
      msg: 'The file path "../../../../etc/passwd" is not valid; only files you uploaded can be submitted',
    });
    const zh = await startMission(bob, ['/etc/passwd'], 'zh');
    expect(zh.body).toEqual({
      code: 500,
      msg: '文件“/etc/passwd”的路径无效，只能提交您自己上传的文件',
    });
    const sneaky = await startMission(bob, [`/profile/upload/${bob.userId}/../../../etc/passwd`]);
    expect(sneaky.status).toBe(400);

    const alices = await upload(alice, '/common/upload', Buffer.from('notes of alice'), 'a.txt');
    expect(alices.body.fileName).toMatch(new RegExp(`^/profile/upload/${alice.userId}/`));
    const stolen = await startMission(bob, [alices.body.fileName]);
    expect(stolen.status).toBe(404);
    expect(stolen.body.msg).toMatch(/^The attachment ".+\.txt" does not exist/);
    const [rows] = await stack.dbs.workflow.query(
      'SELECT COUNT(*) AS n FROM wf_mission WHERE owner_user_id = ?',
      [bob.userId],
    );
    expect(Number((rows as { n: number }[])[0].n)).toBe(0);
  });

  it('should delete a replaced payment proof and a replaced avatar from the disk', async () => {
    const order = dataOf<{ orderId: number }>(
      await alice.post('/wujie/order', {
        amount: 100,
        payType: 'remittance',
        signingParty: 'individual',
        fullName: 'Alice Zhang',
        country: '中国',
        address: '1 Century Avenue, Shanghai',
      }),
    );
    const proofPath = async () => {
      const [rows] = await stack.dbs.billing.query(
        "SELECT path FROM recharge_order_file WHERE order_id = ? AND kind = 'proof'",
        [order.orderId],
      );
      return (rows as { path: string }[])[0].path;
    };
    const proof = () =>
      upload(alice, `/wujie/order/proof?orderId=${order.orderId}`, PNG, 'proof.png');
    expect((await proof()).body.code).toBe(200);
    const first = await proofPath();
    expect(await stored('private', first)).toBe(true);
    expect((await proof()).body.code).toBe(200);
    const second = await proofPath();
    expect(second).not.toBe(first);
    expect(await stored('private', second)).toBe(true);
    expect(await stored('private', first)).toBe(false);

    const avatar = async () => {
      const res = await api(stack)
        .post('/prod-api/system/user/profile/avatar')
        .set('Authorization', `Bearer ${alice.token}`)
        .set('repeatSubmit', 'false')
        .attach('avatarfile', PNG, 'me.png');
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      return String(res.body.fileName);
    };
    const oldAvatar = await avatar();
    expect(await stored('files', oldAvatar)).toBe(true);
    const newAvatar = await avatar();
    expect(await stored('files', newAvatar)).toBe(true);
    expect(await stored('files', oldAvatar)).toBe(false);
    // Public files are served to anyone, from whichever backend keeps them.
    const served = await api(stack).get(`/prod-api${newAvatar}`).expect(200);
    expect(Buffer.from(served.body).equals(PNG)).toBe(true);
  });

  it('should stream a 5 MB upload back byte for byte to its owner only', async () => {
    // Random DNA text of exactly 5 MB, starting with G and with G again at byte 188: file-type takes
    // that for an MPEG transport stream, which refused such a .txt before text formats were checked
    // by their content first.
    const bases = randomBytes(5 * 1024 * 1024).map((b, i) =>
      i % 61 === 60 ? 10 : 'ACGT'.charCodeAt(i === 0 || i === 188 ? 2 : b % 4),
    );
    const body = Buffer.from(bases);
    const res = await upload(alice, '/common/upload', body, 'big.txt');
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    expect(await stored('files', res.body.fileName)).toBe(true);
    const back = await download(res.body.fileName, alice)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(back.headers['cache-control']).toBe('no-store');
    expect((back.body as Buffer).length).toBe(body.length);
    expect((back.body as Buffer).equals(body)).toBe(true);
    expect((await download(res.body.fileName, bob)).status).toBe(404);
  });

  it("should refuse an upload past the user's quota with the message in zh and en", async () => {
    await stack.db.query('UPDATE sys_config SET config_value = ? WHERE config_key = ?', [
      '1',
      UPLOAD_QUOTA_CONFIG_KEY,
    ]);
    expect((await admin.del('/system/config/refreshCache')).body.code).toBe(200);
    try {
      const carol = await callerFor(stack, (await registerByPhone(stack)).token);
      const text = Buffer.from('ACGT\n'.repeat(120 * 1024)); // 600 KB
      expect((await upload(carol, '/wujie/chat/upload', text, 'a.txt')).body.code).toBe(200);
      const en = await upload(carol, '/wujie/chat/upload', text, 'b.txt');
      expect(en.status).toBe(413);
      expect(en.body).toEqual({
        code: 500,
        msg: 'Upload refused: your files take 0.6 MB of your 1 MB storage',
      });
      const zh = await upload(carol, '/common/upload', text, 'c.txt', 'zh');
      expect(zh.body).toEqual({
        code: 500,
        msg: '上传失败：您的文件空间已用 0.6 MB，上限为 1 MB',
      });
      // Another user's quota is their own.
      expect((await upload(bob, '/wujie/chat/upload', text, 'b.txt')).body.code).toBe(200);
    } finally {
      await stack.db.query('UPDATE sys_config SET config_value = ? WHERE config_key = ?', [
        '200',
        UPLOAD_QUOTA_CONFIG_KEY,
      ]);
      await admin.del('/system/config/refreshCache');
    }
  });
});
