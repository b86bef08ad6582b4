import { createHash } from 'node:crypto';

import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DomainError, SESSION_KEYS } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';

import { GATEWAY_REDIS } from './redis.provider';
import { stateOf } from './request-context';

const WINDOW_MS = 1000;
const SIZE_CAP_BYTES = 5 * 1024 * 1024;

/**
 * Server side of the duplicate-submit rule (spec §5): the same POST or PUT (same caller, url and body)
 * within 1000 ms is refused. Bodies of 5 MB or more and requests with `repeatSubmit: false` are exempt,
 * and so are requests with an `Idempotency-Key`: IdempotencyGuard answers their repeats with the first
 * answer instead of refusing them.
 */
@Injectable()
export class DuplicateSubmitGuard implements CanActivate {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.method !== 'POST' && request.method !== 'PUT') return true;
    if (String(request.headers.repeatsubmit ?? '').toLowerCase() === 'false') return true;
    if (request.headers['idempotency-key'] !== undefined) return true;
    if (Number(request.headers['content-length'] ?? 0) >= SIZE_CAP_BYTES) return true;
    const who = stateOf(request).session?.userId ?? `ip:${request.ip}`;
    // A multipart upload is read by its handler, not parsed into `body`: its length stands in.
    const body = request.isMultipart?.()
      ? `multipart:${request.headers['content-length']}`
      : request.body;
    const digest = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('base64url');
    const key = SESSION_KEYS.repeatSubmit(String(who), request.url, digest);
    const first = await this.redis.set(key, '1', 'PX', WINDOW_MS, 'NX');
    if (first !== 'OK') throw new DomainError('request.duplicate');
    return true;
  }
}
