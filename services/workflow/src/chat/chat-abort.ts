import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { chatAbortChannel, createRedis } from '@platform/nest-common';
import type Redis from 'ioredis';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

/**
 * Replies being written by this instance, by message id, and the channel that cancels them. The
 * gateway publishes a reply's id when its reader left (the browser closed the stream): Nest's
 * transports tell a handler nothing when the caller stops listening, and with NATS the request may
 * be on any instance, so the cancel goes to all of them over Redis pub/sub.
 */
@Injectable()
export class ChatAbort implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChatAbort.name);
  private readonly running = new Map<number, AbortController>();
  private subscriber: Redis | null = null;

  constructor(@Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = createRedis(this.env, 'workflow-chat-abort');
    this.subscriber.on('message', (_channel: string, id: string) => this.abort(Number(id)));
    this.subscriber.on('error', (error: Error) =>
      this.logger.warn(`chat abort channel: ${error.message}`),
    );
    await this.subscriber.subscribe(chatAbortChannel(this.env.NAMESPACE));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** The signal of a reply being written; `release` once it is stored. */
  track(messageId: number): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    this.running.set(messageId, controller);
    return { signal: controller.signal, release: () => this.running.delete(messageId) };
  }

  abort(messageId: number): void {
    this.running.get(messageId)?.abort();
  }
}
