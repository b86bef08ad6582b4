import { createHash } from 'node:crypto';

import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';

import { REDIS } from '../infra/infra.module';

const VERSION_KEY = 'user_count:version';
const TTL_SECONDS = 60;
/** A bump Redis refused is tried again this often until the TTL has passed (see invalidate). */
const BUMP_RETRY_MS = 500;

/**
 * Totals of the user list, cached. InnoDB has no stored row count, so COUNT(*) over 100k users reads
 * the whole index on every page view (about 50 ms here, the bulk of the list's cost). A total is
 * cached per query (SQL and parameters) under a version that every write to users, departments or
 * data scopes bumps, so a cached total is never older than the last such write made through the
 * services; the TTL bounds staleness after changes made behind their back.
 */
@Injectable()
export class CountCache {
  private readonly logger = new Logger(CountCache.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async count(sql: string, params: unknown[], run: () => Promise<number>): Promise<number> {
    const digest = createHash('sha1')
      .update(JSON.stringify([sql, params]))
      .digest('hex');
    const key = `user_count:${digest}`;
    // One round trip: the current version and the cached "version:total" together.
    const [version, cached] = await this.redis.mget(VERSION_KEY, key);
    const current = version ?? '0';
    if (cached?.startsWith(`${current}:`)) return Number(cached.slice(current.length + 1));
    const total = await run();
    await this.redis.set(key, `${current}:${total}`, 'EX', TTL_SECONDS);
    return total;
  }

  /**
   * Bumps the version after a write. It never fails the command: it runs once the write is committed,
   * and an error here would answer "temporarily unavailable" for a change that was made (the fault run
   * saw a user created while Redis was down and answered 503, issue 31). While Redis is away the bump
   * is tried again in the background; once the TTL has passed no total from before the write is left
   * anyway, so a list's total is at most TTL_SECONDS old, as after a change behind the services' back.
   */
  async invalidate(): Promise<void> {
    try {
      await this.redis.incr(VERSION_KEY);
    } catch (error) {
      this.logger.warn(`user count version not bumped, retrying: ${(error as Error).message}`);
      this.bumpLater(Date.now() + TTL_SECONDS * 1000);
    }
  }

  private bumpLater(until: number): void {
    setTimeout(() => {
      this.redis.incr(VERSION_KEY).catch(() => {
        if (Date.now() < until) this.bumpLater(until);
      });
    }, BUMP_RETRY_MS).unref();
  }
}
