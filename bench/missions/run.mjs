// Missions benchmark (issue 12): a three-agent workflow of trivial agents, run by the platform as a
// user runs it. For each engine it starts a platform of its own with scripts/platform.mjs (every
// service its own process, as up.sh runs them; its own namespace, databases, ports and engine
// credentials: bench/lib/platform-env.mjs), registers a plain user (default role only, through the
// real sign-up), publishes the workflow as the administrator, opens the user's socket (/ws/user, the
// token in Sec-WebSocket-Protocol beside 'platform.user') and starts missions with
// POST /prod-api/wujie/mission as that user:
//
// 1. steady: `--rate` missions a second for `--steady` seconds (open loop), below saturation;
// 2. flat out: a closed loop of `--inflight` missions (a new one as soon as one completes), `--warmup`
//    seconds, then `--seconds` measured.
//
// Per phase: missions completed a second (their `complete` push on the socket), node end -> socket
// message latency p50/p95/p99 (the agentStatus push of a node's success: from its `at`, the node's
// endedAt as the worker stamped it, to its arrival here; one machine, one clock), and the times of
// the start request and of whole missions. For the flat-out window, CPU per completed mission of each
// process from /proc: gateway, identity, workflow (with the embedded engine inside it), agent
// worker(s), Operaton's JVM, and mysqld and redis-server (and nats-server with --transport nats), which
// are shared with whatever else runs
// here. The machine's load average is printed at the start and the end.
//
// Trivial agents: each node's agent has one skill with the built-in tool antibody.epitopes, and the
// mission's text carries a 20-residue antigen; the tool takes well under a millisecond in the worker,
// so the figures are the platform's (engine, worker, workflow service, pushes). `--agent function`
// gives the skill a trivial sandboxed function instead (each call a worker thread with QuickJS in
// the workflow service), to show what the sandbox adds.
//
// Workers: by default the one agent-worker process scripts/platform.mjs starts (as up.sh does) with
// the service's AGENT_WORKER_MAX_TASKS (16: it starts at four tasks at once and takes more while its
// thread idles and work waits, worker/adaptive-limit.ts). Its work is waiting on the engine, the
// workflow service and MySQL, so many slots in one process are many workers without more Node
// heaps on a 2-core machine; `--worker-processes 4 --max-tasks 1` runs four processes instead.
//
// Usage: pnpm -r --workspace-concurrency=1 --filter "./packages/*" --filter "./services/*" run build
//        pnpm bench:missions [-- --engine operaton,embedded --rate 3 --steady 20 --inflight 24
//          --warmup 10 --seconds 30 --max-tasks 4 --worker-processes 1 --agent tool|function
//          --poll-interval <ms> --statements 10 --transport redis|nats]
// --engine: operaton (deploy/engine; skipped without Java) and/or embedded, one platform each;
//   operaton-before: Operaton with its settings before issue 31 (C1 JIT, history full), so that
//   `--engine operaton-before,operaton` shows what they changed. After the Operaton platforms, the
//   figures bench/missions/figures.mjs recorded change by change for issue 31, and this run's beside them.
// --poll-interval: AGENT_WORKER_POLL_INTERVAL_MS of the workers (unset: the service's default).
// --statements: seconds of MariaDB's general log after the flat-out window, for the statements a
//   mission costs in each database (0: none; the log needs the SUPER privilege the bench's root has).
// --statements-of: databases (workflow, agent, engine, ...) whose statements are listed by shape.
// Needs MariaDB/MySQL and Redis on loopback. The databases and the namespace's Redis keys are removed
// after each platform.
import { spawn } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';

import { hasJava, hasMaven, needsBuild } from '../../scripts/engine.mjs';
import {
  ADMIN_PASSWORD,
  childrenOf,
  client,
  disableCaptcha,
  dropBenchData,
  gone,
  missionsOf,
  openSocket,
  publishWorkflow,
  redisPid,
  registerUser,
  sleep,
} from '../lib/missions.mjs';
import { OPERATON_BEFORE_ENV } from '../lib/operaton-before.mjs';
import { benchPlatform } from '../lib/platform-env.mjs';
import { cpuMs, loadLine, mysqldPid, natsPid, percentile } from '../lib/proc.mjs';
import { printAgainstRecorded } from './figures.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const { MISSION_ACTIVE_STATUSES } = createRequire(join(root, 'packages/contracts/package.json'))(
  './dist/index.js',
);

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ENGINES = arg('engine', 'operaton,embedded').split(',');
const RATE = Number(arg('rate', 3));
const STEADY_S = Number(arg('steady', 20));
const INFLIGHT = Number(arg('inflight', 24));
const WARMUP_S = Number(arg('warmup', 10));
const MEASURE_S = Number(arg('seconds', 30));
/** AGENT_WORKER_MAX_TASKS of the workers; unset: the service's default (16, adaptive from 4). */
const MAX_TASKS = arg('max-tasks', undefined);
const WORKER_PROCESSES = Number(arg('worker-processes', 1));
const AGENT = arg('agent', 'tool');
const POLL_INTERVAL = arg('poll-interval', undefined);
const STATEMENTS_S = Number(arg('statements', 10));
const STATEMENTS_OF = arg('statements-of', '').split(',').filter(Boolean);
/** The services' transport (TRANSPORT): redis, as up.sh runs them, or nats (NATS_URL's server). */
const TRANSPORT = arg('transport', undefined);

// --- processes -----------------------------------------------------------------------------------

/** The platform's processes by name (gateway, identity, workflow, agent-worker, operaton). */
function platformProcesses(platformPid) {
  const found = {};
  for (const pid of childrenOf(platformPid)) {
    let cwd;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    const name = cwd.endsWith('deploy/engine') ? 'operaton' : cwd.split('/').at(-1);
    (found[name] ??= []).push(pid);
  }
  return found;
}

function startPlatform(env) {
  const child = spawn(process.execPath, [join(root, 'scripts/platform.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('[platform] up:')) resolve();
      else if (/^\[platform\] (engine|Operaton)/.test(line)) console.log(`  ${line}`);
    });
    child.on('exit', (code) => reject(new Error(`the platform exited with ${code}`)));
  });
  return { child, ready };
}

// --- load ----------------------------------------------------------------------------------------

async function steady(m) {
  m.cut();
  const started = Date.now();
  const all = [];
  for (let i = 0; i < RATE * STEADY_S; i += 1) {
    await sleep(Math.max(0, started + (i * 1000) / RATE - Date.now()));
    all.push(m.start());
  }
  const lastStart = Date.now();
  // From the first start to the last completion.
  await Promise.all(all);
  const window = m.cut();
  window.tail = (window.to - lastStart) / 1000;
  return window;
}

/**
 * Redis's own count of each command it ran (INFO commandstats): read before and after the CPU
 * window, the difference per completed mission is what a mission costs in Redis round trips (every
 * client on the machine's Redis is counted; nothing else runs during a bench).
 */
async function redisCommandCounts() {
  const redis = new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: true });
  await redis.connect();
  try {
    const info = await redis.info('commandstats');
    return Object.fromEntries(
      [...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map(([, name, calls]) => [
        name,
        Number(calls),
      ]),
    );
  } finally {
    redis.disconnect();
  }
}

async function flatOut(m, cpu, afterWindow) {
  let running = true;
  const loop = async () => {
    while (running) await m.start();
  };
  const loops = Array.from({ length: INFLIGHT }, loop);
  await sleep(WARMUP_S * 1000);
  m.cut();
  const commandsBefore = await redisCommandCounts();
  const before = cpu();
  await sleep(MEASURE_S * 1000);
  const after = cpu();
  const window = m.cut();
  const commandsAfter = await redisCommandCounts();
  window.redisCommands = Object.fromEntries(
    Object.entries(commandsAfter)
      .map(([name, calls]) => [name, (calls - (commandsBefore[name] ?? 0)) / window.completed])
      .filter(([, perMission]) => perMission > 0)
      .sort((a, b) => b[1] - a[1]),
  );
  window.statements = await afterWindow();
  running = false;
  await Promise.all(loops);
  m.cut();
  window.cpu = Object.fromEntries(
    Object.keys(after).map((name) => [name, (after[name] - before[name]) / window.completed]),
  );
  return window;
}

/**
 * Statements a completed mission costs in each database, flat out: MariaDB's general log (to its
 * table) for `--statements` seconds after the CPU window, so that its own cost is not in the CPU
 * figures; each connection's statements (Query and Execute) are counted to the database it is on,
 * and the bench's own connection is left out. A count does not vary with the machine's load as CPU
 * does, so it shows a change's effect on the database even when the CPU figures are within noise.
 */
async function statementsPerMission(db, bench, m) {
  if (!STATEMENTS_S) return null;
  const [[settings]] = await db.query(
    'SELECT @@GLOBAL.log_output AS output, @@GLOBAL.general_log AS on_',
  );
  await db.query("SET GLOBAL log_output = 'TABLE'");
  await db.query('TRUNCATE TABLE mysql.general_log');
  m.cut();
  await db.query('SET GLOBAL general_log = 1');
  await sleep(STATEMENTS_S * 1000);
  await db.query('SET GLOBAL general_log = 0');
  const { completed } = m.cut();
  await db.query('SET GLOBAL log_output = ?', [settings.output]);
  const [threads] = await db.query('SELECT ID AS id, DB AS db FROM information_schema.PROCESSLIST');
  const [counts] = await db.query(
    `SELECT thread_id AS id, COUNT(*) AS n FROM mysql.general_log
      WHERE command_type IN ('Query', 'Execute') AND thread_id <> CONNECTION_ID() GROUP BY thread_id`,
  );
  const shapes = await statementShapes(db, threads, bench);
  await db.query('TRUNCATE TABLE mysql.general_log');
  if (Number(settings.on_)) await db.query('SET GLOBAL general_log = 1');
  const serviceOf = new Map(
    Object.entries(bench.databases).map(([name, database]) => [database, name]),
  );
  const dbOf = new Map(threads.map((t) => [Number(t.id), t.db]));
  const perService = {};
  for (const { id, n } of counts) {
    const name = serviceOf.get(dbOf.get(Number(id))) ?? 'other';
    perService[name] = (perService[name] ?? 0) + Number(n) / completed;
  }
  return { completed, perService, shapes };
}

/** `--statements-of`: each named database's statements by shape (literals taken out), most first. */
async function statementShapes(db, threads, bench) {
  const shapes = {};
  for (const name of STATEMENTS_OF) {
    const ids = threads.filter((t) => t.db === bench.databases[name]).map((t) => t.id);
    if (!ids.length) continue;
    const [rows] = await db.query(
      `SELECT CONVERT(argument USING utf8mb4) AS text FROM mysql.general_log
        WHERE command_type IN ('Query', 'Execute') AND thread_id IN (?)`,
      [ids],
    );
    const counts = new Map();
    for (const { text } of rows) {
      const shape = text
        .replace(/'(?:[^'\\]|\\.)*'/g, '?')
        .replace(/\b\d+\b/g, '?')
        .replace(/\s+/g, ' ')
        .slice(0, 160);
      counts.set(shape, (counts.get(shape) ?? 0) + 1);
    }
    shapes[name] = [...counts].sort((a, b) => b[1] - a[1]);
  }
  return shapes;
}

/**
 * Where a phase's missions spent their time, from the tables (the mission's create_time and ended_at,
 * each node run's started_at and ended_at as the worker stamped them): ms p50/p95 of start -> first
 * node, a node's run, the gap between two nodes (node end report, complete, the engine, the next
 * fetch, the node's context) and last node -> mission completed.
 */
async function timeline(db, bench, phase) {
  const [rows] = await db.query(
    `SELECT m.id, m.create_time AS created, m.ended_at AS ended, l.started_at AS s, l.ended_at AS e
       FROM \`${bench.databases.workflow}\`.wf_mission m
       JOIN \`${bench.databases.workflow}\`.wf_mission_log l ON l.mission_id = m.id
      WHERE m.create_time >= ? AND m.create_time < ? AND m.status = 'completed'
      ORDER BY m.id, l.started_at`,
    [new Date(phase.from), new Date(phase.to)],
  );
  const byMission = new Map();
  for (const row of rows) {
    if (!byMission.has(row.id)) byMission.set(row.id, []);
    byMission.get(row.id).push(row);
  }
  const t = { first: [], node: [], between: [], last: [] };
  for (const nodes of byMission.values()) {
    t.first.push(nodes[0].s - nodes[0].created);
    nodes.forEach((n, i) => {
      t.node.push(n.e - n.s);
      if (i > 0) t.between.push(n.s - nodes[i - 1].e);
    });
    t.last.push(nodes.at(-1).ended - nodes.at(-1).e);
  }
  return t;
}

// --- one platform --------------------------------------------------------------------------------

function operatonMissing() {
  if (!hasJava()) return 'no Java on this machine (Operaton needs Java 17)';
  if (needsBuild() && !hasMaven()) return 'the jar is missing or stale and there is no Maven';
  return null;
}

async function runOn(engine) {
  // operaton-before: Operaton with its settings before issue 31 (C1 JIT, history full).
  const before = engine === 'operaton-before';
  const bench = await benchPlatform('bm', { engine: before ? 'operaton' : engine });
  const env = {
    ...process.env,
    ...bench.env,
    ...(before ? OPERATON_BEFORE_ENV : {}),
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    ...(MAX_TASKS !== undefined ? { AGENT_WORKER_MAX_TASKS: MAX_TASKS } : {}),
    ...(POLL_INTERVAL !== undefined ? { AGENT_WORKER_POLL_INTERVAL_MS: POLL_INTERVAL } : {}),
    ...(TRANSPORT !== undefined ? { TRANSPORT } : {}),
  };
  const started = Date.now();
  const platform = startPlatform(env);
  const extraWorkers = [];
  // The services store UTC (timezone 'Z'); so does this connection.
  const db = await createConnection({ host: '127.0.0.1', user: 'root', timezone: 'Z' });
  let socket;
  let pids = [];
  try {
    await platform.ready;
    console.log(`  platform up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (let i = 1; i < WORKER_PROCESSES; i += 1) {
      extraWorkers.push(
        spawn(process.execPath, ['dist/main.js'], {
          cwd: join(root, 'services/agent-worker'),
          env,
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
    }
    const call = client(`http://127.0.0.1:${bench.gatewayPort}`);
    await disableCaptcha(bench, db);
    const admin = await call('POST', '/login', null, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const user = await registerUser(call, bench, db);
    const workflowId = await publishWorkflow(call, admin.data.token, bench.namespace, AGENT);
    socket = await openSocket(bench.gatewayPort, user.userId, user.token);
    const m = missionsOf({ call, token: user.token, socket, workflowId });
    // One mission first: deployment, caches and connections.
    const first = await m.start();
    if (first !== 'completed') throw new Error(`the first mission ended ${first}`);

    const processes = platformProcesses(platform.child.pid);
    pids = Object.values(processes).flat();
    processes['agent-worker'] = [
      ...(processes['agent-worker'] ?? []),
      ...extraWorkers.map((w) => w.pid),
    ];
    const shared = {
      mysqld: mysqldPid(),
      redis: redisPid(),
      ...(TRANSPORT === 'nats' ? { nats: natsPid() } : {}),
    };
    const cpu = () => {
      const now = {};
      for (const [name, list] of Object.entries(processes)) {
        now[name] = list.reduce((sum, pid) => sum + cpuMs(pid), 0);
      }
      for (const [name, pid] of Object.entries(shared)) now[`${name}*`] = pid ? cpuMs(pid) : NaN;
      now.bench = cpuMs(process.pid);
      return now;
    };

    const steadyPhase = await steady(m);
    const flat = await flatOut(m, cpu, () => statementsPerMission(db, bench, m));
    steadyPhase.timeline = await timeline(db, bench, steadyPhase);
    flat.timeline = await timeline(db, bench, flat);
    // The one periodic query over a table that only grows: the reconciler's round (every 2 s).
    const [plan] = await db.query(
      `EXPLAIN SELECT id, code, status, process_instance_id FROM \`${bench.databases.workflow}\`.wf_mission
        WHERE status IN (?) AND process_instance_id IS NOT NULL AND id > 0 ORDER BY id LIMIT 100`,
      [MISSION_ACTIVE_STATUSES],
    );
    const [statuses] = await db.query(
      `SELECT status, COUNT(*) AS n FROM \`${bench.databases.workflow}\`.wf_mission GROUP BY status`,
    );
    const [logs] = await db.query(
      `SELECT status, COUNT(*) AS n FROM \`${bench.databases.workflow}\`.wf_mission_log GROUP BY status`,
    );
    return {
      steady: steadyPhase,
      flat,
      plan,
      roles: user.roles,
      pushes: m.pushes,
      statuses: Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)])),
      logs: Object.fromEntries(logs.map((r) => [r.status, Number(r.n)])),
    };
  } finally {
    socket?.close();
    for (const worker of extraWorkers) worker.kill('SIGTERM');
    pids.push(...childrenOf(platform.child.pid), ...extraWorkers.map((w) => w.pid));
    platform.child.kill('SIGTERM');
    // scripts/platform.mjs waits 1.5 s for its services, then stops Operaton; a worker still draining
    // is waited for here, so nothing writes to the databases dropped next.
    await gone([platform.child.pid, ...pids], 30_000);
    await dropBenchData(bench, db);
    await db.end();
  }
}

// --- report --------------------------------------------------------------------------------------

const f0 = (v) => (Number.isFinite(v) ? v.toFixed(0) : '–');
const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const p = (values, ...ps) => ps.map((q) => f0(percentile(values, q))).join(' / ');

function phaseRow(label, r) {
  const seconds = (r.to - r.from) / 1000;
  console.log(
    `  ${label.padEnd(30)} ${f1(r.completed / seconds).padStart(10)} ${String(r.completed).padStart(9)}` +
      ` ${String(r.failed + r.lost + r.startErrors).padStart(6)} ${p(r.nodeLatency, 50, 95, 99).padStart(17)}` +
      ` ${p(r.startMs, 50, 95).padStart(11)} ${p(r.missionMs, 50, 95).padStart(13)}`,
  );
}

function report(engine, r) {
  console.log(
    `  ${'phase'.padEnd(30)} ${'missions/s'.padStart(10)} ${'completed'.padStart(9)} ${'failed'.padStart(6)}` +
      ` ${'node end→socket'.padStart(17)} ${'start ms'.padStart(11)} ${'mission ms'.padStart(13)}`,
  );
  console.log(
    `  ${''.padEnd(30)} ${''.padStart(10)} ${''.padStart(9)} ${''.padStart(6)} ${'p50/p95/p99 ms'.padStart(17)}` +
      ` ${'p50/p95'.padStart(11)} ${'p50/p95'.padStart(13)}`,
  );
  phaseRow(`steady ${RATE}/s for ${STEADY_S} s`, r.steady);
  phaseRow(`flat out, ${INFLIGHT} in flight, ${MEASURE_S} s`, r.flat);
  for (const [label, phase] of [
    ['steady', r.steady],
    ['flat out', r.flat],
  ]) {
    const t = phase.timeline;
    console.log(
      `  where the time goes, ${label} (ms p50/p95): start → first node ${p(t.first, 50, 95)}, ` +
        `node run ${p(t.node, 50, 95)}, between nodes ${p(t.between, 50, 95)}, ` +
        `last node → completed ${p(t.last, 50, 95)}`,
    );
  }
  for (const step of r.plan) {
    console.log(
      `  EXPLAIN reconciler round: table=${step.table} type=${step.type} key=${step.key} rows=${step.rows} extra=${step.Extra ?? ''}`,
    );
  }
  const cpu = Object.entries(r.flat.cpu)
    .map(([name, ms]) => `${name} ${f1(ms)}`)
    .join(', ');
  console.log(`  CPU ms per mission, flat out: ${cpu}   (* shared with the rest of the machine)`);
  const commands = Object.entries(r.flat.redisCommands ?? {});
  if (commands.length) {
    const total = commands.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `  Redis commands per mission, flat out: ${f1(total)} (${commands
        .filter(([, n]) => n >= 0.1)
        .map(([name, n]) => `${name} ${f1(n)}`)
        .join(', ')})`,
    );
  }
  const statements = r.flat.statements;
  if (statements) {
    const each = Object.entries(statements.perService)
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => `${name} ${f1(n)}`)
      .join(', ');
    console.log(
      `  statements per mission, flat out (general log, ${STATEMENTS_S} s, ${statements.completed} missions): ${each}`,
    );
    for (const [name, shapes] of Object.entries(statements.shapes)) {
      console.log(`  ${name}'s statements per mission, by shape:`);
      for (const [shape, n] of shapes)
        console.log(`    ${f1(n / statements.completed).padStart(5)}  ${shape}`);
    }
  }
  console.log(
    `  database after: missions ${JSON.stringify(r.statuses)}, node runs ${JSON.stringify(r.logs)}; ` +
      `${r.pushes} agentStatus pushes received; the user's roles ${JSON.stringify(r.roles)}`,
  );
  const p95 = percentile(r.steady.nodeLatency, 95);
  const rate = r.flat.completed / ((r.flat.to - r.flat.from) / 1000);
  console.log(
    `  targets (${engine}): missions/s ${f1(rate)} (≥ 30: ${rate >= 30 ? 'met' : 'not met'}), ` +
      `node end→socket p95 at ${RATE}/s ${f0(p95)} ms (< 200: ${p95 < 200 ? 'met' : 'not met'}); ` +
      `at ${RATE}/s the last mission completed ${f1(r.steady.tail)} s after the last start ` +
      `(a mission takes ${f1(percentile(r.steady.missionMs, 50) / 1000)} s at p50: more means a queue grew)`,
  );
}

async function main() {
  console.log(`missions bench: ${loadLine()} at start`);
  console.log(
    `three-agent workflow (each agent: one skill, ${AGENT === 'function' ? 'a trivial sandboxed function' : 'the tool antibody.epitopes on a 20-residue antigen'}); ` +
      `${WORKER_PROCESSES} agent-worker process(es) × AGENT_WORKER_MAX_TASKS=${MAX_TASKS ?? "the service's default"}` +
      `${POLL_INTERVAL !== undefined ? `, AGENT_WORKER_POLL_INTERVAL_MS=${POLL_INTERVAL}` : ''}; ` +
      `transport ${TRANSPORT ?? 'redis'}; ` +
      `steady ${RATE}/s for ${STEADY_S} s, then ${INFLIGHT} in flight: ${WARMUP_S} s warm-up, ${MEASURE_S} s measured`,
  );
  const operatonRuns = [];
  for (const engine of ENGINES) {
    if (engine === 'operaton' || engine === 'operaton-before') {
      const missing = operatonMissing();
      if (missing) {
        console.log(`\n== operaton: skipped (${missing})`);
        continue;
      }
    } else if (engine !== 'embedded') throw new Error(`--engine: unknown engine '${engine}'`);
    console.log(`\n== ${engine} engine`);
    const loadBefore = loadavg()[0].toFixed(1);
    const result = await runOn(engine);
    report(engine, result);
    if (engine !== 'embedded') {
      const rate = result.flat.completed / ((result.flat.to - result.flat.from) / 1000);
      const load = `${loadBefore}-${loadavg()[0].toFixed(1)}`;
      operatonRuns.push({ label: engine, rate, cpu: result.flat.cpu, load });
    }
  }
  if (operatonRuns.length) printAgainstRecorded(operatonRuns);
  console.log(`\nmissions bench: ${loadLine()} at end`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
