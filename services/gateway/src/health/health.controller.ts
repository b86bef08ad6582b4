import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AGENT_WORKER_PATTERNS,
  type AgentWorkerHealthView,
  BILLING_PATTERNS,
  type BillingHealthView,
  type HealthView,
  IDENTITY_PATTERNS,
  NOTIFICATION_PATTERNS,
  WORKFLOW_PATTERNS,
} from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';

import { Public } from '../common/decorators';
import { GATEWAY_REDIS } from '../common/redis.provider';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { ServiceClient } from '../rpc/service-client';
import { supervisedServices, type SupervisedState } from './supervisor-status';

type Status = 'UP' | 'DOWN';

const HEALTH_TIMEOUT_MS = 3000;
/** The workflow service and the agent workers are optional in a stack, so ask them briefly. */
const WORKFLOW_HEALTH_TIMEOUT_MS = 1000;

export interface GatewayHealth {
  status: Status;
  checks: {
    redis: Status;
    transport: Status;
    mysql: Record<string, Status>;
    engine: Status;
    /** An agent worker answered, with its database and the engine reachable. */
    agentWorker: Status;
  };
  /** Processes of scripts/platform.mjs by name (when it runs the platform): UP, STARTING, RESTARTING, DOWN. */
  services?: Record<string, SupervisedState>;
  /** What is not serving: services that do not answer or that the supervisor is restarting. */
  down?: string[];
}

/**
 * Liveness of the platform: Redis from here, MySQL of each service asked over the transport, and
 * the process engine through the workflow service, and the agent workers (the first to answer). The
 * status needs Redis and identity; a workflow service or agent worker that answers must be healthy
 * too (one that does not answer is reported DOWN in the checks).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    private readonly services: ServiceClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * Liveness of this process alone (Kubernetes' liveness probe, deploy/k8s): it asks nothing
   * downstream, so an outage elsewhere marks gateways unready (GET /health) without restarting them.
   */
  @Get('live')
  @Public()
  live(): { status: Status } {
    return { status: 'UP' };
  }

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<GatewayHealth> {
    const redis: Status = await this.redis
      .ping()
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    const [identity, workflow, worker, notification, billing] = await Promise.all([
      this.services
        .send<HealthView>(IDENTITY_PATTERNS.health, {}, HEALTH_TIMEOUT_MS)
        .catch(() => null),
      this.services
        .send<HealthView>(WORKFLOW_PATTERNS.health, {}, WORKFLOW_HEALTH_TIMEOUT_MS)
        .catch(() => null),
      this.services
        .send<AgentWorkerHealthView>(AGENT_WORKER_PATTERNS.health, {}, WORKFLOW_HEALTH_TIMEOUT_MS)
        .catch(() => null),
      this.services
        .send<HealthView>(NOTIFICATION_PATTERNS.health, {}, WORKFLOW_HEALTH_TIMEOUT_MS)
        .catch(() => null),
      this.services
        .send<BillingHealthView>(BILLING_PATTERNS.health, {}, HEALTH_TIMEOUT_MS)
        .catch(() => null),
    ]);
    const workerUp = !worker || (worker.mysql === 'UP' && worker.engine === 'UP');
    const checks = {
      redis,
      transport: identity ? ('UP' as const) : ('DOWN' as const),
      mysql: {
        identity: identity?.mysql ?? ('DOWN' as const),
        workflow: workflow?.mysql ?? ('DOWN' as const),
        agent: worker?.mysql ?? ('DOWN' as const),
        notification: notification?.mysql ?? ('DOWN' as const),
        billing: billing?.mysql ?? ('DOWN' as const),
      },
      engine: workflow?.engine ?? ('DOWN' as const),
      agentWorker: worker && workerUp ? ('UP' as const) : ('DOWN' as const),
    };
    const workflowUp = !workflow || (workflow.mysql === 'UP' && workflow.engine === 'UP');
    // Like the workflow service: optional in a stack, but one that answers must have its database.
    const notificationUp = !notification || notification.mysql === 'UP';
    // Billing holds money: one that does not answer (or has lost its database) makes the platform DOWN.
    const billingUp = billing ? billing.mysql === 'UP' : !this.env.BILLING_REQUIRED;
    const supervised = await supervisedServices(this.env.PLATFORM_STATUS_FILE);
    const down = Object.entries(supervised)
      .filter(([, state]) => state !== 'UP')
      .map(([name, state]) => `${name} (${state.toLowerCase()})`);
    if (!identity && supervised.identity === 'UP') down.push('identity');
    if (!identity && !supervised.identity) down.push('identity');
    if (!billing && this.env.BILLING_REQUIRED && !down.some((d) => d.startsWith('billing')))
      down.push('billing');
    const allSupervisedUp = Object.values(supervised).every((state) => state === 'UP');
    const up =
      redis === 'UP' &&
      identity?.mysql === 'UP' &&
      workflowUp &&
      workerUp &&
      notificationUp &&
      billingUp &&
      allSupervisedUp;
    if (!up) void reply.status(503);
    return {
      status: up ? 'UP' : 'DOWN',
      checks,
      ...(Object.keys(supervised).length ? { services: supervised } : {}),
      ...(down.length ? { down } : {}),
    };
  }
}
