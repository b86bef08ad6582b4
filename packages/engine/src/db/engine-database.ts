import { createConnection, createPool, Pool, PoolConnection } from 'mysql2/promise';

export interface MysqlOptions {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Pool size; commands hold one connection each for their transaction. */
  connectionLimit?: number;
}

/** A connection inside one engine transaction. */
export interface Connection {
  query(sql: string, params?: unknown[]): Promise<[unknown, unknown]>;
  /** Runs the statement(s) and COMMIT in one round trip; the transaction is over afterwards. */
  queryAndCommit(sql: string, params?: unknown[]): Promise<void>;
}

/**
 * Sends START TRANSACTION with the first statement and COMMIT with the last one (multi-statement
 * queries): every round trip to MySQL costs a syscall pair, which dominated short commands.
 */
class TxConnection implements Connection {
  begun = false;
  committed = false;

  constructor(readonly raw: PoolConnection) {}

  async query(sql: string, params: unknown[] = []): Promise<[unknown, unknown]> {
    if (this.committed) throw new Error('the transaction has already been committed');
    if (this.begun) return (await this.raw.query(sql, params)) as [unknown, unknown];
    this.begun = true;
    const [results, fields] = (await this.raw.query(`START TRANSACTION;\n${sql}`, params)) as [
      unknown[],
      unknown[],
    ];
    return [results[1], fields?.[1]];
  }

  async queryAndCommit(sql: string, params: unknown[] = []): Promise<void> {
    if (this.committed) throw new Error('the transaction has already been committed');
    const prefix = this.begun ? '' : 'START TRANSACTION;\n';
    this.begun = true;
    await this.raw.query(`${prefix}${sql};\nCOMMIT`, params);
    this.committed = true;
  }
}

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** The engine's MySQL pool: READ COMMITTED sessions, one transaction per command. */
export class EngineDatabase {
  private constructor(readonly pool: Pool) {}

  static async connect(options: MysqlOptions): Promise<EngineDatabase> {
    await createDatabaseIfMissing(options);
    const pool = createPool({
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
      connectionLimit: options.connectionLimit ?? 10,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
      // Commands batch their writes into one round trip; every value is still a bound parameter.
      multipleStatements: true,
    });
    // READ COMMITTED avoids gap locks between fetchAndLock's SKIP LOCKED scans and task inserts.
    pool.pool.on('connection', (conn) => {
      conn.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
    });
    return new EngineDatabase(pool);
  }

  /** Runs `work` in one transaction, retrying it on deadlock or lock-wait timeout. */
  async transaction<T>(work: (conn: Connection) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const raw = await this.pool.getConnection();
      const conn = new TxConnection(raw);
      try {
        const result = await work(conn);
        if (conn.begun && !conn.committed) await raw.query('COMMIT');
        return result;
      } catch (err) {
        if (!conn.committed) await raw.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        if (!code || !RETRYABLE.has(code) || attempt >= 5) throw err;
      } finally {
        raw.release();
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function createDatabaseIfMissing(options: MysqlOptions): Promise<void> {
  const conn = await createConnection({
    host: options.host,
    port: options.port,
    user: options.user,
    password: options.password,
  });
  try {
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS \`${options.database.replace(/`/g, '')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
    );
  } finally {
    await conn.end();
  }
}
