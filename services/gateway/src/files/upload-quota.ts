import {
  ADMIN_PATTERNS as A,
  DomainError,
  UPLOAD_QUOTA_CONFIG_KEY,
  UPLOAD_QUOTA_DEFAULT_MB,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import type { ServiceClient } from '../rpc/service-client';
import { bytesOwnedBy } from './owned-files';
import type { FileStore } from './storage/file-store';

const MB = 1024 * 1024;

/** The per-user quota in MB (parameter sys.upload.user_quota_mb); 0 or less: none. */
async function quotaMb(services: ServiceClient, request: FastifyRequest): Promise<number> {
  const value = await services.forward<string>(A.configByKey, request, {
    configKey: UPLOAD_QUOTA_CONFIG_KEY,
  });
  const mb = Number(String(value ?? '').trim());
  return String(value ?? '').trim() !== '' && Number.isFinite(mb) ? mb : UPLOAD_QUOTA_DEFAULT_MB;
}

/**
 * Refuses an upload of `incoming` bytes that would take the user's own files past their quota
 * (upload.quota_exceeded, HTTP 413), so one account cannot fill the machine's disk.
 */
export async function assertWithinQuota(
  services: ServiceClient,
  request: FastifyRequest,
  store: FileStore,
  userId: number,
  incoming: number,
): Promise<void> {
  const quota = await quotaMb(services, request);
  if (quota <= 0) return;
  const used = await bytesOwnedBy(store, userId);
  if (used + incoming > quota * MB) {
    throw new DomainError('upload.quota_exceeded', {
      used: Math.ceil((used / MB) * 10) / 10,
      quota,
    });
  }
}
