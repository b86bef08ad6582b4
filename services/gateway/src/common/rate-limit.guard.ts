import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { RATE_LIMIT_KEY, type RateLimitPolicy } from './decorators';
import { GATEWAY_REDIS } from './redis.provider';

/** Requests per IP and window of each policy; generous for people, tight for scripts. */
const POLICIES: Record<RateLimitPolicy, { points: number; duration: number }> = {
  login: { points: 30, duration: 60 },
  register: { points: 20, duration: 60 },
  code: { points: 30, duration: 60 },
  captcha: { points: 60, duration: 60 },
};

/** Redis-backed rate limits of the auth endpoints, shared by every gateway instance. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<RateLimitPolicy, RateLimiterRedis>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_REDIS) redis: Redis,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    const entries = Object.entries(POLICIES).map(([name, { points, duration }]) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl_${name}`,
        points: Math.ceil(points * env.RATE_LIMIT_FACTOR),
        duration,
      }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<RateLimitPolicy, RateLimiterRedis>;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    try {
      await this.limiters[policy].consume(request.ip);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new DomainError('auth.too_many_requests', { seconds });
    }
  }
}
