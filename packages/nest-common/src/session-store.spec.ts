import { randomBytes } from 'node:crypto';

import type { SessionUser } from '@platform/contracts';
import Redis from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { newToken, SessionStore, tokenIdOf } from './session-store';

const namespace = `t${process.pid}${randomBytes(3).toString('hex')}`;
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
  keyPrefix: `${namespace}:`,
});

function session(userId: number, overrides: Partial<SessionUser> = {}): SessionUser {
  const now = Date.now();
  return {
    tokenId: tokenIdOf(newToken()),
    userId,
    userName: `user${userId}`,
    nickName: '',
    avatar: '',
    email: '',
    phonenumber: '',
    qu: '',
    pagesize: null,
    tour: 0,
    deptId: null,
    companyId: null,
    admin: false,
    roles: ['ROLE_DEFAULT'],
    permissions: [],
    loginTime: now,
    expireTime: now + 30 * 60_000,
    ipaddr: '127.0.0.1',
    browser: 'Chrome 1',
    os: 'Linux',
    lang: 'zh',
    ...overrides,
  };
}

describe(SessionStore.name, () => {
  const sut = new SessionStore(redis);

  beforeEach(async () => {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(namespace.length + 1)));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(namespace.length + 1)));
    await redis.quit();
  });

  it('should store only the token hash and read the session back by it', async () => {
    const token = newToken();
    const s = session(7, { tokenId: tokenIdOf(token) });
    await sut.save(s);
    expect(await sut.get(tokenIdOf(token))).toEqual(s);
    const raw = await redis.keys(`${namespace}:login_tokens:*`);
    expect(raw.join()).not.toContain(token);
  });

  it('should expire the record with the session', async () => {
    const s = session(7, { expireTime: Date.now() + 5000 });
    await sut.save(s);
    const ttl = await redis.pttl(`login_tokens:${s.tokenId}`);
    expect(ttl).toBeGreaterThan(3000);
    expect(ttl).toBeLessThanOrEqual(5000);
  });

  it('should renew a session only inside the renewal window', async () => {
    const fresh = session(1);
    expect(await sut.renewIfDue(fresh)).toBe(fresh);
    const old = session(1, { expireTime: Date.now() + 60_000 });
    await sut.save(old);
    const renewed = await sut.renewIfDue(old);
    expect(renewed.expireTime).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await sut.get(old.tokenId))?.expireTime).toBe(renewed.expireTime);
  });

  it('should renew only the expiry, not write back what the request read before a change', async () => {
    const read = session(2, { expireTime: Date.now() + 60_000 });
    await sut.save(read);
    await sut.updateForUser(2, (s) => ({ ...s, tour: 1, roles: ['ROLE_NEW'] }));
    const renewed = await sut.renewIfDue(read);
    const stored = await sut.get(read.tokenId);
    expect(stored).toMatchObject({ tour: 1, roles: ['ROLE_NEW'], expireTime: renewed.expireTime });
    expect(renewed.expireTime).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await redis.pttl('user_sessions:2')).toBeGreaterThan(29 * 60_000);
  });

  it('should not bring back a session ended while it was being renewed or changed', async () => {
    const s = session(3, { expireTime: Date.now() + 60_000 });
    await sut.save(s);
    await sut.remove(s.tokenId);
    await sut.renewIfDue(s);
    await sut.updateForUser(3, (x) => ({ ...x, avatar: 'late.png' }));
    expect(await redis.exists(`login_tokens:${s.tokenId}`)).toBe(0);
  });

  it('should apply read-then-write changes of one user in the order of their reads', async () => {
    const s = session(4);
    await sut.save(s);
    let tourInDatabase = 0;
    const slowRefresh = sut.lockUser(4, async () => {
      const tour = tourInDatabase;
      await new Promise((resolve) => setTimeout(resolve, 80));
      await sut.updateForUser(4, (x) => ({ ...x, tour }));
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    tourInDatabase = 1;
    const refreshAfterChange = sut.lockUser(4, async () => {
      const tour = tourInDatabase;
      await sut.updateForUser(4, (x) => ({ ...x, tour }));
    });
    await Promise.all([slowRefresh, refreshAfterChange]);
    expect((await sut.get(s.tokenId))?.tour).toBe(1);
    expect(await redis.exists('user_sessions_lock:4')).toBe(0);
  });

  it('should give up a busy lock at once when asked not to wait, and release it after a failure', async () => {
    let release!: () => void;
    const held = sut.lockUser(5, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await sut.tryLockUser(5, async () => 'ran')).toBeUndefined();
    release();
    await held;
    await expect(
      sut.lockUser(5, async () => {
        throw new Error('refresh failed');
      }),
    ).rejects.toThrow('refresh failed');
    expect(await sut.tryLockUser(5, async () => 'ran')).toBe('ran');
  });

  it('should list, update and remove every session of one user and no other', async () => {
    const a1 = session(10);
    const a2 = session(10);
    const b = session(11);
    await Promise.all([sut.save(a1), sut.save(a2), sut.save(b)]);
    expect((await sut.listForUser(10)).map((s) => s.tokenId).sort()).toEqual(
      [a1.tokenId, a2.tokenId].sort(),
    );
    await sut.updateForUser(10, (s) => ({ ...s, avatar: 'new.png' }));
    expect((await sut.get(a1.tokenId))?.avatar).toBe('new.png');
    expect((await sut.get(b.tokenId))?.avatar).toBe('');
    expect(await sut.removeAllForUser(10)).toBe(2);
    expect(await sut.get(a2.tokenId)).toBeNull();
    expect(await sut.get(b.tokenId)).not.toBeNull();
    expect((await sut.listAll()).map((s) => s.tokenId)).toEqual([b.tokenId]);
  });

  it('should prune ids of sessions that expired on their own', async () => {
    const s = session(12);
    await sut.save(s);
    await redis.del(`login_tokens:${s.tokenId}`);
    expect(await sut.listForUser(12)).toEqual([]);
    expect(await redis.scard('user_sessions:12')).toBe(0);
  });
});
