import {
  ClientNats,
  ClientProxy,
  ClientRedis,
  type CustomStrategy,
  ServerNats,
  ServerRedis,
} from '@nestjs/microservices';

import type { BaseEnv } from './env';

// Request/reply between the gateway and the services. Redis pub/sub by default; NATS with a queue group
// per service when TRANSPORT=nats, so several instances of one service share the load (DESIGN "Transport").
// Channels carry the deployment's NAMESPACE so two deployments (or two test runs) on one broker never
// answer each other's requests; Nest's transports have no prefix option, hence these small subclasses.

function redisOptions(env: BaseEnv) {
  const url = new URL(env.REDIS_URL);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    db: Number(url.pathname.replace('/', '') || 0),
    retryAttempts: 1_000_000,
    retryDelay: 1000,
    // Replies and requests issued in the same tick share one write to Redis.
    enableAutoPipelining: true,
  };
}

class NamespacedServerRedis extends ServerRedis {
  constructor(
    options: ConstructorParameters<typeof ServerRedis>[0],
    private readonly prefix: string,
  ) {
    super(options);
  }
  override getRequestPattern(pattern: string): string {
    return `${this.prefix}${pattern}`;
  }
  override getReplyPattern(pattern: string): string {
    return `${this.prefix}${pattern}.reply`;
  }
  // Incoming channels carry the prefix; handlers are registered under the bare pattern.
  override handleMessage(channel: string, buffer: string, pub: unknown, pattern: string) {
    const bare = (value: string) =>
      value.startsWith(this.prefix) ? value.slice(this.prefix.length) : value;
    return super.handleMessage(bare(channel), buffer, pub as never, bare(pattern));
  }
}

class NamespacedClientRedis extends ClientRedis {
  constructor(
    options: ConstructorParameters<typeof ClientRedis>[0],
    private readonly prefix: string,
  ) {
    super(options);
  }
  override getRequestPattern(pattern: string): string {
    return `${this.prefix}${pattern}`;
  }
  override getReplyPattern(pattern: string): string {
    return `${this.prefix}${pattern}.reply`;
  }
}

type NatsConnection = Parameters<ServerNats['bindEvents']>[0];

class NamespacedServerNats extends ServerNats {
  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly prefix: string,
    private readonly queue: string,
  ) {
    super(options);
  }
  // Same as ServerNats.bindEvents, with the subject prefixed; the handler is still looked up unprefixed.
  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      const queue = this.messageHandlers.get(channel)?.extras?.queue ?? this.queue;
      const subscription = client.subscribe(`${this.prefix}${channel}`, {
        queue,
        callback: this.getMessageHandler(channel).bind(this),
      });
      (this as unknown as { subscriptions: unknown[] }).subscriptions.push(subscription);
    }
  }
}

class NamespacedClientNats extends ClientNats {
  constructor(
    options: ConstructorParameters<typeof ClientNats>[0],
    private readonly prefix: string,
  ) {
    super(options);
  }
  protected override normalizePattern(pattern: Parameters<ClientProxy['send']>[0]): string {
    return `${this.prefix}${super.normalizePattern(pattern)}`;
  }
}

/** Connection options of the NATS transport; the credentials come from NATS_USER / NATS_PASSWORD. */
export function natsOptions(env: BaseEnv): { servers: string[]; user?: string; pass?: string } {
  const credentials = env.NATS_USER ? { user: env.NATS_USER, pass: env.NATS_PASSWORD ?? '' } : {};
  return { servers: [env.NATS_URL], ...credentials };
}

function channelPrefix(env: BaseEnv): string {
  return `${env.NAMESPACE}.`;
}

/** How long a stopping instance waits between leaving its queue groups and closing, ms. */
const NATS_LEAVE_GRACE_MS = 500;

/** The microservice strategy a service listens with (`NestFactory.createMicroservice(app, strategy)`). */
export function serverStrategy(env: BaseEnv, serviceName: string): CustomStrategy {
  const strategy =
    env.TRANSPORT === 'nats'
      ? new NamespacedServerNats(
          // A stopping instance leaves its queue groups first and closes a moment later, so NATS
          // hands the requests sent meanwhile to the instances that stay instead of to a closed
          // connection, where they would wait out the caller's timeout.
          { ...natsOptions(env), gracefulShutdown: true, gracePeriod: NATS_LEAVE_GRACE_MS },
          channelPrefix(env),
          serviceName,
        )
      : new NamespacedServerRedis(redisOptions(env), channelPrefix(env));
  return { strategy };
}

/** A client to call services with; the caller owns it and closes it on shutdown. */
export type RpcClient = ClientRedis | ClientNats;

export function createRpcClient(env: BaseEnv): RpcClient {
  return env.TRANSPORT === 'nats'
    ? new NamespacedClientNats(natsOptions(env), channelPrefix(env))
    : new NamespacedClientRedis(redisOptions(env), channelPrefix(env));
}
