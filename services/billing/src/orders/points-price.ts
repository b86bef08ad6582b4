import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  ADMIN_PATTERNS,
  DomainError,
  POINTS_PER_YUAN_CONFIG_KEY,
  POINTS_PER_YUAN_DEFAULT,
} from '@platform/contracts';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { BILLING_ENV, type BillingEnv } from '../config/env';

const TIMEOUT_MS = 5_000;

/**
 * Points one yuan buys: the system parameter `points.price.perYuan` (identity's sys_config, editable
 * by administrators), POINTS_PER_YUAN_DEFAULT when it is unset or not a positive whole number. The
 * price is read when an order is made and stored on it, so a later change never alters an order.
 */
@Injectable()
export class PointsPrice implements OnApplicationShutdown {
  private client: RpcClient | null = null;

  constructor(@Inject(BILLING_ENV) private readonly env: BillingEnv) {}

  async perYuan(): Promise<number> {
    this.client ??= createRpcClient(this.env);
    let value: string;
    try {
      value = await callService<string>(
        this.client,
        ADMIN_PATTERNS.configByKey,
        {
          body: { configKey: POINTS_PER_YUAN_CONFIG_KEY },
          client: { ip: '127.0.0.1', userAgent: 'billing', lang: 'zh' },
        },
        TIMEOUT_MS,
      );
    } catch {
      // Without the price no order can be made: better refused than sold at a guess.
      throw new DomainError('order.recharge_failed');
    }
    const price = Number(value);
    return Number.isSafeInteger(price) && price > 0 ? price : POINTS_PER_YUAN_DEFAULT;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.close();
  }
}
