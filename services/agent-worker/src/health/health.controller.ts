import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AGENT_WORKER_PATTERNS, type AgentWorkerHealthView } from '@platform/contracts';
import { CamundaRestClient, engineCredentialsFromEnv } from '@platform/engine-client';
import type { DataSource } from 'typeorm';

import { AGENT_WORKER_ENV, type AgentWorkerEnv } from '../config/env';
import { InjectAgentDb } from '../database/inject';
import { AgentWorkerService } from '../worker/agent-worker.service';

/** The gateway's health check asks every worker; the first answer counts. */
@Controller()
export class HealthController {
  private readonly engine: CamundaRestClient;

  constructor(
    @InjectAgentDb() private readonly db: DataSource,
    @Inject(AGENT_WORKER_ENV) env: AgentWorkerEnv,
    private readonly worker: AgentWorkerService,
  ) {
    this.engine = new CamundaRestClient({
      baseUrl: env.engineUrl,
      auth: engineCredentialsFromEnv(env),
    });
  }

  @MessagePattern(AGENT_WORKER_PATTERNS.health)
  async health(): Promise<AgentWorkerHealthView> {
    const up = (p: Promise<unknown>) => p.then(() => 'UP' as const).catch(() => 'DOWN' as const);
    const [mysql, engine] = await Promise.all([
      up(this.db.query('SELECT 1')),
      up(this.engine.version()),
    ]);
    return {
      service: 'agent-worker',
      workerId: this.worker.workerId,
      mysql,
      engine,
      activeTasks: this.worker.activeTasks,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
