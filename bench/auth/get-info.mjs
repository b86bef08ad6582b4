// Benchmark of issue 2: authenticated GET /getInfo through the gateway (session check in Redis,
// permission guard, envelope) against a bare Node handler returning the same JSON.
// Usage: pnpm --filter @platform/bench auth   [-- --duration 10 --connections 50]
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
const duration = arg('duration', 10);
// Bare and gateway runs alternate and each figure is the median of its rounds, so a change in the
// machine's background load during the run affects both sides alike.
const rounds = arg('rounds', 3);
const connections = arg('connections', 50);

// With taskset, the load generator runs on CPU 0 and the server under test (the gateway, or the bare
// handler) on CPU 1, so both servers get one whole core and the generator never competes with them.
const pin = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;
if (pin) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
const onServerCpu = (command, args) =>
  pin ? ['taskset', ['-c', '1', command, ...args]] : [command, args];

// Its own namespace, databases and free ports, so it runs beside a platform that is already up.
const bench = await benchPlatform('bench');
const { namespace, gatewayPort: port } = bench;
const database = bench.databases.identity;
const password = 'Bench#Admin2026';

function startPlatform() {
  const child = spawn(...onServerCpu(process.execPath, [join(root, 'scripts/platform.mjs')]), {
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

async function disableCaptcha() {
  const db = await createConnection({ host: '127.0.0.1', user: 'root', database });
  await db.query(
    `UPDATE sys_config SET config_value='false' WHERE config_key='sys.account.captchaEnabled'`,
  );
  await db.end();
  const redis = new Redis();
  await redis.del(`${namespace}:sys_config:sys.account.captchaEnabled`);
  await redis.quit();
}

function median(runs) {
  const mid = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rps: mid(runs.map((r) => r.rps)),
    p50: mid(runs.map((r) => r.p50)),
    p99: mid(runs.map((r) => r.p99)),
    cpuMicros: mid(runs.map((r) => r.cpuMicros)),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The pid of the platform's child process running in `dir` (e.g. services/gateway). */
function childIn(parentPid, dir) {
  const children = readFileSync(`/proc/${parentPid}/task/${parentPid}/children`, 'utf8')
    .trim()
    .split(/\s+/);
  const pid = children.find((p) => readlinkSync(`/proc/${p}/cwd`).endsWith(dir));
  if (!pid) throw new Error(`no child process in ${dir}`);
  return Number(pid);
}

async function load(url, headers, serverPid) {
  // A short warm-up so JIT and connection pools are settled before the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({ url, connections, duration, headers });
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Server CPU per request: unlike throughput, it hardly moves with the machine's background load.
    cpuMicros: (cpu / result.requests.total) * 1e6,
  };
}

const platform = startPlatform();
try {
  await platform.ready;
  await disableCaptcha();
  const token = await signInAdmin(`http://127.0.0.1:${port}`, password);
  const url = `http://127.0.0.1:${port}/prod-api/getInfo`;
  const sample = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();

  const gatewayPid = childIn(platform.child.pid, 'services/gateway');
  const bare = spawn(
    ...onServerCpu(process.execPath, [join(root, 'bench/auth/bare-server.mjs'), sample]),
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [portLine] = await once(createInterface({ input: bare.stdout }), 'line');
  const bareRuns = [];
  const gatewayRuns = [];
  for (let round = 0; round < rounds; round += 1) {
    bareRuns.push(await load(`http://127.0.0.1:${portLine.trim()}/`, {}, bare.pid));
    gatewayRuns.push(await load(url, { authorization: `Bearer ${token}` }, gatewayPid));
  }
  bare.kill();
  const bareResult = median(bareRuns);
  const gateway = median(gatewayRuns);

  const row = (name, r) =>
    `${name.padEnd(24)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${r.cpuMicros.toFixed(0).padStart(12)}`;
  console.log(
    pin ? '\nload generator on CPU 0, server under test on CPU 1 (taskset)' : '\nno CPU pinning',
  );
  console.log(
    `GET /getInfo, ${connections} connections, median of ${rounds} alternating rounds of ${duration} s`,
  );
  console.log(
    `${'target'.padEnd(24)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  console.log(row('bare node http', bareResult));
  console.log(row('gateway getInfo (authed)', gateway));
  const ratio = gateway.rps / bareResult.rps;
  console.log(
    `throughput ratio gateway/bare: ${(ratio * 100).toFixed(1)}%   (target >= 35%, p99 < 50 ms)`,
  );
  console.log(
    `CPU-cost ratio bare/gateway: ${((bareResult.cpuMicros / gateway.cpuMicros) * 100).toFixed(1)}%   ` +
      '(the throughput ratio when each server has a core of its own; Redis CPU not included)',
  );
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
