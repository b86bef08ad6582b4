// Starts every service of the platform from its build, waits until the gateway reports healthy, and
// prints where to go. Logs go to .run/<service>.log; lines a service prints for the operator (not JSON,
// such as the first admin password) also go to the console.
//
// The process engine is Operaton (deploy/engine, built once with Maven and started here before the
// workflow service, which gets its ENGINE_URL), unless ENGINE=embedded, ENGINE_URL already names an
// engine elsewhere, or this machine has no Java (or no Maven while the jar is still to be built): then
// the workflow service runs the embedded engine, and the start says why. Ctrl+C stops Operaton too.
//
// Environment: read from the process, then from `.env` at the repository root if present.
//
// Supervision: once the platform is up, a service (or Operaton) that exits unexpectedly is started
// again after 1 s, doubling up to 30 s for a service that keeps failing (back to 1 s once it has run
// for a minute); each restart is logged and the others keep serving. The state of every supervised
// process is written to .run/supervisor.json (PLATFORM_STATUS_FILE), which /prod-api/health reads to
// name a service that is down or restarting. A failure before the platform is up still stops the
// start (a configuration error should not loop). Ctrl+C or SIGTERM stops everything.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import {
  engineAddresses,
  engineSignIn,
  hasJava,
  hasMaven,
  needsBuild,
  startEngine,
  stopEngine,
} from './engine.mjs';
import { ensureEngineCredentials } from './engine-credentials.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
// PLATFORM_RUN_DIR: where logs and supervisor.json go (the fault suite runs a platform of its own).
const runDir = process.env.PLATFORM_RUN_DIR || join(root, '.run');
mkdirSync(runDir, { recursive: true });

function loadDotEnv() {
  const file = join(root, '.env');
  if (!existsSync(file)) return {};
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && line.includes('='))
    .map((line) => {
      const at = line.indexOf('=');
      return [
        line.slice(0, at).trim(),
        line
          .slice(at + 1)
          .trim()
          .replace(/^['"]|['"]$/g, ''),
      ];
    });
  return Object.fromEntries(entries);
}

const env = { ...loadDotEnv(), ...process.env };
env.WEB_DIST ??= join(root, 'web', 'dist');
env.UPLOAD_DIR ??= join(root, 'data', 'uploads');
// The engine REST API's password and the gateway's proxy secret for Cockpit, shared by Operaton and
// every service started here (data/engine.env outside production).
const engineCredentialsFile = ensureEngineCredentials(root, env);
const port = env.GATEWAY_PORT ?? '8080';
const host = env.GATEWAY_HOST ?? '127.0.0.1';

/** Services in start order; the gateway last, once the services it forwards to are listening. */
const services = [
  { name: 'identity', dir: 'services/identity' },
  { name: 'workflow', dir: 'services/workflow' },
  // Points, rewards, orders: holds money, so the gateway's health is DOWN while it does not answer.
  { name: 'billing', dir: 'services/billing' },
  // In-app messages: consumes the platform's events and pushes them to users' sockets.
  { name: 'notification', dir: 'services/notification' },
  // Agent nodes of missions; it fetches from the engine the workflow service uses (ENGINE_URL or
  // the embedded one at ENGINE_HOST:ENGINE_PORT) and retries until that engine answers.
  { name: 'agent-worker', dir: 'services/agent-worker' },
  { name: 'gateway', dir: 'services/gateway' },
]
  .filter((service) => existsSync(join(root, service.dir, 'dist', 'main.js')))
  // PLATFORM_SERVICES=identity,gateway,…: only those (the gateway needs identity).
  .filter(
    (service) =>
      !env.PLATFORM_SERVICES ||
      env.PLATFORM_SERVICES.split(',').some((name) => name.trim() === service.name),
  );

/**
 * Which engine this run uses: `operaton` (started here), `external` (ENGINE_URL set by the operator)
 * or `embedded` (inside the workflow service), with the reason for the fallback.
 */
function chooseEngine() {
  const wanted = (env.ENGINE ?? '').trim().toLowerCase();
  if (!['', 'operaton', 'embedded'].includes(wanted)) {
    console.error(`[platform] ENGINE must be operaton or embedded, got '${env.ENGINE}'`);
    process.exit(2);
  }
  if (wanted === 'embedded') return { kind: 'embedded', reason: 'ENGINE=embedded' };
  if (env.ENGINE_URL) return { kind: 'external' };
  let reason = null;
  if (!hasJava(env)) reason = 'no Java on this machine (Operaton needs Java 17)';
  else if (needsBuild() && !hasMaven(env)) reason = 'no Maven to build deploy/engine';
  if (!reason) return { kind: 'operaton' };
  if (wanted === 'operaton') {
    console.error(`[platform] ENGINE=operaton, but ${reason}`);
    process.exit(2);
  }
  return { kind: 'embedded', reason };
}

/** The Operaton process when this run started one. */
let engine = null;

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
const HEALTHY_RESET_MS = 60_000;
const statusFile = join(runDir, 'supervisor.json');
env.PLATFORM_STATUS_FILE ??= statusFile;
/** Supervised processes by name: state (starting, up, restarting, stopped), pid, restarts. */
const supervised = new Map();
/** Set once the gateway reported healthy: from then on an exit is restarted, not fatal. */
let platformUp = false;

function writeStatus() {
  const services = {};
  for (const entry of supervised.values()) {
    services[entry.name] = {
      state: entry.state,
      pid: entry.pid,
      restarts: entry.restarts,
      since: entry.since,
      lastExit: entry.lastExit,
    };
  }
  const body = JSON.stringify({ supervisor: process.pid, updatedAt: Date.now(), services });
  try {
    writeFileSync(`${statusFile}.tmp`, body);
    renameSync(`${statusFile}.tmp`, statusFile);
  } catch (error) {
    console.error(`[platform] cannot write ${statusFile}: ${error.message}`);
  }
}

/**
 * Runs `launch` (which resolves with a child process) and starts it again when it exits while the
 * platform runs: after 1 s, doubling to 30 s, back to 1 s after a minute up. Resolves after the first
 * launch.
 */
function supervise(name, launch) {
  const entry = {
    name,
    state: 'starting',
    pid: null,
    restarts: 0,
    backoffMs: RESTART_FIRST_MS,
    since: Date.now(),
    lastExit: null,
    child: null,
    timer: null,
  };
  supervised.set(name, entry);
  const failed = (why) => {
    entry.child = null;
    entry.pid = null;
    entry.lastExit = why;
    if (stopping) return;
    if (!platformUp) {
      entry.state = 'stopped';
      writeStatus();
      console.error(`[platform] ${name} stopped (${why}); see .run/${name}.log`);
      void shutdown(1);
      return;
    }
    if (Date.now() - entry.since >= HEALTHY_RESET_MS) entry.backoffMs = RESTART_FIRST_MS;
    const delay = entry.backoffMs;
    entry.backoffMs = Math.min(entry.backoffMs * 2, RESTART_MAX_MS);
    entry.restarts += 1;
    entry.state = 'restarting';
    entry.since = Date.now();
    writeStatus();
    console.error(
      `[platform] ${name} stopped (${why}); restart #${entry.restarts} in ${delay / 1000} s; see .run/${name}.log`,
    );
    entry.timer = setTimeout(() => void run(), delay);
  };
  const run = async () => {
    entry.timer = null;
    let child;
    try {
      child = await launch();
    } catch (error) {
      failed(`did not start: ${error.message}`);
      return;
    }
    if (stopping) {
      child.kill('SIGTERM');
      return;
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      failed(child.signalCode ?? `exit ${child.exitCode}`);
      return;
    }
    entry.child = child;
    entry.pid = child.pid;
    entry.state = 'up';
    entry.since = Date.now();
    writeStatus();
    if (entry.restarts) console.log(`[platform] ${name} running again (pid ${child.pid})`);
    child.once('exit', (code, signal) => failed(signal ?? `exit ${code}`));
  };
  writeStatus();
  return run();
}

function start(service) {
  return supervise(service.name, () => spawnService(service));
}

/**
 * Prometheus metrics of each process at GET /metrics on a loopback port of its own: METRICS_BASE_PORT
 * (default: the gateway's port + 1000, so 9080 for 8080) for the gateway, then one more per service in
 * start order, and Operaton's (/actuator/prometheus) last; METRICS_BASE_PORT=0 turns them off.
 */
const metricsBase = Number(env.METRICS_BASE_PORT ?? (Number(port) ? Number(port) + 1000 : 0));
const SERVICE_ORDER = [
  'gateway',
  'identity',
  'workflow',
  'billing',
  'notification',
  'agent-worker',
  'engine',
];

function metricsPortOf(name) {
  return metricsBase ? metricsBase + SERVICE_ORDER.indexOf(name) : 0;
}

function spawnService({ name, dir }) {
  const log = createWriteStream(join(runDir, `${name}.log`), { flags: 'a' });
  // PLATFORM_NODE_ARGS passes Node flags to every service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (env.PLATFORM_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: join(root, dir),
    env: { ...env, METRICS_PORT: String(metricsPortOf(name)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      if (line.trim() && !line.startsWith('{')) console.log(`[${name}] ${line}`);
    });
  }
  return child;
}

const exited = (child, ms) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });

let stopping = false;
/** Stops the services, then Operaton (after the workflow service, which talks to it). */
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const entry of supervised.values()) clearTimeout(entry.timer);
  const children = [...supervised.values()]
    .filter((entry) => entry.name !== 'engine' && entry.child)
    .map((entry) => entry.child);
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => exited(child, 1500)));
  const engineChild = supervised.get('engine')?.child;
  if (engineChild) {
    console.log('[platform] stopping Operaton');
    await stopEngine(engineChild);
  }
  for (const entry of supervised.values()) entry.state = 'stopped';
  writeStatus();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// PLATFORM_HEALTH_TIMEOUT_MS: how long the start waits for the gateway's health (a loaded machine
// starting Operaton and fresh databases can take more than the default 2 minutes).
async function waitForHealth(
  timeoutMs = Number(process.env.PLATFORM_HEALTH_TIMEOUT_MS) || 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  const url = `http://${host}:${port}/prod-api/health`;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      const body = await res.json();
      if (body?.data?.status === 'UP') return body.data;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the gateway did not become healthy at ${url}`);
}

/** What to print about the engine once the platform is up. */
function engineLines(choice) {
  const signIn = engineSignIn(env, engineCredentialsFile);
  if (choice.kind === 'operaton') {
    return [
      `Engine     ${engine.rest}   (Operaton ${engine.version}, Camunda 7 REST for agent workers)`,
      `Cockpit    ${engine.cockpit}   (${signIn}; .run/engine.log)`,
    ];
  }
  if (choice.kind === 'external') {
    return [`Engine     ${env.ENGINE_URL}   (ENGINE_URL; ${signIn})`];
  }
  const embedded = `http://${env.ENGINE_HOST ?? '127.0.0.1'}:${env.ENGINE_PORT ?? '8085'}/engine-rest`;
  return [
    `Engine     ${embedded}   (embedded in the workflow service: ${choice.reason}; no Cockpit; ${signIn})`,
  ];
}

const choice = chooseEngine();
if (choice.kind === 'embedded') {
  console.log(`[platform] engine: the embedded engine in the workflow service (${choice.reason})`);
} else if (choice.kind === 'external') {
  console.log(`[platform] engine: ${env.ENGINE_URL} (ENGINE_URL)`);
}
// Identity does not need the engine: it starts while Operaton does.
const [first, ...rest] = services;
if (first?.name === 'identity') start(first);
if (choice.kind === 'operaton') {
  console.log(
    `[platform] engine: Operaton from deploy/engine at ${engineAddresses(env).rest} (ENGINE=embedded for the embedded one)`,
  );
  // Built (once) here; a restart after a crash starts the same jar again.
  let build = true;
  await supervise('engine', async () => {
    engine = await startEngine({
      env: { ...env, ENGINE_METRICS_PORT: String(metricsPortOf('engine')) },
      build,
      log: (line) => console.log(line),
      logFile: join(runDir, 'engine.log'),
    });
    build = false;
    return engine.child;
  });
  if (stopping) await new Promise(() => undefined);
  console.log(
    `[platform] Operaton ${engine.version} up in ${(engine.startMs / 1000).toFixed(1)} s`,
  );
  // The workflow service, the gateway (Cockpit) and agent workers talk to it.
  env.ENGINE_URL = engine.rest;
}
for (const service of first?.name === 'identity' ? rest : services) start(service);
try {
  const health = await waitForHealth();
  platformUp = true;
  const web = existsSync(join(env.WEB_DIST, 'index.html'));
  console.log(`
[platform] up: ${JSON.stringify(health.checks)}
  API        http://${host}:${port}/prod-api   (OpenAPI: /prod-api/v3/api-docs, as admin)
  Web app    ${web ? `http://${host}:${port}/` : '(not built)'}
  ${engineLines(choice).join('\n  ')}
  Metrics    ${metricsBase ? services.map((s) => `${s.name} :${metricsPortOf(s.name)}`).join(', ') + ` (GET /metrics on 127.0.0.1)${engine ? `; Operaton :${metricsPortOf('engine')}/actuator/prometheus` : ''}` : 'off (METRICS_BASE_PORT=0)'}
  Sign in    user name "admin"; the password is ADMIN_PASSWORD, or the one printed above at the first start
  Logs       .run/<service>.log        Stop: Ctrl+C
`);
} catch (error) {
  console.error(`[platform] ${error.message}`);
  void shutdown(1);
}
