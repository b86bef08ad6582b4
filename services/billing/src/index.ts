// What other packages (the platform launcher, tests, benchmarks) use.
import { loadBillingEnv } from './config/env';
import { startBilling } from './main';

export { BILLING_ENV, type BillingEnv, loadBillingEnv } from './config/env';
export { billingDataSource } from './database/data-source';
export { type LedgerPosting, type LedgerResult, LedgerService } from './ledger/ledger.service';
export { prepareDatabase, startBilling } from './main';

/** The billing service in a test stack (`startStack([..., billingStarter])`). */
export const billingStarter = {
  name: 'billing',
  databaseEnv: 'BILLING_DB_URL',
  start: (env: Record<string, string>) => startBilling(loadBillingEnv(env)),
};
