import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AGENT_WORKER_PATTERNS,
  DomainError,
  PERMISSIONS,
  PLAYGROUND_RUN_MS,
  type PlaygroundAgentRunView,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import { PlaygroundAgentRunBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { commandFrom, ServiceClient } from '../rpc/service-client';

const G = PERMISSIONS.wujie.playground;

/** An agent worker must answer its health pattern this fast before a run is handed to it. */
const WORKER_PROBE_MS = 3000;
/** The worker aborts a run at PLAYGROUND_RUN_MS and answers; this leaves room for that answer. */
const RUN_WAIT_MS = PLAYGROUND_RUN_MS + 10_000;

/**
 * The playground (/playground/info, /playground/mission): the agents and workflows a user may try,
 * and one agent's run on free inputs in an agent worker. Trying a workflow starts a mission
 * (POST /wujie/mission), followed like any other.
 */
@ApiTags('playground')
@Controller('wujie/playground')
export class PlaygroundController {
  constructor(private readonly services: ServiceClient) {}

  /** Enabled agents to try. */
  @Get('agents')
  @RequirePermissions(G.use)
  agents(@Req() request: FastifyRequest) {
    return this.services.forward(W.agentListSimple, request);
  }

  /** Workflows to try: online ones; administrators also those in testing. */
  @Get('workflows')
  @RequirePermissions([G.use, G.mission], 'any')
  workflows(@Req() request: FastifyRequest) {
    return this.services.forward(W.playgroundWorkflows, request);
  }

  /** Runs one agent on the inputs and answers its output (nothing is stored). */
  @Post('agent/run')
  @HttpCode(200)
  @RequirePermissions(G.use)
  async runAgent(@Req() request: FastifyRequest, @Body() body: PlaygroundAgentRunBody) {
    // Without a worker the run would wait out its whole time limit: ask one first.
    await this.services
      .send(AGENT_WORKER_PATTERNS.health, {}, WORKER_PROBE_MS)
      .catch(() => Promise.reject(new DomainError('playground.worker_unavailable')));
    return this.services.send<PlaygroundAgentRunView>(
      AGENT_WORKER_PATTERNS.playgroundRun,
      commandFrom(request, body),
      RUN_WAIT_MS,
    );
  }
}
