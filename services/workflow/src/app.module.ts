import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AgentsController } from './agents/agents.controller';
import { AgentsService } from './agents/agents.service';
import { BillingClient } from './billing/billing-client';
import { MissionChargesController } from './billing/mission-charges.controller';
import { MissionCharges } from './billing/mission-charges.service';
import { BpmController } from './bpm/bpm.controller';
import { BpmRuntimeController } from './bpm/bpm-runtime.controller';
import { BpmTasksService } from './bpm/bpm-tasks.service';
import { FormsService } from './bpm/forms.service';
import { GroupsService } from './bpm/groups.service';
import { IdentityClient } from './bpm/identity-client';
import { LeaveController } from './bpm/leave/leave.controller';
import { LeaveService } from './bpm/leave/leave.service';
import { ModelsService } from './bpm/models.service';
import { ProcessInstancesService } from './bpm/process-instances.service';
import { RulesService } from './bpm/rules.service';
import { TaskAssignmentService } from './bpm/task-assignment.service';
import { AssistantService } from './chat/assistant.service';
import { ChatController } from './chat/chat.controller';
import { ChatAbort } from './chat/chat-abort';
import { ConversationAccess } from './chat/conversation-access';
import { ConversationsService } from './chat/conversations.service';
import { llmProvider } from './chat/llm.provider';
import { WORKFLOW_ENV, type WorkflowEnv } from './config/env';
import { workflowDataSourceOptions } from './database/data-source';
import { WORKFLOW_ENTITIES } from './database/entities';
import { WORKFLOW_DB } from './database/inject';
import { DiagramsService } from './diagrams/diagrams.service';
import { EngineConnection } from './engine/engine-connection';
import { FunctionsController } from './functions/functions.controller';
import { FunctionsService } from './functions/functions.service';
import { HealthController } from './health/health.controller';
import { MissionDashboardController } from './missions/dashboard.controller';
import { DeploymentsService } from './missions/deployments.service';
import { WorkflowEventRelay } from './missions/event-relay.service';
import { MissionAccess } from './missions/mission-access';
import { MissionDiagrams } from './missions/mission-diagrams';
import { MissionMoves, MissionPushes } from './missions/mission-events';
import { MissionMetrics } from './missions/mission-metrics';
import { MissionReconciler } from './missions/mission-reconciler';
import { MissionRerunsService } from './missions/mission-reruns.service';
import { MissionRunsService } from './missions/mission-runs.service';
import { MissionWaitsService } from './missions/mission-waits.service';
import { MissionsController } from './missions/missions.controller';
import { MissionsService } from './missions/missions.service';
import { NodeContextController } from './missions/node-context.controller';
import { NodeContextService } from './missions/node-context.service';
import { PlaygroundController } from './playground/playground.controller';
import { PlaygroundService } from './playground/playground.service';
import { SkillsService } from './skills/skills.service';
import { VersionsService } from './workflows/versions.service';
import { WorkflowsController } from './workflows/workflows.controller';
import { WorkflowsService } from './workflows/workflows.service';

@Module({})
export class AppModule {
  static forRoot(env: WorkflowEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          ...workflowDataSourceOptions(env.WORKFLOW_DB_URL),
          name: WORKFLOW_DB,
        }),
        TypeOrmModule.forFeature(WORKFLOW_ENTITIES, WORKFLOW_DB),
      ],
      controllers: [
        WorkflowsController,
        AgentsController,
        FunctionsController,
        BpmController,
        BpmRuntimeController,
        LeaveController,
        MissionsController,
        NodeContextController,
        ChatController,
        PlaygroundController,
        HealthController,
        MissionChargesController,
        MissionDashboardController,
      ],
      providers: [
        { provide: WORKFLOW_ENV, useValue: env },
        EngineConnection,
        DiagramsService,
        WorkflowsService,
        VersionsService,
        AgentsService,
        SkillsService,
        FunctionsService,
        ModelsService,
        ProcessInstancesService,
        BpmTasksService,
        IdentityClient,
        TaskAssignmentService,
        LeaveService,
        RulesService,
        FormsService,
        GroupsService,
        DeploymentsService,
        MissionAccess,
        MissionsService,
        MissionRunsService,
        MissionReconciler,
        MissionMetrics,
        MissionPushes,
        MissionMoves,
        WorkflowEventRelay,
        MissionDiagrams,
        MissionWaitsService,
        MissionRerunsService,
        NodeContextService,
        llmProvider,
        ChatAbort,
        ConversationAccess,
        ConversationsService,
        AssistantService,
        PlaygroundService,
        BillingClient,
        MissionCharges,
      ],
    };
  }
}
