import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  createRedis,
  SessionStore,
  tokenIdOf,
  type UserPush,
  userPushChannel,
} from '@platform/nest-common';
import type Redis from 'ioredis';
import { WebSocket, WebSocketServer } from 'ws';

import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

export const USER_SOCKET_PATH = '/ws/user';
const HEARTBEAT_MS = 30_000;

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
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly identities = new WeakMap<WebSocket, Identified>();
  private readonly allowedOrigins: Set<string>;
  private subscriber: Redis | null = null;
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
    await this.subscriber.subscribe(userPushChannel(this.env.NAMESPACE));
    this.subscriber.on('message', (_channel, message) => void this.deliver(message));
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
      socket.write(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n\r\n`);
      socket.destroy();
    };
    if (!this.originAllowed(request.headers.origin, httpServer)) return refuse(403);
    const identity = await this.identify(request);
    if (!identity) return refuse(401);
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
    const protocol = request.headers['sec-websocket-protocol'];
    const token =
      url.searchParams.get('token') ??
      (typeof protocol === 'string' ? protocol.split(',')[0]?.trim() : undefined);
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

  /** Delivers one push to this instance's sockets of the user, dropping those whose session ended. */
  private async deliver(raw: string): Promise<void> {
    let push: UserPush;
    try {
      push = JSON.parse(raw) as UserPush;
    } catch {
      return;
    }
    for (const ws of this.sockets.get(push.userId) ?? []) {
      const identity = this.identities.get(ws);
      if (!identity || !(await this.sessions.get(identity.tokenId))) {
        ws.close(4401, 'session ended');
        continue;
      }
      if (ws.readyState === WebSocket.OPEN) ws.send(push.payload);
    }
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
      }
    }
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
