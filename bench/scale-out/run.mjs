// Scale-out bench (issue 31): the platform as processes in the topology of deploy/k8s, on its own
// namespace, databases, NATS server and ports, with the missions bench's driver running on it while
// one engine node, one gateway and one workflow instance are killed, one at a time:
//
//   two Operaton nodes (deploy/engine) on one engine database, both job executors on, behind a
//     balancer: the workflow service and the agent workers reach the engine through it (ENGINE_URL),
//     so a request finds whichever node is up;
//   two gateways behind a balancer (the users' API calls; each user's socket is opened on one gateway
//     directly, user 1's on both);
//   two identity and two workflow instances on NATS (TRANSPORT=nats: a queue group per service, so
//     each request is handled by one instance);
//   three agent workers; billing and notification once each.
//
// The balancers are bench/lib/balancer.mjs (TCP, round robin, a refused connect tried on the next
// upstream). Each kill is a SIGKILL; the killed process is started again after `--pause` seconds (as
// a supervisor or Kubernetes would) and the next kill waits until it is up plus `--settle` seconds.
// Mission starts carry an Idempotency-Key and are tried again with it when the gateway answers that
// nothing was done or the outcome is unknown, or the connection broke.
//
// It prints, per kill: missions completed a second in the 10 s before it, the 10 s after it and the
// 10 s after the process was back; the user's failures in between (starts refused after retries, start
// retries, sockets dropped, pushes missed) and the warnings and errors the platform's processes logged.
// Then the checks, from the databases: every mission started completed exactly once (one mission row
// per start, one engine process instance per mission, ended COMPLETED), every node of every mission
// ran once (one node-run row and one agent execution per node, the agent started once), and every
// ended push reached the user's socket through either gateway, except while that socket was
// reconnecting after its gateway was killed (the missions of that moment are read from the API). It
// exits 1 when a check fails.
//
// Usage: pnpm bench:scale-out [-- --users 4 --inflight 12 --warmup 10 --baseline 15 --pause 20
//          --settle 10 --kills engine,gateway,workflow --max-tasks 4 --keep-logs]
// Needs Java 17 (and Maven while deploy/engine's jar is to be built), nats-server, MariaDB/MySQL and
// Redis on loopback. Run it alone (flock /tmp/bench.lock …): two JVMs and fourteen Node processes.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { createConnection } from 'mysql2/promise';

import {
  hasJava,
  hasMaven,
  loadDotEnv,
  needsBuild,
  startEngine,
  stopEngine,
} from '../../scripts/engine.mjs';
import { startBalancer } from '../lib/balancer.mjs';
import {
  ADMIN_PASSWORD,
  client,
  disableCaptcha,
  dropBenchData,
  gone,
  missionsOf,
  openSocket,
  publishWorkflow,
  registerUser,
  sleep,
} from '../lib/missions.mjs';
import { benchPlatform, freePort } from '../lib/platform-env.mjs';
import { loadLine } from '../lib/proc.mjs';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const USERS = Number(arg('users', 4));
const INFLIGHT = Number(arg('inflight', 12));
const WARMUP_S = Number(arg('warmup', 10));
const BASELINE_S = Number(arg('baseline', 15));
const PAUSE_S = Number(arg('pause', 20));
const SETTLE_S = Number(arg('settle', 10));
const KILLS = arg('kills', 'engine,gateway,workflow').split(',').filter(Boolean);
const MAX_TASKS = Number(arg('max-tasks', 4));
const KEEP_LOGS = process.argv.includes('--keep-logs');
const NATS_SERVER = '/usr/sbin/nats-server';
/** The window either side of a kill that its missions a second are counted over. */
const WINDOW_S = 10;

/** What each kill takes down: the first engine node, the second gateway, the first workflow instance. */
const VICTIMS = { engine: 'engine-1', gateway: 'gateway-2', workflow: 'workflow-1' };

// --- processes -----------------------------------------------------------------------------------

const runDir = mkdtempSync(join(tmpdir(), 'scale-out-'));
/** Every process this bench runs, by name: { name, start, child, healthy }. */
const processes = new Map();

/** A Node service from its build, its output to runDir/<name>.log (pino JSON lines). */
function spawnService(name, dir, env) {
  const log = join(runDir, `${name}.log`);
  const child = spawn('sh', ['-c', `exec "${process.execPath}" dist/main.js >> "${log}" 2>&1`], {
    cwd: join(root, 'services', dir),
    env,
    stdio: 'ignore',
  });
  return child;
}

/** Polls `url` until it answers 200 (and `ok(body)`), or throws after `ms`. */
async function until(url, ms, ok = () => true) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok && ok(await res.json())) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline)
      throw new Error(`no healthy answer from ${url} within ${ms / 1000} s`);
    await sleep(500);
  }
}

/**
 * Registers and starts a process: `launch()` resolves with its child, `ready()` when it serves. The
 * process can be killed and started again by name.
 */
async function run(name, launch, ready) {
  const entry = { name, launch, ready, child: null, starts: 0 };
  processes.set(name, entry);
  await startAgain(entry);
  return entry;
}

async function startAgain(entry) {
  entry.child = await entry.launch();
  entry.starts += 1;
  await entry.ready();
}

function kill(name) {
  const entry = processes.get(name);
  const at = Date.now();
  entry.child.kill('SIGKILL');
  return at;
}

async function stopAll() {
  const children = [...processes.values()].map((entry) => entry.child).filter(Boolean);
  const engines = [...processes.values()]
    .filter((entry) => entry.name.startsWith('engine-'))
    .map((entry) => entry.child);
  const others = children.filter((child) => !engines.includes(child));
  for (const child of others) child.kill('SIGTERM');
  await gone(
    others.map((child) => child.pid),
    20_000,
  );
  await Promise.all(engines.map((child) => stopEngine(child)));
}

// --- the platform --------------------------------------------------------------------------------

async function startPlatform(bench, env) {
  const natsPort = await freePort();
  await run(
    'nats',
    async () =>
      spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' }),
    () => sleep(500),
  );
  env.NATS_URL = `nats://127.0.0.1:${natsPort}`;

  const enginePorts = [await freePort(), await freePort()];
  const engineBalancer = await startBalancer(
    enginePorts.map((port, i) => ({ label: `engine-${i + 1}`, port })),
  );
  env.ENGINE_URL = `http://127.0.0.1:${engineBalancer.port}/engine-rest`;
  // One after the other: the first creates the engine's tables, the second finds them.
  for (const [i, port] of enginePorts.entries()) {
    const name = `engine-${i + 1}`;
    let started;
    await run(
      name,
      async () => {
        started = await startEngine({
          env: { ...env, ENGINE_PORT: String(port), ENGINE_URL: '' },
          build: i === 0,
          // A start again beside a loaded platform takes longer than the first.
          timeoutMs: 300_000,
          log: (line) => console.log(`  [${name}] ${line.replace(/^\[engine\] /, '')}`),
          logFile: join(runDir, `${name}.log`),
        });
        return started.child;
      },
      async () => undefined,
    );
    console.log(
      `  ${name}: Operaton ${started.version} up in ${(started.startMs / 1000).toFixed(1)} s`,
    );
  }

  const service = async (name, dir, extra = {}) => {
    const healthPort = await freePort();
    return run(
      name,
      async () => spawnService(name, dir, { ...env, HEALTH_PORT: String(healthPort), ...extra }),
      () => until(`http://127.0.0.1:${healthPort}/health`, 120_000),
    );
  };
  // The first instance of each migrates its database; the second finds it done.
  await service('identity-1', 'identity');
  await service('workflow-1', 'workflow');
  await Promise.all([
    service('identity-2', 'identity'),
    service('workflow-2', 'workflow'),
    service('billing', 'billing'),
    service('notification', 'notification'),
    service('worker-1', 'agent-worker'),
  ]);
  await Promise.all([service('worker-2', 'agent-worker'), service('worker-3', 'agent-worker')]);

  const gatewayPorts = [await freePort(), await freePort()];
  await Promise.all(
    gatewayPorts.map((port, i) =>
      run(
        `gateway-${i + 1}`,
        async () =>
          spawnService(`gateway-${i + 1}`, 'gateway', { ...env, GATEWAY_PORT: String(port) }),
        () =>
          until(
            `http://127.0.0.1:${port}/prod-api/health`,
            120_000,
            (body) => body?.data?.status === 'UP',
          ),
      ),
    ),
  );
  // A port of its own, taken as it listens: the one benchPlatform found free a minute before may have
  // gone to an outgoing connection meanwhile (the engines' and services' own, from the same range).
  const gatewayBalancer = await startBalancer(
    gatewayPorts.map((port, i) => ({ label: `gateway-${i + 1}`, port })),
  );
  bench.gatewayPort = gatewayBalancer.port;
  return { engineBalancer, gatewayBalancer, gatewayPorts, enginePorts };
}

// --- users and their sockets ---------------------------------------------------------------------

/**
 * User `index`'s driver and sockets: user 0 on both gateways, the others on gateway 1 or 2 in turn.
 * A socket closed by its gateway's death is opened again on a gateway that is up (the other first);
 * the missions that ended meanwhile are then read from the API. `down` lists, per socket, from the
 * close to the reconnect.
 */
async function userOf(index, { call, bench, db, workflowId, gatewayPorts }) {
  const user = await registerUser(call, bench, db);
  const m = missionsOf({
    call,
    token: user.token,
    workflowId,
    namePrefix: `u${index}`,
    startRetries: 30,
    timeoutMs: 180_000,
  });
  const state = { index, user, m, sockets: new Set(), down: [], drops: 0, stopping: false };
  const attach = async (gateway) => {
    const ws = await openSocket(gatewayPorts[gateway - 1], user.userId, user.token);
    state.sockets.add(ws);
    m.follow(ws, `gateway-${gateway}`);
    ws.on('close', () => {
      state.sockets.delete(ws);
      if (!state.stopping) void reconnect(gateway);
    });
    ws.on('error', () => undefined);
  };
  const reconnect = async (lost) => {
    state.drops += 1;
    const window = { gateway: lost, from: Date.now(), to: null };
    state.down.push(window);
    for (;;) {
      for (const gateway of [3 - lost, lost]) {
        try {
          await attach(gateway);
          window.to = Date.now();
          window.onto = gateway;
          await m.sweep();
          return;
        } catch {
          // that gateway is down too: the next
        }
      }
      await sleep(500);
    }
  };
  const gateways = index === 0 ? [1, 2] : [(index % 2) + 1];
  for (const gateway of gateways) await attach(gateway);
  state.close = () => {
    state.stopping = true;
    for (const ws of state.sockets) ws.close();
  };
  return state;
}

// --- figures -------------------------------------------------------------------------------------

/** Completions a second over [from, to) from the missions' ended_at. */
function rate(endedAt, from, to) {
  const n = endedAt.filter((t) => t >= from && t < to).length;
  return n / ((to - from) / 1000);
}

/** Per-second completions from `from` for `seconds`, as a row of numbers. */
function perSecond(endedAt, from, seconds) {
  const counts = new Array(seconds).fill(0);
  for (const t of endedAt) {
    const s = Math.floor((t - from) / 1000);
    if (s >= 0 && s < seconds) counts[s] += 1;
  }
  return counts;
}

/**
 * Warnings and errors the processes logged in [from, to), by process and message: pino JSON lines
 * (level ≥ 40) of the Node services, WARN/ERROR lines of Operaton.
 */
async function loggedTroubles(from, to) {
  const found = new Map();
  for (const name of processes.keys()) {
    const file = join(runDir, `${name}.log`);
    if (!existsSync(file)) continue;
    for await (const line of createInterface({ input: createReadStream(file) })) {
      let at;
      let message;
      if (line.startsWith('{')) {
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (entry.level < 40) continue;
        at = entry.time;
        message = String(entry.msg ?? entry.err?.message ?? '').split('\n')[0];
      } else {
        const match =
          /^(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d)?)\s+(WARN|ERROR)\s.*?:\s(.*)$/.exec(line);
        if (!match) continue;
        at = Date.parse(match[1]);
        message = match[3];
      }
      if (!(at >= from && at < to)) continue;
      // Ids and numbers vary between lines of one kind.
      const kind = `${name.replace(/-\d$/, '')}: ${message
        .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/g, '…')
        .replace(/\d+/g, 'N')
        .slice(0, 110)}`;
      found.set(kind, (found.get(kind) ?? 0) + 1);
    }
  }
  return [...found.entries()].sort((a, b) => b[1] - a[1]);
}

// --- checks --------------------------------------------------------------------------------------

async function checks(db, bench, users, gatewayKill) {
  const wf = bench.databases.workflow;
  const failures = [];
  const [missions] = await db.query(
    `SELECT id, code, name, status, error, create_time, ended_at FROM \`${wf}\`.wf_mission ORDER BY id`,
  );
  const started = new Map();
  for (const state of users)
    for (const [id, record] of state.m.started) started.set(String(id), { ...record, state });
  const byStatus = {};
  for (const row of missions) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
  const notCompleted = missions.filter((row) => row.status !== 'completed');
  const unknown = missions.filter((row) => !started.has(String(row.id)));
  const missing = [...started.keys()].filter(
    (id) => !missions.some((row) => String(row.id) === id),
  );
  const names = new Map();
  for (const row of missions) names.set(row.name, (names.get(row.name) ?? 0) + 1);
  const doubled = [...names.entries()].filter(([, n]) => n > 1);
  const driverLost = [...started.values()].filter((r) => r.status !== 'completed');
  console.log(
    `  missions: ${missions.length} in the database ${JSON.stringify(byStatus)}; ${started.size} started by the users`,
  );
  for (const row of notCompleted.slice(0, 3)) {
    console.log(
      `    not completed: ${row.code} ${row.status}, created ${row.create_time.toISOString()}: ${String(row.error ?? '').slice(0, 160)}`,
    );
  }
  if (notCompleted.length) failures.push(`${notCompleted.length} missions not completed`);
  if (missing.length) failures.push(`${missing.length} started missions missing from the database`);
  if (unknown.length) failures.push(`${unknown.length} missions no user got an answer for`);
  if (doubled.length) failures.push(`${doubled.length} missions started twice (${doubled[0][0]})`);
  if (driverLost.length) failures.push(`${driverLost.length} missions the users never saw end`);

  // The engine: one process instance per mission, ended COMPLETED, no task or incident left.
  const engineDb = bench.databases.engine;
  const [instances] = await db.query(
    `SELECT BUSINESS_KEY_ AS code, COUNT(*) AS n, SUM(STATE_ = 'COMPLETED') AS done
       FROM \`${engineDb}\`.ACT_HI_PROCINST GROUP BY BUSINESS_KEY_`,
  );
  const instancesOf = new Map(instances.map((row) => [row.code, row]));
  const instanceProblems = missions.filter((row) => {
    const found = instancesOf.get(row.code);
    return !found || Number(found.n) !== 1 || Number(found.done) !== 1;
  });
  const [[left]] = await db.query(
    `SELECT (SELECT COUNT(*) FROM \`${engineDb}\`.ACT_RU_EXT_TASK) AS tasks,
            (SELECT COUNT(*) FROM \`${engineDb}\`.ACT_RU_INCIDENT) AS incidents,
            (SELECT COUNT(*) FROM \`${engineDb}\`.ACT_RU_EXECUTION) AS executions`,
  );
  console.log(
    `  engine: ${instances.length} process instances; missions without exactly one COMPLETED instance: ${instanceProblems.length}; ` +
      `left running: ${left.executions} executions, ${left.tasks} external tasks, ${left.incidents} incidents`,
  );
  if (instanceProblems.length)
    failures.push(`${instanceProblems.length} missions without exactly one completed instance`);
  if (Number(left.executions) || Number(left.tasks) || Number(left.incidents))
    failures.push('the engine still holds executions, tasks or incidents');

  // Node runs: three nodes a mission, one node-run row and one agent execution each, run once.
  const [logs] = await db.query(
    `SELECT mission_id, node_id, COUNT(*) AS n, SUM(status = 'success') AS ok, MAX(attempt) AS attempts
       FROM \`${wf}\`.wf_mission_log GROUP BY mission_id, node_id`,
  );
  const [executions] = await db.query(
    `SELECT run_id, node_id, COUNT(*) AS n, SUM(runs) AS runs, SUM(deliveries) AS deliveries,
            SUM(status = 'completed') AS completed
       FROM \`${bench.databases.agent}\`.agent_task_execution GROUP BY run_id, node_id`,
  );
  const nodesOf = new Map();
  for (const row of logs)
    nodesOf.set(String(row.mission_id), (nodesOf.get(String(row.mission_id)) ?? 0) + 1);
  const missingNodes = missions.filter((row) => nodesOf.get(String(row.id)) !== 3).length;
  const doubledLogs = logs.filter((row) => Number(row.n) !== 1 || Number(row.ok) !== 1).length;
  const badExecutions = executions.filter(
    (row) => Number(row.n) !== 1 || Number(row.completed) !== 1,
  );
  const doubledRuns = badExecutions.length;
  // `runs` counts attempts begun without a stored result: a delivery handed back after it began (its
  // node-start report lost with a workflow instance) counts again, whether or not its agent had started.
  const begunAgain = executions.filter((row) => Number(row.runs) > 1).length;
  const redelivered = executions.filter((row) => Number(row.deliveries) > 1).length;
  console.log(
    `  node runs: ${logs.length} in the workflow database, ${executions.length} agent executions; ` +
      `missions without exactly three: ${missingNodes}; doubled or failed node runs: ${doubledLogs}; ` +
      `agent executions other than one completed: ${doubledRuns}; tasks delivered more than once: ${redelivered} ` +
      `(of which begun again before their result was stored: ${begunAgain}; the others completed from the stored outputs)`,
  );
  for (const row of badExecutions.slice(0, 5)) console.log(`    ${JSON.stringify(row)}`);
  if (missingNodes) failures.push(`${missingNodes} missions without exactly three node runs`);
  if (doubledLogs) failures.push(`${doubledLogs} nodes with other than one successful run`);
  if (doubledRuns)
    failures.push(`${doubledRuns} nodes without exactly one completed agent execution`);
  if (executions.length !== logs.length)
    failures.push(`${executions.length} agent executions for ${logs.length} node runs`);

  // Pushes: each mission's ended push on its user's socket, except while that socket reconnected.
  const endedAt = new Map(missions.map((row) => [String(row.id), row.ended_at?.getTime()]));
  let bySocket = 0;
  let whileDown = 0;
  let missed = 0;
  let bothGateways = 0;
  let bothExpected = 0;
  for (const [id, record] of started) {
    const delivered =
      record.state.m.deliveredBy.get(Number(id)) ?? record.state.m.deliveredBy.get(id);
    const at = endedAt.get(id);
    if (delivered?.size) bySocket += 1;
    else if (record.state.down.some((w) => at >= w.from - 2000 && at <= (w.to ?? Infinity) + 1000))
      whileDown += 1;
    else missed += 1;
    if (record.state.index === 0 && (!gatewayKill || at < gatewayKill - 2000)) {
      bothExpected += 1;
      if (delivered?.size === 2) bothGateways += 1;
    }
  }
  const through = {};
  for (const state of users)
    for (const [label, n] of Object.entries(state.m.endedPushesBy))
      through[label] = (through[label] ?? 0) + n;
  console.log(
    `  pushes: ${bySocket} of ${started.size} missions' ended pushes reached the user's socket (by gateway: ${JSON.stringify(through)}); ` +
      `${whileDown} ended while the user's socket was reconnecting after its gateway was killed (read from the API); missed otherwise: ${missed}`,
  );
  console.log(
    `  fan-out: user 1, with a socket on each gateway, got ${bothGateways} of ${bothExpected} ended pushes on both (missions ended before the gateway kill)`,
  );
  if (missed) failures.push(`${missed} ended pushes missed while the user's socket was open`);
  if (bothGateways !== bothExpected)
    failures.push(`${bothExpected - bothGateways} pushes did not reach both gateways`);
  return failures;
}

// --- the run -------------------------------------------------------------------------------------

function missingTools() {
  if (!hasJava()) return 'no Java on this machine (Operaton needs Java 17)';
  if (needsBuild() && !hasMaven())
    return 'the engine jar is missing or stale and there is no Maven';
  if (!existsSync(NATS_SERVER)) return `no ${NATS_SERVER}`;
  return null;
}

async function main() {
  const missing = missingTools();
  if (missing) {
    console.error(`scale-out bench: cannot run: ${missing}`);
    process.exit(2);
  }
  console.log(`scale-out bench: ${loadLine()} at start; logs in ${runDir}`);
  console.log(
    `  ${USERS} users, ${INFLIGHT} missions in flight (three-agent workflow of trivial agents), 3 agent workers × ${MAX_TASKS} tasks; ` +
      `${WARMUP_S} s warm-up, ${BASELINE_S} s baseline, then kills (${KILLS.join(', ')}): SIGKILL, started again after ${PAUSE_S} s, ${SETTLE_S} s before the next`,
  );
  const bench = await benchPlatform('so', { engine: 'operaton' });
  const uploads = join(runDir, 'uploads');
  mkdirSync(uploads);
  const env = {
    ...loadDotEnv(),
    ...process.env,
    ...bench.env,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    UPLOAD_DIR: uploads,
    TRANSPORT: 'nats',
    NATS_USER: '',
    NATS_PASSWORD: '',
    METRICS_PORT: '0',
    ENGINE_METRICS_PORT: '0',
    AGENT_WORKER_MAX_TASKS: String(MAX_TASKS),
  };
  const db = await createConnection({ host: '127.0.0.1', user: 'root', timezone: 'Z' });
  const users = [];
  let running = false;
  let loops = [];
  let failures = [];
  let topology;
  try {
    const upSince = Date.now();
    topology = await startPlatform(bench, env);
    console.log(`  platform up in ${((Date.now() - upSince) / 1000).toFixed(1)} s`);
    const call = client(`http://127.0.0.1:${bench.gatewayPort}`);
    await disableCaptcha(bench, db);
    const admin = await call('POST', '/login', null, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const workflowId = await publishWorkflow(call, admin.data.token, bench.namespace);
    for (let i = 0; i < USERS; i += 1) {
      users.push(await userOf(i, { call, bench, db, workflowId, ...topology }));
    }
    const first = await users[0].m.start();
    if (first !== 'completed') throw new Error(`the first mission ended ${first}`);

    running = true;
    loops = Array.from({ length: INFLIGHT }, async (_, i) => {
      const { m } = users[i % USERS];
      while (running) await m.start();
    });
    await sleep(WARMUP_S * 1000);
    const baselineFrom = Date.now();
    await sleep(BASELINE_S * 1000);
    const events = [];
    for (const what of KILLS) {
      const victim = VICTIMS[what];
      if (!victim) throw new Error(`--kills: unknown '${what}' (engine, gateway, workflow)`);
      for (const state of users) state.m.cut();
      const dropsBefore = users.reduce((n, s) => n + s.drops, 0);
      const failuresBefore = users.reduce((n, s) => n + s.m.startFailures.length, 0);
      console.log(`  ${new Date().toISOString()} SIGKILL ${victim}`);
      const at = kill(victim);
      await sleep(PAUSE_S * 1000);
      const restartAt = Date.now();
      await startAgain(processes.get(victim));
      const backAt = Date.now();
      console.log(
        `  ${new Date().toISOString()} ${victim} started again, serving after ${((backAt - restartAt) / 1000).toFixed(1)} s`,
      );
      await sleep(SETTLE_S * 1000);
      const phase = users.map((s) => s.m.cut());
      events.push({
        what,
        victim,
        at,
        restartAt,
        backAt,
        to: Date.now(),
        startRetries: phase.reduce((n, p) => n + p.startRetries, 0),
        refused: users.reduce((n, s) => n + s.m.startFailures.length, 0) - failuresBefore,
        drops: users.reduce((n, s) => n + s.drops, 0) - dropsBefore,
        failed: phase.reduce((n, p) => n + p.failed, 0),
        reasons: [
          ...new Set(
            users.flatMap((state) =>
              state.m.startFailures
                .filter((f) => f.at >= at)
                .map((f) => f.message.replace(/^POST \/wujie\/mission: /, '').slice(0, 160)),
            ),
          ),
        ],
      });
    }
    running = false;
    const stopAt = Date.now();
    // The missions in flight end; those whose push went to a dropped socket are read from the API.
    while (users.some((s) => s.m.open) && Date.now() - stopAt < 180_000) {
      await sleep(2000);
      for (const state of users) await state.m.sweep();
    }
    await Promise.all(loops);

    const [ended] = await db.query(
      `SELECT ended_at FROM \`${bench.databases.workflow}\`.wf_mission WHERE ended_at IS NOT NULL`,
    );
    const endedAt = ended.map((row) => row.ended_at.getTime());
    console.log(
      `\n  baseline: ${rate(endedAt, baselineFrom, baselineFrom + BASELINE_S * 1000).toFixed(1)} missions/s over ${BASELINE_S} s`,
    );
    console.log(
      `    a second: ${perSecond(endedAt, baselineFrom, BASELINE_S).join(' ')}; logged by the platform from the warm-up on: ` +
        `${(await loggedTroubles(baselineFrom - WARMUP_S * 1000, events[0]?.at ?? Date.now())).reduce((n, [, c]) => n + c, 0)} warnings/errors`,
    );
    console.log(
      `  ${'kill'.padEnd(22)} ${'before'.padStart(7)} ${'0–10 s'.padStart(7)} ${'10–20 s'.padStart(8)} ${'back'.padStart(6)}` +
        `   user-side failures`,
    );
    for (const e of events) {
      const w = WINDOW_S * 1000;
      console.log(
        `  ${`SIGKILL ${e.victim}`.padEnd(22)} ${rate(endedAt, e.at - w, e.at)
          .toFixed(1)
          .padStart(7)}` +
          ` ${rate(endedAt, e.at, e.at + w)
            .toFixed(1)
            .padStart(7)} ${rate(endedAt, e.at + w, e.at + 2 * w)
            .toFixed(1)
            .padStart(8)}` +
          ` ${rate(endedAt, e.backAt, Math.min(e.backAt + w, e.to))
            .toFixed(1)
            .padStart(6)}` +
          `   starts refused after retries ${e.refused}, start retries ${e.startRetries}, missions failed ${e.failed}, sockets dropped ${e.drops}`,
      );
      console.log(
        `    missions a second from 10 s before to 30 s after: ${perSecond(endedAt, e.at - w, 4 * WINDOW_S).join(' ')}` +
          `   (back ${((e.backAt - e.at) / 1000).toFixed(0)} s after the kill)`,
      );
      for (const reason of e.reasons) console.log(`    start refused: ${reason}`);
      const troubles = await loggedTroubles(e.at, e.to);
      const total = troubles.reduce((n, [, count]) => n + count, 0);
      console.log(
        `    logged by the platform until the next kill: ${total} warnings/errors${total ? ':' : ''}`,
      );
      for (const [kind, count] of troubles.slice(0, 6))
        console.log(`      ${String(count).padStart(5)} × ${kind}`);
    }
    console.log(
      `  balancers: engine ${JSON.stringify(topology.engineBalancer.stats.map(({ label, connections, refused }) => ({ label, connections, refused })))}, ` +
        `gateway ${JSON.stringify(topology.gatewayBalancer.stats.map(({ label, connections, refused }) => ({ label, connections, refused })))}`,
    );
    const gatewayKill = events.find((e) => e.what === 'gateway')?.at;
    console.log('\nchecks');
    failures = await checks(db, bench, users, gatewayKill);
  } catch (error) {
    failures.push(`the run stopped: ${error.stack ?? error.message}`);
  } finally {
    running = false;
    for (const state of users) state.close();
    await stopAll();
    await topology?.engineBalancer.close();
    await topology?.gatewayBalancer.close();
    await dropBenchData(bench, db);
    await db.end();
    if (!KEEP_LOGS && !failures.length) rmSync(runDir, { recursive: true, force: true });
  }
  console.log(`\nscale-out bench: ${loadLine()} at end`);
  if (failures.length) {
    console.log(`FAILED (logs kept in ${runDir}):\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    'PASSED: no mission or node run lost or doubled across the kills; every push delivered',
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
