import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PERMISSIONS, WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  AgentBody,
  AgentListQuery,
  NameQuery,
  SkillBody,
  UpdateAgentBody,
  UpdateSkillBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { forwardPage } from '../common/paging';
import { idOf, idsOf } from '../common/path-ids';
import { ServiceClient } from '../rpc/service-client';

const A = PERMISSIONS.wujie.agent;
const S = PERMISSIONS.wujie.skill;

/** Agents (pages wujie/agent/index and /agent/info). */
@ApiTags('agent')
@Controller('wujie/agent')
export class AgentController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(A.list)
  list(@Req() request: FastifyRequest, @Query() query: AgentListQuery) {
    return forwardPage(this.services, W.agentList, request, query);
  }

  /** Enabled agents, for the workflow form's agent selection. */
  @Get('listSimple')
  @RequirePermissions(
    [A.list, PERMISSIONS.wujie.workflow.add, PERMISSIONS.wujie.workflow.edit],
    'any',
  )
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.agentListSimple, request);
  }

  @Get(':id')
  @RequirePermissions(A.query)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.agentGet, request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(A.add)
  create(@Req() request: FastifyRequest, @Body() body: AgentBody) {
    return this.services.forward(W.agentCreate, request, body);
  }

  @Put()
  @RequirePermissions(A.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateAgentBody) {
    return this.services.forward(W.agentUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(A.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.agentRemove, request, idsOf(ids));
  }
}

/** Skills (page wujie/skill/index). */
@ApiTags('skill')
@Controller('wujie/skill')
export class SkillController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(S.list)
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return forwardPage(this.services, W.skillList, request, query);
  }

  /** Skills to choose from on the agent form. */
  @Get('listSimple')
  @RequirePermissions([S.list, A.add, A.edit], 'any')
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.skillListSimple, request);
  }

  @Get(':id')
  @RequirePermissions(S.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.skillGet, request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(S.add)
  create(@Req() request: FastifyRequest, @Body() body: SkillBody) {
    return this.services.forward(W.skillCreate, request, body);
  }

  @Put()
  @RequirePermissions(S.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateSkillBody) {
    return this.services.forward(W.skillUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(S.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.skillRemove, request, idsOf(ids));
  }
}
