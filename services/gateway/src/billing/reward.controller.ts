import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_PATTERNS as BP, PERMISSIONS, type RewardConfigView } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { ServiceClient } from '../rpc/service-client';

/**
 * The reward amounts in force (registration, phone binding, real-name, referral): identity's system
 * parameters with their defaults, as billing pays them. Shown on the referral page.
 */
@ApiTags('reward')
@Controller('wujie/reward')
export class RewardController {
  constructor(private readonly services: ServiceClient) {}

  @Get('config/list')
  @RequirePermissions([PERMISSIONS.wujie.promotion.view, PERMISSIONS.wujie.points.query], 'any')
  list(@Req() request: FastifyRequest) {
    return this.services.forward<RewardConfigView[]>(BP.rewardConfig, request, {});
  }
}
