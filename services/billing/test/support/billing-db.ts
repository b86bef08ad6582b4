import { randomBytes } from 'node:crypto';

import type { INestMicroservice } from '@nestjs/common';
import { dropDatabase, parseMysqlUrl } from '@platform/nest-common';
import { mysqlBase } from '@platform/test-support';
import { type Connection, createConnection } from 'mysql2/promise';

import { loadBillingEnv } from '../../src/config/env';
import { LedgerService } from '../../src/ledger/ledger.service';
import { startBilling } from '../../src/main';

export interface BillingUnderTest {
  app: INestMicroservice;
  ledger: LedgerService;
  /** A raw connection to the billing database of this run. */
  db: Connection;
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The billing service on a database and namespace of its own (dropped by close()). */
export async function startBillingUnderTest(
  overrides: Record<string, string> = {},
): Promise<BillingUnderTest> {
  const tag = `${process.pid}${randomBytes(3).toString('hex')}`;
  const url = `${mysqlBase()}/t_billing_${tag}`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    NAMESPACE: `tb${tag}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    BILLING_DB_URL: url,
    ...overrides,
  };
  const app = await startBilling(loadBillingEnv(env));
  const { host, port, user, password, database } = parseMysqlUrl(url);
  const db = await createConnection({ host, port, user, password, database });
  return {
    app,
    ledger: app.get(LedgerService),
    db,
    url,
    env,
    async close() {
      await db.end();
      await app.close();
      await dropDatabase(url);
    },
  };
}
