import { createConnection } from 'mysql2/promise';
import type { DataSourceOptions, ObjectLiteral, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** Parts of a `mysql://user:pass@host:port/database` URL. */
export function parseMysqlUrl(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password || ''),
    database: parsed.pathname.replace(/^\//, ''),
  };
}

const SAFE_NAME = /^[A-Za-z0-9_]{1,64}$/;

/** Creates the service's database on first start (utf8mb4), so a fresh machine needs no manual step. */
export async function ensureDatabase(url: string): Promise<void> {
  const { database, ...server } = parseMysqlUrl(url);
  if (!SAFE_NAME.test(database)) throw new Error(`Unsafe database name: ${database}`);
  const connection = await createConnection(server);
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { database, ...server } = parseMysqlUrl(url);
  if (!SAFE_NAME.test(database)) throw new Error(`Unsafe database name: ${database}`);
  const connection = await createConnection(server);
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await connection.end();
  }
}

/** TypeORM options every service uses: migrations only, UTC, utf8mb4, bounded pool. */
export function mysqlDataSourceOptions(
  url: string,
  parts: Pick<DataSourceOptions, 'entities' | 'migrations'>,
): DataSourceOptions {
  const { host, port, user, password, database } = parseMysqlUrl(url);
  return {
    type: 'mysql',
    host,
    port,
    username: user,
    password,
    database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    bigNumberStrings: false,
    supportBigNumbers: true,
    // trace: mysql2 captures a stack trace for every query by default (Error.captureStackTrace, to
    // put the caller's frames on a failed query's error): 2-3 % of the workflow service's and the
    // agent worker's CPU in the missions bench's profile. Node's async stack traces already lead from
    // a failed statement's error to its caller.
    extra: { connectionLimit: 10, trace: false },
    // TypeORM 1 throws on a null or undefined value in a where condition; 0.3 left such a property
    // out, and the queries were written to 0.3's rule. Kept until each is audited for 'throw', the
    // safer rule (under 'ignore', findOneBy({ id: undefined }) answers the first row).
    invalidWhereValuesBehavior: { null: 'ignore', undefined: 'ignore' },
    ...parts,
  } as DataSourceOptions;
}

/**
 * Runs pending migrations under a MySQL named lock, so two instances starting together do not both
 * apply the same migration.
 */
export async function runMigrationsLocked(dataSource: {
  createQueryRunner(): {
    query(sql: string, params?: unknown[]): Promise<unknown>;
    release(): Promise<void>;
  };
  runMigrations(options?: { transaction?: 'all' | 'none' | 'each' }): Promise<unknown[]>;
  options: { database?: unknown };
}): Promise<number> {
  const runner = dataSource.createQueryRunner();
  const lockName = `migrations:${String(dataSource.options.database)}`;
  try {
    await runner.query('SELECT GET_LOCK(?, 120)', [lockName]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.length;
  } finally {
    await runner.query('SELECT RELEASE_LOCK(?)', [lockName]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Inserts a row whose columns are all known and sets its generated id, in one statement: TypeORM's
 * save wraps an insert in a transaction and reads the row back for the columns the database fills.
 * On the repository of the caller's transaction, it is part of that transaction.
 */
export async function insertKnownRow<T extends ObjectLiteral & { id: number }>(
  repo: Repository<T>,
  row: T,
): Promise<T> {
  const inserted = await repo
    .createQueryBuilder()
    .insert()
    .values(row as QueryDeepPartialEntity<T>)
    .updateEntity(false)
    .execute();
  row.id = Number((inserted.raw as { insertId: number }).insertId);
  return row;
}
