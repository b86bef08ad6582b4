import { Inject, Injectable, Logger } from '@nestjs/common';
import { RelayedOutbox } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';

/** Relays the workflow service's event_outbox (missions' moves) to the consumers' queues. */
@Injectable()
export class WorkflowEventRelay extends RelayedOutbox {
  constructor(@Inject(WORKFLOW_ENV) env: WorkflowEnv, @InjectWorkflowDb() db: DataSource) {
    super(() => ({ dataSource: db, env, logger: new Logger('WorkflowEventRelay') }));
  }
}
