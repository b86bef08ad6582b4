import { Inject, Injectable } from '@nestjs/common';
import { DomainError, SESSION_KEYS } from '@platform/contracts';
import type Redis from 'ioredis';

import { REDIS } from '../infra/infra.module';
import { ConfigParamsService } from '../params/config-params.service';

/** Wrong-password counting: after N failures (default 5) the account is locked for M minutes (default 10). */
@Injectable()
export class LockoutService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly params: ConfigParamsService,
  ) {}

  private async limits() {
    const [count, minutes] = await Promise.all([
      this.params.getNumber('sys.account.maxRetryCount', 5),
      this.params.getNumber('sys.account.lockTime', 10),
    ]);
    return { count, minutes };
  }

  /** Throws auth.account_locked while the account is locked. */
  async assertNotLocked(userName: string): Promise<void> {
    const { count, minutes } = await this.limits();
    const failures = Number((await this.redis.get(SESSION_KEYS.passwordErrors(userName))) ?? 0);
    if (failures >= count) throw new DomainError('auth.account_locked', { count, minutes });
  }

  /** Counts a failure; returns the error to raise (locked when this one reached the limit). */
  async recordFailure(userName: string): Promise<DomainError> {
    const { count, minutes } = await this.limits();
    const key = SESSION_KEYS.passwordErrors(userName);
    const [[, failures]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, minutes * 60)
      .exec()) as [[Error | null, number]];
    return failures >= count
      ? new DomainError('auth.account_locked', { count, minutes })
      : new DomainError('auth.bad_credentials');
  }

  async clear(userName: string): Promise<void> {
    await this.redis.del(SESSION_KEYS.passwordErrors(userName));
  }
}
