import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { SESSION_TTL_MINUTES } from '@platform/contracts';
import { createRedis, sessionEndedChannel, SessionStore } from '@platform/nest-common';
import type Redis from 'ioredis';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

export const REDIS = Symbol('REDIS');

/** Process-wide connections of the identity service: its config, Redis, the session store. */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(env: IdentityEnv) {
    return {
      module: InfraModule,
      providers: [
        { provide: IDENTITY_ENV, useValue: env },
        { provide: REDIS, useFactory: () => createRedis(env, 'identity') },
        {
          provide: SessionStore,
          useFactory: (redis: Redis) =>
            new SessionStore(
              redis,
              SESSION_TTL_MINUTES,
              env.SESSION_MAX_HOURS,
              sessionEndedChannel(env.NAMESPACE),
            ),
          inject: [REDIS],
        },
      ],
      exports: [IDENTITY_ENV, REDIS, SessionStore],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
