import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FileStore, keyOf } from '../../src/files/storage/file-store';
import { LocalFileStore } from '../../src/files/storage/local-store';
import { S3FileStore } from '../../src/files/storage/s3-store';
import { type LocalS3, startLocalS3 } from '../support/s3-server';

// One contract, two backends: the local folder and an S3-compatible bucket (a local server the test
// starts), each run through the same calls.
const backends: [string, () => Promise<{ store: FileStore; close(): Promise<void> }>][] = [
  [
    'local',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'platform-files-'));
      return {
        store: new LocalFileStore(dir),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const s3: LocalS3 = await startLocalS3();
      const client = S3FileStore.client({ ...s3, region: 'us-east-1', forcePathStyle: true });
      return { store: new S3FileStore(client, s3.bucket, 'files/'), close: () => s3.close() };
    },
  ],
];

describe.each(backends)('file store: %s', (backend, start) => {
  let store: FileStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await start());
  });
  afterAll(() => close());

  it('should stream back 5 MB byte for byte', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    await store.put('upload/7/2026/11/29/big.bin', data, 'application/octet-stream');
    const opened = await store.open('upload/7/2026/11/29/big.bin');
    expect(opened?.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(store.backend).toBe(backend);
  });

  it('should read, stat and remove, and know nothing of a missing file', async () => {
    await store.put('chat/8/2026/11/29/a.txt', Buffer.from('hello'), 'text/plain');
    expect((await store.read('chat/8/2026/11/29/a.txt'))?.toString()).toBe('hello');
    expect(await store.stat('chat/8/2026/11/29/a.txt')).toEqual({ size: 5 });
    await store.remove('chat/8/2026/11/29/a.txt');
    expect(await store.stat('chat/8/2026/11/29/a.txt')).toBeNull();
    expect(await store.open('chat/8/2026/11/29/a.txt')).toBeNull();
    expect(await store.read('chat/8/2026/11/29/a.txt')).toBeNull();
    await store.remove('chat/8/2026/11/29/a.txt');
  });

  it("should add up one user's folder and not another's", async () => {
    await store.put('chat/9/2026/11/29/x.txt', Buffer.alloc(1000), 'text/plain');
    await store.put('chat/9/2026/11/30/y.txt', Buffer.alloc(24), 'text/plain');
    await store.put('chat/90/2026/11/29/z.txt', Buffer.alloc(5000), 'text/plain');
    expect(await store.usage('chat/9')).toBe(1024);
    expect(await store.usage('chat/404')).toBe(0);
  });

  it('should sign a short-lived URL only where the backend can', async () => {
    await store.put('image/2026/11/29/p.txt', Buffer.from('signed'), 'text/plain');
    const url = await store.signedUrl('image/2026/11/29/p.txt', 60, 'p.txt');
    if (backend === 'local') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/X-Amz-Expires=60/);
    const res = await fetch(url!);
    expect(await res.text()).toBe('signed');
    const tampered = await fetch(url!.replace('p.txt', 'q.txt'));
    expect(tampered.ok).toBe(false);
  });
});

describe('keyOf', () => {
  it('should take stored names and refuse paths that leave the store', () => {
    expect(keyOf('/profile/avatar/2026/11/29/a.png')).toBe('avatar/2026/11/29/a.png');
    expect(keyOf('profile/chat/7/x.txt')).toBe('chat/7/x.txt');
    for (const bad of [
      '/profile/../../etc/passwd',
      '../x',
      'a/../../b',
      'a//b',
      'a\\b',
      '/profile/',
      'a/./b',
      'a/b\0',
    ]) {
      expect(keyOf(bad), bad).toBeNull();
    }
  });
});
