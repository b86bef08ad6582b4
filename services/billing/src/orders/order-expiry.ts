import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';

import { BILLING_ENV, type BillingEnv } from '../config/env';
import { OrdersService } from './orders.service';

/**
 * The scheduled job that cancels overseas remittance orders not paid within five days. Every
 * instance may run it: each order moves under its row lock through the transition table, so two
 * sweeps never cancel one order twice, and a paid order is never cancelled.
 */
@Injectable()
export class OrderExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderExpiry.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly orders: OrdersService,
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ORDER_EXPIRY_INTERVAL_MS <= 0) return;
    this.timer = setInterval(() => void this.sweep(), this.env.ORDER_EXPIRY_INTERVAL_MS);
    this.timer.unref();
  }

  /** One sweep at `now` (the clock's time when not given). */
  async sweep(now?: Date): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const expired = await this.orders.expireDue(now);
      if (expired) this.logger.log(`${expired} overseas order(s) expired`);
      return expired;
    } catch (error) {
      this.logger.error(`order expiry sweep failed: ${String(error)}`);
      return 0;
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
