import { Inject, Injectable } from '@nestjs/common';
import {
  CACHE_NAMES,
  type CacheInfoView,
  type CacheNameView,
  type CacheValueView,
  CLEARABLE_CACHES,
  DomainError,
} from '@platform/contracts';
import type Redis from 'ioredis';

import { deleteKeys, scanKeys } from '../common/redis-keys';
import { REDIS } from '../infra/infra.module';

const KNOWN = new Set(CACHE_NAMES.map((c) => c.cacheName));

/** Parses Redis INFO text into key/value pairs. */
export function parseInfo(text: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) info[line.slice(0, at)] = line.slice(at + 1);
  }
  return info;
}

/**
 * The cache monitor: Redis figures, key counts per category, and viewing or deleting keys. Only keys
 * of this deployment's namespace are listed or touched.
 */
@Injectable()
export class CacheMonitorService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async info(): Promise<CacheInfoView> {
    const [all, stats, dbSize] = await Promise.all([
      this.redis.info(),
      this.redis.info('commandstats'),
      this.redis.dbsize(),
    ]);
    const commandStats = Object.entries(parseInfo(stats)).map(([key, value]) => ({
      name: key.replace(/^cmdstat_/, ''),
      value: Number(/calls=(\d+)/.exec(value)?.[1] ?? 0),
    }));
    return { info: parseInfo(all), dbSize, commandStats };
  }

  async names(): Promise<CacheNameView[]> {
    const counts = new Map<string, number>();
    for (const key of await scanKeys(this.redis, '*')) {
      const name = key.split(':')[0];
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const known = CACHE_NAMES.map((c) => ({ ...c, keyCount: counts.get(c.cacheName) ?? 0 }));
    const others = [...counts.entries()]
      .filter(([name]) => !KNOWN.has(name))
      .map(([cacheName, keyCount]) => ({
        cacheName,
        remark: { zh: cacheName, en: cacheName },
        keyCount,
      }));
    return [...known, ...others];
  }

  keys(cacheName: string): Promise<string[]> {
    return scanKeys(this.redis, `${cacheName}:*`, 1000).then((keys) => keys.sort());
  }

  async value(cacheName: string, cacheKey: string): Promise<CacheValueView> {
    this.assertInCategory(cacheName, cacheKey);
    const type = await this.redis.type(cacheKey);
    const ttl = await this.redis.ttl(cacheKey);
    let value: unknown = null;
    if (type === 'string') value = await this.redis.get(cacheKey);
    else if (type === 'set') value = await this.redis.smembers(cacheKey);
    else if (type === 'hash') value = await this.redis.hgetall(cacheKey);
    else if (type === 'list') value = await this.redis.lrange(cacheKey, 0, 199);
    else if (type === 'zset') value = await this.redis.zrange(cacheKey, 0, '199', 'WITHSCORES'); // ioredis 6: stop is a string
    return {
      cacheName,
      cacheKey,
      type,
      ttlSeconds: ttl,
      cacheValue: typeof value === 'string' ? value : JSON.stringify(value),
    };
  }

  async clearName(cacheName: string): Promise<number> {
    return deleteKeys(this.redis, `${cacheName}:*`);
  }

  async clearKey(cacheKey: string): Promise<void> {
    await this.redis.del(cacheKey);
  }

  /** Empties the caches that are rebuilt on demand; sessions and counters stay. */
  async clearAll(): Promise<number> {
    let removed = 0;
    for (const name of CLEARABLE_CACHES) removed += await this.clearName(name);
    return removed;
  }

  private assertInCategory(cacheName: string, cacheKey: string): void {
    if (!cacheKey.startsWith(`${cacheName}:`)) throw new DomainError('cache.unknown_name');
  }
}
