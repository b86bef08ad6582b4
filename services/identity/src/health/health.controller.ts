import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { type HealthView, IDENTITY_PATTERNS } from '@platform/contracts';
import type { DataSource } from 'typeorm';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(IDENTITY_PATTERNS.health)
  async health(): Promise<HealthView> {
    const mysql = await this.db
      .query('SELECT 1')
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    return { service: 'identity', mysql, uptimeSeconds: Math.round(process.uptime()) };
  }
}
