import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createLlmProvider } from '@platform/llm';

import { AGENT_MODEL, AgentRunner } from './agents/agent-runner';
import { AGENT_WORKER_ENV, type AgentWorkerEnv } from './config/env';
import { AGENT_ENTITIES, agentDataSourceOptions } from './database/data-source';
import { AGENT_DB } from './database/inject';
import { ExecutionsService } from './executions/executions.service';
import { HealthController } from './health/health.controller';
import { PlaygroundController } from './playground/playground.controller';
import { PlaygroundService } from './playground/playground.service';
import { ToolRegistry } from './tools/tool-registry';
import { AgentWorkerService } from './worker/agent-worker.service';
import { TaskHandler } from './worker/task-handler';
import { WorkflowClient } from './workflow/workflow-client';

@Module({})
export class AppModule {
  static forRoot(env: AgentWorkerEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({ ...agentDataSourceOptions(env.AGENT_DB_URL), name: AGENT_DB }),
        TypeOrmModule.forFeature(AGENT_ENTITIES, AGENT_DB),
      ],
      controllers: [HealthController, PlaygroundController],
      providers: [
        { provide: AGENT_WORKER_ENV, useValue: env },
        // No model configured (LLM_BASE_URL unset): agents run their tools in order.
        {
          provide: AGENT_MODEL,
          useValue: env.llm.provider === 'openai' ? createLlmProvider(env.llm) : null,
        },
        ToolRegistry,
        WorkflowClient,
        ExecutionsService,
        AgentRunner,
        TaskHandler,
        AgentWorkerService,
        PlaygroundService,
      ],
    };
  }
}
