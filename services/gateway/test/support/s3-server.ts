import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@platform/test-support';
import S3rver from 's3rver';

/**
 * A local S3-compatible server for the tests (s3rver: the S3 REST API over a temporary folder,
 * signatures v2 and v4 checked, its one account S3RVER/S3RVER), with one bucket, so the S3 backend's
 * own code (the AWS SDK) runs against a real HTTP server speaking S3's protocol.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'platform-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
