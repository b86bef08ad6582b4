import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import type { AssigneeIdsQuery } from '@platform/contracts/dto';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

/** Identity's current people, as task assignment rules need them. */
@Injectable()
export class IdentityClient implements OnApplicationShutdown {
  private client: RpcClient | null = null;

  constructor(@Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv) {}

  /** Ids of live, enabled users the dimension names (see identity's AssigneeIdsController). */
  assigneeIds(query: AssigneeIdsQuery): Promise<number[]> {
    this.client ??= createRpcClient(this.env);
    return callService<number[]>(
      this.client,
      IDENTITY_PATTERNS.assigneeIds,
      { body: query, client: { ip: '127.0.0.1', userAgent: 'workflow', lang: 'zh' } },
      this.env.RPC_TIMEOUT_MS,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
