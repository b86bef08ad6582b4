import { createConnection } from 'mysql2/promise';
import type { TestProject } from 'vitest/node';

import type { MysqlOptions } from '../src';

declare module 'vitest' {
  export interface ProvidedContext {
    mysql: MysqlOptions;
  }
}

/** One database per test run, created here and dropped afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = {
    host: process.env.TEST_MYSQL_HOST ?? '127.0.0.1',
    port: Number(process.env.TEST_MYSQL_PORT ?? 3306),
    user: process.env.TEST_MYSQL_USER ?? 'root',
    password: process.env.TEST_MYSQL_PASSWORD ?? '',
  };
  const database = `t_engine_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const conn = await createConnection(base);
  await conn.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await conn.end();
  project.provide('mysql', { ...base, database });
  return async () => {
    const c = await createConnection(base);
    await c.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await c.end();
  };
}
