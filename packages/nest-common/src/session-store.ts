import { createHash, randomBytes } from 'node:crypto';

import {
  SESSION_KEYS,
  SESSION_RENEW_WITHIN_MINUTES,
  SESSION_TTL_MINUTES,
  type SessionUser,
} from '@platform/contracts';
import type Redis from 'ioredis';

const MINUTE = 60_000;
/** How long one holder may keep a user's session lock: longer than any refresh, short if one dies. */
const USER_LOCK_MS = 10_000;
/** How long to wait for a user's session lock: past the holder's lease, so it is there by then. */
const USER_LOCK_WAIT_MS = USER_LOCK_MS + 2_000;
const USER_LOCK_RETRY_MS = 15;
/** Deletes the lock only while it is still this holder's (its lease may have passed to another). */
const RELEASE_OWN_LOCK =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
const userLockKey = (userId: number) => `user_sessions_lock:${userId}`;
/** Parsed session records kept in memory (cleared whole when full: a miss only costs a parse). */
const PARSED_SESSIONS_KEPT = 10_000;
/** Seven days: a stolen token stops working a week after sign-in however busy it is kept. */
export const SESSION_MAX_HOURS_DEFAULT = 168;

/** A new bearer token: 256 random bits. Only its sha256 (the token id) is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions in Redis. Identity writes them at sign-in; the gateway reads one per request,
 * so logout and force-logout take effect on the very next request.
 */
export class SessionStore {
  private readonly parsed = new Map<string, { raw: string; session: SessionUser }>();
  /**
   * @param ttlMinutes the sliding lifetime: renewed on activity
   * @param maxHours the absolute lifetime from sign-in: no activity extends a session past it
   * @param endedChannel where an ended session's token id is published
   */
  constructor(
    private readonly redis: Redis,
    private readonly ttlMinutes = SESSION_TTL_MINUTES,
    private readonly maxHours = SESSION_MAX_HOURS_DEFAULT,
    /** Where an ended session is announced (see sessionEndedChannel), so its sockets close too. */
    private readonly endedChannel: string | null = null,
  ) {}

  async get(tokenId: string): Promise<SessionUser | null> {
    const raw = await this.redis.get(SESSION_KEYS.session(tokenId));
    if (!raw) return null;
    const session = this.parse(tokenId, raw);
    return this.isOver(session) ? null : session;
  }

  /**
   * Several sessions at once (one MGET per thousand): the socket hub checks every recipient of a
   * notice in a few round trips. Null where a session is gone or over.
   */
  async getMany(tokenIds: readonly string[]): Promise<(SessionUser | null)[]> {
    const found: (SessionUser | null)[] = [];
    for (let i = 0; i < tokenIds.length; i += 1000) {
      const slice = tokenIds.slice(i, i + 1000);
      const raws = await this.redis.mget(...slice.map((id) => SESSION_KEYS.session(id)));
      const now = Date.now();
      raws.forEach((raw, j) => {
        const session = raw ? this.parse(slice[j]!, raw) : null;
        found.push(session && !this.isOver(session, now) ? session : null);
      });
    }
    return found;
  }

  async save(session: SessionUser): Promise<void> {
    const ttl = Math.max(1, session.expireTime - Date.now());
    await this.redis
      .multi()
      .set(SESSION_KEYS.session(session.tokenId), JSON.stringify(session), 'PX', ttl)
      .sadd(SESSION_KEYS.userSessions(session.userId), session.tokenId)
      .pexpire(SESSION_KEYS.userSessions(session.userId), ttl + MINUTE)
      .exec();
  }

  /**
   * Sessions renew on activity: when less than the renewal window is left, the lifetime starts again.
   * Only the expiry changes: the record is read again under the user's lock, so a renewal from a
   * request that read the session before a change (roles, tour flag…) does not write the old one back.
   */
  async renewIfDue(session: SessionUser, now = Date.now()): Promise<SessionUser> {
    if (session.expireTime - now > SESSION_RENEW_WITHIN_MINUTES * MINUTE) return session;
    const expireTime = Math.min(now + this.ttlMinutes * MINUTE, this.endOf(session.loginTime));
    if (expireTime <= session.expireTime) return session;
    // A busy lock only postpones the renewal to a later request; the session is valid as it is.
    const renewed = await this.tryLockUser(session.userId, async () => {
      const current = await this.get(session.tokenId);
      if (!current || expireTime <= current.expireTime) return current;
      const next = { ...current, expireTime };
      return (await this.overwrite(next)) ? next : null;
    });
    return renewed ?? session;
  }

  /** The expiry of a session opened at `loginTime` (now, by default). */
  expiryFromNow(now = Date.now(), loginTime = now): number {
    return Math.min(now + this.ttlMinutes * MINUTE, this.endOf(loginTime));
  }

  /** A session whose absolute lifetime is over counts as gone even if a record is left. */
  isOver(session: SessionUser, now = Date.now()): boolean {
    return now >= session.expireTime || now >= this.endOf(session.loginTime);
  }

  /**
   * The record as an object, parsed once per version: while Redis holds the same text, the same
   * (frozen) object comes back, so per-session work built from it can be cached by identity.
   */
  private parse(tokenId: string, raw: string): SessionUser {
    const known = this.parsed.get(tokenId);
    if (known?.raw === raw) return known.session;
    const session = Object.freeze(JSON.parse(raw) as SessionUser);
    if (this.parsed.size >= PARSED_SESSIONS_KEPT) this.parsed.clear();
    this.parsed.set(tokenId, { raw, session });
    return session;
  }

  private endOf(loginTime: number): number {
    return loginTime + this.maxHours * 60 * MINUTE;
  }

  async remove(tokenId: string): Promise<SessionUser | null> {
    const session = await this.get(tokenId);
    await this.redis.del(SESSION_KEYS.session(tokenId));
    this.parsed.delete(tokenId);
    if (session) await this.redis.srem(SESSION_KEYS.userSessions(session.userId), tokenId);
    if (this.endedChannel) await this.redis.publish(this.endedChannel, tokenId);
    return session;
  }

  /** The live sessions of a user (the set may hold ids of expired ones; those are pruned here). */
  async listForUser(userId: number): Promise<SessionUser[]> {
    const ids = await this.redis.smembers(SESSION_KEYS.userSessions(userId));
    const sessions = await Promise.all(ids.map((id) => this.get(id)));
    const dead = ids.filter((_, i) => !sessions[i]);
    if (dead.length) await this.redis.srem(SESSION_KEYS.userSessions(userId), ...dead);
    return sessions.filter((s): s is SessionUser => s !== null);
  }

  async removeAllForUser(userId: number): Promise<number> {
    const sessions = await this.listForUser(userId);
    await Promise.all(sessions.map((s) => this.remove(s.tokenId)));
    return sessions.length;
  }

  /**
   * Applies a change (new roles, avatar…) to every live session of a user, keeping each one's expiry.
   * Call it inside {@link lockUser} when the change was computed from a read (of the database): two
   * such read-then-write changes of one user could otherwise land in the opposite order of their reads.
   */
  async updateForUser(
    userId: number,
    change: (session: SessionUser) => SessionUser,
  ): Promise<void> {
    const sessions = await this.listForUser(userId);
    await Promise.all(sessions.map((s) => this.overwrite(change(s))));
  }

  /**
   * Runs `work` while holding the user's session lock (one Redis key with a lease). Every change of a
   * user's existing sessions goes through it. The lease outlives no holder by more than ten seconds,
   * so a lock still busy after that is an error.
   *
   * Not a library (Redlock): there is one Redis, and a lease plus a compare-and-delete is all of it.
   */
  async lockUser<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const release = await this.acquireUserLock(userId, USER_LOCK_WAIT_MS);
    if (!release) throw new Error(`the sessions of user ${userId} stayed locked`);
    return this.runAndRelease(work, release);
  }

  /** {@link lockUser} that gives up (undefined, `work` not run) when the lock stays busy for `waitMs`. */
  async tryLockUser<T>(userId: number, work: () => Promise<T>, waitMs = 0): Promise<T | undefined> {
    const release = await this.acquireUserLock(userId, waitMs);
    return release ? this.runAndRelease(work, release) : undefined;
  }

  /** Takes the user's lock, waiting `waitMs` at most; what releases it, or null when it stayed busy. */
  private async acquireUserLock(
    userId: number,
    waitMs: number,
  ): Promise<(() => Promise<unknown>) | null> {
    const key = userLockKey(userId);
    const holder = randomBytes(12).toString('base64url');
    const giveUpAt = Date.now() + waitMs;
    while ((await this.redis.set(key, holder, 'PX', USER_LOCK_MS, 'NX')) !== 'OK') {
      if (Date.now() >= giveUpAt) return null;
      await new Promise((resolve) => setTimeout(resolve, USER_LOCK_RETRY_MS));
    }
    // Compare-and-delete: a holder whose lease ran out does not release the next holder's lock.
    return () => this.redis.eval(RELEASE_OWN_LOCK, 1, key, holder);
  }

  private async runAndRelease<T>(
    work: () => Promise<T>,
    release: () => Promise<unknown>,
  ): Promise<T> {
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** Writes a changed record only while it exists: a session ended meanwhile is not brought back. */
  private async overwrite(session: SessionUser): Promise<boolean> {
    const ttl = session.expireTime - Date.now();
    if (ttl <= 0) return false;
    const key = SESSION_KEYS.session(session.tokenId);
    if ((await this.redis.set(key, JSON.stringify(session), 'PX', ttl, 'XX')) !== 'OK')
      return false;
    // The user's set of sessions lives as long as the longest of them (GT: never shortened here).
    await this.redis.pexpire(SESSION_KEYS.userSessions(session.userId), ttl + MINUTE, 'GT');
    return true;
  }

  /** Every live session (online users screen). SCAN does not apply ioredis' key prefix, so add it here. */
  async listAll(): Promise<SessionUser[]> {
    const prefix = this.redis.options.keyPrefix ?? '';
    const pattern = `${prefix}${SESSION_KEYS.session('*')}`;
    const ids: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      ids.push(...keys.map((key) => key.slice(prefix.length + SESSION_KEYS.session('').length)));
    } while (cursor !== '0');
    const sessions = await Promise.all(ids.map((id) => this.get(id)));
    return sessions.filter((s): s is SessionUser => s !== null);
  }
}
