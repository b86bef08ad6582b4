import type Redis from 'ioredis';

/**
 * Live pushes to a user's open socket channels (spec §7 "Socket"). Any service publishes; every gateway
 * instance receives and delivers to the sockets it holds. Best effort by nature: what must not be lost is
 * stored by its owner first (in-app messages) and the push only announces it.
 */
export interface UserPush {
  /** One user (publishToUser), or several (publishToUsers: one Redis message for many recipients). */
  userId?: number;
  userIds?: number[];
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

/** Users per Redis message of publishToUsers: a notice to 10,000 users is two messages, not 10,000. */
export const PUSH_USERS_PER_MESSAGE = 5000;

/** The same frame to many users (a notice, a role's message), in a few Redis messages. */
export async function publishToUsers(
  redis: Redis,
  namespace: string,
  userIds: readonly number[],
  payload: string | Record<string, unknown>,
): Promise<void> {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  for (let i = 0; i < userIds.length; i += PUSH_USERS_PER_MESSAGE) {
    const message: UserPush = {
      userIds: userIds.slice(i, i + PUSH_USERS_PER_MESSAGE),
      payload: text,
    };
    await redis.publish(userPushChannel(namespace), JSON.stringify(message));
  }
}
