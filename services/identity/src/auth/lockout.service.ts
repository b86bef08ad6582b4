import { Inject, Injectable } from '@nestjs/common';
import { DomainError, SESSION_KEYS } from '@platform/contracts';
import type Redis from 'ioredis';

import { REDIS } from '../infra/infra.module';
import { ConfigParamsService } from '../params/config-params.service';

// Counts the attempt and (re)starts the lock window in one step, so parallel attempts each see a
// distinct count; once the limit is used up the window is left alone (retrying does not extend it).
const TAKE_ATTEMPT = `
local n = redis.call('INCR', KEYS[1])
if n <= tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return n`;

/** What to answer if a password check fails; `logged` is the reason the login log keeps. */
export class SignInRefusal extends DomainError {
  constructor(
    key: 'auth.bad_credentials' | 'auth.account_locked',
    params: Record<string, number>,
    readonly logged: 'auth.bad_credentials' | 'auth.account_locked' | 'auth.unknown_account',
  ) {
    super(key, params);
  }
}

/**
 * Password attempts per account: after N (default 5) the account is locked for M minutes (default 10).
 * An attempt is taken before the password is checked, atomically, so N parallel wrong passwords run
 * at most N slow hashes, and a locked account's password is never checked (no guessing oracle).
 */
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

  /**
   * Takes one attempt for the account or throws "locked" when none is left. Returns the refusal to
   * raise if this attempt's password turns out wrong ("locked" when it was the last one).
   */
  async takeAttempt(account: string): Promise<(logged: SignInRefusal['logged']) => SignInRefusal> {
    const { count, minutes } = await this.limits();
    const taken = Number(
      await this.redis.eval(
        TAKE_ATTEMPT,
        1,
        SESSION_KEYS.passwordErrors(account),
        count,
        minutes * 60,
      ),
    );
    if (taken > count)
      throw new SignInRefusal('auth.account_locked', { count, minutes }, 'auth.account_locked');
    return (logged) =>
      taken === count
        ? new SignInRefusal('auth.account_locked', { count, minutes }, logged)
        : new SignInRefusal('auth.bad_credentials', {}, logged);
  }

  async clear(account: string): Promise<void> {
    await this.redis.del(SESSION_KEYS.passwordErrors(account));
  }
}
