import { createHash } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';

import { REDIS } from '../infra/infra.module';

const VERSION_KEY = 'user_count:version';
const TTL_SECONDS = 60;

/**
 * Totals of the user list, cached. InnoDB has no stored row count, so COUNT(*) over 100k users reads
 * the whole index on every page view (about 50 ms here, the bulk of the list's cost). A total is
 * cached per query (SQL and parameters) under a version that every write to users, departments or
 * data scopes bumps, so a cached total is never older than the last such write made through the
 * services; the TTL bounds staleness after changes made behind their back.
 */
@Injectable()
export class CountCache {
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

  async invalidate(): Promise<void> {
    await this.redis.incr(VERSION_KEY);
  }
}
