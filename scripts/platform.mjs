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
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
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
const runDir = join(root, '.run');
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
  // Agent nodes of missions; it fetches from the engine the workflow service uses (ENGINE_URL or
  // the embedded one at ENGINE_HOST:ENGINE_PORT) and retries until that engine answers.
  { name: 'agent-worker', dir: 'services/agent-worker' },
  { name: 'gateway', dir: 'services/gateway' },
].filter((service) => existsSync(join(root, service.dir, 'dist', 'main.js')));

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

const children = [];
/** The Operaton process when this run started one. */
let engine = null;

function start({ name, dir }) {
  const log = createWriteStream(join(runDir, `${name}.log`), { flags: 'a' });
  // PLATFORM_NODE_ARGS passes Node flags to every service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (env.PLATFORM_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: join(root, dir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      if (line.trim() && !line.startsWith('{')) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[platform] ${name} stopped (${signal ?? `exit ${code}`}); see .run/${name}.log`);
    shutdown(1);
  });
  children.push(child);
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
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => exited(child, 1500)));
  if (engine) {
    console.log('[platform] stopping Operaton');
    await stopEngine(engine.child);
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function waitForHealth(timeoutMs = 120_000) {
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
  try {
    engine = await startEngine({ env, log: (line) => console.log(line) });
  } catch (error) {
    console.error(`[platform] Operaton did not start: ${error.message}; see .run/engine.log`);
    await shutdown(1);
  }
  console.log(
    `[platform] Operaton ${engine.version} up in ${(engine.startMs / 1000).toFixed(1)} s`,
  );
  // The workflow service, the gateway (Cockpit) and agent workers talk to it.
  env.ENGINE_URL = engine.rest;
  engine.child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[platform] Operaton stopped (${signal ?? `exit ${code}`}); see .run/engine.log`);
    void shutdown(1);
  });
}
for (const service of first?.name === 'identity' ? rest : services) start(service);
try {
  const health = await waitForHealth();
  const web = existsSync(join(env.WEB_DIST, 'index.html'));
  console.log(`
[platform] up: ${JSON.stringify(health.checks)}
  API        http://${host}:${port}/prod-api   (OpenAPI: /prod-api/v3/api-docs, as admin)
  Web app    ${web ? `http://${host}:${port}/` : '(not built)'}
  ${engineLines(choice).join('\n  ')}
  Sign in    user name "admin"; the password is ADMIN_PASSWORD, or the one printed above at the first start
  Logs       .run/<service>.log        Stop: Ctrl+C
`);
} catch (error) {
  console.error(`[platform] ${error.message}`);
  void shutdown(1);
}
