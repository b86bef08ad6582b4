// Benchmark of issue 4: GET /system/user/list?pageNum=1&pageSize=20 as admin with 100k users seeded
// (data scope, paging and count through gateway → transport → identity → MySQL), 50 connections for
// 10 s; prints requests/s, p50, p99 and the EXPLAIN of the list and count queries (no full scan).
// Usage: pnpm --filter @platform/bench admin   [-- --users 100000 --duration 10 --connections 50]
// Needs a build (pnpm -r run build), MariaDB and Redis on loopback.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import autocannon from 'autocannon';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';

import { benchPlatform } from '../lib/platform-env.mjs';
import { signInAdmin } from '../lib/sign-in.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const userCount = arg('users', 100_000);
const duration = arg('duration', 10);
const connections = arg('connections', 50);

// Its own namespace, databases and free ports, so it runs beside a platform that is already up.
const bench = await benchPlatform('bench');
const { namespace, gatewayPort: port } = bench;
const database = bench.databases.identity;
const password = 'Bench#Admin2026';
const listPath = '/prod-api/system/user/list?pageNum=1&pageSize=20';

function startPlatform() {
  const child = spawn(process.execPath, [join(root, 'scripts/platform.mjs')], {
    env: {
      ...process.env,
      ...bench.env,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('[platform] up:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`platform exited with ${code}`)));
  });
  return { child, ready };
}

/**
 * Seeds users straight into the identity database in batches, spread over a few departments. The
 * password column holds a placeholder, not a hash: these accounts are listed, never signed in.
 */
async function seedUsers(db) {
  const depts = [];
  for (let i = 0; i < 5; i += 1) {
    const [result] = await db.query(
      `INSERT INTO sys_dept (parent_id, ancestors, dept_name, create_by) VALUES (100, '0,100', ?, 'bench')`,
      [`Bench ${i}`],
    );
    depts.push(result.insertId);
  }
  const batch = 5000;
  for (let start = 0; start < userCount; start += batch) {
    const values = [];
    for (let i = start; i < Math.min(userCount, start + batch); i += 1) {
      values.push([depts[i % depts.length], `bench_${i}`, `Bench ${i}`, 'x', 'bench']);
    }
    await db.query(
      'INSERT INTO sys_user (dept_id, user_name, nick_name, password, create_by) VALUES ?',
      [values],
    );
  }
  await db.query('ANALYZE TABLE sys_user, sys_dept');
}

async function disableCaptcha(db) {
  await db.query(
    `UPDATE sys_config SET config_value='false' WHERE config_key='sys.account.captchaEnabled'`,
  );
  const redis = new Redis();
  await redis.del(`${namespace}:sys_config:sys.account.captchaEnabled`);
  await redis.quit();
}

/** The plans of the two statements the list runs (the same SQL as UsersAdminService.list for "all"). */
async function explain(db) {
  const where = `WHERE u.del_flag = '0' AND (1 = 1)`;
  const statements = {
    rows: `SELECT u.user_id, u.dept_id, d.dept_name, u.company_id, c.company_name, u.user_name, u.nick_name
             FROM sys_user u LEFT JOIN sys_dept d ON d.dept_id = u.dept_id
             LEFT JOIN sys_company c ON c.company_id = u.company_id
             ${where} ORDER BY u.user_id DESC LIMIT 20 OFFSET 0`,
    count: `SELECT COUNT(*) AS n FROM sys_user u ${where}`,
  };
  let fullScan = false;
  for (const [name, sql] of Object.entries(statements)) {
    const [plan] = await db.query(`EXPLAIN ${sql}`);
    console.log(`EXPLAIN ${name}:`);
    for (const step of plan) {
      console.log(
        `  table=${step.table} type=${step.type} key=${step.key} rows=${step.rows} extra=${step.Extra ?? ''}`,
      );
      if (step.table === 'u' && step.type === 'ALL') fullScan = true;
    }
  }
  console.log(`full scan of sys_user: ${fullScan ? 'YES' : 'no'}`);
  return !fullScan;
}

async function load(url, headers) {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Peak resident memory (VmHWM) of the platform's gateway process, in MB. */
function gatewayPeakMb(platformPid) {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(platformPid)], {
    encoding: 'utf8',
  });
  const pids = children
    .split('\n')
    .filter((l) => l.includes('dist/main.js'))
    .map((l) => l.trim().split(/\s+/)[0]);
  for (const pid of pids) {
    const dir = execFileSync('readlink', [`/proc/${pid}/cwd`], { encoding: 'utf8' }).trim();
    if (dir.endsWith('services/gateway')) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    }
  }
  return NaN;
}

/** Streams the .xlsx export of every user and reports its size, time and the gateway's peak memory. */
async function exportAll(token, platformPid) {
  const before = gatewayPeakMb(platformPid);
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/prod-api/system/user/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (Date.now() - started) / 1000;
  const after = gatewayPeakMb(platformPid);
  console.log(
    `export of all users: ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${seconds.toFixed(1)} s; ` +
      `gateway peak RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`,
  );
}

const platform = startPlatform();
try {
  await platform.ready;
  const db = await createConnection({ host: '127.0.0.1', user: 'root', database });
  const seeded = Date.now();
  await seedUsers(db);
  console.log(`seeded ${userCount} users in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  await disableCaptcha(db);
  const indexed = await explain(db);
  await db.end();
  const token = await signInAdmin(`http://127.0.0.1:${port}`, password);
  const url = `http://127.0.0.1:${port}${listPath}`;
  const sample = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
  if (sample.total < userCount)
    throw new Error(`expected ${userCount}+ users, got ${sample.total}`);
  const r = await load(url, { authorization: `Bearer ${token}` });
  console.log(
    `\nGET ${listPath} as admin, ${sample.total} users, ${connections} connections, ${duration} s`,
  );
  console.log(
    `requests/s ${r.rps.toFixed(0)}   p50 ${r.p50} ms   p99 ${r.p99} ms   (target p99 < 100 ms)`,
  );
  console.log(`list query uses indexes: ${indexed ? 'yes' : 'NO'}`);
  await exportAll(token, platform.child.pid);
} finally {
  platform.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const db = await createConnection({ host: '127.0.0.1', user: 'root' });
  for (const name of Object.values(bench.databases))
    await db.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await db.end();
  const redis = new Redis();
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
