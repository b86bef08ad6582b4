import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { strongSecret } from '../checks/service-env';

// MariaDB's first start runs deploy/mariadb/10-service-users.sh with root; here it runs against the
// machine's MariaDB, on users and databases named for this run, which are dropped afterwards.
const root = resolve(import.meta.dirname, '..', '..');
const initScript = join(root, 'deploy/mariadb/10-service-users.sh');
const SECRETS = ['identity', 'workflow', 'billing', 'notification', 'agent', 'engine'];
const run = `t${randomBytes(3).toString('hex')}`;
const rootUrl = process.env.DB_ROOT_URL ?? 'mysql://root@127.0.0.1:3306';

interface Account {
  user: string;
  password: string;
  database: string;
}

const accounts: Account[] = SECRETS.map((name) => ({
  user: `${run}_${name}`,
  password: `${strongSecret()}'q\\`,
  database: `${run}_platform_${name}`,
}));
let secretsDir: string;

function writeSecrets(dir: string, list: Account[]): void {
  list.forEach((account, i) => {
    const url = `mysql://${account.user}:${account.password}@127.0.0.1:3306/${account.database}`;
    writeFileSync(join(dir, `${SECRETS[i]}_db_url`), url);
  });
}

/** Sources the init script as the image's entrypoint does, its SQL going to the machine's MariaDB as root. */
function runInitScript(dir: string): string {
  const { hostname, port, username, password } = new URL(rootUrl);
  const client = `mysql -h${hostname} -P${port || 3306} -u${username}${password ? ` -p${password}` : ''}`;
  return execFileSync(
    'sh',
    [
      '-c',
      `docker_process_sql() { ${client}; }; PLATFORM_SECRETS_DIR="$0"; . "$1"`,
      dir,
      initScript,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

function connectAs(account: Account, database = account.database) {
  return mysql.createConnection({
    host: '127.0.0.1',
    user: account.user,
    password: account.password,
    database,
  });
}

beforeAll(() => {
  secretsDir = mkdtempSync(join(tmpdir(), 'platform-db-secrets-'));
  writeSecrets(secretsDir, accounts);
  runInitScript(secretsDir);
});

afterAll(async () => {
  rmSync(secretsDir, { recursive: true, force: true });
  const admin = await mysql.createConnection(rootUrl);
  for (const { user, database } of accounts) {
    await admin.query(`DROP USER IF EXISTS ?@'%'`, [user]);
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  }
  await admin.end();
});

describe('deploy/mariadb/10-service-users.sh', () => {
  it('should give each service its own database, where it creates tables', async () => {
    for (const account of accounts) {
      const connection = await connectAs(account);
      await connection.query('CREATE TABLE probe (id INT PRIMARY KEY)');
      await connection.query('INSERT INTO probe VALUES (1)');
      await connection.end();
    }
  });

  it("should keep each service out of the others' databases", async () => {
    const [identity, billing] = [accounts[0]!, accounts[2]!];
    await expect(connectAs(identity, billing.database)).rejects.toMatchObject({
      code: 'ER_DBACCESS_DENIED_ERROR',
    });
    const connection = await connectAs(identity);
    await expect(
      connection.query(`SELECT * FROM \`${billing.database}\`.probe`),
    ).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });
    await expect(connection.query('SELECT user FROM mysql.user')).rejects.toMatchObject({
      code: 'ER_TABLEACCESS_DENIED_ERROR',
    });
    await connection.end();
  });

  it('should refuse a URL that names root', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-db-secrets-'));
    try {
      writeSecrets(dir, [{ ...accounts[0]!, user: 'root' }, ...accounts.slice(1)]);
      expect(() => runInitScript(dir)).toThrow(/other than root/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
