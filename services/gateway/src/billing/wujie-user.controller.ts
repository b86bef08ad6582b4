import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BILLING_MISSION_PATTERNS as BM,
  BUSINESS_TYPES as B,
  type FrozenRestoreView,
  IDENTITY_WUJIE_PATTERNS as IW,
  type InvitationFlagView,
  type PageView,
  PERMISSIONS,
  type PointsSummaryView,
  WORKFLOW_BILLING_PATTERNS as WB,
  type WujieUserIdentityView,
  type WujieUserView,
} from '@platform/contracts';
import {
  FrozenRestoreBody,
  InvitationFlagIdBody,
  InvitationFlagListQuery,
  LinkStatusBody,
  WujieUserListQuery,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Paged } from '../common/envelope';
import { Log } from '../common/oper-log';
import { forwardPage } from '../common/paging';
import { ServiceClient } from '../rpc/service-client';

const U = PERMISSIONS.wujie.user;
const USER_LOG: [string, string] = ['用户积分与邀请', 'User points and invitations'];

/**
 * The admin user page of the wujie area (issue 14): users with their points (balance, frozen),
 * invitations (link status, invited count, rewards earned, open abnormal-invitation flags) and
 * real-name status — identity's page of users joined here with billing's accounts for the page's
 * ids (no query crosses databases) — and the administrator's actions: link toggle, restore of
 * frozen points, and the abnormal invitations (deduct the rewards or dismiss; never automatic).
 */
@ApiTags('wujie-user')
@Controller('wujie/user')
export class WujieUserController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(U.list)
  async list(
    @Req() request: FastifyRequest,
    @Query() query: WujieUserListQuery,
  ): Promise<Paged<WujieUserView>> {
    const page = await this.services.forward<PageView<WujieUserIdentityView>>(
      IW.userList,
      request,
      query,
    );
    const userIds = page.rows.map((row) => row.userId);
    const summaries = userIds.length
      ? await this.services.forward<PointsSummaryView[]>(BM.summaries, request, { userIds })
      : [];
    const byUser = new Map(summaries.map((s) => [s.userId, s]));
    const rows = page.rows.map((row) => {
      const s = byUser.get(row.userId);
      return {
        ...row,
        balance: s?.balance ?? 0,
        frozen: s?.frozen ?? 0,
        rewardsEarned: s?.rewardsEarned ?? 0,
        openFlags: s?.openFlags ?? 0,
      };
    });
    return new Paged(rows, page.total);
  }

  /** Enables (1) or disables (0) the user's invitation link; the user is told live ('1' / '0'). */
  @Put('linkStatus')
  @RequirePermissions(U.edit)
  @Log(...USER_LOG, B.update)
  linkStatus(@Req() request: FastifyRequest, @Body() body: LinkStatusBody) {
    return this.services.forward(IW.linkStatus, request, body);
  }

  /**
   * Releases the user's frozen points that no running mission holds (docs/api-billing.md): the
   * workflow service names the running missions, billing keeps their holds and releases the rest.
   */
  @Post('restoreFrozen')
  @HttpCode(200)
  @RequirePermissions(U.edit)
  @Log(...USER_LOG, B.update)
  async restoreFrozen(
    @Req() request: FastifyRequest,
    @Body() body: FrozenRestoreBody,
  ): Promise<FrozenRestoreView> {
    const askedAt = new Date().toISOString();
    const runningMissionCodes = await this.services.forward<string[]>(
      WB.runningMissionCodes,
      request,
      { userId: body.userId },
    );
    return this.services.forward(BM.restoreFrozen, request, {
      userId: body.userId,
      runningMissionCodes,
      askedAt,
    });
  }

  @Get('invitation/flags')
  @RequirePermissions(U.list)
  flags(@Req() request: FastifyRequest, @Query() query: InvitationFlagListQuery) {
    return forwardPage<InvitationFlagView>(this.services, BM.invitationFlags, request, query);
  }

  /** Deducts the referral rewards the flagged sign-ups paid (never below a zero balance). */
  @Post('invitation/deduct')
  @HttpCode(200)
  @RequirePermissions(U.points)
  @Log(...USER_LOG, B.update)
  deduct(@Req() request: FastifyRequest, @Body() body: InvitationFlagIdBody) {
    return this.services.forward<InvitationFlagView>(BM.invitationDeduct, request, body);
  }

  @Post('invitation/dismiss')
  @HttpCode(200)
  @RequirePermissions(U.edit)
  @Log(...USER_LOG, B.update)
  dismiss(@Req() request: FastifyRequest, @Body() body: InvitationFlagIdBody) {
    return this.services.forward<InvitationFlagView>(BM.invitationDismiss, request, body);
  }
}
