import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type HealthView, WORKFLOW_PATTERNS } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';

@Controller()
export class HealthController {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  @MessagePattern(WORKFLOW_PATTERNS.health)
  async health(): Promise<HealthView> {
    const mysql = await this.db
      .query('SELECT 1')
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    return { service: 'workflow', mysql, uptimeSeconds: Math.round(process.uptime()) };
  }
}
