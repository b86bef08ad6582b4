import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { USER_SOCKET_PROTOCOL } from '@platform/contracts';
import {
  createRedis,
  sessionEndedChannel,
  SessionStore,
  tokenIdOf,
  type UserPush,
  userPushChannel,
} from '@platform/nest-common';
import type Redis from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';

import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

export const USER_SOCKET_PATH = '/ws/user';
/** Selected when a client offers it beside its token, so the token is never echoed back. */
const SOCKET_PROTOCOL = USER_SOCKET_PROTOCOL;
/** The channel only pushes to the browser; a larger frame from a client is refused (close 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Per user and gateway instance: a runaway client cannot hold the hub's memory. */
export const MAX_SOCKETS_PER_USER = 10;
const HEARTBEAT_MS = 30_000;
const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
};

interface Identified {
  userId: number;
  tokenId: string;
}

/**
 * The per-user socket channel of spec §7, on the gateway's own port under /ws/user (for https, behind a
 * proxy) and on the plain port 5565. A connection must carry the user's session token (query `token` or
 * the Sec-WebSocket-Protocol header) for the `userId` it names, from an allowed origin (DESIGN "Socket
 * channel"). Pushes arrive on a Redis channel, so any gateway instance delivers to the sockets it holds.
 */
@Injectable()
export class UserSocketHub implements OnApplicationShutdown {
  private readonly logger = new Logger(UserSocketHub.name);
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // Select our protocol when offered; older clients that send only the token get it echoed as before.
    handleProtocols: (offered) =>
      offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : ([...offered][0] ?? false),
  });
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly identities = new WeakMap<WebSocket, Identified>();
  private readonly allowedOrigins: Set<string>;
  private subscriber: Redis | null = null;
  private endedChannel = '';
  private plainHttp: Server | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly alive = new WeakSet<WebSocket>();

  constructor(
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    private readonly sessions: SessionStore,
  ) {
    this.allowedOrigins = new Set(
      env.WEB_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    );
  }

  /** Hooks the channel into the gateway's HTTP server and opens the plain port; idempotent per server. */
  async start(httpServer: Server): Promise<void> {
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://x').pathname !== USER_SOCKET_PATH) return;
      void this.upgrade(request, socket, head, httpServer);
    });
    if (this.env.SOCKET_PORT >= 0) {
      // The plain port only upgrades; any other request is told to upgrade (426).
      const plain = createServer((_req, res) => res.writeHead(426).end());
      plain.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        void this.upgrade(request, socket, head, httpServer);
      });
      await new Promise<void>((resolve) =>
        plain.listen(this.env.SOCKET_PORT, this.env.GATEWAY_HOST, resolve),
      );
      this.plainHttp = plain;
    }
    this.subscriber = createRedis(this.env, 'gateway-socket');
    const pushChannel = userPushChannel(this.env.NAMESPACE);
    this.endedChannel = sessionEndedChannel(this.env.NAMESPACE);
    await this.subscriber.subscribe(pushChannel, this.endedChannel);
    this.subscriber.on('message', (channel, message) => {
      if (channel === this.endedChannel) this.closeSession(message);
      else void this.deliver(message);
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The plain socket port actually listened on (0 in the config picks a free one). */
  plainPort(): number | null {
    const address = this.plainHttp?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  private async upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    httpServer: Server,
  ) {
    const refuse = (status: number) => {
      socket.write(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n\r\n`);
      socket.destroy();
    };
    if (!this.originAllowed(request.headers.origin, httpServer)) return refuse(403);
    const identity = await this.identify(request);
    if (!identity) return refuse(401);
    if (this.connectionsOf(identity.userId) >= MAX_SOCKETS_PER_USER) return refuse(429);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.register(ws, identity));
  }

  /** Browsers always send Origin; non-browser clients (no Origin) are judged by their token alone. */
  private originAllowed(origin: string | undefined, httpServer: Server): boolean {
    if (!origin) return true;
    if (this.allowedOrigins.has(origin)) return true;
    const address = httpServer.address() as AddressInfo | null;
    return Boolean(address) && origin === `http://${this.env.GATEWAY_HOST}:${address!.port}`;
  }

  private async identify(request: IncomingMessage): Promise<Identified | null> {
    const url = new URL(request.url ?? '/', 'http://x');
    const userId = Number(url.searchParams.get('userId'));
    const offered = (request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p && p !== SOCKET_PROTOCOL);
    const token = url.searchParams.get('token') ?? offered[0];
    if (!token || !Number.isInteger(userId) || userId <= 0) return null;
    const tokenId = tokenIdOf(token);
    const session = await this.sessions.get(tokenId);
    return session && session.userId === userId ? { userId, tokenId } : null;
  }

  private register(ws: WebSocket, identity: Identified): void {
    this.identities.set(ws, identity);
    this.alive.add(ws);
    const set = this.sockets.get(identity.userId) ?? new Set<WebSocket>();
    set.add(ws);
    this.sockets.set(identity.userId, set);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0) this.sockets.delete(identity.userId);
    });
    ws.on('error', () => ws.terminate());
  }

  /**
   * Delivers one push to this instance's sockets of its user (or users), dropping those whose session
   * ended. The sessions are looked up together (MGET, once per session), so a notice to thousands of
   * sockets costs a few Redis round trips, not one per socket.
   */
  private async deliver(raw: string): Promise<void> {
    let push: UserPush;
    try {
      push = JSON.parse(raw) as UserPush;
    } catch {
      return;
    }
    const userIds = push.userIds ?? (push.userId === undefined ? [] : [push.userId]);
    const targets: WebSocket[] = [];
    for (const userId of userIds) for (const ws of this.sockets.get(userId) ?? []) targets.push(ws);
    if (targets.length === 0) return;
    const tokenIds = [...new Set(targets.map((ws) => this.identities.get(ws)?.tokenId ?? ''))];
    const sessions = await this.sessions.getMany(tokenIds).catch(() => null);
    // Redis unreachable: deliver (the sessions were valid at connect; the heartbeat re-checks them).
    const live = new Set(sessions ? tokenIds.filter((_, i) => sessions[i]) : tokenIds);
    // Encoded once for every socket instead of once per send.
    const frame = Buffer.from(push.payload);
    for (const ws of targets) {
      const identity = this.identities.get(ws);
      if (!identity || !live.has(identity.tokenId)) ws.close(4401, 'session ended');
      else if (ws.readyState === WebSocket.OPEN) ws.send(frame, { binary: false });
    }
  }

  /** Logout, a password change or a forced logout ended the session: its sockets close at once. */
  private closeSession(tokenId: string): void {
    for (const set of this.sockets.values())
      for (const ws of set)
        if (this.identities.get(ws)?.tokenId === tokenId) ws.close(4401, 'session ended');
  }

  private beat(): void {
    for (const set of this.sockets.values()) {
      for (const ws of set) {
        if (!this.alive.has(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.delete(ws);
        ws.ping();
        void this.closeIfExpired(ws);
      }
    }
  }

  /** Sessions that simply ran out (no announcement) are found at the next heartbeat. */
  private async closeIfExpired(ws: WebSocket): Promise<void> {
    const identity = this.identities.get(ws);
    if (identity && !(await this.sessions.get(identity.tokenId).catch(() => true)))
      ws.close(4401, 'session ended');
  }

  /** How many sockets this instance holds, for every user (the metrics' sockets open). */
  openSockets(): number {
    let open = 0;
    for (const set of this.sockets.values()) open += set.size;
    return open;
  }

  /** How many sockets this instance holds for a user (diagnostics and tests). */
  connectionsOf(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.sockets.values()) for (const ws of set) ws.terminate();
    this.wss.close();
    await new Promise<void>((resolve) =>
      this.plainHttp ? this.plainHttp.close(() => resolve()) : resolve(),
    );
    await this.subscriber?.quit().catch(() => undefined);
  }
}
