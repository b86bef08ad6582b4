import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ADMIN_PATTERNS } from '@platform/contracts';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { BILLING_ENV, type BillingEnv } from '../config/env';

/** Identity as billing needs it: the system parameters (reward amounts) administrators edit. */
@Injectable()
export class IdentityClient implements OnApplicationShutdown {
  private client: RpcClient | null = null;

  constructor(@Inject(BILLING_ENV) private readonly env: BillingEnv) {}

  /** A system parameter's value ('' when unset). */
  configValue(configKey: string): Promise<string> {
    this.client ??= createRpcClient(this.env);
    return callService<string>(
      this.client,
      ADMIN_PATTERNS.configByKey,
      { body: { configKey }, client: { ip: '127.0.0.1', userAgent: 'billing', lang: 'zh' } },
      this.env.RPC_TIMEOUT_MS,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
