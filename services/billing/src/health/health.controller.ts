import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BILLING_PATTERNS, type BillingHealthView } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectBillingDb } from '../database/inject';

/** The gateway's health check asks billing; a billing that does not answer makes the platform DOWN. */
@Controller()
export class HealthController {
  constructor(@InjectBillingDb() private readonly db: DataSource) {}

  @MessagePattern(BILLING_PATTERNS.health)
  async health(): Promise<BillingHealthView> {
    const mysql = await this.db
      .query('SELECT 1')
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    return { service: 'billing', mysql, uptimeSeconds: Math.round(process.uptime()) };
  }
}
