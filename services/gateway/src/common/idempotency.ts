import { createHash } from 'node:crypto';

import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DomainError, SESSION_KEYS } from '@platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';

import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { GATEWAY_REDIS } from './redis.provider';
import { stateOf } from './request-context';

/** How long a finished request's answer is kept for repeats with its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first attempt, still running, before it is told "in progress". */
export const IDEMPOTENCY_WAIT_MS = 5000;
const POLL_MS = 100;
/** Larger answers (exports) are not stored: a repeat runs again. */
const MAX_STORED_CHARS = 256 * 1024;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Pending {
  state: 'pending';
  fingerprint: string;
}
interface Done {
  state: 'done';
  fingerprint: string;
  status: number;
  contentType: string;
  body: string;
}
type StoredRecord = Pending | Done;

/** What the guard leaves on a request whose answer is to be stored under its key. */
const CLAIM = Symbol('idempotencyClaim');
type ClaimedRequest = FastifyRequest & {
  [CLAIM]?: { key: string; fingerprint: string };
};

/** Thrown by the guard to answer a repeat with the first attempt's stored answer. */
export class IdempotentReplay extends Error {
  constructor(readonly stored: Done) {
    super('idempotent replay');
  }
}

/** The header's value, or undefined; refuses a malformed key. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw new DomainError('request.idempotency_key_invalid');
  return key;
}

function fingerprintOf(request: FastifyRequest): string {
  // A multipart upload is read by its handler, not parsed into `body`: its length stands in.
  const body = request.isMultipart?.()
    ? `multipart:${request.headers['content-length']}`
    : request.body;
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

/**
 * Safe retries (issue 19): a POST, PUT, PATCH or DELETE that carries an `Idempotency-Key` is run once
 * per caller and key. The first attempt leaves an in-progress marker in Redis; a repeat with the same
 * key and body gets the first answer once it is there (waiting up to 5 s for it, else "in progress"),
 * the same key with another method, URL or body is refused. The answer is stored by the onSend hook
 * (`addIdempotency`) for 24 h. An answer that says nothing was done (503 unavailable, 500) frees the
 * key so the retry runs again; so does one whose outcome is unknown (504): the key also travels to the
 * service (CommandPayload.idempotencyKey), which keeps its own answer under it (nest-common's
 * ServiceIdempotencyInterceptor), so the retry gets what the first run did, or "in progress", and the
 * work is done once. Runs after the access guard (the caller is known) and instead of the
 * duplicate-submit guard, which leaves keyed requests alone.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ClaimedRequest>();
    if (!MUTATIONS.has(request.method)) return true;
    const key = idempotencyKeyOf(request);
    if (key === undefined) return true;
    const who = stateOf(request).session?.userId ?? `ip:${request.ip}`;
    const redisKey = SESSION_KEYS.idempotency(String(who), key);
    const fingerprint = fingerprintOf(request);
    // The marker outlives the longest wait for a service, plus what a slow answer needs to be stored.
    const holdMs = this.env.RPC_TIMEOUT_MS * 2 + 10_000;
    const marker: Pending = { state: 'pending', fingerprint };
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const claimed = await this.redis.set(redisKey, JSON.stringify(marker), 'PX', holdMs, 'NX');
      if (claimed === 'OK') {
        request[CLAIM] = { key: redisKey, fingerprint };
        stateOf(request).idempotencyKey = key;
        return true;
      }
      const raw = await this.redis.get(redisKey);
      // Gone between the two calls (expired or freed): try to claim it again.
      if (raw === null) continue;
      const stored = JSON.parse(raw) as StoredRecord;
      if (stored.fingerprint !== fingerprint) throw new DomainError('request.idempotency_mismatch');
      if (stored.state === 'done') throw new IdempotentReplay(stored);
      if (Date.now() >= deadline) throw new DomainError('request.idempotency_in_progress');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Sends a stored answer again, marked as a replay. */
export function sendReplay(reply: FastifyReply, replay: IdempotentReplay): void {
  void reply
    .status(replay.stored.status)
    .header('Idempotent-Replayed', 'true')
    .type(replay.stored.contentType)
    .send(replay.stored.body);
}

/** Stores the answer of a claimed request (see IdempotencyGuard). */
export function addIdempotency(fastify: FastifyInstance, redis: Redis): void {
  fastify.addHook('onSend', async (request: ClaimedRequest, reply, payload) => {
    const claim = request[CLAIM];
    if (!claim) return payload;
    request[CLAIM] = undefined;
    const status = reply.statusCode;
    try {
      if (
        status >= 500 ||
        status === 409 ||
        typeof payload !== 'string' ||
        payload.length > MAX_STORED_CHARS
      ) {
        // Nothing was done (unavailable, failed), the service is still at it (409), the outcome is
        // unknown (504: the service keeps its own answer under the key, which a retry then gets), or
        // an answer that cannot be stored (a stream, a large export).
        await redis.del(claim.key);
      } else {
        const done: Done = {
          state: 'done',
          fingerprint: claim.fingerprint,
          status,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          body: payload,
        };
        await redis.set(claim.key, JSON.stringify(done), 'PX', IDEMPOTENCY_TTL_MS);
      }
    } catch {
      // Redis went away meanwhile: the marker expires by itself.
    }
    return payload;
  });
}
