import { mysqlDataSourceOptions } from '@platform/nest-common';
import { DataSource } from 'typeorm';

import { IDENTITY_ENTITIES } from './entities';
import { CreateIdentitySchema1763769600000 } from './migrations/1763769600000-CreateIdentitySchema';
import { SeedIdentityData1763769600001 } from './migrations/1763769600001-SeedIdentityData';
import { AdminConsole1763769600002 } from './migrations/1763769600002-AdminConsole';
import { AddAntibodyToolkitMenu1763769700000 } from './migrations/1763769700000-AddAntibodyToolkitMenu';
import { OperLogRequestId1763769800000 } from './migrations/1763769800000-OperLogRequestId';
import { JobManagePermission1763769900000 } from './migrations/1763769900000-JobManagePermission';
import { EngineCockpitMenu1763770000000 } from './migrations/1763770000000-EngineCockpitMenu';
import { Missions1763770100000 } from './migrations/1763770100000-Missions';
import { HideMenusWithoutPage1763770150000 } from './migrations/1763770150000-HideMenusWithoutPage';
import { ShowMissionMenus1764400100000 } from './migrations/1764400100000-ShowMissionMenus';
import { ShowWorkbenchMenu1764400200000 } from './migrations/1764400200000-ShowWorkbenchMenu';
import { ShowAssistantConsoleMenus1764400300000 } from './migrations/1764400300000-ShowAssistantConsoleMenus';
import { MessagesMenu1764600100000 } from './migrations/1764600100000-MessagesMenu';
import { ShowBillingMenus1764600370000 } from './migrations/1764600370000-ShowBillingMenus';
import { RealNameRequests1764600400000 } from './migrations/1764600400000-RealNameRequests';
import { BillingRewards1764600500000 } from './migrations/1764600500000-BillingRewards';
import { MissionPrice1764600600000 } from './migrations/1764600600000-MissionPrice';
import { RemittanceAccount1764600700000 } from './migrations/1764600700000-RemittanceAccount';
import { ChatEveryonePermission1764800000000 } from './migrations/1764800000000-ChatEveryonePermission';
import { FourEyesParameter1764925000000 } from './migrations/1764925000000-FourEyesParameter';
import { UploadQuotaParameter1764950000000 } from './migrations/1764950000000-UploadQuotaParameter';
import { EngineOpsAdminPermission1764960000000 } from './migrations/1764960000000-EngineOpsAdminPermission';
import { DashboardFigures1764973000000 } from './migrations/1764973000000-DashboardFigures';
import { DeptLeaderUser1764980000000 } from './migrations/1764980000000-DeptLeaderUser';
import { ShowPoolMonitorMenu1764983000000 } from './migrations/1764983000000-ShowPoolMonitorMenu';
import { BpmProcessMenus1764991000000 } from './migrations/1764991000000-BpmProcessMenus';
import { LeaveTypeDictionary1764992000000 } from './migrations/1764992000000-LeaveTypeDictionary';
import { CodeGenerator1765000000000 } from './migrations/1765000000000-CodeGenerator';
import { GenColumnNullability1765000000001 } from './migrations/1765000000001-GenColumnNullability';
import { ShowFormBuilderMenu1765100000000 } from './migrations/1765100000000-ShowFormBuilderMenu';

/** Migrations in order; listed explicitly so the build needs no file globbing. */
export const IDENTITY_MIGRATIONS = [
  CreateIdentitySchema1763769600000,
  SeedIdentityData1763769600001,
  AdminConsole1763769600002,
  AddAntibodyToolkitMenu1763769700000,
  OperLogRequestId1763769800000,
  JobManagePermission1763769900000,
  EngineCockpitMenu1763770000000,
  Missions1763770100000,
  HideMenusWithoutPage1763770150000,
  ShowMissionMenus1764400100000,
  ShowWorkbenchMenu1764400200000,
  ShowAssistantConsoleMenus1764400300000,
  MessagesMenu1764600100000,
  ShowBillingMenus1764600370000,
  RealNameRequests1764600400000,
  BillingRewards1764600500000,
  MissionPrice1764600600000,
  RemittanceAccount1764600700000,
  ChatEveryonePermission1764800000000,
  FourEyesParameter1764925000000,
  UploadQuotaParameter1764950000000,
  EngineOpsAdminPermission1764960000000,
  DashboardFigures1764973000000,
  DeptLeaderUser1764980000000,
  ShowPoolMonitorMenu1764983000000,
  BpmProcessMenus1764991000000,
  LeaveTypeDictionary1764992000000,
  CodeGenerator1765000000000,
  GenColumnNullability1765000000001,
  ShowFormBuilderMenu1765100000000,
];

export function identityDataSourceOptions(url: string) {
  return mysqlDataSourceOptions(url, {
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
  });
}

/** The DataSource of the TypeORM CLI and of the migrate script. */
export function identityDataSource(url: string): DataSource {
  return new DataSource(identityDataSourceOptions(url));
}
