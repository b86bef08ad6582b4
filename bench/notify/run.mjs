// Benchmark of issue 15: one notice to 10,000 connected sockets. Starts identity, the notification
// service and a gateway of its own (own namespace, databases, port), adds 10,000 users, opens one socket
// per user on the gateway, then measures
//   hub:        one push published on the Redis channel (publishToUsers) → each socket's receipt
//   end to end: a notice event queued on EVENT_QUEUES.notification → stored (one message, 10,000 inbox
//               rows, identity asked for the audience) → pushed → each socket's receipt
// and the gateway's memory per connection (resident set before and after the sockets open).
// Usage: pnpm bench:notify   [-- --users 10000 --rounds 5]
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';
import WebSocket from 'ws';

import { freePort } from '../lib/platform-env.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', 10_000);
const ROUNDS = arg('rounds', 5);
const OPEN_AT_ONCE = 250;

const namespace = `benchnotify${randomBytes(3).toString('hex')}`;
const databases = { identity: `bench_${namespace}`, notification: `bench_${namespace}_notify` };
const port = await freePort();
const common = {
  ...process.env,
  NODE_ENV: 'development',
  NAMESPACE: namespace,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'Bench#Admin2026',
};
const children = [];

function start(name, script, env) {
  const child = spawn(process.execPath, [join(root, script)], {
    env: { ...common, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const body = await (await fetch(`http://127.0.0.1:${port}/prod-api/health`)).json();
      if (body.data?.checks?.mysql?.notification === 'UP' && body.data?.checks?.transport === 'UP')
        return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the platform did not come up');
}

const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** CPU time (user + system) a process has used, in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function cleanup(redis) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  const db = await createConnection({ host: '127.0.0.1', user: 'root' });
  for (const name of Object.values(databases))
    await db.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await db.end();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

const redis = new Redis();
const sockets = [];
try {
  start('identity', 'services/identity/dist/main.js', {
    IDENTITY_DB_URL: `mysql://root@127.0.0.1:3306/${databases.identity}`,
  });
  const notification = start('notification', 'services/notification/dist/main.js', {
    NOTIFICATION_DB_URL: `mysql://root@127.0.0.1:3306/${databases.notification}`,
  });
  const gateway = start('gateway', 'services/gateway/dist/main.js', {
    GATEWAY_PORT: String(port),
    SOCKET_PORT: '-1',
    WEB_DIST: '',
    BILLING_REQUIRED: 'false',
  });
  await waitForHealth();

  // The users (live, enabled) and a session each, as sign-in would leave it in Redis.
  const db = await createConnection({
    host: '127.0.0.1',
    user: 'root',
    database: databases.identity,
  });
  const rows = Array.from({ length: USERS }, (_, i) => [`bench${i}`, `Bench ${i}`, 'x', '0', '0']);
  for (let i = 0; i < rows.length; i += 1000) {
    await db.query(
      'INSERT INTO sys_user (user_name, nick_name, password, status, del_flag) VALUES ?',
      [rows.slice(i, i + 1000)],
    );
  }
  const [ids] = await db.query(
    `SELECT user_id FROM sys_user WHERE user_name LIKE 'bench%' ORDER BY user_id`,
  );
  await db.end();
  const now = Date.now();
  const users = ids.map(({ user_id: userId }) => ({
    userId: Number(userId),
    token: randomBytes(32).toString('base64url'),
  }));
  const pipeline = redis.pipeline();
  for (const { userId, token } of users) {
    const tokenId = createHash('sha256').update(token).digest('hex');
    const session = {
      tokenId,
      userId,
      userName: `bench${userId}`,
      nickName: '',
      avatar: '',
      email: '',
      phonenumber: '',
      qu: '',
      pagesize: null,
      tour: 1,
      deptId: null,
      companyId: null,
      admin: false,
      roles: ['common'],
      permissions: [],
      loginTime: now,
      expireTime: now + 3_600_000,
      ipaddr: '127.0.0.1',
      browser: 'bench',
      os: 'bench',
      lang: 'zh',
    };
    pipeline.set(`${namespace}:login_tokens:${tokenId}`, JSON.stringify(session), 'PX', 3_600_000);
  }
  await pipeline.exec();

  // Sockets, with the receipt time of each frame by round tag.
  const received = new Map();
  const open = ({ userId, token }) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(
        `ws://127.0.0.1:${port}/ws/user?userId=${userId}`,
        ['platform.user', token],
        {
          perMessageDeflate: false,
        },
      );
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.on('message', (data) => {
        const at = performance.now();
        const text = String(data);
        const tag = /"(?:tag|message)":"([^"]+)"/.exec(text)?.[1] ?? text;
        const list = received.get(tag) ?? [];
        list.push(at);
        received.set(tag, list);
      });
    });
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = rssKb(gateway.pid);
  const openStart = performance.now();
  for (let i = 0; i < users.length; i += OPEN_AT_ONCE)
    sockets.push(...(await Promise.all(users.slice(i, i + OPEN_AT_ONCE).map(open))));
  const openMs = performance.now() - openStart;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = rssKb(gateway.pid);

  const waitAll = async (tag, count, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((received.get(tag)?.length ?? 0) < count) {
      if (Date.now() > deadline)
        throw new Error(`${tag}: ${received.get(tag)?.length ?? 0}/${count} received`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return received.get(tag);
  };
  const cpuOf = () => ({ gateway: cpuMs(gateway.pid), notification: cpuMs(notification.pid) });
  const summarize = (latencies, cpu0) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const cpu = cpuOf();
    return {
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      last: sorted[sorted.length - 1],
      gatewayCpu: cpu.gateway - cpu0.gateway,
      notificationCpu: cpu.notification - cpu0.notification,
    };
  };

  // Hub: one Redis message per 5,000 users (publishToUsers), as the notification service publishes.
  const hub = [];
  const userIds = users.map((u) => u.userId);
  for (let round = 0; round < ROUNDS; round += 1) {
    const tag = `hub-${round}`;
    const payload = JSON.stringify({ type: 'bench', tag });
    const cpu0 = cpuOf();
    const t0 = performance.now();
    for (let i = 0; i < userIds.length; i += 5000)
      await redis.publish(
        `${namespace}:user-push`,
        JSON.stringify({ userIds: userIds.slice(i, i + 5000), payload }),
      );
    const times = await waitAll(tag, users.length);
    hub.push(
      summarize(
        times.map((t) => t - t0),
        cpu0,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  // End to end: a published notice on the durable queue, through the notification service.
  const connection = new Redis({ maxRetriesPerRequest: null });
  const queue = new Queue('platform-events-notification', {
    connection,
    prefix: `${namespace}:bull`,
  });
  const e2e = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const title = `bench-notice-${round}`;
    const cpu0 = cpuOf();
    const t0 = performance.now();
    const key = `identity.notice.published:bench-${round}-${Date.now()}`;
    await queue.add(
      'identity.notice.published',
      {
        type: 'identity.notice.published',
        idempotencyKey: key,
        userId: 1,
        payload: { noticeId: round + 1, title, titleEn: title, content: 'bench', all: true },
        occurredAt: new Date().toISOString(),
      },
      { jobId: key.replace(/:/g, '_') },
    );
    const times = await waitAll(title, users.length);
    e2e.push(
      summarize(
        times.map((t) => t - t0),
        cpu0,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await queue.close();
  await connection.quit();

  const fmt = (n) => `${n.toFixed(0)} ms`;
  const median = (list, key) =>
    [...list.map((x) => x[key])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`machine: ${availableParallelism()} CPUs, load average ${load} (shared)`);
  console.log(
    `notify bench: ${users.length} sockets on one gateway (one per user), ${ROUNDS} rounds each`,
  );
  console.log(`  sockets opened in ${fmt(openMs)} (${OPEN_AT_ONCE} at a time)`);
  console.log(
    `  gateway memory: ${(rssBefore / 1024).toFixed(1)} MB → ${(rssAfter / 1024).toFixed(1)} MB resident, ` +
      `${(((rssAfter - rssBefore) * 1024) / users.length / 1024).toFixed(2)} KB per connection (target < 10 KB)`,
  );
  for (const [name, list] of [
    ['hub (Redis push → socket)', hub],
    ['end to end (event queued → stored → socket)', e2e],
  ]) {
    console.log(`  ${name}:`);
    list.forEach((r, i) =>
      console.log(
        `    round ${i + 1}: p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, last ${fmt(r.last)}; ` +
          `CPU used: gateway ${r.gatewayCpu} ms, notification ${r.notificationCpu} ms`,
      ),
    );
    console.log(
      `    median of rounds: p95 ${fmt(median(list, 'p95'))}, last ${fmt(median(list, 'last'))} (target p95 < 300 ms)`,
    );
  }
} finally {
  for (const ws of sockets) ws.terminate();
  await cleanup(redis);
  await redis.quit();
}
