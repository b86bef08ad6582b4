import Redis from 'ioredis';

import type { BaseEnv } from './env';

/** BullMQ queues that cross services. A job that must not be lost travels here, not as a bare event. */
export const QUEUES = {
  /** Operation-log entries: recorded by the gateway, written by identity. */
  operLog: 'oper-log',
  /** Verification codes: made and throttled by identity, sent by the notification service. */
  codeDelivery: 'code-delivery',
} as const;

/** BullMQ keeps its keys under its own prefix (it does not support ioredis' keyPrefix). */
export function bullPrefix(env: BaseEnv): string {
  return `${env.NAMESPACE}:bull`;
}

/** A connection as BullMQ wants it: no key prefix, no per-request retry cap (its blocking reads wait). */
export function bullConnection(env: BaseEnv): Redis {
  return new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
}
