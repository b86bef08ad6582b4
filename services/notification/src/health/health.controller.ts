import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type HealthView, NOTIFICATION_PATTERNS } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectNotificationDb } from '../database/inject';

/** The gateway's health check asks it over the transport. */
@Controller()
export class HealthController {
  constructor(@InjectNotificationDb() private readonly db: DataSource) {}

  @MessagePattern(NOTIFICATION_PATTERNS.health)
  async health(): Promise<HealthView> {
    const mysql = await this.db
      .query('SELECT 1')
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    return { service: 'notification', mysql, uptimeSeconds: Math.round(process.uptime()) };
  }
}
