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
import { idOf, idsOf } from '../common/path-ids';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const A = PERMISSIONS.wujie.agent;
const S = PERMISSIONS.wujie.skill;

/** Agents (pages wujie/agent/index and /agent/info). */
@ApiTags('agent')
@Controller('wujie/agent')
export class AgentController {
  private readonly agents: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.agents = new CrudForwarder(services, {
      list: W.agentList,
      get: W.agentGet,
      create: W.agentCreate,
      update: W.agentUpdate,
      remove: W.agentRemove,
    });
  }

  @Get('list')
  @RequirePermissions(A.list)
  list(@Req() request: FastifyRequest, @Query() query: AgentListQuery) {
    return this.agents.page(request, query);
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
    return this.agents.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(A.add)
  create(@Req() request: FastifyRequest, @Body() body: AgentBody) {
    return this.agents.create(request, body);
  }

  @Put()
  @RequirePermissions(A.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateAgentBody) {
    return this.agents.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(A.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.agents.remove(request, idsOf(ids));
  }
}

/** Skills (page wujie/skill/index). */
@ApiTags('skill')
@Controller('wujie/skill')
export class SkillController {
  private readonly skills: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.skills = new CrudForwarder(services, {
      list: W.skillList,
      get: W.skillGet,
      create: W.skillCreate,
      update: W.skillUpdate,
      remove: W.skillRemove,
    });
  }

  @Get('list')
  @RequirePermissions(S.list)
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return this.skills.page(request, query);
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
    return this.skills.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(S.add)
  create(@Req() request: FastifyRequest, @Body() body: SkillBody) {
    return this.skills.create(request, body);
  }

  @Put()
  @RequirePermissions(S.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateSkillBody) {
    return this.skills.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(S.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.skills.remove(request, idsOf(ids));
  }
}
