import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  ADMIN_PATTERNS,
  BILLING_MISSION_PATTERNS,
  type MissionHoldView,
} from '@platform/contracts';
import type { MissionFreezeBody, MissionHoldRefBody } from '@platform/contracts/dto';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

/** The billing service (and identity's system parameters) as mission costs need them. */
@Injectable()
export class BillingClient implements OnApplicationShutdown {
  private client: RpcClient | null = null;

  constructor(@Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv) {}

  freeze(body: MissionFreezeBody): Promise<MissionHoldView> {
    return this.send(BILLING_MISSION_PATTERNS.freeze, body);
  }

  settle(body: MissionHoldRefBody): Promise<MissionHoldView> {
    return this.send(BILLING_MISSION_PATTERNS.settle, body);
  }

  release(body: MissionHoldRefBody): Promise<MissionHoldView> {
    return this.send(BILLING_MISSION_PATTERNS.release, body);
  }

  /** A system parameter's value ('' when unset), from identity. */
  configValue(configKey: string): Promise<string> {
    return this.send(ADMIN_PATTERNS.configByKey, {
      body: { configKey },
      client: { ip: '127.0.0.1', userAgent: 'workflow', lang: 'zh' },
    });
  }

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    this.client ??= createRpcClient(this.env);
    return callService<T>(this.client, pattern, payload, this.env.RPC_TIMEOUT_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
