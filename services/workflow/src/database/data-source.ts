import { mysqlDataSourceOptions } from '@platform/nest-common';
import { DataSource } from 'typeorm';

import { WORKFLOW_ENTITIES } from './entities';
import { CreateWorkflowSchema1764028800000 } from './migrations/1764028800000-CreateWorkflowSchema';
import { ModelDeployment1764115200000 } from './migrations/1764115200000-ModelDeployment';
import { Missions1764201600000 } from './migrations/1764201600000-Missions';
import { SkillTools1764290000000 } from './migrations/1764290000000-SkillTools';
import { SeedAgentWorkflows1764290100000 } from './migrations/1764290100000-SeedAgentWorkflows';
import { DeploymentGraph1764300000000 } from './migrations/1764300000000-DeploymentGraph';
import { MissionWaits1764400000000 } from './migrations/1764400000000-MissionWaits';
import { Conversations1764410000000 } from './migrations/1764410000000-Conversations';
import { MissionCharges1764500000000 } from './migrations/1764500000000-MissionCharges';
import { EventOutbox1764600200000 } from './migrations/1764600200000-EventOutbox';
import { NodeRunTokens1764700000000 } from './migrations/1764700000000-NodeRunTokens';
import { AgentNameEnIndex1764700100000 } from './migrations/1764700100000-AgentNameEnIndex';
import { MissionRequestKey1764800000000 } from './migrations/1764800000000-MissionRequestKey';
import { MissionDayIndex1764813000000 } from './migrations/1764813000000-MissionDayIndex';
import { BpmRuntime1764900000000 } from './migrations/1764900000000-BpmRuntime';
import { BpmTaskAssignment1764900100000 } from './migrations/1764900100000-BpmTaskAssignment';
import { OaLeave1764900200000 } from './migrations/1764900200000-OaLeave';
import { BpmFormSchema1765100000000 } from './migrations/1765100000000-BpmFormSchema';
import { DenovoAgainstTarget1765200000000 } from './migrations/1765200000000-DenovoAgainstTarget';
import { LeaveHrForm1765300000000 } from './migrations/1765300000000-LeaveHrForm';
import { BpmInstanceStatusKey1765310000000 } from './migrations/1765310000000-BpmInstanceStatusKey';
import { MissionStartClaim1765400000000 } from './migrations/1765400000000-MissionStartClaim';

/** Migrations in order; listed explicitly so the build needs no file globbing. */
export const WORKFLOW_MIGRATIONS = [
  CreateWorkflowSchema1764028800000,
  ModelDeployment1764115200000,
  Missions1764201600000,
  SkillTools1764290000000,
  SeedAgentWorkflows1764290100000,
  DeploymentGraph1764300000000,
  MissionWaits1764400000000,
  Conversations1764410000000,
  MissionCharges1764500000000,
  EventOutbox1764600200000,
  NodeRunTokens1764700000000,
  AgentNameEnIndex1764700100000,
  MissionRequestKey1764800000000,
  MissionDayIndex1764813000000,
  BpmRuntime1764900000000,
  BpmTaskAssignment1764900100000,
  OaLeave1764900200000,
  BpmFormSchema1765100000000,
  DenovoAgainstTarget1765200000000,
  LeaveHrForm1765300000000,
  BpmInstanceStatusKey1765310000000,
  MissionStartClaim1765400000000,
];

export function workflowDataSourceOptions(url: string) {
  return mysqlDataSourceOptions(url, {
    entities: WORKFLOW_ENTITIES,
    migrations: WORKFLOW_MIGRATIONS,
  });
}

/** The DataSource of the TypeORM CLI and of the migrate script. */
export function workflowDataSource(url: string): DataSource {
  return new DataSource(workflowDataSourceOptions(url));
}
