import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { OperLogRecord } from '@platform/contracts';
import { bullConnection, bullPrefix, QUEUES, registerQueueDepth } from '@platform/nest-common';
import { Queue } from 'bullmq';

import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/**
 * Operation-log entries go to a BullMQ queue rather than a bare event: they wait there (retried with
 * back-off) while identity is down, and identity writes each once.
 */
@Injectable()
export class OperLogQueue implements OnApplicationShutdown {
  private readonly connection;
  private readonly queue: Queue<OperLogRecord>;

  constructor(@Inject(GATEWAY_ENV) env: GatewayEnv) {
    this.connection = bullConnection(env);
    this.queue = new Queue<OperLogRecord>(QUEUES.operLog, {
      connection: this.connection,
      prefix: bullPrefix(env),
      defaultJobOptions: {
        attempts: 20,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 10_000,
      },
    });
    registerQueueDepth(this.queue);
  }

  async add(record: OperLogRecord): Promise<void> {
    // The request id as job id: the same request is never queued twice.
    await this.queue.add('record', record, { jobId: record.requestId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
