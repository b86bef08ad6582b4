import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AGENT_WORKER_PATTERNS,
  BILLING_PATTERNS,
  DASHBOARD_ACTIVE_DAYS,
  DASHBOARD_DAYS,
  DASHBOARD_PATTERNS,
  IDENTITY_PATTERNS,
  type MissionFigures,
  NOTIFICATION_PATTERNS,
  PERMISSIONS as P,
  type PersonalDashboardView,
  type PlatformDashboardView,
  type PointsFigures,
  type ServiceHealth,
  type StatusCount,
  type UserFigures,
  WORKFLOW_PATTERNS,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions, SignedIn } from '../common/decorators';
import { NoLog } from '../common/oper-log';
import { commandFrom, ServiceClient } from '../rpc/service-client';

/** A figure's owner is asked briefly: a service that is down leaves its part empty, not the page. */
const FIGURES_TIMEOUT_MS = 5000;
const HEALTH_TIMEOUT_MS = 2000;

/** The processes the health panel names; a service is UP when it answers with its database. */
const HEALTH_PATTERNS = {
  identity: IDENTITY_PATTERNS.health,
  workflow: WORKFLOW_PATTERNS.health,
  billing: BILLING_PATTERNS.health,
  notification: NOTIFICATION_PATTERNS.health,
  'agent-worker': AGENT_WORKER_PATTERNS.health,
} as const;

/**
 * The dashboard (/index) and the bigscreen (issue 30): each part is its owner service's aggregate,
 * gathered here; a part whose service does not answer is null and the page says so.
 */
@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly services: ServiceClient) {}

  @Get('platform')
  @RequirePermissions(P.dashboard.platform)
  @NoLog()
  async platform(@Req() request: FastifyRequest): Promise<PlatformDashboardView> {
    const [users, missions, points, health] = await Promise.all([
      this.ask<UserFigures>(DASHBOARD_PATTERNS.users, request),
      this.ask<MissionFigures>(DASHBOARD_PATTERNS.missions, request),
      this.ask<PointsFigures>(DASHBOARD_PATTERNS.points, request),
      this.health(),
    ]);
    return {
      days: DASHBOARD_DAYS,
      activeDays: DASHBOARD_ACTIVE_DAYS,
      users,
      missions,
      points,
      health,
      generatedAt: new Date().toISOString(),
    };
  }

  /** The caller's own missions by status, points account and unread messages. */
  @Get('mine')
  @SignedIn()
  @NoLog()
  async mine(@Req() request: FastifyRequest): Promise<PersonalDashboardView> {
    const [missions, points, unread] = await Promise.all([
      this.ask<StatusCount[]>(DASHBOARD_PATTERNS.myMissions, request),
      this.ask<{ balance: number; frozen: number }>(BILLING_PATTERNS.account, request),
      this.ask<{ count: number }>(NOTIFICATION_PATTERNS.unreadCount, request),
    ]);
    return {
      missions,
      points: points && { balance: Number(points.balance), frozen: Number(points.frozen) },
      unreadMessages: unread?.count ?? null,
    };
  }

  private ask<T>(pattern: string, request: FastifyRequest): Promise<T | null> {
    return this.services
      .send<T>(pattern, commandFrom(request, {}), FIGURES_TIMEOUT_MS)
      .catch(() => null);
  }

  /** Each service, and the process engine as the workflow service reaches it. */
  private async health(): Promise<Record<string, ServiceHealth>> {
    const answers = await Promise.all(
      Object.entries(HEALTH_PATTERNS).map(async ([service, pattern]) => {
        const answer = await this.services
          .send<{ mysql?: ServiceHealth; engine?: ServiceHealth }>(pattern, {}, HEALTH_TIMEOUT_MS)
          .catch(() => null);
        return [service, answer] as const;
      }),
    );
    const health: Record<string, ServiceHealth> = {};
    for (const [service, answer] of answers) {
      const engineDown = service === 'agent-worker' && answer?.engine !== 'UP';
      health[service] = answer?.mysql === 'UP' && !engineDown ? 'UP' : 'DOWN';
    }
    const workflow = answers.find(([service]) => service === 'workflow')?.[1];
    health.engine = workflow?.engine === 'UP' ? 'UP' : 'DOWN';
    return health;
  }
}
