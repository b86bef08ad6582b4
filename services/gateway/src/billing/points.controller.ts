import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BILLING_PATTERNS as BP,
  BUSINESS_TYPES as B,
  DomainError,
  hasPermission,
  type LedgerCheckView,
  PERMISSIONS,
  type PointsAccountView,
  type PointsEntryView,
} from '@platform/contracts';
import {
  PointsAccountQuery,
  PointsAdminChangeBody,
  PointsListQuery,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { forwardPage } from '../common/paging';
import { stateOf } from '../common/request-context';
import { ServiceClient } from '../rpc/service-client';

const P = PERMISSIONS.wujie;
const POINTS_LOG: [string, string] = ['积分变动', 'Points change'];

/**
 * Whose points a request may read: the caller's own; another user's (`?userId=`) only with
 * wujie:user:points (the administrator's user page). Billing then reads exactly that account.
 */
function accountOwner(request: FastifyRequest, userId: number | undefined): number {
  const session = stateOf(request).session;
  if (!session) throw new DomainError('http.401', {}, 401);
  if (userId === undefined || userId === session.userId) return session.userId;
  if (!hasPermission(session.permissions, P.user.points)) {
    throw new DomainError('http.403', {}, 403);
  }
  return userId;
}

/** A user's points account and ledger (personal centre "My points"; admin user page with ?userId=). */
@ApiTags('points')
@Controller('wujie/points')
export class PointsController {
  constructor(private readonly services: ServiceClient) {}

  /** {userId, balance, frozen} */
  @Get('account')
  @RequirePermissions([P.points.query, P.user.points], 'any')
  account(@Req() request: FastifyRequest, @Query() query: PointsAccountQuery) {
    return this.services.forward<PointsAccountView>(BP.account, request, {
      userId: accountOwner(request, query.userId),
    });
  }

  /** The entries, newest first, each with its signed points and its reason in the request's language. */
  @Get('list')
  @RequirePermissions([P.points.query, P.user.points], 'any')
  list(@Req() request: FastifyRequest, @Query() query: PointsListQuery) {
    return forwardPage<PointsEntryView>(this.services, BP.entries, request, {
      ...query,
      userId: accountOwner(request, query.userId),
    });
  }

  /** Proves balance = Σ entries for every account (administrators). */
  @Get('check')
  @RequirePermissions(P.user.points)
  check(@Req() request: FastifyRequest) {
    return this.services.forward<LedgerCheckView>(BP.ledgerCheck, request, {});
  }
}

/** The administrator adds or removes a user's points with a reason (spec §7). */
@ApiTags('points')
@Controller('wujie/order/points')
export class PointsAdminController {
  constructor(private readonly services: ServiceClient) {}

  @Post('admin/change')
  @HttpCode(200)
  @RequirePermissions(P.user.points)
  @Log(...POINTS_LOG, B.update)
  change(@Req() request: FastifyRequest, @Body() body: PointsAdminChangeBody) {
    const session = stateOf(request).session;
    if (!session) throw new DomainError('http.401', {}, 401);
    return this.services.forward(BP.adminChange, request, {
      ...body,
      operator: session.userName,
    });
  }
}
