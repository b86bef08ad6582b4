import { Module } from '@nestjs/common';

import { AgentCatalog } from '../agents/agent-catalog';
import { BillingModule } from '../billing/billing.module';
import { ConversationsModule } from '../chat/conversations.module';
import { EngineModule } from '../engine/engine.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { MissionDashboardController } from './dashboard.controller';
import { DeploymentsService } from './deployments.service';
import { WorkflowEventRelay } from './event-relay.service';
import { MissionAccess } from './mission-access';
import { MissionDiagrams } from './mission-diagrams';
import { MissionMoves, MissionPushes } from './mission-events';
import { MissionMetrics } from './mission-metrics';
import { MissionReads } from './mission-reads';
import { MissionReconciler } from './mission-reconciler';
import { MissionRerunsService } from './mission-reruns.service';
import { MissionRunsService } from './mission-runs.service';
import { MissionWaitsService } from './mission-waits.service';
import { MissionsController } from './missions.controller';
import { MissionsService } from './missions.service';
import { NodeContextController } from './node-context.controller';
import { NodeContextService } from './node-context.service';
import { NodeLogWriter } from './node-log-writer';

/** Missions: runs of a workflow on the engine, their waits, reruns, node context and figures. */
@Module({
  imports: [EngineModule, WorkflowsModule, BillingModule, ConversationsModule],
  controllers: [MissionsController, NodeContextController, MissionDashboardController],
  providers: [
    AgentCatalog,
    DeploymentsService,
    MissionAccess,
    MissionsService,
    MissionRunsService,
    MissionReconciler,
    MissionMetrics,
    MissionReads,
    MissionPushes,
    MissionMoves,
    WorkflowEventRelay,
    MissionDiagrams,
    MissionWaitsService,
    MissionRerunsService,
    NodeContextService,
    NodeLogWriter,
  ],
  exports: [MissionsService, NodeContextService],
})
export class MissionsModule {}
