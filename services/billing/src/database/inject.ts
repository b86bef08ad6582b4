import { InjectDataSource } from '@nestjs/typeorm';

/** Name of the billing service's TypeORM data source (tests run several services in one process). */
export const BILLING_DB = 'billing';

export const InjectBillingDb = () => InjectDataSource(BILLING_DB);
