import type Redis from 'ioredis';

/**
 * Keys matching a pattern, without the connection's namespace prefix. SCAN does not apply ioredis'
 * keyPrefix to MATCH nor strip it from results, hence the prefix handling here.
 */
export async function scanKeys(redis: Redis, pattern: string, limit = 100_000): Promise<string[]> {
  const prefix = redis.options.keyPrefix ?? '';
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch.map((key) => key.slice(prefix.length)));
  } while (cursor !== '0' && keys.length < limit);
  return keys;
}

export async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  const keys = await scanKeys(redis, pattern);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  return keys.length;
}
