import { randomInt, timingSafeEqual } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { CODE_RESEND_SECONDS, DomainError, VERIFICATION_CODE_LENGTH } from '@platform/contracts';
import type { ClientContext, CodeScene } from '@platform/contracts/dto';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { REDIS } from '../infra/infra.module';
import { CODE_SENDERS, type CodeChannel, type CodeSender } from './code-sender';

const MAX_ATTEMPTS = 5;

interface StoredCode {
  code: string;
  attempts: number;
  verified: boolean;
}

export interface CodeTarget {
  channel: CodeChannel;
  /** `+86 13800000000` or a lower-case e-mail address. */
  target: string;
}

export const phoneTarget = (qu: string, phone: string): CodeTarget => ({
  channel: 'sms',
  target: `+${qu} ${phone}`,
});
export const emailTarget = (email: string): CodeTarget => ({
  channel: 'email',
  target: email.toLowerCase(),
});

/**
 * Six-digit verification codes by SMS or e-mail: one resend per 120 s per target, a per-IP hourly cap,
 * five attempts per code, and a code is consumed by the action it authorises.
 */
@Injectable()
export class VerificationService {
  private readonly ipLimiter: RateLimiterRedis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CODE_SENDERS) private readonly senders: Partial<Record<CodeChannel, CodeSender>>,
  ) {
    this.ipLimiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'code_ip',
      points: env.CODE_IP_HOURLY_LIMIT,
      duration: 3600,
    });
  }

  private codeKey(scene: CodeScene, { channel, target }: CodeTarget) {
    return `verify_code:${scene}:${channel}:${target}`;
  }

  private blockKey({ channel, target }: CodeTarget) {
    return `verify_block:${channel}:${target}`;
  }

  async send(
    to: CodeTarget,
    scene: CodeScene,
    client: ClientContext,
  ): Promise<{ resendAfter: number }> {
    const sender = this.senders[to.channel];
    if (!sender) throw new DomainError('code.sender_unavailable');
    const blocked = await this.redis.set(this.blockKey(to), '1', 'EX', CODE_RESEND_SECONDS, 'NX');
    if (blocked !== 'OK') {
      const seconds = Math.max(1, await this.redis.ttl(this.blockKey(to)));
      throw new DomainError('code.resend_wait', { seconds }, 601);
    }
    try {
      await this.ipLimiter.consume(client.ip);
      const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
        VERIFICATION_CODE_LENGTH,
        '0',
      );
      const stored: StoredCode = { code, attempts: 0, verified: false };
      const ttlSeconds = this.env.CODE_TTL_MINUTES * 60;
      await this.redis.set(this.codeKey(scene, to), JSON.stringify(stored), 'EX', ttlSeconds);
      await sender.send({
        ...to,
        code,
        scene,
        lang: client.lang,
        ttlMinutes: this.env.CODE_TTL_MINUTES,
      });
      return { resendAfter: CODE_RESEND_SECONDS };
    } catch (error) {
      // Nothing was delivered: let the user try again at once rather than wait out the resend block.
      await this.redis.del(this.blockKey(to), this.codeKey(scene, to));
      if (error instanceof RateLimiterRes) throw new DomainError('code.ip_limit', {}, 601);
      if (error instanceof DomainError) throw error;
      throw new DomainError('code.sender_unavailable');
    }
  }

  /** Checks a code and marks it verified (the form's auto-verify); the code stays usable for the action. */
  async verify(to: CodeTarget, scene: CodeScene, code: string): Promise<{ verified: true }> {
    const key = this.codeKey(scene, to);
    const stored = await this.check(key, code);
    await this.redis.set(key, JSON.stringify({ ...stored, verified: true }), 'KEEPTTL');
    return { verified: true };
  }

  /** Checks a code and uses it up; called by the action the code authorises (register, reset, bind). */
  async consume(to: CodeTarget, scene: CodeScene, code: string): Promise<void> {
    const key = this.codeKey(scene, to);
    await this.check(key, code);
    await this.redis.del(key);
  }

  private async check(key: string, code: string): Promise<StoredCode> {
    const raw = await this.redis.get(key);
    if (!raw) throw new DomainError('code.invalid');
    const stored = JSON.parse(raw) as StoredCode;
    if (!sameCode(stored.code, code.trim())) {
      const attempts = stored.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        // The code is dead: a guesser gets five tries per code, then must ask for another.
        await this.redis.del(key);
        throw new DomainError('code.too_many_attempts');
      }
      await this.redis.set(key, JSON.stringify({ ...stored, attempts }), 'KEEPTTL');
      throw new DomainError('code.invalid');
    }
    return stored;
  }
}

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
