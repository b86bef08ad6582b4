import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { SESSION_TTL_MINUTES } from '@platform/contracts';
import {
  createRedis,
  createRpcClient,
  sessionEndedChannel,
  SessionStore,
} from '@platform/nest-common';
import type Redis from 'ioredis';

import { AntibodyController } from './antibody/antibody.controller';
import { AuthController } from './auth/auth.controller';
import { LocationController } from './auth/location.controller';
import { OrderController } from './billing/order.controller';
import { PointsAdminController, PointsController } from './billing/points.controller';
import { PromotionController } from './billing/promotion.controller';
import { RewardController } from './billing/reward.controller';
import { WujieUserController } from './billing/wujie-user.controller';
import { AccessGuard } from './common/access.guard';
import { DuplicateSubmitGuard } from './common/duplicate-submit.guard';
import { HttpErrorFilter } from './common/http-error.filter';
import { IdempotencyGuard } from './common/idempotency';
import { MaintenanceSwitch } from './common/maintenance';
import { OperLogQueue } from './common/oper-log.queue';
import { RateLimitGuard } from './common/rate-limit.guard';
import { GATEWAY_REDIS } from './common/redis.provider';
import { GATEWAY_ENV, type GatewayEnv } from './config/env';
import { EngineOpsController } from './engine/engine-ops.controller';
import { EngineWebappAccess } from './engine/engine-webapp.access';
import { FilesController } from './files/files.controller';
import { fileStoreProviders } from './files/storage/stores';
import { HealthController } from './health/health.controller';
import { DashboardController } from './monitor/dashboard.controller';
import { DruidController } from './monitor/druid.controller';
import {
  CacheServerController,
  JobsController,
  LogsController,
  OnlineController,
} from './monitor/monitor.controller';
import { MessageController } from './notification/message.controller';
import { OpenApiHolder } from './openapi/openapi';
import { OpenApiController } from './openapi/openapi.controller';
import { RealNameController, RealNameReviewController } from './realname/realname.controller';
import { RPC_CLIENT, ServiceClient } from './rpc/service-client';
import { UserSocketHub } from './socket/user-socket.hub';
import {
  CompaniesController,
  NoticesController,
  RichTextController,
} from './system/content.controller';
import { DeptsController, PostsController } from './system/depts.controller';
import {
  ConfigsController,
  DictDataController,
  DictTypesController,
} from './system/dicts.controller';
import { MenusController, RolesController } from './system/roles.controller';
import { UsersController } from './system/users.controller';
import { GenController } from './tool/gen.controller';
import { AgentController, SkillController } from './workflow/agent.controller';
import {
  BpmFormController,
  BpmModelController,
  TaskAssignRuleController,
  UserGroupController,
} from './workflow/bpm.controller';
import {
  BpmTaskController,
  OaLeaveController,
  ProcessDefinitionController,
  ProcessInstanceController,
} from './workflow/bpm-runtime.controller';
import { ChatController } from './workflow/chat.controller';
import { FunctionsController } from './workflow/functions.controller';
import { MissionController, MissionLogController } from './workflow/mission.controller';
import { PlaygroundController } from './workflow/playground.controller';
import { WorkflowController } from './workflow/workflow.controller';

/** Every controller of the gateway (the permission-matrix test walks these). */
export const GATEWAY_CONTROLLERS = [
  AuthController,
  LocationController,
  HealthController,
  OpenApiController,
  AntibodyController,
  // Administration console (issue 4)
  UsersController,
  RolesController,
  MenusController,
  DeptsController,
  PostsController,
  DictTypesController,
  DictDataController,
  ConfigsController,
  NoticesController,
  RichTextController,
  CompaniesController,
  LogsController,
  OnlineController,
  JobsController,
  CacheServerController,
  FilesController,
  // The dashboard and the bigscreen, the database pool monitor (issue 30)
  DashboardController,
  DruidController,
  GenController,
  // Workflow modeling (issue 5)
  WorkflowController,
  AgentController,
  SkillController,
  FunctionsController,
  BpmModelController,
  TaskAssignRuleController,
  BpmFormController,
  // People's processes on the engine (issue 29)
  ProcessDefinitionController,
  ProcessInstanceController,
  BpmTaskController,
  OaLeaveController,
  UserGroupController,
  // Missions (issue 12)
  MissionController,
  MissionLogController,
  // The research assistant's conversations and the playground (issue 13)
  ChatController,
  PlaygroundController,
  // Engine operations: Cockpit through the gateway (issue 18)
  EngineOpsController,
  // In-app messages of the notification service (issue 15)
  MessageController,
  // Real-name authentication (issue 15)
  RealNameController,
  RealNameReviewController,
  // Points ledger and rewards (issue 14)
  PointsController,
  PointsAdminController,
  RewardController,
  // Recharge orders, payment and invoices (issue 14)
  OrderController,
  WujieUserController,
  // The referral page (issue 14)
  PromotionController,
];

@Module({})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      controllers: GATEWAY_CONTROLLERS,
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        ...fileStoreProviders(env),
        { provide: GATEWAY_REDIS, useFactory: () => createRedis(env, 'gateway') },
        {
          provide: SessionStore,
          useFactory: (redis: Redis) =>
            new SessionStore(
              redis,
              SESSION_TTL_MINUTES,
              env.SESSION_MAX_HOURS,
              sessionEndedChannel(env.NAMESPACE),
            ),
          inject: [GATEWAY_REDIS],
        },
        { provide: RPC_CLIENT, useFactory: () => createRpcClient(env) },
        ServiceClient,
        MaintenanceSwitch,
        EngineWebappAccess,
        OperLogQueue,
        UserSocketHub,
        OpenApiHolder,
        // Order matters: who is calling, then how often, then whether it is a repeat.
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: IdempotencyGuard },
        { provide: APP_GUARD, useClass: DuplicateSubmitGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
