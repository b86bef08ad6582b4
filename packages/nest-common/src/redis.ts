import Redis from 'ioredis';

import type { BaseEnv } from './env';

/** A Redis connection whose keys all carry the deployment's NAMESPACE (`<ns>:`). */
export function createRedis(env: BaseEnv, connectionName: string): Redis {
  return new Redis(env.REDIS_URL, {
    keyPrefix: `${env.NAMESPACE}:`,
    connectionName,
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
}
