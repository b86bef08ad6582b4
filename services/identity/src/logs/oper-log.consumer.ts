import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { OperLogRecordBody } from '@platform/contracts/dto';
import { bullConnection, bullPrefix, QUEUES } from '@platform/nest-common';
import { type Job, Worker } from 'bullmq';
import { plainToInstance } from 'class-transformer';
import { validateOrReject } from 'class-validator';
import type Redis from 'ioredis';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { LogsService } from './logs.service';

/**
 * Writes the operation-log entries the gateway queues. The queue keeps them while identity is down,
 * and a retried job cannot add a second row (the request id is unique).
 */
@Injectable()
export class OperLogConsumer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(OperLogConsumer.name);
  private connection: Redis | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    private readonly logs: LogsService,
  ) {}

  onModuleInit(): void {
    this.connection = bullConnection(this.env);
    this.worker = new Worker(QUEUES.operLog, (job) => this.write(job), {
      connection: this.connection,
      prefix: bullPrefix(this.env),
      concurrency: 4,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`operation log ${job?.id} not written yet: ${error.message}`),
    );
  }

  private async write(job: Job): Promise<void> {
    const entry = plainToInstance(OperLogRecordBody, job.data);
    await validateOrReject(entry);
    await this.logs.record(entry);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}
