import { mysqlDataSourceOptions } from '@platform/nest-common';
import { DataSource } from 'typeorm';

import { PointsAccount } from '../ledger/points-account.entity';
import { PointsEntry } from '../ledger/points-entry.entity';
import { Ledger1764500000000 } from './migrations/1764500000000-Ledger';
import { EventsRewards1764500100000 } from './migrations/1764500100000-EventsRewards';
import { RechargeOrders1764500200000 } from './migrations/1764500200000-RechargeOrders';
import { OrderFilePaths1764500300000 } from './migrations/1764500300000-OrderFilePaths';
import { MissionHoldsInvitations1764500400000 } from './migrations/1764500400000-MissionHoldsInvitations';
import { LedgerDayIndex1764503000000 } from './migrations/1764503000000-LedgerDayIndex';

export const BILLING_ENTITIES = [PointsAccount, PointsEntry];

/** Migrations in order; listed explicitly so the build needs no file globbing. */
export const BILLING_MIGRATIONS = [
  Ledger1764500000000,
  EventsRewards1764500100000,
  RechargeOrders1764500200000,
  OrderFilePaths1764500300000,
  MissionHoldsInvitations1764500400000,
  LedgerDayIndex1764503000000,
];

export function billingDataSourceOptions(url: string) {
  return mysqlDataSourceOptions(url, {
    entities: BILLING_ENTITIES,
    migrations: BILLING_MIGRATIONS,
  });
}

/** The DataSource of the TypeORM CLI, the start-up migration and the ledger check. */
export function billingDataSource(url: string): DataSource {
  return new DataSource(billingDataSourceOptions(url));
}
