import 'reflect-metadata';

import { loadBillingEnv } from '../config/env';
import { billingDataSource } from '../database/data-source';
import { checkLedger } from './ledger-check';

/**
 * `pnpm --filter @platform/billing run ledger:check`: proves balance = Σ points and frozen = Σ frozen
 * for every account of BILLING_DB_URL; prints the result as JSON and exits 1 on any mismatch.
 */
async function main(): Promise<number> {
  const env = loadBillingEnv();
  const db = await billingDataSource(env.BILLING_DB_URL).initialize();
  try {
    const result = await checkLedger(db);
    console.log(JSON.stringify(result, null, 2));
    if (result.mismatches.length) {
      console.error(
        `ledger check FAILED: ${result.mismatches.length} account(s) differ from their entries`,
      );
      return 1;
    }
    console.error(`ledger check OK: ${result.accounts} accounts, ${result.entries} entries`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger check could not run: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  },
);
