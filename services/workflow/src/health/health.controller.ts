import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type HealthView, WORKFLOW_PATTERNS } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';

@Controller()
export class HealthController {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.health)
  async health(): Promise<HealthView> {
    const mysql = await this.db
      .query('SELECT 1')
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    const engine = await this.engine.status();
    return { service: 'workflow', mysql, engine, uptimeSeconds: Math.round(process.uptime()) };
  }
}
