import type Redis from 'ioredis';

/**
 * Live pushes to a user's open socket channels (spec §7 "Socket"). Any service publishes; every gateway
 * instance receives and delivers to the sockets it holds. Best effort by nature: what must not be lost is
 * stored by its owner first (in-app messages) and the push only announces it.
 */
export interface UserPush {
  userId: number;
  /** Sent to the browser as is: plain text, or JSON such as `{type, message, messageEn}`. */
  payload: string;
}

/** Pub/sub channels are not key-prefixed by ioredis, so the namespace is spelled out here. */
export function userPushChannel(namespace: string): string {
  return `${namespace}:user-push`;
}

/** Token ids of sessions that ended (logout, password change, force logout): gateways close their sockets. */
export function sessionEndedChannel(namespace: string): string {
  return `${namespace}:session-ended`;
}

/**
 * Ids of assistant replies whose reader left (the browser closed the stream): the workflow instance
 * writing one aborts its model call. Pub/sub, so it reaches whichever instance holds the reply.
 */
export function chatAbortChannel(namespace: string): string {
  return `${namespace}:chat-abort`;
}

export async function publishToUser(
  redis: Redis,
  namespace: string,
  userId: number,
  payload: string | Record<string, unknown>,
): Promise<void> {
  const message: UserPush = {
    userId,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  };
  await redis.publish(userPushChannel(namespace), JSON.stringify(message));
}
