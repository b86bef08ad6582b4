import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { OutboxRelay } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';

/** Relays the workflow service's event_outbox (missions' moves) to the consumers' queues. */
@Injectable()
export class WorkflowEventRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkflowEventRelay');
  private relay: OutboxRelay | null = null;

  constructor(
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
    @InjectWorkflowDb() private readonly db: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.relay = new OutboxRelay({ dataSource: this.db, env: this.env, logger: this.logger });
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}
