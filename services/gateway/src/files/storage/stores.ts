import { resolve } from 'node:path';

import type { GatewayEnv } from '../../config/env';
import { FILE_STORE, type FileStore, PRIVATE_FILE_STORE } from './file-store';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

/**
 * The two stores of the gateway from its environment: public and users' own files, and billing's
 * private files (payment proofs, signed documents, invoices), which are never served by /profile.
 * Local: UPLOAD_DIR and `<UPLOAD_DIR>-private`, as before; S3: one bucket, prefixes `files/` and
 * `private/`.
 */
export function createFileStores(env: GatewayEnv): { files: FileStore; privateFiles: FileStore } {
  if (env.STORAGE_BACKEND === 'local') {
    const root = resolve(env.UPLOAD_DIR);
    return { files: new LocalFileStore(root), privateFiles: new LocalFileStore(`${root}-private`) };
  }
  const client = S3FileStore.client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
  return {
    files: new S3FileStore(client, env.S3_BUCKET, 'files/'),
    privateFiles: new S3FileStore(client, env.S3_BUCKET, 'private/'),
  };
}

/** The stores as Nest providers (FILE_STORE, PRIVATE_FILE_STORE). */
export function fileStoreProviders(env: GatewayEnv) {
  const { files, privateFiles } = createFileStores(env);
  return [
    { provide: FILE_STORE, useValue: files },
    { provide: PRIVATE_FILE_STORE, useValue: privateFiles },
  ];
}
