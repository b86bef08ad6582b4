import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  COCKPIT_TICKET_TTL_SECONDS,
  type CockpitTicketView,
  DomainError,
  ENGINE_SSO_PATH,
  PERMISSIONS,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { NoLog } from '../common/oper-log';
import { stateOf } from '../common/request-context';
import { EngineWebappAccess } from './engine-webapp.access';

/** Engine operations: the way from the console into Operaton's Cockpit. */
@ApiTags('engine')
@Controller('engine')
export class EngineOpsController {
  constructor(private readonly access: EngineWebappAccess) {}

  /**
   * A one-time ticket (30 s) for opening Cockpit in a top-level navigation, which cannot carry the
   * console's bearer token. Not in the operation log: the answer is a credential.
   */
  @Post('cockpit/ticket')
  @HttpCode(200)
  @RequirePermissions(PERMISSIONS.engine.ops.view)
  @NoLog()
  async cockpitTicket(@Req() request: FastifyRequest): Promise<CockpitTicketView> {
    if (!this.access.enabled) throw new DomainError('engine.cockpit_unavailable');
    const ticket = await this.access.issueTicket(stateOf(request).session!);
    return {
      ticket,
      url: `${ENGINE_SSO_PATH}?ticket=${ticket}`,
      expiresInSeconds: COCKPIT_TICKET_TTL_SECONDS,
    };
  }
}
