import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  PERMISSIONS as P,
  REALNAME_PATTERNS as R,
  type RealNameCallbackView,
  type RealNameCertifyView,
  type RealNameKeyView,
  type RealNameResultView,
  type RealNameUrlView,
} from '@platform/contracts';
import {
  IdBody,
  RealNameCallbackBody,
  RealNameCertifyBody,
  RealNameQuery,
  RealNameRejectBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { Public, RateLimit, RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { paged } from '../common/paging';
import { ServiceClient } from '../rpc/service-client';

const N = ['实名认证', 'Real-name authentication'] as const;

/**
 * Real-name authentication (spec §7 /ali/identity/*). The name and ID number travel sealed with a one-time
 * key (`key`), in a POST body rather than the spec's query string, so they never sit in a URL or an access
 * log; the operation log masks certName/certNo as well.
 */
@ApiTags('realname')
@Controller('ali/identity')
export class RealNameController {
  constructor(private readonly identity: ServiceClient) {}

  /** Each key is a Redis entry in identity for 10 minutes: limited like the other real-name routes. */
  @Get('key')
  @RequirePermissions(P.wujie.realName.certify)
  @RateLimit('code')
  key(@Req() request: FastifyRequest): Promise<RealNameKeyView> {
    return this.identity.forward(R.key, request);
  }

  @Post('certify')
  @HttpCode(200)
  @RequirePermissions(P.wujie.realName.certify)
  @Log(...N, B.insert)
  certify(
    @Req() request: FastifyRequest,
    @Body() body: RealNameCertifyBody,
  ): Promise<RealNameCertifyView> {
    return this.identity.forward(R.certify, request, body);
  }

  /** Alipay: starts the certification and answers its page's URL, which the PC shows as a QR code. */
  @Get('url')
  @RequirePermissions(P.wujie.realName.certify)
  @RateLimit('code')
  url(@Req() request: FastifyRequest): Promise<RealNameUrlView> {
    return this.identity.forward(R.url, request);
  }

  /** The phone's return page (no session there): passed only when Alipay's signed answer says so. */
  @Get('callback')
  @Public()
  @RateLimit('code')
  callback(
    @Req() request: FastifyRequest,
    @Query() query: RealNameCallbackBody,
  ): Promise<RealNameCallbackView> {
    return this.identity.forward(R.callback, request, { auth_code: query.auth_code });
  }

  @Get('result')
  @RequirePermissions(P.wujie.realName.certify)
  result(@Req() request: FastifyRequest): Promise<RealNameResultView> {
    return this.identity.forward(R.result, request);
  }
}

const V = ['实名审核', 'Real-name review'] as const;

/** Administrators review the requests that no Alipay certification confirms. */
@ApiTags('realname')
@Controller('wujie/realname')
export class RealNameReviewController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.wujie.realName.list)
  list(@Req() request: FastifyRequest, @Query() query: RealNameQuery) {
    return paged(this.identity.forward(R.list, request, query));
  }

  @Put('approve/:id')
  @RequirePermissions(P.wujie.realName.review)
  @Log(...V, B.update)
  approve(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(R.approve, request, params);
  }

  @Put('reject')
  @RequirePermissions(P.wujie.realName.review)
  @Log(...V, B.update)
  reject(@Req() request: FastifyRequest, @Body() body: RealNameRejectBody) {
    return this.identity.forward(R.reject, request, body);
  }
}
