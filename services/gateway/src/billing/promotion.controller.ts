import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BILLING_MISSION_PATTERNS as BM,
  type InvitedUserView,
  PERMISSIONS,
  type PointsSummaryView,
  PROMOTION_PATTERNS,
  type PromotionIdentityView,
  type PromotionView,
} from '@platform/contracts';
import { PageQueryBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { forwardPage } from '../common/paging';
import { ServiceClient } from '../rpc/service-client';

const VIEW = PERMISSIONS.wujie.promotion.view;

/**
 * The referral page (/user/promotion, issue 14): the signed-in user's own invitation code, link
 * status and invited users (identity, always the caller's), with the referral rewards billing paid
 * them. No route names a user: nobody reads another user's referrals here.
 */
@ApiTags('promotion')
@Controller('wujie/user/promotion')
export class PromotionController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @RequirePermissions(VIEW)
  async mine(@Req() request: FastifyRequest): Promise<PromotionView> {
    const identity = await this.services.forward<PromotionIdentityView>(
      PROMOTION_PATTERNS.mine,
      request,
    );
    const [summary] = await this.services.forward<PointsSummaryView[]>(BM.summaries, request, {
      userIds: [identity.userId],
    });
    return { ...identity, rewardsEarned: summary?.rewardsEarned ?? 0 };
  }

  @Get('invited')
  @RequirePermissions(VIEW)
  invited(@Req() request: FastifyRequest, @Query() query: PageQueryBody) {
    return forwardPage<InvitedUserView>(this.services, PROMOTION_PATTERNS.invited, request, query);
  }
}
