import { createHash, randomBytes } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import {
  COCKPIT_TICKET_TTL_SECONDS,
  hasPermission,
  PERMISSIONS,
  type SessionUser,
} from '@platform/contracts';
import { SessionStore } from '@platform/nest-common';
import type Redis from 'ioredis';

import { GATEWAY_REDIS } from '../common/redis.provider';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/** Tickets and webapp cookies are 256 random bits, base64url. */
const SECRET_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Redis keys (under the gateway's namespace); only a hash of a ticket or cookie is stored. */
export const ENGINE_WEBAPP_KEYS = {
  ticket: (hash: string) => `engine_ticket:${hash}`,
  cookie: (hash: string) => `engine_webapp:${hash}`,
};

export function secretHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The engine user a platform user acts as: letters and digits only, never the service account. */
export function engineUserOf(session: Pick<SessionUser, 'userId'>): string {
  return `u${session.userId}`;
}

export function mayOperateEngine(session: Pick<SessionUser, 'permissions'>): boolean {
  return hasPermission(session.permissions, PERMISSIONS.engine.ops.view);
}

/**
 * What the engine lets the user do (its X-Platform-Groups, deploy/engine OpsGroups): `admin` repairs
 * instances (engine:ops:admin), `view` reads. Looked up on every request, so a withdrawn permission
 * takes effect on the next one.
 */
export function engineLevelOf(session: Pick<SessionUser, 'permissions'>): 'admin' | 'view' {
  return hasPermission(session.permissions, PERMISSIONS.engine.ops.admin) ? 'admin' : 'view';
}

/**
 * Who may use the engine's webapps through the gateway. A ticket (30 s, one use) carries a session from
 * the console, where the bearer token lives, to a top-level navigation; it is traded for a cookie that
 * names the same session. Every request through the proxy looks the session up again, so a logout or a
 * lost permission ends webapp access on the next request.
 */
@Injectable()
export class EngineWebappAccess {
  /** The engine's origin when the gateway may vouch for users to it (ENGINE_URL and ENGINE_PROXY_SECRET set). */
  readonly upstream: string | null;
  readonly proxySecret: string | null;

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    const enabled = Boolean(env.ENGINE_URL && env.ENGINE_PROXY_SECRET);
    this.upstream = enabled ? new URL(env.ENGINE_URL!).origin : null;
    this.proxySecret = enabled ? env.ENGINE_PROXY_SECRET! : null;
  }

  get enabled(): boolean {
    return this.upstream !== null;
  }

  async issueTicket(session: SessionUser): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(
      ENGINE_WEBAPP_KEYS.ticket(secretHash(ticket)),
      session.tokenId,
      'EX',
      COCKPIT_TICKET_TTL_SECONDS,
    );
    return ticket;
  }

  /** The live session a ticket was issued to; the ticket is gone afterwards whatever the outcome. */
  async redeemTicket(ticket: unknown): Promise<SessionUser | null> {
    if (typeof ticket !== 'string' || !SECRET_VALUE.test(ticket)) return null;
    const tokenId = await this.redis.getdel(ENGINE_WEBAPP_KEYS.ticket(secretHash(ticket)));
    return tokenId ? this.sessions.get(tokenId) : null;
  }

  /** A new webapp cookie value for the session, kept no longer than the session can live. */
  async openCookie(session: SessionUser): Promise<string> {
    const cookie = randomBytes(32).toString('base64url');
    const lifetimeMs = session.loginTime + this.env.SESSION_MAX_HOURS * 3_600_000 - Date.now();
    await this.redis.set(
      ENGINE_WEBAPP_KEYS.cookie(secretHash(cookie)),
      session.tokenId,
      'PX',
      Math.max(1000, lifetimeMs),
    );
    return cookie;
  }

  /** The live session behind a webapp cookie (renewed on activity like a bearer token's), or null. */
  async sessionOfCookie(cookie: string | undefined): Promise<SessionUser | null> {
    if (!cookie || !SECRET_VALUE.test(cookie)) return null;
    const tokenId = await this.redis.get(ENGINE_WEBAPP_KEYS.cookie(secretHash(cookie)));
    if (!tokenId) return null;
    const session = await this.sessions.get(tokenId);
    return session ? this.sessions.renewIfDue(session) : null;
  }
}
